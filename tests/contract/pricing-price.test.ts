/** Hand-checked quotes: every figure below was worked out on paper from the fixtures' rates. */
import { describe, expect, it } from 'vitest'
import { breakCharge } from '../../contract/pricing/charges'
import { isExpired, laneOffers, quoteValidTo } from '../../contract/pricing/lanes'
import { moneyText, PricingError, roundDiv, toUsd } from '../../contract/pricing/money'
import { priceQuote } from '../../contract/pricing/price'
import type { QuotePrice, QuoteRequest } from '../../contract/pricing/types'
import { airSinToBom, context, fclSgToIn, fx, lclInToSg, lclSgToIn, noServices } from './pricing-fixtures'

const fclRequest: QuoteRequest = {
  mode: 'FCL',
  origin: 'SGSIN',
  destination: 'INNSA',
  readyDate: '2026-11-10',
  commodity: 'Machine parts',
  containers: [{ type: '40HC', count: 2 }],
}

const byCode = (price: QuotePrice) =>
  Object.fromEntries(
    price.lines.map((l) => [l.code, { amount: l.amount, usd: l.amountUsd, qty: l.quantityText }]),
  )

const sumUsd = (price: QuotePrice) => price.lines.reduce((s, l) => s + l.amountUsd, 0)

describe('rounding and currency', () => {
  it('rounds half away from zero', () => {
    expect(roundDiv(5n, 2n)).toBe(3)
    expect(roundDiv(-5n, 2n)).toBe(-3)
    expect(roundDiv(7n, 3n)).toBe(2)
    expect(roundDiv(-7n, 3n)).toBe(-2)
    expect(roundDiv(0n, 3n)).toBe(0)
  })

  it('converts at the stored millionths and names a missing rate', () => {
    expect(toUsd(70000, 'SGD', fx)).toBe(53846) // 700 / 1.30 = 538.4615...
    expect(toUsd(2_400_000, 'INR', fx)).toBe(28571) // 24,000 / 84 = 285.714...
    expect(toUsd(1234, 'USD', {})).toBe(1234)
    expect(() => toUsd(100, 'EUR', fx)).toThrow(PricingError)
    expect(() => toUsd(100, 'EUR', fx)).toThrow('No exchange rate for EUR.')
  })

  it('writes money for people', () => {
    expect(moneyText(123456789, 'USD')).toBe('USD 1,234,567.89')
    expect(moneyText(-1458, 'USD')).toBe('-USD 14.58')
    expect(moneyText(5, 'SGD')).toBe('SGD 0.05')
  })
})

describe('FCL 2 × 40HC Singapore → Nhava Sheva', () => {
  it('prices each line per container or per B/L, in its own currency and in USD', () => {
    const price = priceQuote(context(fclSgToIn, fclRequest))
    expect(price.lines.map((l) => l.code)).toEqual(['OTHC', 'DOC', 'SEAL', 'BAS', 'BAF', 'DTHC'])
    expect(byCode(price)).toEqual({
      OTHC: { amount: 70000, usd: 53846, qty: '2 × 40HC' }, // SGD 350 × 2 = SGD 700 → USD 538.46
      DOC: { amount: 6500, usd: 5000, qty: '1 shipment' }, // SGD 65 → USD 50
      SEAL: { amount: 2000, usd: 2000, qty: '2 containers' },
      BAS: { amount: 180600, usd: 180600, qty: '2 × 40HC' },
      BAF: { amount: 50000, usd: 50000, qty: '2 × 40HC' },
      DTHC: { amount: 2_400_000, usd: 28571, qty: '2 × 40HC' }, // INR 24,000 → USD 285.71
    })
    expect(price.totalUsd).toBe(320017)
    expect(price.totalUsd).toBe(sumUsd(price))
    expect(price.totalSgd).toBe(416022) // 3,200.17 × 1.30 = 4,160.221
    expect(price.fx).toEqual(fx)
    expect(price.validTo).toBe('2026-11-15')
    expect(price.chargeableWeightKg).toBeUndefined()
    expect(price.revenueTonnesMilli).toBeUndefined()
    expect(price.estimates).toEqual([])
    expect(price.included).toEqual([
      'Origin charges: Origin terminal handling, Documentation, Seal',
      'Freight: Basic ocean freight, Bunker adjustment',
      'Destination charges: Destination terminal handling',
    ])
    expect(price.excluded).toEqual([
      'Duties and taxes',
      'Export customs clearance',
      'Import customs clearance',
      'Cargo insurance',
      'Door pickup',
      'Door delivery',
    ])
  })

  it('adds the DG surcharge per container for hazardous cargo only', () => {
    const hazardous = {
      ...fclRequest,
      hazardous: { unNumber: '1263', dgClass: '3', packingGroup: 'II' as const },
    }
    expect(laneOffers(fclSgToIn, hazardous)).toEqual({ ok: true })
    const price = priceQuote(context(fclSgToIn, hazardous))
    expect(byCode(price).DGS).toEqual({ amount: 100000, usd: 100000, qty: '2 containers' })
    expect(price.totalUsd).toBe(420017)
  })

  it('applies a DG surcharge limited to packing groups only to those groups', () => {
    const lane = {
      ...fclSgToIn,
      charges: fclSgToIn.charges.map((c) => (c.code === 'DGS' ? { ...c, packingGroups: ['I' as const] } : c)),
    }
    const request = {
      ...fclRequest,
      hazardous: { unNumber: '1263', dgClass: '3', packingGroup: 'II' as const },
    }
    expect(byCode(priceQuote(context(lane, request))).DGS).toBeUndefined()
    const groupOne = { ...request, hazardous: { ...request.hazardous, packingGroup: 'I' as const } }
    expect(byCode(priceQuote(context(lane, groupOne))).DGS?.amount).toBe(100000)
  })

  it('does not offer a class the carrier refuses, nor its divisions', () => {
    const explosives = {
      ...fclRequest,
      hazardous: { unNumber: '0336', dgClass: '1.4', packingGroup: 'II' as const },
    }
    expect(laneOffers(fclSgToIn, explosives)).toEqual({
      ok: false,
      reason: 'Oceanic Lines does not carry hazard class 1.4.',
    })
    const infectious = { ...explosives, hazardous: { ...explosives.hazardous, dgClass: '6.2' } }
    expect(laneOffers(fclSgToIn, infectious).ok).toBe(false)
    const toxic = { ...explosives, hazardous: { ...explosives.hazardous, dgClass: '6.1' } }
    expect(laneOffers(fclSgToIn, toxic).ok).toBe(true)
  })

  it('does not offer a container type without a rate, another mode, lane, or a date out of validity', () => {
    expect(laneOffers(fclSgToIn, { ...fclRequest, containers: [{ type: '40RF', count: 1 }] })).toEqual({
      ok: false,
      reason: 'Oceanic Lines has no 40RF rate on this lane.',
    })
    expect(laneOffers(fclSgToIn, { ...fclRequest, containers: [] })).toEqual({
      ok: false,
      reason: 'Add at least one container.',
    })
    expect(laneOffers(fclSgToIn, { ...fclRequest, mode: 'LCL' }).ok).toBe(false)
    expect(laneOffers(fclSgToIn, { ...fclRequest, destination: 'CNSHA' }).ok).toBe(false)
    expect(laneOffers(fclSgToIn, { ...fclRequest, readyDate: '2026-11-15' }).ok).toBe(true)
    expect(laneOffers(fclSgToIn, { ...fclRequest, readyDate: '2026-11-16' })).toEqual({
      ok: false,
      reason: "Oceanic Lines's rates are for cargo ready from 2026-11-01 to 2026-11-15.",
    })
    expect(laneOffers(fclSgToIn, { ...fclRequest, readyDate: '2026-10-31' }).ok).toBe(false)
  })

  it('prices customs at each end, insurance on cargo value plus freight, and trucking per container', () => {
    const request = { ...fclRequest, cargoValue: 5_000_000 }
    const services = {
      exportCustoms: true,
      importCustoms: true,
      insurance: true,
      pickup: 'A',
      delivery: 'B',
    } as const
    const price = priceQuote(context(fclSgToIn, request, { services }))
    const lines = byCode(price)
    expect(lines.ECC).toEqual({ amount: 4500, usd: 3462, qty: '1 declaration' }) // SGD 45 → 34.615
    expect(lines.ICC).toEqual({ amount: 9500, usd: 9500, qty: '1 declaration' }) // USD 95, India's default
    // Insured: 110% × (50,000.00 + origin and freight lines 2,914.46) at 0.35% = 203.7206...
    expect(lines.INS).toEqual({ amount: 20372, usd: 20372, qty: '0.35% of 110% × USD 52,914.46' })
    expect(lines.PUP).toEqual({ amount: 56000, usd: 43077, qty: 'Zone A: 2 containers' }) // SGD 280 × 2
    expect(lines.DLV).toEqual({ amount: 66000, usd: 66000, qty: 'Zone B: 2 containers' }) // USD 330 × 2
    expect(price.totalUsd).toBe(320017 + 3462 + 9500 + 20372 + 43077 + 66000)
    expect(price.totalUsd).toBe(sumUsd(price))
    expect(price.excluded).toEqual(['Duties and taxes'])
    expect(price.included).toContain('Cargo insurance (110% of cargo value plus freight)')
    expect(price.included).toContain('Door pickup (zone A)')
    expect(price.skipped).toEqual([])
  })

  it('charges the minimum premium on a low value, and skips insurance without a cargo value', () => {
    const insured = { ...noServices, insurance: true }
    const low = priceQuote(context(fclSgToIn, { ...fclRequest, cargoValue: 100_000 }, { services: insured }))
    // 110% × (1,000.00 + 2,914.46) × 0.35% = 15.07 < SGD 50 = USD 38.46
    expect(byCode(low).INS).toEqual({ amount: 3846, usd: 3846, qty: 'minimum premium' })

    const none = priceQuote(context(fclSgToIn, fclRequest, { services: insured }))
    expect(byCode(none).INS).toBeUndefined()
    expect(none.totalUsd).toBe(320017)
    expect(none.skipped).toEqual([
      { code: 'INS', name: 'Cargo insurance', reason: 'Enter the cargo value to add insurance.' },
    ])
    expect(none.excluded).toContain('Cargo insurance')
  })
})

describe('LCL with packages', () => {
  const request: QuoteRequest = {
    mode: 'LCL',
    origin: 'SGSIN',
    destination: 'INNSA',
    readyDate: '2026-11-20',
    commodity: 'Textiles',
    cargo: {
      kind: 'packages',
      packages: [{ count: 3, lengthCm: 120, widthCm: 100, heightCm: 90, weightKg: 250 }],
    },
  }

  it('charges 3.24 RT (3.24 CBM beats 0.75 t)', () => {
    const price = priceQuote(context(lclSgToIn, request))
    expect(price.revenueTonnesMilli).toBe(3240)
    expect(byCode(price)).toEqual({
      CFS: { amount: 6480, usd: 4985, qty: '3.24 RT' }, // SGD 64.80 → 49.846
      DOC: { amount: 5000, usd: 3846, qty: '1 shipment' },
      OCF: { amount: 14580, usd: 14580, qty: '3.24 RT' },
      DCFS: { amount: 5832, usd: 5832, qty: '3.24 RT' },
    })
    expect(price.totalUsd).toBe(29243)
  })

  it("takes 10% off the freight lines as its own line for a company's first LCL shipment", () => {
    const price = priceQuote(context(lclSgToIn, request, { firstLclEligible: true }))
    const discount = price.lines.filter((l) => l.kind === 'discount')
    expect(discount).toEqual([
      {
        kind: 'discount',
        code: 'FIRSTLCL',
        name: 'First LCL shipment: 10% off freight',
        side: 'freight',
        quantityText: '10% of USD 145.80',
        unitAmount: 1000,
        currency: 'USD',
        amount: -1458,
        amountUsd: -1458,
      },
    ])
    expect(price.lines.map((l) => l.code)).toEqual(['CFS', 'DOC', 'OCF', 'FIRSTLCL', 'DCFS'])
    expect(price.totalUsd).toBe(29243 - 1458)
    expect(price.included).toContain('First LCL shipment discount: 10% off freight')
  })

  it('charges at least 1 RT and the line minimums for a small shipment', () => {
    const small: QuoteRequest = {
      ...request,
      cargo: {
        kind: 'packages',
        packages: [{ count: 2, lengthCm: 55, widthCm: 45, heightCm: 35, weightKg: 20 }],
      },
    }
    const price = priceQuote(context(lclSgToIn, small))
    expect(price.revenueTonnesMilli).toBe(1000) // 0.17325 CBM, 0.04 t
    expect(byCode(price).OCF).toEqual({ amount: 4500, usd: 4500, qty: '1 RT' })
  })

  it('prices trucking per shipment plus per 100 kg of revenue tonnes', () => {
    const price = priceQuote(context(lclSgToIn, request, { services: { ...noServices, pickup: 'B' } }))
    // 3.24 RT = 3,240 kg → 33 × 100 kg: SGD 85 + 33 × SGD 8 = SGD 349
    expect(byCode(price).PUP).toEqual({ amount: 34900, usd: 26846, qty: 'Zone B: SGD 85.00 + 33 × 100 kg' })
  })
})

describe('LCL import into Singapore: the GST estimate', () => {
  const request: QuoteRequest = {
    mode: 'LCL',
    origin: 'INNSA',
    destination: 'SGSIN',
    readyDate: '2026-11-05',
    commodity: 'Spices',
    cargo: { kind: 'totals', volumeCbm: 2, weightKg: 500, pieces: 10 },
    cargoValue: 2_000_000,
  }

  it("shows 9% of CIF, with Customs' flat 1% insurance when not insured, payable to Singapore Customs", () => {
    const price = priceQuote(context(lclInToSg, request))
    expect(price.totalUsd).toBe(3000 + 8000 + 3846)
    // CIF: 20,000 + 110 (CFS 30 + OCF 80) + 1% of 20,110 = 20,311.10; 9% = 1,827.999
    expect(price.estimates).toEqual([
      {
        code: 'GST',
        name: 'Singapore GST 9% on the CIF value (estimate)',
        amountUsd: 182800,
        payableTo: 'Singapore Customs',
      },
    ])
    expect(price.totalUsd).toBe(sumUsd(price))
  })

  it('uses the premium when insured with us', () => {
    const price = priceQuote(context(lclInToSg, request, { services: { ...noServices, insurance: true } }))
    // 110% × 20,110.00 × 0.40% = 88.484 → 88.48; CIF 20,198.48; 9% = 1,817.8632
    expect(byCode(price).INS?.usd).toBe(8848)
    expect(price.estimates[0]?.amountUsd).toBe(181786)
  })

  it('shows no estimate without the cargo value, nor for exports', () => {
    const { cargoValue: _, ...withoutValue } = request
    expect(priceQuote(context(lclInToSg, withoutValue)).estimates).toEqual([])
    const exportRequest = { ...request, origin: 'SGSIN', destination: 'INNSA' }
    expect(priceQuote(context(lclSgToIn, exportRequest)).estimates).toEqual([])
  })

  it('lists destination charges as excluded only when none are quoted', () => {
    const lane = { ...lclInToSg, charges: lclInToSg.charges.filter((c) => c.side !== 'destination') }
    expect(priceQuote(context(lane, request)).excluded).toContain('Destination charges')
    const cleared = priceQuote(context(lane, request, { services: { ...noServices, importCustoms: true } }))
    expect(cleared.excluded).not.toContain('Destination charges')
    expect(priceQuote(context(lclInToSg, request)).excluded).not.toContain('Destination charges')
  })
})

describe('air, volumetric weight across a break', () => {
  const request: QuoteRequest = {
    mode: 'AIR',
    origin: 'SIN',
    destination: 'BOM',
    readyDate: '2026-11-03',
    commodity: 'Cushions',
    cargo: {
      kind: 'packages',
      packages: [{ count: 10, lengthCm: 60, widthCm: 50, heightCm: 40, weightKg: 8 }],
    },
  }

  it('charges 200 kg volumetric (not 80 kg gross) at the +100 break', () => {
    const price = priceQuote(context(airSinToBom, request))
    expect(price.chargeableWeightKg).toBe(200)
    expect(byCode(price)).toEqual({
      AWB: { amount: 3000, usd: 2308, qty: '1 shipment' }, // SGD 30 → 23.077
      AFR: { amount: 84000, usd: 84000, qty: '200 kg @ +100' }, // 4.20 × 200
      FSC: { amount: 22000, usd: 22000, qty: '200 kg' },
      SSC: { amount: 3000, usd: 3000, qty: '200 kg' },
    })
    expect(price.totalUsd).toBe(111308)
    // By gross weight alone it would have been 80 kg at +45: 4.80 × 80 = 384.00.
    expect(breakCharge(airSinToBom.charges[1]!.breaks!, 7500, 160).amount).toBe(38400)
  })

  it("charges the next break's weight when that is cheaper (280 kg as 300 kg @ +300)", () => {
    const heavier: QuoteRequest = {
      ...request,
      cargo: {
        kind: 'packages',
        packages: [{ count: 14, lengthCm: 60, widthCm: 50, heightCm: 40, weightKg: 8 }],
      },
    }
    const price = priceQuote(context(airSinToBom, heavier))
    expect(price.chargeableWeightKg).toBe(280)
    // +100: 4.20 × 280 = 1,176.00; +300: 3.80 × 300 = 1,140.00
    expect(byCode(price).AFR).toEqual({ amount: 114000, usd: 114000, qty: '280 kg charged as 300 kg @ +300' })
  })

  it('charges the M minimum for a small parcel, rounds up to the next half kg, and the line minimum', () => {
    const parcel: QuoteRequest = {
      ...request,
      cargo: {
        kind: 'packages',
        packages: [{ count: 1, lengthCm: 30, widthCm: 20, heightCm: 10, weightKg: 3.2 }],
      },
    }
    const price = priceQuote(context(airSinToBom, parcel))
    expect(price.chargeableWeightKg).toBe(3.5) // 3.2 kg gross vs 1 kg volumetric
    expect(byCode(price).AFR).toEqual({ amount: 7500, usd: 7500, qty: '3.5 kg: minimum charge' })
    expect(byCode(price).FSC).toEqual({ amount: 385, usd: 385, qty: '3.5 kg' }) // 1.10 × 3.5
    expect(byCode(price).SSC).toEqual({ amount: 500, usd: 500, qty: '3.5 kg' }) // 0.525 < minimum 5.00
  })

  it('adds the DG fee for hazardous cargo and refuses class 7', () => {
    const dg = { ...request, hazardous: { unNumber: '3480', dgClass: '9', packingGroup: 'II' as const } }
    expect(byCode(priceQuote(context(airSinToBom, dg))).DGS?.amount).toBe(12000)
    expect(byCode(priceQuote(context(airSinToBom, request))).DGS).toBeUndefined()
    const radioactive = { ...dg, hazardous: { ...dg.hazardous, dgClass: '7' } }
    expect(laneOffers(airSinToBom, radioactive)).toEqual({
      ok: false,
      reason: 'Lion Air Cargo does not carry hazard class 7.',
    })
  })

  it('prices trucking per shipment plus per 100 kg chargeable, or part of it', () => {
    const price = priceQuote(context(airSinToBom, request, { services: { ...noServices, delivery: 'A' } }))
    // India's default: USD 65 + 2 × USD 7
    expect(byCode(price).DLV).toEqual({ amount: 7900, usd: 7900, qty: 'Zone A: USD 65.00 + 2 × 100 kg' })
  })

  it('asks for cargo on a loose-cargo lane', () => {
    const { cargo: _, ...noCargo } = request
    expect(laneOffers(airSinToBom, noCargo)).toEqual({
      ok: false,
      reason: 'Add the packages or the cargo totals.',
    })
  })
})

describe('validity', () => {
  it('is the earliest valid-to of the lines used', () => {
    expect(quoteValidTo([{ validTo: '2026-11-15' }, { validTo: '2026-11-08' }, { validTo: undefined }])).toBe(
      '2026-11-08',
    )
    expect(quoteValidTo([{}, { validTo: null }])).toBeUndefined()
  })

  it("takes a services tariff's expiry when a service from it is used", () => {
    const services = { ...noServices, exportCustoms: true }
    const origin = { ...context(fclSgToIn, fclRequest).originServices, validTo: '2026-11-12' }
    expect(priceQuote(context(fclSgToIn, fclRequest, { services, originServices: origin })).validTo).toBe(
      '2026-11-12',
    )
    expect(priceQuote(context(fclSgToIn, fclRequest, { originServices: origin })).validTo).toBe('2026-11-15')
  })

  it('expires the day after its valid-to', () => {
    expect(isExpired('2026-11-15', '2026-11-15')).toBe(false)
    expect(isExpired('2026-11-15', '2026-11-16')).toBe(true)
    expect(isExpired('2026-11-15', '2026-11-01')).toBe(false)
  })
})
