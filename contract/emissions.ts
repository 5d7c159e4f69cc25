/**
 * A shipment's greenhouse gas emissions as ISO 14083:2023 and the GLEC Framework v3 count them (docs/emissions.md,
 * shared/FREIGHT.md "Emissions"): the sum over the transport chain's legs of the cargo's mass × the leg's
 * distance × the leg's emission intensity, well-to-wheel (WTW: the fuel made and burnt) and tank-to-wheel
 * (TTW: burnt), in grams of CO2e. Pure and shared: the server figures each option and booking, the browser
 * the same option with the services it chooses.
 *
 * - Legs: door pickup by road when chosen, the main sea or air carriage (one leg per port of call where the
 *   cargo changes ship or aircraft), door delivery by road when chosen.
 * - Distances (the caller's, in whole km): sea as sailed over the sea-route network, air as the great circle
 *   plus 95 km (`airLegKm`), road as the outer bound of the trucking zone chosen (`ROAD_ZONE_KM`).
 * - Mass: FCL the containers' declared gross weights, else a default payload of 10 t per TEU; LCL and air
 *   the cargo's actual gross weight (`shipmentMass`).
 * - Intensity: one factor per mode and vehicle class from one table that names its source and version
 *   (`EmissionFactors`); a figure keeps the version it was made with.
 * Rounding, one rule: each leg to the whole gram (half up); a total is the exact sum of its legs.
 */
import { cargoTotals } from './pricing/quantities'
import {
  type ContainerType,
  type Mode,
  type QuoteRequest,
  reeferTypes,
  type ServiceSelection,
  type TruckingZone,
} from './pricing/types'
import { groupedNumber } from './text'

export const emissionFactorKeys = [
  'sea-container',
  'sea-container-reefer',
  'air-short-haul',
  'air-long-haul',
  'road-truck',
] as const
export type EmissionFactorKey = (typeof emissionFactorKeys)[number]

export interface EmissionFactor {
  /** What the factor is for, as the report names it. */
  label: string
  /** Grams CO2e per tonne-km, well-to-wheel and tank-to-wheel. */
  wtwGPerTkm: number
  ttwGPerTkm: number
  /** Where the number comes from. */
  source: string
}

export interface EmissionFactors {
  /** The table's version: a figure says which it used. */
  version: string
  source: string
  factors: Record<EmissionFactorKey, EmissionFactor>
}

/**
 * The default factors (docs/emissions.md says where each comes from and which to confirm). Container ships'
 * intensities are published per TEU-km and taken here at GLEC's 10 t per TEU; sea TTW is 84 % of WTW (heavy
 * fuel oil's tank-to-wheel over well-to-wheel factor).
 */
export const DEFAULT_EMISSION_FACTORS: EmissionFactors = {
  version: 'GLEC v3 defaults, 2026-11',
  source: 'GLEC Framework v3 (Smart Freight Centre) default intensities; ISO 14083:2023 method',
  factors: {
    'sea-container': {
      label: 'Container ship, dry',
      wtwGPerTkm: 8.9,
      ttwGPerTkm: 7.5,
      source: 'GLEC v3.1 container ship (dry) trade-lane average, 89.4 g CO2e/TEU-km at 10 t/TEU',
    },
    'sea-container-reefer': {
      label: 'Container ship, reefer',
      wtwGPerTkm: 13.9,
      ttwGPerTkm: 11.7,
      source: 'GLEC container ship (reefer) global average, 139.3 g CO2e/TEU-km at 10 t/TEU',
    },
    'air-short-haul': {
      label: 'Air freight, under 1,500 km',
      wtwGPerTkm: 830,
      ttwGPerTkm: 675,
      source: 'GLEC v3 air, belly freight under 1,500 km',
    },
    'air-long-haul': {
      label: 'Air freight, 1,500 km and over',
      wtwGPerTkm: 789,
      ttwGPerTkm: 650,
      source: 'GLEC v3 air, dedicated freighter fleet average (the aircraft not known)',
    },
    'road-truck': {
      label: 'Truck, articulated, diesel',
      wtwGPerTkm: 88,
      ttwGPerTkm: 72,
      source: 'GLEC v3 road, articulated truck 34 to 40 t, diesel, average load (Asia)',
    },
  },
}

/** ISO 14083 and GLEC add 95 km to an air leg's great-circle distance (take-off, landing, holding). */
export const AIR_DISTANCE_ADDITION_KM = 95
/** Below this great-circle distance plus 95 km an air leg is short haul. */
export const AIR_SHORT_HAUL_KM = 1500
/** A door leg's road distance: the outer bound of its trucking zone (types.ts `truckingZoneAreas`). */
export const ROAD_ZONE_KM: Record<TruckingZone, number> = { A: 30, B: 80, C: 150 }
/** GLEC's average cargo per TEU, the payload of an FCL container whose gross weight is not declared. */
export const DEFAULT_PAYLOAD_KG_PER_TEU = 10_000
/** Twenty-foot equivalent units of each container type (a 45' box is 2.25 TEU). */
export const teuOf: Record<ContainerType, number> = {
  '20GP': 1,
  '20RF': 1,
  '40GP': 2,
  '40HC': 2,
  '40RF': 2,
  '45HC': 2.25,
}

/** An air leg's distance: the great circle plus 95 km, in whole km. */
export const airLegKm = (greatCircleKm: number): number =>
  Math.round(greatCircleKm) + AIR_DISTANCE_ADDITION_KM

export type LegKind = 'pickup' | 'main' | 'delivery'
export type LegMode = 'SEA' | 'AIR' | 'ROAD'

/** One leg of the carriage, as the server routes it: between two places (codes, or "door"), in whole km. */
export interface CarriageLeg {
  mode: 'SEA' | 'AIR'
  from: string
  to: string
  distanceKm: number
}

export interface EmissionLeg {
  kind: LegKind
  mode: LegMode
  from: string
  to: string
  distanceKm: number
  factor: EmissionFactorKey
  /** Tonne-km of the leg, unrounded (mass × distance). */
  tonneKm: number
  wtwGrams: number
  ttwGrams: number
}

/** How the mass was known: declared per container, the default payload, or the cargo's gross weight. */
export type MassBasis = 'declared' | 'default payload' | 'gross weight'

export interface ShipmentMass {
  kg: number
  basis: MassBasis
}

export interface ShipmentEmissions {
  legs: EmissionLeg[]
  mass: ShipmentMass
  wtwGrams: number
  ttwGrams: number
  /** The factors' version and the data quality (default factors are the lowest tier of ISO 14083). */
  factorsVersion: string
  dataQuality: 'default factors'
}

/**
 * The cargo's mass: an FCL shipment's declared gross weights (one per container) or, without them, 10 t per
 * TEU; LCL and air the gross weight of the packages or the totals given.
 */
export function shipmentMass(
  request: Pick<QuoteRequest, 'mode' | 'containers' | 'cargo'>,
  containerWeightsKg?: readonly number[] | null,
): ShipmentMass {
  if (request.mode === 'FCL') {
    if (containerWeightsKg && containerWeightsKg.length > 0)
      return { kg: containerWeightsKg.reduce((sum, kg) => sum + kg, 0), basis: 'declared' }
    const teu = (request.containers ?? []).reduce((sum, c) => sum + c.count * teuOf[c.type], 0)
    return { kg: teu * DEFAULT_PAYLOAD_KG_PER_TEU, basis: 'default payload' }
  }
  const grams = request.cargo ? cargoTotals(request.cargo).grossGrams : 0
  return { kg: grams / 1000, basis: 'gross weight' }
}

/** The factor of a main leg: reefer boxes (any in the shipment) by the reefer intensity, air by haul. */
function mainFactor(mode: Mode, leg: CarriageLeg, reefer: boolean): EmissionFactorKey {
  if (leg.mode === 'AIR' || mode === 'AIR')
    return leg.distanceKm < AIR_SHORT_HAUL_KM ? 'air-short-haul' : 'air-long-haul'
  return reefer ? 'sea-container-reefer' : 'sea-container'
}

/** Grams CO2e of `tonneKm` at `gPerTkm`, to the whole gram, half up. */
const grams = (tonneKm: number, gPerTkm: number) => Math.round(tonneKm * gPerTkm)

export interface EmissionsInput {
  request: Pick<QuoteRequest, 'mode' | 'containers' | 'cargo'>
  /** The main carriage, port to port or airport to airport, in order (one leg more per transshipment). */
  carriage: readonly CarriageLeg[]
  services: Pick<ServiceSelection, 'pickup' | 'delivery'>
  factors: EmissionFactors
  /** FCL: the declared gross weights, when known (at booking). */
  containerWeightsKg?: readonly number[] | null | undefined
}

/** The shipment's emissions, leg by leg and in total. */
export function shipmentEmissions(input: EmissionsInput): ShipmentEmissions {
  const { request, carriage, services, factors } = input
  const mass = shipmentMass(request, input.containerWeightsKg)
  const tonnes = mass.kg / 1000
  const reefer = (request.containers ?? []).some((c) => reeferTypes.includes(c.type))
  const first = carriage[0]
  const last = carriage.at(-1)
  const legs: EmissionLeg[] = []
  const push = (
    kind: LegKind,
    mode: LegMode,
    from: string,
    to: string,
    km: number,
    factor: EmissionFactorKey,
  ) => {
    const tonneKm = tonnes * km
    const f = factors.factors[factor]
    legs.push({
      kind,
      mode,
      from,
      to,
      distanceKm: km,
      factor,
      tonneKm,
      wtwGrams: grams(tonneKm, f.wtwGPerTkm),
      ttwGrams: grams(tonneKm, f.ttwGPerTkm),
    })
  }
  if (services.pickup && first)
    push('pickup', 'ROAD', 'door', first.from, ROAD_ZONE_KM[services.pickup], 'road-truck')
  for (const leg of carriage)
    push('main', leg.mode, leg.from, leg.to, leg.distanceKm, mainFactor(request.mode, leg, reefer))
  if (services.delivery && last)
    push('delivery', 'ROAD', last.to, 'door', ROAD_ZONE_KM[services.delivery], 'road-truck')
  return {
    legs,
    mass,
    wtwGrams: legs.reduce((sum, leg) => sum + leg.wtwGrams, 0),
    ttwGrams: legs.reduce((sum, leg) => sum + leg.ttwGrams, 0),
    factorsVersion: factors.version,
    dataQuality: 'default factors',
  }
}

/** "1,234 kg CO2e": whole kg, or one decimal under 10 kg, so a small parcel does not read 0. */
export function co2eText(grams: number): string {
  const kg = grams / 1000
  if (kg > 0 && kg < 10) return `${(Math.round(kg * 10) / 10).toFixed(1)} kg CO2e`
  return `${groupedNumber(Math.round(kg))} kg CO2e`
}

/** "18,000 kg": a mass as the emissions breakdown states it, to the whole kg. */
export function massText(kg: number): string {
  return `${groupedNumber(Math.round(kg))} kg`
}

/**
 * A quote option's emissions with the door services chosen (the options list counts none), as the options and
 * the Quotation Preview show them; null when the option's carriage is not known.
 */
export function optionEmissions(
  quote: { request: EmissionsInput['request']; emissionFactors: EmissionFactors },
  option: { carriage: readonly CarriageLeg[] | null },
  services: EmissionsInput['services'] = { pickup: null, delivery: null },
): ShipmentEmissions | null {
  if (!option.carriage || option.carriage.length === 0) return null
  return shipmentEmissions({
    request: quote.request,
    carriage: option.carriage,
    services,
    factors: quote.emissionFactors,
  })
}

/** Why a booking's figure was counted: when booked, when operations confirmed another route, or later. */
export const emissionsReasons = ['booked', 'route confirmed', 'counted later'] as const
export type EmissionsReason = (typeof emissionsReasons)[number]

/** A booking's figure in force, with the factors it used, and the figures it replaced (newest first). */
export interface BookingEmissions {
  figure: ShipmentEmissions
  factors: EmissionFactors
  reason: EmissionsReason
  countedAt: string
  earlier: { reason: EmissionsReason; countedAt: string; wtwGrams: number; factorsVersion: string }[]
}

// ---- Words: the pages and the PDFs say a figure the same way ------------------------------------------

const legKindText = { pickup: 'Pickup by road', delivery: 'Delivery by road' } as const
const legModeText = { SEA: 'By sea', AIR: 'By air', ROAD: 'By road' } as const

/** "By sea, SGSIN to INNSA", "Pickup by road, door to SGSIN". */
export const legTitle = (leg: Pick<EmissionLeg, 'kind' | 'mode' | 'from' | 'to'>): string =>
  `${leg.kind === 'main' ? legModeText[leg.mode] : legKindText[leg.kind]}, ${leg.from} to ${leg.to}`

/** "8.9 g" or "789 g": a factor as published, one decimal when it has one. */
export const factorText = (g: number): string => `${Number.isInteger(g) ? groupedNumber(g) : g.toFixed(1)} g`

const massBasisWords: Record<MassBasis, string> = {
  declared: 'the gross weights declared',
  'default payload': 'the default payload of 10,000 kg per TEU, as no gross weight is declared yet',
  'gross weight': 'the gross weight of the cargo',
}

/** The method, mass, factors and data quality of a figure, in one paragraph. */
export function methodText(figure: ShipmentEmissions, factors: Pick<EmissionFactors, 'source'>): string {
  return (
    "Counted by ISO 14083:2023 and the GLEC Framework v3: each leg's mass × distance × the factor of its mode. " +
    'Sea distances as sailed on the sea-route network, air as the great circle plus 95 km, road as the outer ' +
    `bound of the trucking zone. Mass: ${massBasisWords[figure.mass.basis]}. Data quality: default factors ` +
    `(${figure.factorsVersion}; ${factors.source}), the lowest tier of ISO 14083.`
  )
}

/** When a figure was counted, as its note says it. */
export const emissionsReasonText: Record<EmissionsReason, string> = {
  booked: 'when booked',
  'route confirmed': 'when operations confirmed the route',
  'counted later': 'after booking',
}
