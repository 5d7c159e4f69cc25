/**
 * The shapes of rate sheets, quote requests and priced quotes, shared by the server (which prices and
 * stores) and the browser (which previews with the same code). Every amount is an integer in minor units
 * (cents) of its currency; every rate is an integer too (see each field). Domain facts: shared/FREIGHT.md.
 */

export const modes = ['FCL', 'LCL', 'AIR'] as const
export type Mode = (typeof modes)[number]

/** ISO 6346 size/type groups offered: 20 ft and 40 ft general purpose, high cube, 45 ft, reefers. */
export const containerTypes = ['20GP', '40GP', '40HC', '45HC', '20RF', '40RF'] as const
export type ContainerType = (typeof containerTypes)[number]
export const reeferTypes: readonly ContainerType[] = ['20RF', '40RF']

/** Where a charge arises: at origin, the main carriage, or at destination. */
export const chargeSides = ['origin', 'freight', 'destination'] as const
export type ChargeSide = (typeof chargeSides)[number]

/**
 * How a charge line is counted:
 * - `container`: `amount` per container of `containerType`;
 * - `wm`: `amount` per revenue tonne (W/M: 1 CBM = 1,000 kg, at least 1 RT);
 * - `kg`: per chargeable kg, by the rates of `breaks` (air) or `amount` per kg when it has none;
 * - `shipment`: `amount` once per B/L, air waybill or shipment;
 * - `percent`: `amount` basis points (1/100 of a percent) of the cargo value.
 * `minimum` (0: none) is the least the line costs whenever it applies.
 */
export const chargeBases = ['container', 'wm', 'kg', 'shipment', 'percent'] as const
export type ChargeBasis = (typeof chargeBases)[number]

/** IATA weight breaks: the rate per kg for under 45 kg (N) and from 45, 100, 300, 500 and 1,000 kg (Q). */
export const weightBreaks = ['-45', '+45', '+100', '+300', '+500', '+1000'] as const
export type WeightBreak = (typeof weightBreaks)[number]
/** The kg from which each break's rate applies. */
export const weightBreakFromKg: Record<WeightBreak, number> = {
  '-45': 0,
  '+45': 45,
  '+100': 100,
  '+300': 300,
  '+500': 500,
  '+1000': 1000,
}
/** Minor units per chargeable kg for each break (a missing break falls back to the one below it). */
export type KgBreaks = Partial<Record<WeightBreak, number>> & { '-45': number }

export interface ChargeLine {
  /** Charge code as carriers write it: BAS, BAF, THC, DOC, SEAL, CFS, FSC, SSC, DGS, ... */
  code: string
  name: string
  side: ChargeSide
  basis: ChargeBasis
  /** ISO 4217 currency of `amount`, `minimum` and `breaks`. */
  currency: string
  /** Minor units per unit of the basis (basis points for `percent`). */
  amount: number
  /** `container` basis: the container type this line prices. */
  containerType?: ContainerType | undefined
  /** `kg` basis: the rates by weight break, minor units per kg. */
  breaks?: KgBreaks | undefined
  /** The least the line costs when it applies, minor units (for air freight, the M charge); 0 for none. */
  minimum: number
  /** A dangerous goods surcharge: applies to hazardous cargo only. */
  hazardousOnly?: boolean | undefined
  /** With `hazardousOnly`: only cargo of these packing groups (a surcharge by risk level); absent: all. */
  packingGroups?: PackingGroup[] | undefined
}

/** One carrier's (or airline's) rate sheet for a lane, valid over a period. */
export interface RateLane {
  id: number
  mode: Mode
  /** UN/LOCODE for ocean (SGSIN), IATA code for air (SIN). */
  origin: string
  destination: string
  /** Carrier or airline name. */
  carrier: string
  /** Service or routing name (a loop, direct or via a transshipment port, a flight product). */
  service: string
  transitDays: number
  /** ISO weekdays (1 Monday … 7 Sunday) the service departs the origin; empty: no published schedule. */
  departureDays: number[]
  /** Days before departure by which cargo must be received (terminal, CFS or airline warehouse). */
  cargoCutoffDays: number
  /** Days before departure by which shipping instructions and documents must reach the carrier. */
  docCutoffDays: number
  /**
   * Free days at the destination before charges run: FCL demurrage and detention combined, LCL and air free
   * storage; null when the sheet does not say.
   */
  freeDays: number | null
  /** ISO dates, inclusive: the sheet prices cargo ready from `validFrom` to `validTo`. */
  validFrom: string
  validTo: string
  /** The sheet's main currency. */
  currency: string
  /** IMO / IATA hazard classes this carrier refuses (e.g. '1', '6.2', '7'); hazardous cargo of these is not offered. */
  refusedDgClasses: string[]
  charges: ChargeLine[]
}

/** A package: count of identical pieces, outer dimensions in cm and gross weight per piece in kg. */
export interface CargoPackage {
  count: number
  lengthCm: number
  widthCm: number
  heightCm: number
  weightKg: number
}

/** LCL or air cargo, as packages or as totals. */
export type LooseCargo =
  | { kind: 'packages'; packages: CargoPackage[] }
  | { kind: 'totals'; volumeCbm: number; weightKg: number; pieces: number }

export interface ContainerCount {
  type: ContainerType
  count: number
}

export const packingGroups = ['I', 'II', 'III'] as const
export type PackingGroup = (typeof packingGroups)[number]

export interface HazardousDetails {
  /** Four digits, e.g. '1263'. */
  unNumber: string
  /** IMO / IATA class or division, e.g. '3', '2.1', '6.1'. */
  dgClass: string
  packingGroup: PackingGroup
}

/** What the customer asks to be priced. */
export interface QuoteRequest {
  mode: Mode
  origin: string
  destination: string
  /** ISO date the cargo is ready. */
  readyDate: string
  commodity: string
  /** FCL only. */
  containers?: ContainerCount[] | undefined
  /** LCL and air. */
  cargo?: LooseCargo | undefined
  hazardous?: HazardousDetails | undefined
  /** Value of the goods in minor units of USD (needed for insurance and the GST estimate). */
  cargoValue?: number | undefined
}

/** Door pickup and delivery zones by road distance from the port or airport. */
export const truckingZones = ['A', 'B', 'C'] as const
export type TruckingZone = (typeof truckingZones)[number]

/** What each zone covers, as the quote pages say it (docs/pricing.md). */
export const truckingZoneAreas: Record<TruckingZone, string> = {
  A: 'up to 30 km by road from the port or airport',
  B: '30 to 80 km',
  C: '80 to 150 km (further: ask us)',
}

/** Additional services the customer switches on and off. */
export interface ServiceSelection {
  exportCustoms: boolean
  importCustoms: boolean
  insurance: boolean
  pickup: TruckingZone | null
  delivery: TruckingZone | null
}

/** No service chosen: the freight alone. */
export const noServices: ServiceSelection = {
  exportCustoms: false,
  importCustoms: false,
  insurance: false,
  pickup: null,
  delivery: null,
}

/** What the services cost at one end of the lane (customs, trucking) and for cover. */
export interface ServiceTariff {
  currency: string
  /** Per declaration at origin (export) and destination (import), minor units. */
  exportCustomsFee: number
  importCustomsFee: number
  /** Insurance: basis points of 110% of (cargo value + freight), at least `insuranceMinimum`. */
  insuranceRateBps: number
  insuranceMinimum: number
  /** Trucking by zone: per container (FCL), or per shipment plus per 100 kg chargeable (LCL, air). */
  trucking: Record<TruckingZone, { perContainer: number; perShipment: number; per100Kg: number }>
  /** ISO date, inclusive, after which the tariff no longer prices; absent: no expiry. */
  validTo?: string | undefined
}

/** Exchange rates: units of each currency per 1 USD, in millionths (SGD 1.34 = 1_340_000). */
export type FxRates = Record<string, number>

export interface PricingContext {
  /** The sheet being priced. */
  lane: RateLane
  request: QuoteRequest
  services: ServiceSelection
  /** Tariffs of the services at origin and destination. */
  originServices: ServiceTariff
  destinationServices: ServiceTariff
  fx: FxRates
  /** The company has no confirmed LCL booking yet: the first-LCL discount applies (LCL only). */
  firstLclEligible: boolean
  /** ISO country codes of the ends, for the GST estimate on imports into Singapore. */
  originCountry: string
  destinationCountry: string
}

export type PricedLineKind = 'charge' | 'service' | 'discount'

export interface PricedLine {
  kind: PricedLineKind
  code: string
  name: string
  side: ChargeSide | 'services'
  /** What was counted, for the customer to check: e.g. '2 × 40HC', '3.25 RT', '120.5 kg @ +100'. */
  quantityText: string
  /** Unit rate in the line's currency, minor units (basis points for percent lines). */
  unitAmount: number
  currency: string
  /** The line in its own currency, minor units (negative for a discount). */
  amount: number
  /** The line converted to USD, minor units. */
  amountUsd: number
}

export interface QuotePrice {
  lines: PricedLine[]
  /** Sum of `amountUsd` of every line. */
  totalUsd: number
  /** `totalUsd` converted at `fx.SGD`. */
  totalSgd: number
  /** The exchange rates used (so the quote keeps them). */
  fx: FxRates
  /** Air: the chargeable kg (0.5 kg steps); LCL: revenue tonnes in thousandths; FCL: container count. */
  chargeableWeightKg?: number | undefined
  revenueTonnesMilli?: number | undefined
  /** Estimates shown with the quote but not part of it (e.g. Singapore GST payable to Singapore Customs). */
  estimates: { code: string; name: string; amountUsd: number; payableTo: string }[]
  included: string[]
  excluded: string[]
  /** The earliest valid-to (ISO date) of the lane and of the service tariffs used. */
  validTo?: string | undefined
  /** Lines of the sheet or services asked for that could not be priced, each with the reason. */
  skipped?: { code: string; name: string; reason: string }[] | undefined
}
