/**
 * The emission factors table as the pricing desk updates it (issue 38; docs/emissions.md, "Updating the
 * factors"): a new version as the desk submits it, checked by one schema in the console and at the server's
 * edge, and the dry run that says what it would change before it is applied: each factor's old and new WTW and
 * TTW, and each reference shipment's figure before and after. Applying a version never rewrites a figure
 * already counted (a booking keeps the factors it was counted with): only quotes and bookings from then on.
 */
import { z } from 'zod'
import {
  type CarriageLeg,
  type EmissionFactor,
  type EmissionFactorKey,
  type EmissionFactors,
  type EmissionsInput,
  emissionFactorKeys,
  shipmentEmissions,
} from './emissions'
import { changePercent, referenceRequest } from './pricing/reference'
import { groupedNumber, safeString } from './text'

/** The most a factor may be, g CO2e per tonne-km: ample for any mode (air is about 800). */
export const FACTOR_MAX_G_PER_TKM = 5_000

export const emissionFactorMessages = {
  versionRequired: 'Name the version, such as “GLEC v3.2, 2027-01”.',
  versionTooLong: 'The version’s name must be at most 100 characters.',
  versionTaken: 'This version name is already used: give the new table a name of its own.',
  sourceRequired: 'Say where the factors come from.',
  sourceTooLong: 'The source must be at most 300 characters.',
  noteTooLong: 'The note must be at most 1,000 characters.',
  labelRequired: 'Give the factor’s name.',
  labelTooLong: 'The factor’s name must be at most 100 characters.',
  factorRequired: 'Give grams CO2e per tonne-km, such as 8.9.',
  factorPositive: 'Must be more than 0.',
  factorDecimals: 'At most one decimal, such as 8.9.',
  factorTooHigh: 'Must be at most 5,000 g per tonne-km.',
  ttwAboveWtw: 'Tank-to-wheel cannot be more than well-to-wheel (which includes the fuel burnt).',
} as const

const m = emissionFactorMessages

/** Whether `n` has at most one decimal (8.9, 830; not 8.95), allowing for binary fractions (1.1 × 10). */
const oneDecimal = (n: number) => Math.abs(n * 10 - Math.round(n * 10)) < 1e-9

const gPerTkm = z
  .number({ error: m.factorRequired })
  .gt(0, m.factorPositive)
  .max(FACTOR_MAX_G_PER_TKM, m.factorTooHigh)
  .refine(oneDecimal, m.factorDecimals)

const factorSchema = z
  .object({
    wtwGPerTkm: gPerTkm,
    ttwGPerTkm: gPerTkm,
    /** The factor's name and source: kept from the table in force unless given. */
    label: safeString().trim().min(1, m.labelRequired).max(100, m.labelTooLong).optional(),
    source: safeString().trim().min(1, m.sourceRequired).max(300, m.sourceTooLong).optional(),
  })
  .refine((f) => f.ttwGPerTkm <= f.wtwGPerTkm, { path: ['ttwGPerTkm'], error: m.ttwAboveWtw })

/** A new version of the table, as the desk submits it (the body of the dry run and the apply). */
export const emissionFactorsInputSchema = z.object({
  version: safeString({ error: m.versionRequired })
    .trim()
    .min(1, m.versionRequired)
    .max(100, m.versionTooLong),
  source: safeString({ error: m.sourceRequired }).trim().min(1, m.sourceRequired).max(300, m.sourceTooLong),
  note: safeString().trim().max(1000, m.noteTooLong).optional(),
  factors: z.object(
    Object.fromEntries(emissionFactorKeys.map((key) => [key, factorSchema])) as Record<
      EmissionFactorKey,
      typeof factorSchema
    >,
  ),
})
export type EmissionFactorsInput = z.input<typeof emissionFactorsInputSchema>
export type EmissionFactorsSubmitted = z.output<typeof emissionFactorsInputSchema>

/** The table a submitted version makes: its numbers, each label and source kept from `current` unless given. */
export function proposedFactors(current: EmissionFactors, input: EmissionFactorsSubmitted): EmissionFactors {
  const factors = {} as Record<EmissionFactorKey, EmissionFactor>
  for (const key of emissionFactorKeys) {
    const given = input.factors[key]
    const before = current.factors[key]
    factors[key] = {
      label: given.label ?? before.label,
      wtwGPerTkm: given.wtwGPerTkm,
      ttwGPerTkm: given.ttwGPerTkm,
      source: given.source ?? before.source,
    }
  }
  return { version: input.version, source: input.source, factors }
}

// ---- The dry run --------------------------------------------------------------------------------------

/** Who applied a version (null for the built-in defaults, or a person since removed). */
export interface FactorsAppliedBy {
  id: number
  name: string
  email: string
}

/** One version of the table, applied or built in. */
export interface FactorsVersion {
  /** The table as quotes and bookings carry it: its version, source and factors. */
  table: EmissionFactors
  note: string | null
  /** ISO time it was applied; null for the built-in defaults (in force until a version is applied). */
  appliedAt: string | null
  appliedBy: FactorsAppliedBy | null
  builtIn: boolean
}

/** The desk's view: the version in force and every version, newest first (the built-in defaults last). */
export interface EmissionFactorsHistory {
  inForce: FactorsVersion
  versions: FactorsVersion[]
}

export interface FactorChange {
  key: EmissionFactorKey
  before: EmissionFactor
  after: EmissionFactor
  /** Percent to one decimal (10 for +10.0 %), rounded half away from zero. */
  wtwChangePercent: number | null
  ttwChangePercent: number | null
  /** Any of its numbers, name or source differs. */
  changed: boolean
}

/** A reference shipment's figure before and after, in grams CO2e. */
export interface ReferenceFigure {
  id: ReferenceShipmentId
  /** What is carried, where, how far: "FCL, one 40' container (20,000 kg default payload)". */
  shipment: string
  carriage: string
  factor: EmissionFactorKey
  before: { wtwGrams: number; ttwGrams: number }
  after: { wtwGrams: number; ttwGrams: number }
  wtwChangePercent: number | null
}

export interface FactorsDryRun {
  /** The version in force, compared against. */
  current: { version: string; source: string }
  /** The table applying would put in force. */
  proposed: EmissionFactors
  note: string | null
  factors: FactorChange[]
  references: ReferenceFigure[]
  /** How many factors change. */
  changed: number
}

/**
 * The reference carriages, fixed so a figure before and after compare by one number: as the quotes count them
 * (server/emissions/carriage.ts), from the data packages' coordinates. Sea as sailed over the sea-route network;
 * air as the great circle plus 95 km (SIN–FRA 10,278 km, SIN–CGK 884 km); road a zone B pickup's 80 km.
 */
export const REFERENCE_CARRIAGES = {
  seaRotterdam: { mode: 'SEA', from: 'SGSIN', to: 'NLRTM', distanceKm: 15_587 },
  airFrankfurt: { mode: 'AIR', from: 'SIN', to: 'FRA', distanceKm: 10_373 },
  airJakarta: { mode: 'AIR', from: 'SIN', to: 'CGK', distanceKm: 979 },
} as const satisfies Record<string, CarriageLeg>

export const referenceShipmentIds = ['fcl', 'fcl-reefer', 'lcl', 'air', 'air-short', 'road'] as const
export type ReferenceShipmentId = (typeof referenceShipmentIds)[number]

interface ReferenceShipment {
  id: ReferenceShipmentId
  shipment: string
  carriage: string
  factor: EmissionFactorKey
  input: Omit<EmissionsInput, 'factors'>
  /** Only these legs count (the road reference is its pickup alone). */
  legs: 'all' | 'pickup'
}

const sheet = (mode: 'FCL' | 'LCL' | 'AIR', leg: CarriageLeg) => ({
  mode,
  origin: leg.from,
  destination: leg.to,
  validFrom: '',
  charges: [],
})
const { seaRotterdam: sea, airFrankfurt, airJakarta } = REFERENCE_CARRIAGES
const noDoors = { pickup: null, delivery: null }
const seaText = `Singapore (SGSIN) to Rotterdam (NLRTM) by sea, ${groupedNumber(sea.distanceKm)} km`
const airText = (to: string, leg: CarriageLeg) =>
  `Singapore (SIN) to ${to} (${leg.to}), ${groupedNumber(leg.distanceKm)} km (great circle + 95 km)`

/** Each mode's reference shipment (contract/pricing/reference.ts) over its reference carriage. */
export const referenceShipments: readonly ReferenceShipment[] = [
  {
    id: 'fcl',
    shipment: "FCL, one 40' container (20,000 kg default payload)",
    carriage: seaText,
    factor: 'sea-container',
    input: { request: referenceRequest(sheet('FCL', sea), '40GP'), carriage: [sea], services: noDoors },
    legs: 'all',
  },
  {
    id: 'fcl-reefer',
    shipment: "FCL, one 40' reefer container (20,000 kg default payload)",
    carriage: seaText,
    factor: 'sea-container-reefer',
    input: { request: referenceRequest(sheet('FCL', sea), '40RF'), carriage: [sea], services: noDoors },
    legs: 'all',
  },
  {
    id: 'lcl',
    shipment: 'LCL, 2 cbm / 500 kg',
    carriage: seaText,
    factor: 'sea-container',
    input: { request: referenceRequest(sheet('LCL', sea)), carriage: [sea], services: noDoors },
    legs: 'all',
  },
  {
    id: 'air',
    shipment: 'Air, 100 kg',
    carriage: airText('Frankfurt', airFrankfurt),
    factor: 'air-long-haul',
    input: {
      request: referenceRequest(sheet('AIR', airFrankfurt)),
      carriage: [airFrankfurt],
      services: noDoors,
    },
    legs: 'all',
  },
  {
    id: 'air-short',
    shipment: 'Air, 100 kg',
    carriage: airText('Jakarta', airJakarta),
    factor: 'air-short-haul',
    input: { request: referenceRequest(sheet('AIR', airJakarta)), carriage: [airJakarta], services: noDoors },
    legs: 'all',
  },
  {
    id: 'road',
    shipment: "Door pickup of one 40' container (20,000 kg default payload)",
    carriage: 'By road in zone B, 80 km',
    factor: 'road-truck',
    input: {
      request: referenceRequest(sheet('FCL', sea), '40GP'),
      carriage: [sea],
      services: { pickup: 'B', delivery: null },
    },
    legs: 'pickup',
  },
]

/** A reference shipment's grams, WTW and TTW, with `factors`. */
function referenceGrams(reference: ReferenceShipment, factors: EmissionFactors) {
  const { legs } = shipmentEmissions({ ...reference.input, factors })
  const counted = legs.filter((leg) => reference.legs === 'all' || leg.kind === reference.legs)
  return {
    wtwGrams: counted.reduce((sum, leg) => sum + leg.wtwGrams, 0),
    ttwGrams: counted.reduce((sum, leg) => sum + leg.ttwGrams, 0),
  }
}

/** A factor's change in percent: its tenths are whole, so the contract's exact percent applies. */
const factorPercent = (before: number, after: number) =>
  changePercent(Math.round(before * 10), Math.round(after * 10))

const sameFactor = (a: EmissionFactor, b: EmissionFactor) =>
  a.label === b.label &&
  a.source === b.source &&
  a.wtwGPerTkm === b.wtwGPerTkm &&
  a.ttwGPerTkm === b.ttwGPerTkm

/** What putting `proposed` in force instead of `current` changes: each factor, and each reference figure. */
export function factorsDryRun(
  current: EmissionFactors,
  proposed: EmissionFactors,
  note: string | null = null,
): FactorsDryRun {
  const factors = emissionFactorKeys.map((key): FactorChange => {
    const before = current.factors[key]
    const after = proposed.factors[key]
    return {
      key,
      before,
      after,
      wtwChangePercent: factorPercent(before.wtwGPerTkm, after.wtwGPerTkm),
      ttwChangePercent: factorPercent(before.ttwGPerTkm, after.ttwGPerTkm),
      changed: !sameFactor(before, after),
    }
  })
  const references = referenceShipments.map((reference): ReferenceFigure => {
    const before = referenceGrams(reference, current)
    const after = referenceGrams(reference, proposed)
    return {
      id: reference.id,
      shipment: reference.shipment,
      carriage: reference.carriage,
      factor: reference.factor,
      before,
      after,
      wtwChangePercent: changePercent(before.wtwGrams, after.wtwGrams),
    }
  })
  return {
    current: { version: current.version, source: current.source },
    proposed,
    note,
    factors,
    references,
    changed: factors.filter((f) => f.changed).length,
  }
}

export const emissionFactorsApiPaths = {
  table: '/api/staff/emission-factors',
  dryRun: '/api/staff/emission-factors/dry-run',
  apply: '/api/staff/emission-factors/apply',
} as const
