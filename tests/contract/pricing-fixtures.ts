/** Small hand-made rate sheets, tariffs and rates for the pricing tests (illustrative figures), and arbitraries. */
import fc from 'fast-check'
import {
  type CargoPackage,
  type ChargeLine,
  type FxRates,
  type LooseCargo,
  noServices,
  type PricingContext,
  type QuoteRequest,
  type RateLane,
  type ServiceTariff,
} from '../../contract/pricing/types'

/** USD 1 = SGD 1.30 = INR 84. */
export const fx: FxRates = { USD: 1_000_000, SGD: 1_300_000, INR: 84_000_000 }

export { noServices }

/** Singapore's tariff, in SGD. */
export const sgTariff: ServiceTariff = {
  currency: 'SGD',
  exportCustomsFee: 4500,
  importCustomsFee: 5500,
  insuranceRateBps: 35,
  insuranceMinimum: 5000,
  trucking: {
    A: { perContainer: 28000, perShipment: 6000, per100Kg: 600 },
    B: { perContainer: 36000, perShipment: 8500, per100Kg: 800 },
    C: { perContainer: 46000, perShipment: 11000, per100Kg: 1100 },
  },
}

/** Everywhere else, in USD. */
export const defaultTariff: ServiceTariff = {
  currency: 'USD',
  exportCustomsFee: 7500,
  importCustomsFee: 9500,
  insuranceRateBps: 40,
  insuranceMinimum: 4000,
  trucking: {
    A: { perContainer: 24000, perShipment: 6500, per100Kg: 700 },
    B: { perContainer: 33000, perShipment: 9000, per100Kg: 900 },
    C: { perContainer: 45000, perShipment: 12500, per100Kg: 1200 },
  },
}

const line = (partial: Partial<ChargeLine> & Pick<ChargeLine, 'code' | 'side' | 'basis' | 'amount'>) =>
  ({ name: partial.code, currency: 'USD', minimum: 0, ...partial }) as ChargeLine

/** FCL Singapore → Nhava Sheva: BAS/BAF per container, THC per container both ends, DOC per B/L, SEAL. */
export const fclSgToIn: RateLane = {
  id: 1,
  mode: 'FCL',
  origin: 'SGSIN',
  destination: 'INNSA',
  carrier: 'Oceanic Lines',
  service: 'IS1 direct',
  transitDays: 9,
  departureDays: [3],
  cargoCutoffDays: 2,
  docCutoffDays: 3,
  freeDays: 14,
  validFrom: '2026-11-01',
  validTo: '2026-11-15',
  currency: 'USD',
  refusedDgClasses: ['1', '6.2', '7'],
  charges: [
    line({
      code: 'OTHC',
      name: 'Origin terminal handling',
      side: 'origin',
      basis: 'container',
      containerType: '20GP',
      currency: 'SGD',
      amount: 25000,
    }),
    line({
      code: 'OTHC',
      name: 'Origin terminal handling',
      side: 'origin',
      basis: 'container',
      containerType: '40HC',
      currency: 'SGD',
      amount: 35000,
    }),
    line({
      code: 'DOC',
      name: 'Documentation',
      side: 'origin',
      basis: 'shipment',
      currency: 'SGD',
      amount: 6500,
    }),
    line({ code: 'SEAL', name: 'Seal', side: 'origin', basis: 'container', amount: 1000 }),
    line({
      code: 'BAS',
      name: 'Basic ocean freight',
      side: 'freight',
      basis: 'container',
      containerType: '20GP',
      amount: 65300,
    }),
    line({
      code: 'BAS',
      name: 'Basic ocean freight',
      side: 'freight',
      basis: 'container',
      containerType: '40HC',
      amount: 90300,
    }),
    line({
      code: 'BAF',
      name: 'Bunker adjustment',
      side: 'freight',
      basis: 'container',
      containerType: '20GP',
      amount: 15000,
    }),
    line({
      code: 'BAF',
      name: 'Bunker adjustment',
      side: 'freight',
      basis: 'container',
      containerType: '40HC',
      amount: 25000,
    }),
    line({
      code: 'DGS',
      name: 'Dangerous goods surcharge',
      side: 'freight',
      basis: 'container',
      amount: 50000,
      hazardousOnly: true,
    }),
    line({
      code: 'DTHC',
      name: 'Destination terminal handling',
      side: 'destination',
      basis: 'container',
      containerType: '20GP',
      currency: 'INR',
      amount: 900_000,
    }),
    line({
      code: 'DTHC',
      name: 'Destination terminal handling',
      side: 'destination',
      basis: 'container',
      containerType: '40HC',
      currency: 'INR',
      amount: 1_200_000,
    }),
  ],
}

/** LCL Singapore → Nhava Sheva, per revenue tonne. */
export const lclSgToIn: RateLane = {
  id: 2,
  mode: 'LCL',
  origin: 'SGSIN',
  destination: 'INNSA',
  carrier: 'Consol Co',
  service: 'Weekly CFS-CFS',
  transitDays: 12,
  departureDays: [5],
  cargoCutoffDays: 3,
  docCutoffDays: 3,
  freeDays: 4,
  validFrom: '2026-11-01',
  validTo: '2026-11-30',
  currency: 'USD',
  refusedDgClasses: [],
  charges: [
    line({
      code: 'CFS',
      name: 'Origin CFS handling',
      side: 'origin',
      basis: 'wm',
      currency: 'SGD',
      amount: 2000,
      minimum: 2000,
    }),
    line({
      code: 'DOC',
      name: 'Documentation',
      side: 'origin',
      basis: 'shipment',
      currency: 'SGD',
      amount: 5000,
    }),
    line({ code: 'OCF', name: 'Ocean freight', side: 'freight', basis: 'wm', amount: 4500, minimum: 4500 }),
    line({
      code: 'DCFS',
      name: 'Destination CFS handling',
      side: 'destination',
      basis: 'wm',
      amount: 1800,
      minimum: 1800,
    }),
  ],
}

/** LCL Nhava Sheva → Singapore (an import into Singapore), with no destination lines of its own but CFS. */
export const lclInToSg: RateLane = {
  id: 3,
  mode: 'LCL',
  origin: 'INNSA',
  destination: 'SGSIN',
  carrier: 'Consol Co',
  service: 'Weekly CFS-CFS',
  transitDays: 12,
  departureDays: [5],
  cargoCutoffDays: 3,
  docCutoffDays: 3,
  freeDays: 4,
  validFrom: '2026-11-01',
  validTo: '2026-11-30',
  currency: 'USD',
  refusedDgClasses: [],
  charges: [
    line({
      code: 'CFS',
      name: 'Origin CFS handling',
      side: 'origin',
      basis: 'wm',
      amount: 1500,
      minimum: 1500,
    }),
    line({ code: 'OCF', name: 'Ocean freight', side: 'freight', basis: 'wm', amount: 4000, minimum: 4000 }),
    line({
      code: 'DCFS',
      name: 'Destination CFS handling',
      side: 'destination',
      basis: 'wm',
      currency: 'SGD',
      amount: 2500,
    }),
  ],
}

/** Air Singapore → Mumbai: freight by IATA breaks with an M charge, fuel and security per chargeable kg. */
export const airSinToBom: RateLane = {
  id: 4,
  mode: 'AIR',
  origin: 'SIN',
  destination: 'BOM',
  carrier: 'Lion Air Cargo',
  service: 'Direct daily',
  transitDays: 1,
  departureDays: [1, 2, 3, 4, 5, 6, 7],
  cargoCutoffDays: 1,
  docCutoffDays: 1,
  freeDays: 2,
  validFrom: '2026-11-01',
  validTo: '2026-11-08',
  currency: 'USD',
  refusedDgClasses: ['1', '7'],
  charges: [
    line({
      code: 'AWB',
      name: 'Air waybill',
      side: 'origin',
      basis: 'shipment',
      currency: 'SGD',
      amount: 3000,
    }),
    line({
      code: 'AFR',
      name: 'Air freight',
      side: 'freight',
      basis: 'kg',
      amount: 650,
      minimum: 7500,
      breaks: { '-45': 650, '+45': 480, '+100': 420, '+300': 380, '+500': 350 },
    }),
    line({ code: 'FSC', name: 'Fuel surcharge', side: 'freight', basis: 'kg', amount: 110 }),
    line({ code: 'SSC', name: 'Security surcharge', side: 'freight', basis: 'kg', amount: 15, minimum: 500 }),
    line({
      code: 'DGS',
      name: 'Dangerous goods fee',
      side: 'origin',
      basis: 'shipment',
      amount: 12000,
      hazardousOnly: true,
    }),
  ],
}

export function context(
  lane: RateLane,
  request: QuoteRequest,
  patch: Partial<PricingContext> = {},
): PricingContext {
  const country = (code: string) => (code.startsWith('SG') || code === 'SIN' ? 'SG' : 'IN')
  const originCountry = country(lane.origin)
  const destinationCountry = country(lane.destination)
  return {
    lane,
    request,
    services: noServices,
    originServices: originCountry === 'SG' ? sgTariff : defaultTariff,
    destinationServices: destinationCountry === 'SG' ? sgTariff : defaultTariff,
    fx,
    firstLclEligible: false,
    originCountry,
    destinationCountry,
    ...patch,
  }
}

/** Packages as the rules allow them: whole or tenth cm from 1 to 1,500, weights to the gram. */
export const packageArb: fc.Arbitrary<CargoPackage> = fc.record({
  count: fc.integer({ min: 1, max: 999 }),
  lengthCm: fc.integer({ min: 10, max: 15000 }).map((n) => n / 10),
  widthCm: fc.integer({ min: 10, max: 15000 }).map((n) => n / 10),
  heightCm: fc.integer({ min: 10, max: 15000 }).map((n) => n / 10),
  weightKg: fc.integer({ min: 1, max: 30_000_000 }).map((g) => g / 1000),
})
export const packagesArb = fc.array(packageArb, { minLength: 1, maxLength: 5 })
export const cargoArb: fc.Arbitrary<LooseCargo> = fc.oneof(
  packagesArb.map((packages) => ({ kind: 'packages' as const, packages })),
  fc.record({
    kind: fc.constant('totals' as const),
    volumeCbm: fc.integer({ min: 1, max: 1_000_000 }).map((l) => l / 1000),
    weightKg: fc.integer({ min: 1, max: 1_000_000_000 }).map((g) => g / 1000),
    pieces: fc.integer({ min: 1, max: 999 }),
  }),
)
