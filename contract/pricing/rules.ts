/**
 * Rules of a quote request and of the additional services, with their exact messages: one source for the
 * browser's forms and the API. Quantities are in the units the customer types (cm, kg, CBM); money in
 * minor units of USD. Pricing rounds dimensions to whole cm and weights to whole grams (quantities.ts).
 */
import { z } from 'zod'
import { safeString } from '../text'
import { containerTypes, modes, packingGroups, truckingZones } from './types'

export const quoteLimits = {
  commodityMax: 200,
  containersPerTypeMax: 50,
  piecesMax: 999,
  packageLinesMax: 50,
  dimensionMaxCm: 1500,
  dimensionMinCm: 1,
  pieceWeightMaxKg: 30_000,
  /** A UN/LOCODE (5 characters) or an IATA code (3): the quote's origin and destination columns are varchar(5). */
  placeCodeMax: 5,
  /** Not in the issue: what the sales team reads with a manual quote request. */
  notesMax: 2000,
  /** Not in the issue: bounds that keep totals and amounts well inside exact integer arithmetic. */
  totalVolumeMaxCbm: 1000,
  totalWeightMaxKg: 1_000_000,
  cargoValueMax: 1_000_000_000_00,
} as const

/** IMO / IATA hazard classes and divisions a customer can choose. */
export const dgClasses = [
  '1.1',
  '1.2',
  '1.3',
  '1.4',
  '1.5',
  '1.6',
  '2.1',
  '2.2',
  '2.3',
  '3',
  '4.1',
  '4.2',
  '4.3',
  '5.1',
  '5.2',
  '6.1',
  '6.2',
  '7',
  '8',
  '9',
] as const

export const quoteMessages = {
  modeRequired: 'Choose FCL, LCL or air.',
  originRequired: 'Choose where the cargo ships from.',
  destinationRequired: 'Choose where the cargo ships to.',
  sameEnds: 'Origin and destination must be different.',
  readyDateRequired: 'Enter the date the cargo is ready.',
  readyDateInvalid: 'Enter a valid date (YYYY-MM-DD).',
  commodityRequired: 'Describe the commodity.',
  commodityMax: 'Commodity must be at most 200 characters.',
  containersRequired: 'Add at least one container.',
  containerTypeInvalid: 'Choose a container type.',
  containerCount: 'Containers must be between 1 and 50 per type.',
  containerTypeTwice: 'Add each container type once.',
  cargoRequired: 'Add the packages or the cargo totals.',
  packagesRequired: 'Add at least one package.',
  packageLinesMax: 'Add at most 50 package lines.',
  pieces: 'Pieces must be between 1 and 999.',
  piecesTotal: 'A quote can have at most 999 pieces.',
  dimension: 'Dimensions must be between 1 and 1,500 cm.',
  pieceWeight: 'Weight per piece must be more than 0 and at most 30,000 kg.',
  totalVolume: 'Total volume must be more than 0 and at most 1,000 CBM.',
  totalWeight: 'Total weight must be more than 0 and at most 1,000,000 kg.',
  unNumber: 'UN number must be 4 digits.',
  dgClass: 'Choose the hazard class.',
  packingGroup: 'Choose the packing group.',
  cargoValue: 'Cargo value must be a whole number of cents, 0 or more.',
  cargoValueMax: 'Cargo value is too large.',
  serviceChoice: 'Choose yes or no.',
  truckingZone: 'Choose a zone, or none.',
  insuranceNeedsValue: 'Enter the cargo value to add insurance.',
} as const

const text = (required: string) => safeString({ error: required }).trim().min(1, required)

/** A real calendar date written YYYY-MM-DD. */
export function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false
  const time = Date.parse(`${value}T00:00:00Z`)
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value
}

const between = (
  min: number,
  max: number,
  message: string,
  options: { int?: boolean; gt?: boolean } = {},
) => {
  // Checks rather than refinements, so that the OpenAPI document states the bounds too.
  const base = options.int ? z.int({ error: message }) : z.number({ error: message })
  return (options.gt ? base.gt(min, message) : base.min(min, message)).max(max, message)
}

const dimension = between(quoteLimits.dimensionMinCm, quoteLimits.dimensionMaxCm, quoteMessages.dimension)

export const cargoPackageSchema = z.object({
  count: between(1, quoteLimits.piecesMax, quoteMessages.pieces, { int: true }),
  lengthCm: dimension,
  widthCm: dimension,
  heightCm: dimension,
  weightKg: between(0, quoteLimits.pieceWeightMaxKg, quoteMessages.pieceWeight, { gt: true }),
})

export const looseCargoSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({
      kind: z.literal('packages'),
      packages: z
        .array(cargoPackageSchema, { error: quoteMessages.packagesRequired })
        .min(1, quoteMessages.packagesRequired)
        .max(quoteLimits.packageLinesMax, quoteMessages.packageLinesMax)
        .refine(
          (packages) => packages.reduce((n, p) => n + p.count, 0) <= quoteLimits.piecesMax,
          quoteMessages.piecesTotal,
        ),
    }),
    z.object({
      kind: z.literal('totals'),
      volumeCbm: between(0, quoteLimits.totalVolumeMaxCbm, quoteMessages.totalVolume, { gt: true }),
      weightKg: between(0, quoteLimits.totalWeightMaxKg, quoteMessages.totalWeight, { gt: true }),
      pieces: between(1, quoteLimits.piecesMax, quoteMessages.pieces, { int: true }),
    }),
  ],
  { error: quoteMessages.cargoRequired },
)

export const containerCountSchema = z.object({
  type: z.enum(containerTypes, { error: quoteMessages.containerTypeInvalid }),
  count: between(1, quoteLimits.containersPerTypeMax, quoteMessages.containerCount, { int: true }),
})

export const hazardousSchema = z.object({
  unNumber: safeString({ error: quoteMessages.unNumber })
    .trim()
    .regex(/^\d{4}$/, quoteMessages.unNumber),
  dgClass: z.enum(dgClasses, { error: quoteMessages.dgClass }),
  packingGroup: z.enum(packingGroups, { error: quoteMessages.packingGroup }),
})

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null

/** Run a cross-field rule whenever the value is an object, even while other fields are still invalid. */
const always = { when: (payload: { value: unknown }) => isObject(payload.value) }

export const quoteRequestSchema = z
  .object({
    mode: z.enum(modes, { error: quoteMessages.modeRequired }),
    origin: text(quoteMessages.originRequired).max(quoteLimits.placeCodeMax, quoteMessages.originRequired),
    destination: text(quoteMessages.destinationRequired).max(
      quoteLimits.placeCodeMax,
      quoteMessages.destinationRequired,
    ),
    readyDate: safeString({ error: quoteMessages.readyDateRequired })
      .min(1, quoteMessages.readyDateRequired)
      .max(10, quoteMessages.readyDateInvalid)
      .refine((value) => value === '' || isIsoDate(value), quoteMessages.readyDateInvalid),
    commodity: text(quoteMessages.commodityRequired).max(
      quoteLimits.commodityMax,
      quoteMessages.commodityMax,
    ),
    containers: z
      .array(containerCountSchema, { error: quoteMessages.containersRequired })
      .max(containerTypes.length, quoteMessages.containerTypeTwice)
      .optional(),
    cargo: looseCargoSchema.optional(),
    hazardous: hazardousSchema.optional(),
    cargoValue: z
      .number({ error: quoteMessages.cargoValue })
      .int(quoteMessages.cargoValue)
      .min(0, quoteMessages.cargoValue)
      .max(quoteLimits.cargoValueMax, quoteMessages.cargoValueMax)
      .optional(),
  })
  .refine(
    (r) =>
      typeof r.origin !== 'string' ||
      typeof r.destination !== 'string' ||
      r.origin.trim() === '' ||
      r.origin.trim().toUpperCase() !== r.destination.trim().toUpperCase(),
    { error: quoteMessages.sameEnds, path: ['destination'], ...always },
  )
  .refine((r) => r.mode !== 'FCL' || (Array.isArray(r.containers) && r.containers.length > 0), {
    error: quoteMessages.containersRequired,
    path: ['containers'],
    ...always,
  })
  .refine(
    (r) => {
      if (r.mode !== 'FCL' || !Array.isArray(r.containers)) return true
      const types = r.containers.map((c) => (isObject(c) ? c.type : undefined))
      return new Set(types).size === types.length
    },
    { error: quoteMessages.containerTypeTwice, path: ['containers'], ...always },
  )
  .refine((r) => (r.mode !== 'LCL' && r.mode !== 'AIR') || r.cargo !== undefined, {
    error: quoteMessages.cargoRequired,
    path: ['cargo'],
    ...always,
  })

export const serviceSelectionSchema = z.object({
  exportCustoms: z.boolean({ error: quoteMessages.serviceChoice }),
  importCustoms: z.boolean({ error: quoteMessages.serviceChoice }),
  insurance: z.boolean({ error: quoteMessages.serviceChoice }),
  pickup: z.enum(truckingZones, { error: quoteMessages.truckingZone }).nullable(),
  delivery: z.enum(truckingZones, { error: quoteMessages.truckingZone }).nullable(),
})

/** The services for `request`: insurance needs the cargo value (a positive one: cover of nothing is no cover). */
export function serviceSelectionSchemaFor(request: { cargoValue?: number | undefined }) {
  return serviceSelectionSchema.refine((s) => !s.insurance || (request.cargoValue ?? 0) > 0, {
    error: quoteMessages.insuranceNeedsValue,
    path: ['insurance'],
  })
}

/** A request and its services together, as a form submits them. */
export const quoteWithServicesSchema = z
  .object({ request: quoteRequestSchema, services: serviceSelectionSchema })
  .refine((v) => !v.services.insurance || (v.request.cargoValue ?? 0) > 0, {
    error: quoteMessages.insuranceNeedsValue,
    path: ['services', 'insurance'],
  })

export type QuoteRequestInput = z.input<typeof quoteRequestSchema>
export type QuoteRequestPayload = z.output<typeof quoteRequestSchema>
export type ServiceSelectionPayload = z.output<typeof serviceSelectionSchema>
