/**
 * What a shipment measures, in integers so that pricing never meets a floating-point remainder
 * (shared/FREIGHT.md, "Quantities"):
 * - weights in whole grams (each piece's kg rounded to the nearest gram);
 * - volumes in whole cm³ (each dimension rounded to the nearest whole cm, half up, as IATA measures);
 * - air chargeable weight in half-kg steps: `chargeableHalfKg` is an integer count of 0.5 kg, and
 *   `chargeableWeightKg` is that count / 2, so it is always an exact multiple of 0.5;
 * - LCL revenue tonnes (W/M, 1 CBM = 1,000 kg) in thousandths: an integer, at least 1,000 (1 RT).
 */
import type { ContainerCount, ContainerType, LooseCargo } from './types'

/** Volumetric divisor for air: cm³ per volumetric kg (IATA: 1 CBM ≈ 167 kg). */
export const AIR_VOLUMETRIC_DIVISOR_CM3 = 6000
/** W/M: 1 CBM weighs as 1,000 kg, so 1 RT is 1 CBM or 1 tonne. */
export const WM_KG_PER_CBM = 1000
/** The least LCL is charged for: 1 revenue tonne, in thousandths. */
export const MIN_REVENUE_TONNES_MILLI = 1000

/** ⌈a / b⌉ for non-negative integers a and positive integers b, exactly. */
export function ceilDiv(a: number, b: number): number {
  const q = Math.floor(a / b)
  return q * b < a ? q + 1 : q
}

/** A dimension as carriers measure it: whole cm, half up. */
export const wholeCm = (cm: number): number => Math.floor(cm + 0.5)
/** kg to whole grams, to the nearest gram. */
export const gramsOf = (kg: number): number => Math.round(kg * 1000)

export interface CargoTotals {
  pieces: number
  /** Gross weight, whole grams. */
  grossGrams: number
  /** Volume, whole cm³. */
  volumeCm3: number
}

/** Totals of loose cargo: count × dimensions and count × weight of each package, or the totals given. */
export function cargoTotals(cargo: LooseCargo): CargoTotals {
  if (cargo.kind === 'totals') {
    return {
      pieces: cargo.pieces,
      grossGrams: gramsOf(cargo.weightKg),
      volumeCm3: Math.round(cargo.volumeCbm * 1_000_000),
    }
  }
  let pieces = 0
  let grossGrams = 0
  let volumeCm3 = 0
  for (const p of cargo.packages) {
    pieces += p.count
    grossGrams += p.count * gramsOf(p.weightKg)
    volumeCm3 += p.count * wholeCm(p.lengthCm) * wholeCm(p.widthCm) * wholeCm(p.heightCm)
  }
  return { pieces, grossGrams, volumeCm3 }
}

/**
 * Air chargeable weight in half-kg: max(gross kg, cm³ / 6,000) rounded up to the next 0.5 kg.
 * 1 half-kg is 500 g of gross weight or 3,000 cm³ of volume.
 */
export function chargeableHalfKg(totals: Pick<CargoTotals, 'grossGrams' | 'volumeCm3'>): number {
  return Math.max(ceilDiv(totals.grossGrams, 500), ceilDiv(totals.volumeCm3, AIR_VOLUMETRIC_DIVISOR_CM3 / 2))
}

/** Air chargeable weight in kg, always a multiple of 0.5 (`chargeableHalfKg` / 2). */
export function chargeableWeightKg(cargo: LooseCargo): number {
  return chargeableHalfKg(cargoTotals(cargo)) / 2
}

/** Volumetric weight in kg (cm³ / 6,000), unrounded: what the chargeable weight is compared with. */
export function volumetricKg(totals: Pick<CargoTotals, 'volumeCm3'>): number {
  return totals.volumeCm3 / AIR_VOLUMETRIC_DIVISOR_CM3
}

/**
 * LCL revenue tonnes in thousandths: max(litres, kg) rounded up (1 litre = 1/1,000 CBM = 1/1,000 RT;
 * 1 kg = 1/1,000 RT), at least 1,000 (1 RT).
 */
export function revenueTonnesMilliOf(totals: Pick<CargoTotals, 'grossGrams' | 'volumeCm3'>): number {
  return Math.max(MIN_REVENUE_TONNES_MILLI, ceilDiv(totals.volumeCm3, 1000), ceilDiv(totals.grossGrams, 1000))
}

export function revenueTonnesMilli(cargo: LooseCargo): number {
  return revenueTonnesMilliOf(cargoTotals(cargo))
}

/** Containers by type, in the order first asked for, counts of the same type added together. */
export function containersByType(containers: readonly ContainerCount[] | undefined): ContainerCount[] {
  const counts = new Map<ContainerType, number>()
  for (const c of containers ?? []) counts.set(c.type, (counts.get(c.type) ?? 0) + c.count)
  return [...counts].map(([type, count]) => ({ type, count }))
}

/** How many containers in all. */
export function containerTotal(containers: readonly ContainerCount[] | undefined): number {
  return (containers ?? []).reduce((sum, c) => sum + c.count, 0)
}

/** Thousandths as text without trailing zeros: 3250 → '3.25'. */
export function milliText(milli: number): string {
  const whole = Math.floor(milli / 1000)
  const frac = String(milli % 1000)
    .padStart(3, '0')
    .replace(/0+$/, '')
  return frac ? `${whole}.${frac}` : String(whole)
}

/** Half-kg as kg text: 401 → '200.5'. */
export function halfKgText(halfKg: number): string {
  return halfKg % 2 === 0 ? String(halfKg / 2) : `${(halfKg - 1) / 2}.5`
}
