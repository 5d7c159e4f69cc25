/** Properties of pricing over random sheets, requests, services and exchange rates (fast-check). */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { breakCharge } from '../../contract/pricing/charges'
import { moneyText, roundDiv, toUsd } from '../../contract/pricing/money'
import { priceQuote } from '../../contract/pricing/price'
import type {
  ChargeLine,
  ContainerType,
  FxRates,
  KgBreaks,
  Mode,
  PricingContext,
  QuoteRequest,
  RateLane,
  ServiceSelection,
  WeightBreak,
} from '../../contract/pricing/types'
import {
  chargeSides,
  containerTypes,
  packingGroups,
  truckingZones,
  weightBreakFromKg,
  weightBreaks,
} from '../../contract/pricing/types'
import { cargoArb, defaultTariff, packageArb, packagesArb, sgTariff } from './pricing-fixtures'

const breaksArb: fc.Arbitrary<KgBreaks> = fc
  .tuple(
    fc.integer({ min: 1, max: 2000 }),
    fc.array(fc.option(fc.integer({ min: 1, max: 2000 }), { nil: undefined }), {
      minLength: 5,
      maxLength: 5,
    }),
  )
  .map(([n, rest]) => {
    const breaks: KgBreaks = { '-45': n }
    weightBreaks.slice(1).forEach((name, i) => {
      const rate = rest[i]
      if (rate !== undefined) breaks[name] = rate
    })
    return breaks
  })

/** Breaks as airlines publish them: each rate no higher than the one below. */
const fallingBreaksArb: fc.Arbitrary<KgBreaks> = fc
  .array(fc.integer({ min: 0, max: 300 }), { minLength: 6, maxLength: 6 })
  .map((drops) => {
    let rate = 2000
    const breaks = {} as KgBreaks
    weightBreaks.forEach((name, i) => {
      rate -= drops[i]!
      breaks[name] = rate
    })
    return breaks
  })

const halfKgArb = fc.integer({ min: 1, max: 5000 })

/** The rate of the break a weight reaches (a missing break is as the one below). */
function reachedRate(breaks: KgBreaks, halfKg: number): number {
  let rate = breaks['-45']
  for (const name of weightBreaks) {
    const r = breaks[name as WeightBreak]
    if (r !== undefined && weightBreakFromKg[name] * 2 <= halfKg) rate = r
  }
  return rate
}

describe('weight break selection', () => {
  it('never costs more than the rate of the break reached (or the minimum), nor less than the minimum', () => {
    fc.assert(
      fc.property(breaksArb, fc.nat({ max: 50_000 }), halfKgArb, (breaks, minimum, halfKg) => {
        const b = breakCharge(breaks, minimum, halfKg)
        const plain = roundDiv(BigInt(reachedRate(breaks, halfKg)) * BigInt(halfKg), 2n)
        expect(Number.isInteger(b.amount)).toBe(true)
        expect(b.amount).toBeLessThanOrEqual(Math.max(minimum, plain))
        expect(b.amount).toBeGreaterThanOrEqual(minimum)
      }),
    )
  })

  it('is non-decreasing in weight, whatever the rates', () => {
    fc.assert(
      fc.property(breaksArb, fc.nat({ max: 50_000 }), halfKgArb, halfKgArb, (breaks, minimum, a, b) => {
        const [light, heavy] = a <= b ? [a, b] : [b, a]
        expect(breakCharge(breaks, minimum, heavy).amount).toBeGreaterThanOrEqual(
          breakCharge(breaks, minimum, light).amount,
        )
      }),
    )
  })

  it("charges a higher break only at that break's weight and when cheaper than the break reached", () => {
    fc.assert(
      fc.property(fallingBreaksArb, halfKgArb, (breaks, halfKg) => {
        const b = breakCharge(breaks, 0, halfKg)
        if (b.chargedHalfKg !== halfKg) {
          expect(b.breakUsed).not.toBe('M')
          expect(b.chargedHalfKg).toBe(weightBreakFromKg[b.breakUsed as WeightBreak] * 2)
          expect(b.chargedHalfKg).toBeGreaterThan(halfKg)
          expect(b.amount * 2).toBe(breaks[b.breakUsed as WeightBreak]! * b.chargedHalfKg)
          expect(b.amount * 2).toBeLessThan(reachedRate(breaks, halfKg) * halfKg + 1)
        } else if (b.breakUsed !== 'M') {
          expect(breaks[b.breakUsed]).toBe(reachedRate(breaks, halfKg))
        }
      }),
    )
  })
})

// ---------------------------------------------------------------------------------------------------------
// Random quotes

const currencyArb = fc.constantFrom('USD', 'SGD', 'INR')
const fxArb: fc.Arbitrary<FxRates> = fc.record({
  USD: fc.constant(1_000_000),
  SGD: fc.integer({ min: 500_000, max: 3_000_000 }),
  INR: fc.integer({ min: 10_000_000, max: 100_000_000 }),
})

const basesFor = (mode: Mode) =>
  mode === 'FCL'
    ? fc.constantFrom('container' as const, 'shipment' as const, 'percent' as const)
    : fc.constantFrom('wm' as const, 'kg' as const, 'shipment' as const, 'percent' as const)

const chargeArb = (mode: Mode) =>
  fc.record({
    side: fc.constantFrom(...chargeSides),
    basis: basesFor(mode),
    currency: currencyArb,
    amount: fc.integer({ min: 0, max: 300_000 }),
    bps: fc.integer({ min: 0, max: 1000 }),
    minimum: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 100_000 })),
    containerType: fc.option(fc.constantFrom(...containerTypes), { nil: undefined }),
    breaks: fc.option(breaksArb, { nil: undefined }),
    hazardousOnly: fc.boolean(),
  })

/** A sheet's schedule and free time, as the rate file allows them. */
const scheduleArb = fc.record({
  departureDays: fc.subarray([1, 2, 3, 4, 5, 6, 7]),
  cargoCutoffDays: fc.integer({ min: 0, max: 14 }),
  docCutoffDays: fc.integer({ min: 0, max: 14 }),
  freeDays: fc.option(fc.integer({ min: 0, max: 90 }), { nil: null }),
})

function laneArb(mode: Mode): fc.Arbitrary<RateLane> {
  return fc
    .tuple(fc.array(chargeArb(mode), { minLength: 1, maxLength: 10 }), scheduleArb)
    .map(([charges, schedule]) => ({
      id: 1,
      mode,
      origin: 'AAAAA',
      destination: 'BBBBB',
      carrier: 'Carrier',
      service: 'Service',
      transitDays: 10,
      ...schedule,
      validFrom: '2026-01-01',
      validTo: '2026-12-31',
      currency: 'USD',
      refusedDgClasses: [],
      charges: charges.map(
        (c, i): ChargeLine => ({
          code: `C${i}`,
          name: `Charge ${i}`,
          side: c.side,
          basis: c.basis,
          currency: c.currency,
          amount: c.basis === 'percent' ? c.bps : c.amount,
          minimum: c.minimum,
          containerType: c.basis === 'container' ? c.containerType : undefined,
          breaks: c.basis === 'kg' ? c.breaks : undefined,
          hazardousOnly: c.hazardousOnly,
        }),
      ),
    }))
}

const containersArb = fc
  .subarray([...containerTypes], { minLength: 1 })
  .chain((types) =>
    fc.tuple(...types.map((type) => fc.integer({ min: 1, max: 50 }).map((count) => ({ type, count })))),
  )

const hazardousArb = fc.option(
  fc.record({
    unNumber: fc.constant('1263'),
    dgClass: fc.constantFrom('3', '8', '9'),
    packingGroup: fc.constantFrom(...packingGroups),
  }),
  { nil: undefined },
)

function requestArb(mode: Mode): fc.Arbitrary<QuoteRequest> {
  return fc.record({
    mode: fc.constant(mode),
    origin: fc.constant('AAAAA'),
    destination: fc.constant('BBBBB'),
    readyDate: fc.constant('2026-06-01'),
    commodity: fc.constant('General cargo'),
    containers: mode === 'FCL' ? containersArb : fc.constant(undefined),
    cargo: mode === 'FCL' ? fc.constant(undefined) : cargoArb,
    hazardous: hazardousArb,
    cargoValue: fc.option(fc.integer({ min: 0, max: 1_000_000_000 }), { nil: undefined }),
  })
}

const servicesArb: fc.Arbitrary<ServiceSelection> = fc.record({
  exportCustoms: fc.boolean(),
  importCustoms: fc.boolean(),
  insurance: fc.boolean(),
  pickup: fc.option(fc.constantFrom(...truckingZones), { nil: null }),
  delivery: fc.option(fc.constantFrom(...truckingZones), { nil: null }),
})

const contextArb: fc.Arbitrary<PricingContext> = fc.constantFrom<Mode>('FCL', 'LCL', 'AIR').chain((mode) =>
  fc.record({
    lane: laneArb(mode),
    request: requestArb(mode),
    services: servicesArb,
    originServices: fc.constantFrom(sgTariff, defaultTariff),
    destinationServices: fc.constantFrom(sgTariff, defaultTariff),
    fx: fxArb,
    firstLclEligible: fc.boolean(),
    originCountry: fc.constantFrom('SG', 'IN'),
    destinationCountry: fc.constantFrom('SG', 'IN'),
  }),
)

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0)

describe('a priced quote', () => {
  it('totals exactly the sum of its lines, in integers, with SGD from the USD total at the stored rate', () => {
    fc.assert(
      fc.property(contextArb, (ctx) => {
        const price = priceQuote(ctx)
        for (const line of price.lines) {
          expect(Number.isSafeInteger(line.amount)).toBe(true)
          expect(Number.isSafeInteger(line.amountUsd)).toBe(true)
          expect(Number.isSafeInteger(line.unitAmount)).toBe(true)
          expect(line.amountUsd).toBe(toUsd(line.amount, line.currency, ctx.fx))
        }
        expect(price.totalUsd).toBe(sum(price.lines.map((l) => l.amountUsd)))
        expect(price.totalSgd).toBe(roundDiv(BigInt(price.totalUsd) * BigInt(ctx.fx.SGD!), 1_000_000n))
        for (const estimate of price.estimates) expect(Number.isSafeInteger(estimate.amountUsd)).toBe(true)
        expect(price.fx).toBe(ctx.fx)
        expect(price.validTo).toBe('2026-12-31')
      }),
      { numRuns: 300 },
    )
  })

  it('never prices a line below its minimum, and DG lines only for hazardous cargo', () => {
    fc.assert(
      fc.property(contextArb, (ctx) => {
        const price = priceQuote(ctx)
        for (const line of price.lines.filter((l) => l.kind === 'charge')) {
          const charge = ctx.lane.charges.find((c) => c.code === line.code)!
          const minimum =
            charge.basis === 'percent' ? toUsd(charge.minimum, charge.currency, ctx.fx) : charge.minimum
          expect(line.amount).toBeGreaterThanOrEqual(minimum)
          if (charge.hazardousOnly) expect(ctx.request.hazardous).toBeDefined()
        }
        const insurance = price.lines.find((l) => l.code === 'INS')
        if (insurance) {
          const tariff = ctx.originServices
          expect(insurance.amount).toBeGreaterThanOrEqual(
            toUsd(tariff.insuranceMinimum, tariff.currency, ctx.fx),
          )
          expect(ctx.request.cargoValue).toBeGreaterThan(0)
        } else if (ctx.services.insurance) {
          expect(price.skipped?.map((s) => s.code)).toContain('INS')
        }
      }),
      { numRuns: 300 },
    )
  })

  it('takes the first-LCL discount once, only on LCL for an eligible company, as -10% of the freight lines', () => {
    fc.assert(
      fc.property(contextArb, (ctx) => {
        const price = priceQuote(ctx)
        const discounts = price.lines.filter((l) => l.kind === 'discount')
        const freightUsd = sum(
          price.lines.filter((l) => l.kind === 'charge' && l.side === 'freight').map((l) => l.amountUsd),
        )
        // Shown whenever it is worth at least a cent (10% of USD 0.05 or more).
        const expected = ctx.request.mode === 'LCL' && ctx.firstLclEligible && freightUsd >= 5
        expect(discounts.length).toBe(expected ? 1 : 0)
        const [discount] = discounts
        if (discount) {
          expect(discount.currency).toBe('USD')
          expect(discount.amount).toBe(discount.amountUsd)
          expect(discount.amountUsd).toBe(roundDiv(-BigInt(freightUsd), 10n))
          expect(Object.is(discount.amountUsd, -0)).toBe(false)
          // Rounded once, half away from zero: within half a cent of the exact 10%.
          expect(Math.abs(discount.amountUsd * 10 + freightUsd)).toBeLessThanOrEqual(5)
          expect(discount.amountUsd).toBeLessThan(0)
        }
      }),
      { numRuns: 300 },
    )
  })

  it('never charges less for more loose cargo', () => {
    const growArb = fc.constantFrom<Mode>('LCL', 'AIR').chain((mode) =>
      fc.record({
        lane: laneArb(mode),
        packages: packagesArb,
        extra: packageArb,
        fx: fxArb,
        firstLclEligible: fc.boolean(),
        mode: fc.constant(mode),
      }),
    )
    fc.assert(
      fc.property(growArb, ({ lane, packages, extra, fx, firstLclEligible, mode }) => {
        const base = {
          lane,
          services: {
            exportCustoms: false,
            importCustoms: false,
            insurance: false,
            pickup: 'A',
            delivery: 'B',
          },
          originServices: sgTariff,
          destinationServices: defaultTariff,
          fx,
          firstLclEligible,
          originCountry: 'SG',
          destinationCountry: 'IN',
        } as const
        const request = (p: typeof packages): QuoteRequest => ({
          mode,
          origin: 'AAAAA',
          destination: 'BBBBB',
          readyDate: '2026-06-01',
          commodity: 'General cargo',
          cargo: { kind: 'packages', packages: p },
        })
        const before = priceQuote({ ...base, request: request(packages) })
        const after = priceQuote({ ...base, request: request([...packages, extra]) })
        expect(after.totalUsd).toBeGreaterThanOrEqual(before.totalUsd)
      }),
      { numRuns: 200 },
    )
  })

  it('charges FCL per container: one more container never costs less', () => {
    fc.assert(
      fc.property(
        laneArb('FCL'),
        containersArb,
        fxArb,
        fc.nat({ max: 100 }),
        (lane, containers, fx, pick) => {
          const types = containers as { type: ContainerType; count: number }[]
          const i = pick % types.length
          const more = types.map((c, j) => (j === i ? { ...c, count: c.count + 1 } : c))
          const ctx = (cs: typeof types): PricingContext => ({
            lane,
            request: {
              mode: 'FCL',
              origin: 'AAAAA',
              destination: 'BBBBB',
              readyDate: '2026-06-01',
              commodity: 'General cargo',
              containers: cs,
            },
            services: {
              exportCustoms: false,
              importCustoms: false,
              insurance: false,
              pickup: 'C',
              delivery: null,
            },
            originServices: sgTariff,
            destinationServices: defaultTariff,
            fx,
            firstLclEligible: true,
            originCountry: 'SG',
            destinationCountry: 'IN',
          })
          expect(priceQuote(ctx(more)).totalUsd).toBeGreaterThanOrEqual(priceQuote(ctx(types)).totalUsd)
        },
      ),
      { numRuns: 200 },
    )
  })
})

describe('money as written', () => {
  it('is every amount to the cent, grouped by thousands, the minus sign before the currency', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1e13, max: 1e13 }),
        fc.constantFrom('USD', 'SGD', 'INR', 'AED'),
        (minor, currency) => {
          const abs = Math.abs(minor)
          const whole = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',')
          const cents = String(abs % 100).padStart(2, '0')
          expect(moneyText(minor, currency)).toBe(`${minor < 0 ? '-' : ''}${currency} ${whole}.${cents}`)
        },
      ),
    )
  })
})
