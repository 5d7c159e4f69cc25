import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  cargoTotals,
  ceilDiv,
  chargeableHalfKg,
  chargeableWeightKg,
  containersByType,
  containerTotal,
  halfKgText,
  milliText,
  revenueTonnesMilli,
  revenueTonnesMilliOf,
} from '../../contract/pricing/quantities'
import type { LooseCargo } from '../../contract/pricing/types'
import { cargoArb, packageArb, packagesArb } from './pricing-fixtures'

describe('totals from packages', () => {
  it('multiplies each package by its count, rounding dimensions to whole cm and weights to grams', () => {
    expect(
      cargoTotals({
        kind: 'packages',
        packages: [
          { count: 10, lengthCm: 60, widthCm: 50, heightCm: 40, weightKg: 8 },
          { count: 2, lengthCm: 30.5, widthCm: 20.4, heightCm: 10, weightKg: 1.2345 },
        ],
      }),
    ).toEqual({ pieces: 12, grossGrams: 80_000 + 2 * 1235, volumeCm3: 1_200_000 + 2 * 31 * 20 * 10 })
    expect(cargoTotals({ kind: 'totals', volumeCbm: 3.25, weightKg: 812.5, pieces: 4 })).toEqual({
      pieces: 4,
      grossGrams: 812_500,
      volumeCm3: 3_250_000,
    })
  })

  it('counts containers by type', () => {
    const containers = [
      { type: '40HC' as const, count: 2 },
      { type: '20GP' as const, count: 1 },
      { type: '40HC' as const, count: 3 },
    ]
    expect(containersByType(containers)).toEqual([
      { type: '40HC', count: 5 },
      { type: '20GP', count: 1 },
    ])
    expect(containerTotal(containers)).toBe(6)
    expect(containerTotal(undefined)).toBe(0)
  })

  it('writes quantities for people', () => {
    expect(milliText(3250)).toBe('3.25')
    expect(milliText(1000)).toBe('1')
    expect(milliText(1005)).toBe('1.005')
    expect(halfKgText(401)).toBe('200.5')
    expect(halfKgText(400)).toBe('200')
  })

  it('divides up exactly', () => {
    fc.assert(
      fc.property(fc.nat({ max: 2 ** 40 }), fc.integer({ min: 1, max: 1_000_000 }), (a, b) => {
        const q = ceilDiv(a, b)
        expect(q * b).toBeGreaterThanOrEqual(a)
        expect((q - 1) * b).toBeLessThan(a === 0 ? 1 : a)
      }),
    )
  })
})

describe('air chargeable weight', () => {
  it('is the volumetric 200 kg for 10 pieces of 60 × 50 × 40 cm at 8 kg, and rounds up to 0.5 kg', () => {
    const cushions: LooseCargo = {
      kind: 'packages',
      packages: [{ count: 10, lengthCm: 60, widthCm: 50, heightCm: 40, weightKg: 8 }],
    }
    expect(chargeableWeightKg(cushions)).toBe(200)
    expect(chargeableWeightKg({ kind: 'totals', volumeCbm: 0.001, weightKg: 80.01, pieces: 1 })).toBe(80.5)
    expect(chargeableWeightKg({ kind: 'totals', volumeCbm: 0.001, weightKg: 80.5, pieces: 1 })).toBe(80.5)
    expect(chargeableWeightKg({ kind: 'totals', volumeCbm: 0.6, weightKg: 1, pieces: 1 })).toBe(100)
    expect(chargeableWeightKg({ kind: 'totals', volumeCbm: 0.600001, weightKg: 1, pieces: 1 })).toBe(100.5)
  })

  it('is at least the gross and the volumetric weight, a multiple of 0.5, less than 0.5 above the larger', () => {
    fc.assert(
      fc.property(cargoArb, (cargo) => {
        const totals = cargoTotals(cargo)
        const half = chargeableHalfKg(totals)
        const kg = chargeableWeightKg(cargo)
        expect(Number.isInteger(half)).toBe(true)
        expect(kg * 2).toBe(half)
        const grossKg = totals.grossGrams / 1000
        const volumetricKg = totals.volumeCm3 / 6000
        // Compared in exact integers: half-kg × 500 g and half-kg × 3,000 cm³.
        expect(half * 500).toBeGreaterThanOrEqual(totals.grossGrams)
        expect(half * 3000).toBeGreaterThanOrEqual(totals.volumeCm3)
        expect(kg).toBeLessThan(Math.max(grossKg, volumetricKg) + 0.5)
      }),
    )
  })

  it('never decreases when a package is added', () => {
    fc.assert(
      fc.property(packagesArb, packageArb, (packages, extra) => {
        const before = chargeableHalfKg(cargoTotals({ kind: 'packages', packages }))
        const after = chargeableHalfKg(cargoTotals({ kind: 'packages', packages: [...packages, extra] }))
        expect(after).toBeGreaterThanOrEqual(before)
      }),
    )
  })
})

describe('LCL revenue tonnes (W/M)', () => {
  it('is max(CBM, tonnes) in thousandths, rounded up, at least 1 RT', () => {
    expect(revenueTonnesMilli({ kind: 'totals', volumeCbm: 3.24, weightKg: 750, pieces: 3 })).toBe(3240)
    expect(revenueTonnesMilli({ kind: 'totals', volumeCbm: 2.5, weightKg: 4200.2, pieces: 3 })).toBe(4201)
    expect(revenueTonnesMilli({ kind: 'totals', volumeCbm: 0.2, weightKg: 90, pieces: 1 })).toBe(1000)
    expect(revenueTonnesMilli({ kind: 'totals', volumeCbm: 1.0001, weightKg: 90, pieces: 1 })).toBe(1001)
  })

  it('is an integer ≥ 1,000 and ≥ both measures, and less than 1 litre or 1 kg above the larger', () => {
    fc.assert(
      fc.property(cargoArb, (cargo) => {
        const totals = cargoTotals(cargo)
        const rt = revenueTonnesMilliOf(totals)
        expect(Number.isInteger(rt)).toBe(true)
        expect(rt).toBeGreaterThanOrEqual(1000)
        expect(rt * 1000).toBeGreaterThanOrEqual(totals.volumeCm3) // litres
        expect(rt * 1000).toBeGreaterThanOrEqual(totals.grossGrams) // kg
        const larger = Math.max(totals.volumeCm3, totals.grossGrams)
        if (rt > 1000) expect((rt - 1) * 1000).toBeLessThan(larger)
      }),
    )
  })
})
