/** A shipment's emissions (contract/emissions.ts): worked examples by hand, then properties (fast-check). */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  AIR_SHORT_HAUL_KM,
  airLegKm,
  type CarriageLeg,
  co2eText,
  DEFAULT_EMISSION_FACTORS as factors,
  shipmentEmissions,
  shipmentMass,
} from '../../contract/emissions'
import type { QuoteRequest, ServiceSelection } from '../../contract/pricing/types'
import { containerTypes, truckingZones } from '../../contract/pricing/types'
import { cargoArb } from './pricing-fixtures'

const none = { pickup: null, delivery: null } as const
const sea = (from: string, to: string, distanceKm: number): CarriageLeg => ({
  mode: 'SEA',
  from,
  to,
  distanceKm,
})
const air = (from: string, to: string, distanceKm: number): CarriageLeg => ({
  mode: 'AIR',
  from,
  to,
  distanceKm,
})

describe('worked examples, checked by hand', () => {
  it('FCL without declared weights: 10 t per TEU, by the dry container factor, and a pickup by road', () => {
    // 2 × 40HC = 4 TEU = 40 t. Sea 4,736 km: 40 × 4,736 = 189,440 tkm; × 8.9 g = 1,686,016 g WTW,
    // × 7.5 g = 1,420,800 g TTW. Pickup zone B, 80 km: 40 × 80 = 3,200 tkm; × 88 = 281,600 g, × 72 = 230,400 g.
    const request: Pick<QuoteRequest, 'mode' | 'containers'> = {
      mode: 'FCL',
      containers: [{ type: '40HC', count: 2 }],
    }
    const figure = shipmentEmissions({
      request,
      carriage: [sea('SGSIN', 'INNSA', 4736)],
      services: { pickup: 'B', delivery: null },
      factors,
    })
    expect(figure.mass).toEqual({ kg: 40_000, basis: 'default payload' })
    expect(
      figure.legs.map((l) => [l.kind, l.mode, l.from, l.to, l.distanceKm, l.wtwGrams, l.ttwGrams]),
    ).toEqual([
      ['pickup', 'ROAD', 'door', 'SGSIN', 80, 281_600, 230_400],
      ['main', 'SEA', 'SGSIN', 'INNSA', 4736, 1_686_016, 1_420_800],
    ])
    expect(figure.wtwGrams).toBe(1_967_616)
    expect(figure.ttwGrams).toBe(1_651_200)
    expect(co2eText(figure.wtwGrams)).toBe('1,968 kg CO2e')
    expect(figure.dataQuality).toBe('default factors')
    expect(figure.factorsVersion).toBe(factors.version)
  })

  it('FCL with declared gross weights and a reefer: the weights, by the reefer factor', () => {
    // 18,400 + 17,950 = 36,350 kg = 36.35 t; 15,559 km via a transshipment port, 2,000 + 13,559:
    // 36.35 × 2,000 × 13.9 = 1,010,530 g; 36.35 × 13,559 × 13.9 = 6,850,888.135 → 6,850,888 g.
    const figure = shipmentEmissions({
      request: {
        mode: 'FCL',
        containers: [
          { type: '40RF', count: 1 },
          { type: '40HC', count: 1 },
        ],
      },
      carriage: [sea('SGSIN', 'LKCMB', 2000), sea('LKCMB', 'NLRTM', 13_559)],
      services: none,
      factors,
      containerWeightsKg: [18_400, 17_950],
    })
    expect(figure.mass).toEqual({ kg: 36_350, basis: 'declared' })
    expect(figure.legs.map((l) => [l.factor, l.wtwGrams])).toEqual([
      ['sea-container-reefer', 1_010_530],
      ['sea-container-reefer', 6_850_888],
    ])
    expect(figure.wtwGrams).toBe(7_861_418)
  })

  it('LCL by the gross weight, not the revenue tonnes', () => {
    // 2.5 cbm, 800 kg: 0.8 t × 15,559 km = 12,447.2 tkm; × 8.9 = 110,780.08 → 110,780 g; with delivery zone A,
    // 0.8 × 30 × 88 = 2,112 g.
    const figure = shipmentEmissions({
      request: { mode: 'LCL', cargo: { kind: 'totals', volumeCbm: 2.5, weightKg: 800, pieces: 4 } },
      carriage: [sea('SGSIN', 'NLRTM', 15_559)],
      services: { pickup: null, delivery: 'A' },
      factors,
    })
    expect(figure.mass).toEqual({ kg: 800, basis: 'gross weight' })
    expect(figure.legs.map((l) => l.wtwGrams)).toEqual([110_780, 2_112])
    expect(co2eText(figure.wtwGrams)).toBe('113 kg CO2e')
  })

  it('air: the great circle plus 95 km, short haul under 1,500 km, long haul from it', () => {
    // 3 × 40 kg = 120 kg. Singapore to Kuala Lumpur, 296 km great circle: 391 km, short haul:
    // 0.12 × 391 × 830 = 38,943.6 → 38,944 g. To Bangkok, 1,431 km: 1,526 km, long haul:
    // 0.12 × 1,526 × 789 = 144,481.68 → 144,482 g (TTW: × 650 = 119,028 g).
    const cargo = {
      kind: 'packages' as const,
      packages: [{ count: 3, lengthCm: 40, widthCm: 30, heightCm: 30, weightKg: 40 }],
    }
    expect(airLegKm(296)).toBe(391)
    const short = shipmentEmissions({
      request: { mode: 'AIR', cargo },
      carriage: [air('SIN', 'KUL', airLegKm(296))],
      services: none,
      factors,
    })
    expect(short.legs[0]).toMatchObject({ factor: 'air-short-haul', wtwGrams: 38_944 })
    const long = shipmentEmissions({
      request: { mode: 'AIR', cargo },
      carriage: [air('SIN', 'BKK', airLegKm(1431))],
      services: none,
      factors,
    })
    expect(long.legs[0]).toMatchObject({ factor: 'air-long-haul', wtwGrams: 144_482, ttwGrams: 119_028 })
    expect(co2eText(long.wtwGrams)).toBe('144 kg CO2e')
  })

  it('a small figure keeps one decimal, so it never reads 0', () => {
    expect(co2eText(4_260)).toBe('4.3 kg CO2e')
    expect(co2eText(0)).toBe('0 kg CO2e')
    expect(co2eText(12_345_678)).toBe('12,346 kg CO2e')
  })

  it('FCL mass by TEU: a 45-foot box is 2.25 TEU', () => {
    expect(shipmentMass({ mode: 'FCL', containers: [{ type: '45HC', count: 2 }] })).toEqual({
      kg: 45_000,
      basis: 'default payload',
    })
  })
})

// ---- Properties -----------------------------------------------------------------------------------------

const zoneArb = fc.constantFrom(null, ...truckingZones)
const servicesArb: fc.Arbitrary<Pick<ServiceSelection, 'pickup' | 'delivery'>> = fc.record({
  pickup: zoneArb,
  delivery: zoneArb,
})
const carriageArb = (mode: 'SEA' | 'AIR') =>
  fc
    .array(fc.integer({ min: 1, max: 25_000 }), { minLength: 1, maxLength: 3 })
    .map((kms) => kms.map((km, i) => ({ mode, from: `P${i}`, to: `P${i + 1}`, distanceKm: km })))
const fclArb: fc.Arbitrary<Pick<QuoteRequest, 'mode' | 'containers'>> = fc
  .array(fc.record({ type: fc.constantFrom(...containerTypes), count: fc.integer({ min: 1, max: 5 }) }), {
    minLength: 1,
    maxLength: 3,
  })
  .map((containers) => ({ mode: 'FCL' as const, containers }))
const requestArb = fc.oneof(
  fclArb,
  cargoArb.map((cargo) => ({ mode: 'LCL' as const, cargo })),
)

describe('properties', () => {
  it('the total is the sum of the legs, WTW and TTW, and TTW never exceeds WTW', () => {
    fc.assert(
      fc.property(requestArb, carriageArb('SEA'), servicesArb, (request, carriage, services) => {
        const figure = shipmentEmissions({ request, carriage, services, factors })
        expect(figure.wtwGrams).toBe(figure.legs.reduce((sum, l) => sum + l.wtwGrams, 0))
        expect(figure.ttwGrams).toBe(figure.legs.reduce((sum, l) => sum + l.ttwGrams, 0))
        expect(figure.ttwGrams).toBeLessThanOrEqual(figure.wtwGrams)
        expect(figure.legs).toHaveLength(
          carriage.length + (services.pickup ? 1 : 0) + (services.delivery ? 1 : 0),
        )
      }),
    )
  })

  it('more distance or more mass never lowers a figure', () => {
    fc.assert(
      fc.property(
        cargoArb,
        carriageArb('SEA'),
        servicesArb,
        fc.nat({ max: 5000 }),
        fc.integer({ min: 0, max: 20_000 }),
        (cargo, carriage, services, moreKm, moreGrams) => {
          const request = { mode: 'LCL' as const, cargo }
          const base = shipmentEmissions({ request, carriage, services, factors }).wtwGrams
          const further = carriage.map((leg, i) =>
            i === 0 ? { ...leg, distanceKm: leg.distanceKm + moreKm } : leg,
          )
          expect(
            shipmentEmissions({ request, carriage: further, services, factors }).wtwGrams,
          ).toBeGreaterThanOrEqual(base)
          const heavier =
            cargo.kind === 'totals'
              ? { ...cargo, weightKg: cargo.weightKg + moreGrams / 1000 }
              : {
                  ...cargo,
                  packages: [
                    ...cargo.packages,
                    { count: 1, lengthCm: 1, widthCm: 1, heightCm: 1, weightKg: moreGrams / 1000 },
                  ],
                }
          expect(
            shipmentEmissions({ request: { mode: 'LCL', cargo: heavier }, carriage, services, factors })
              .wtwGrams,
          ).toBeGreaterThanOrEqual(base)
        },
      ),
    )
  })

  it('on the same lane and cargo, air never comes out below sea', () => {
    // A ship sails at least the great circle and, between real ports, at most about three times it.
    fc.assert(
      fc.property(
        cargoArb,
        fc.integer({ min: 1, max: 20_000 }),
        fc.double({ min: 1, max: 3, noNaN: true }),
        servicesArb,
        (cargo, greatCircle, detour, services) => {
          const bySea = shipmentEmissions({
            request: { mode: 'LCL', cargo },
            carriage: [sea('A', 'B', Math.round(greatCircle * detour))],
            services,
            factors,
          })
          const byAir = shipmentEmissions({
            request: { mode: 'AIR', cargo },
            carriage: [air('A', 'B', airLegKm(greatCircle))],
            services,
            factors,
          })
          expect(byAir.wtwGrams).toBeGreaterThanOrEqual(bySea.wtwGrams)
          expect(byAir.legs.find((l) => l.kind === 'main')?.factor).toBe(
            airLegKm(greatCircle) < AIR_SHORT_HAUL_KM ? 'air-short-haul' : 'air-long-haul',
          )
        },
      ),
    )
  })
})
