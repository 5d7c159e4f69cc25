/**
 * One sheet line counted for a request, in its own currency: the request's measures (quantities.ts: FCL
 * counts containers; LCL charges revenue tonnes, W/M, 1 CBM = 1,000 kg, at least 1 RT, and its "chargeable
 * kg" for `kg` lines and trucking is the revenue tonnes × 1,000; air charges the chargeable weight,
 * max(gross, cm³ / 6,000) rounded up to the next 0.5 kg), air weight breaks, minimums, and why a line is
 * skipped. Each line is rounded once, here; price.ts adds them up.
 */
import { big, bpsText, moneyText, roundDiv, toUsd } from './money'
import {
  cargoTotals,
  chargeableHalfKg,
  containersByType,
  containerTotal,
  halfKgText,
  milliText,
  revenueTonnesMilliOf,
} from './quantities'
import type { ChargeLine, ContainerCount, FxRates, KgBreaks, QuoteRequest, WeightBreak } from './types'
import { weightBreakFromKg, weightBreaks } from './types'

/** Plain-English reasons, shared with the browser. */
export const pricingReasons = {
  insuranceNeedsValue: 'Enter the cargo value to add insurance.',
  percentNeedsValue: 'Charged on the cargo value, which is not given.',
  notForContainers: 'Charged by weight or measure: not for full containers.',
  notForLooseCargo: 'Charged per container: not for loose cargo.',
} as const

// ---------------------------------------------------------------------------------------------------------
// Weight breaks

export interface BreakCharge {
  /** The charge, minor units, after the M minimum. */
  amount: number
  /** The break whose rate was used, or 'M' when the minimum charge applies. */
  breakUsed: WeightBreak | 'M'
  /** Rate per kg used (minor units); for 'M', the rate the weight would otherwise have paid. */
  rate: number
  /** The half-kg the rate was applied to: the weight itself, or a higher break's threshold. */
  chargedHalfKg: number
}

/** The breaks a sheet gives, lowest first (a missing break is as the one below it, so it is left out). */
function definedBreaks(breaks: KgBreaks): { name: WeightBreak; fromHalfKg: number; rate: number }[] {
  return weightBreaks.flatMap((name) => {
    const rate = breaks[name]
    return rate === undefined ? [] : [{ name, fromHalfKg: weightBreakFromKg[name] * 2, rate }]
  })
}

/**
 * The air freight charge for `halfKg` (IATA practice): the rate of the break reached times the weight, or a
 * higher break's rate times that break's weight when that is lower; then at least `minimum` (the M charge).
 * Non-decreasing in weight. Ties keep the break reached.
 */
export function breakCharge(breaks: KgBreaks, minimum: number, halfKg: number): BreakCharge {
  const all = definedBreaks(breaks)
  let reachedIndex = 0
  all.forEach((b, i) => {
    if (b.fromHalfKg <= halfKg) reachedIndex = i
  })
  const reached = all[reachedIndex]!
  // Compared in half-minor units (rate × half-kg) so that nothing is rounded before the choice.
  let best = { name: reached.name, rate: reached.rate, chargedHalfKg: halfKg }
  let bestDoubled = BigInt(reached.rate) * BigInt(halfKg)
  for (const b of all.slice(reachedIndex + 1)) {
    const doubled = BigInt(b.rate) * BigInt(b.fromHalfKg)
    if (doubled < bestDoubled) {
      bestDoubled = doubled
      best = { name: b.name, rate: b.rate, chargedHalfKg: b.fromHalfKg }
    }
  }
  const amount = roundDiv(bestDoubled, 2n)
  if (amount < minimum) return { amount: minimum, breakUsed: 'M', rate: best.rate, chargedHalfKg: halfKg }
  return { amount, breakUsed: best.name, ...best }
}

// ---------------------------------------------------------------------------------------------------------
// Counting a line

export interface Measures {
  containers: ContainerCount[]
  /** Chargeable weight in half-kg: air's chargeable weight, LCL's revenue tonnes as kg; FCL: none. */
  halfKg?: number | undefined
  /** LCL and air: revenue tonnes in thousandths. */
  rtMilli?: number | undefined
}

export function measure(request: QuoteRequest): Measures {
  const containers = containersByType(request.containers)
  if (request.mode === 'FCL' || !request.cargo) return { containers }
  const totals = cargoTotals(request.cargo)
  const rtMilli = revenueTonnesMilliOf(totals)
  const halfKg = request.mode === 'AIR' ? chargeableHalfKg(totals) : rtMilli * 2
  return { containers, halfKg, rtMilli }
}

export type Counted = { quantityText: string; unitAmount: number; amount: number; currency?: string }
type Skip = { skip: string | null }

const withMinimum = (amount: number, minimum: number) => Math.max(amount, minimum)

/** One sheet line, counted in its own currency (a `container` line with no type may count every container). */
export function countCharge(
  charge: ChargeLine,
  m: Measures,
  request: QuoteRequest,
  fx: FxRates,
): Counted[] | Skip {
  switch (charge.basis) {
    case 'container': {
      if (m.containers.length === 0) return { skip: pricingReasons.notForLooseCargo }
      const counted = charge.containerType
        ? m.containers.filter((c) => c.type === charge.containerType)
        : [{ type: undefined, count: containerTotal(m.containers) }]
      return counted.map((c) => ({
        quantityText: c.type ? `${c.count} × ${c.type}` : `${c.count} container${c.count === 1 ? '' : 's'}`,
        unitAmount: charge.amount,
        amount: withMinimum(charge.amount * c.count, charge.minimum),
      }))
    }
    case 'wm': {
      if (m.rtMilli === undefined) return { skip: pricingReasons.notForContainers }
      const amount = roundDiv(big(charge.amount, 'Rate') * BigInt(m.rtMilli), 1000n)
      return [
        {
          quantityText: `${milliText(m.rtMilli)} RT`,
          unitAmount: charge.amount,
          amount: withMinimum(amount, charge.minimum),
        },
      ]
    }
    case 'kg': {
      if (m.halfKg === undefined) return { skip: pricingReasons.notForContainers }
      if (charge.breaks) {
        const b = breakCharge(charge.breaks, charge.minimum, m.halfKg)
        const kg = `${halfKgText(m.halfKg)} kg`
        const quantityText =
          b.breakUsed === 'M'
            ? `${kg}: minimum charge`
            : b.chargedHalfKg === m.halfKg
              ? `${kg} @ ${b.breakUsed}`
              : `${kg} charged as ${halfKgText(b.chargedHalfKg)} kg @ ${b.breakUsed}`
        return [{ quantityText, unitAmount: b.breakUsed === 'M' ? b.amount : b.rate, amount: b.amount }]
      }
      const amount = roundDiv(big(charge.amount, 'Rate') * BigInt(m.halfKg), 2n)
      return [
        {
          quantityText: `${halfKgText(m.halfKg)} kg`,
          unitAmount: charge.amount,
          amount: withMinimum(amount, charge.minimum),
        },
      ]
    }
    case 'shipment':
      return [
        {
          quantityText: '1 shipment',
          unitAmount: charge.amount,
          amount: withMinimum(charge.amount, charge.minimum),
        },
      ]
    case 'percent': {
      // Priced in USD, the currency of the cargo value; the minimum converted from the sheet's currency.
      if (request.cargoValue === undefined) return { skip: pricingReasons.percentNeedsValue }
      const amount = roundDiv(big(request.cargoValue, 'Cargo value') * big(charge.amount, 'Rate'), 10_000n)
      return [
        {
          quantityText: `${bpsText(charge.amount)} of ${moneyText(request.cargoValue, 'USD')}`,
          unitAmount: charge.amount,
          amount: withMinimum(amount, toUsd(charge.minimum, charge.currency, fx)),
          currency: 'USD',
        },
      ]
    }
  }
}

export function appliesTo(charge: ChargeLine, request: QuoteRequest): boolean {
  if (!charge.hazardousOnly) return true
  const dg = request.hazardous
  if (!dg) return false
  return !charge.packingGroups || charge.packingGroups.includes(dg.packingGroup)
}
