/**
 * Prices a quote request on one rate sheet: pure, no I/O, no clock (dates come in as ISO strings), shared
 * by the server and the browser. Domain facts: shared/FREIGHT.md.
 *
 * Money is integer minor units throughout. Rounding, one rule: half away from zero, done with exact integer
 * (BigInt) arithmetic. Each line is rounded once when it is counted in its own currency (rate × a
 * fractional quantity such as 3.25 RT or 200.5 kg) and once when it is converted to USD; totals are exact
 * sums of rounded lines and are never rounded again. `totalSgd` is `totalUsd` converted once.
 *
 * Quantities (see quantities.ts): FCL counts containers; LCL charges revenue tonnes (W/M, 1 CBM = 1,000 kg,
 * at least 1 RT) and its "chargeable kg" (for `kg` lines and trucking) is the revenue tonnes × 1,000;
 * air charges the chargeable weight, max(gross, cm³ / 6,000) rounded up to the next 0.5 kg.
 *
 * `priceQuote` prices whatever the sheet can price and says what it skipped; whether a sheet may be offered
 * for a request at all (mode, containers, refused hazard classes, validity) is `laneOffers`.
 */
import {
  cargoTotals,
  ceilDiv,
  chargeableHalfKg,
  containersByType,
  containerTotal,
  halfKgText,
  milliText,
  revenueTonnesMilliOf,
} from './quantities'
import type {
  ChargeLine,
  ContainerCount,
  FxRates,
  KgBreaks,
  PricedLine,
  PricingContext,
  QuotePrice,
  QuoteRequest,
  RateLane,
  ServiceTariff,
  WeightBreak,
} from './types'
import { chargeSides, weightBreakFromKg, weightBreaks } from './types'

/** FX rates are units of a currency per USD in millionths: USD itself is 1,000,000. */
export const FX_SCALE = 1_000_000
/** The first-LCL offer: 10% off the freight lines, in basis points. */
export const FIRST_LCL_DISCOUNT_BPS = 1000
/** Singapore GST on imports, basis points (9% from 1 January 2024). */
export const SINGAPORE_GST_BPS = 900
/** Insured value is 110% of cargo value plus freight (ICC at CIF + 10%). */
export const INSURED_PERCENT = 110
/**
 * Singapore Customs' flat insurance when the real premium is unknown: 1% of cargo value plus freight. Used in
 * the GST estimate when insurance is not taken with us.
 */
export const CUSTOMS_FLAT_INSURANCE_BPS = 100

/** Plain-English reasons, shared with the browser. */
export const pricingReasons = {
  insuranceNeedsValue: 'Enter the cargo value to add insurance.',
  percentNeedsValue: 'Charged on the cargo value, which is not given.',
  notForContainers: 'Charged by weight or measure: not for full containers.',
  notForLooseCargo: 'Charged per container: not for loose cargo.',
} as const

/** Thrown when the inputs cannot be priced at all (a currency without an exchange rate, a non-integer amount). */
export class PricingError extends Error {
  override name = 'PricingError'
}

// ---------------------------------------------------------------------------------------------------------
// Rounding and currency

/** round(n / d), half away from zero, exactly; d > 0. */
export function roundDiv(n: bigint, d: bigint): number {
  if (d <= 0n) throw new PricingError('Division by a non-positive number.')
  const negative = n < 0n
  const a = negative ? -n : n
  const q = (2n * a + d) / (2n * d)
  const result = Number(negative ? -q : q)
  if (!Number.isSafeInteger(result)) throw new PricingError('Amount out of range.')
  return result
}

const big = (n: number, what: string): bigint => {
  if (!Number.isSafeInteger(n)) throw new PricingError(`${what} must be an integer, got ${n}.`)
  return BigInt(n)
}

/** Units of `currency` per USD, millionths. */
export function fxRate(fx: FxRates, currency: string): number {
  const rate = currency === 'USD' ? (fx.USD ?? FX_SCALE) : fx[currency]
  if (rate === undefined || !Number.isSafeInteger(rate) || rate <= 0) {
    throw new PricingError(`No exchange rate for ${currency}.`)
  }
  return rate
}

/** Minor units of `currency` to minor units of USD, rounded once (both currencies with 2 decimals). */
export function toUsd(amount: number, currency: string, fx: FxRates): number {
  return roundDiv(big(amount, 'Amount') * BigInt(FX_SCALE), BigInt(fxRate(fx, currency)))
}

/** Minor units of USD to minor units of `currency`, rounded once. */
export function fromUsd(amountUsd: number, currency: string, fx: FxRates): number {
  return roundDiv(big(amountUsd, 'Amount') * BigInt(fxRate(fx, currency)), BigInt(FX_SCALE))
}

/** 'USD 1,234.56' (minor units with 2 decimals). */
export function moneyText(amount: number, currency: string): string {
  const sign = amount < 0 ? '-' : ''
  const abs = Math.abs(amount)
  const whole = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  return `${sign}${currency} ${whole}.${String(abs % 100).padStart(2, '0')}`
}

const bpsText = (bps: number) => `${milliText(bps * 10)}%`

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
// Lanes

export type LaneOffer = { ok: true } | { ok: false; reason: string }

/** A refused class covers its divisions: refusing '1' refuses '1.4'. */
export function classRefused(refused: readonly string[], dgClass: string): boolean {
  return refused.some((r) => dgClass === r || dgClass.startsWith(`${r}.`))
}

/**
 * Whether `lane` can price `request`: same mode and ends, cargo ready within the sheet's validity, every
 * container type asked for priced per container, and a hazard class the carrier carries.
 */
export function laneOffers(lane: RateLane, request: QuoteRequest): LaneOffer {
  const no = (reason: string): LaneOffer => ({ ok: false, reason })
  if (lane.mode !== request.mode) return no(`This rate sheet is for ${lane.mode}, not ${request.mode}.`)
  if (
    lane.origin.toUpperCase() !== request.origin.toUpperCase() ||
    lane.destination.toUpperCase() !== request.destination.toUpperCase()
  ) {
    return no(`This rate sheet is for ${lane.origin} to ${lane.destination}.`)
  }
  if (request.readyDate < lane.validFrom || request.readyDate > lane.validTo) {
    return no(`${lane.carrier}'s rates are for cargo ready from ${lane.validFrom} to ${lane.validTo}.`)
  }
  if (request.mode === 'FCL') {
    const containers = containersByType(request.containers)
    if (containers.length === 0) return no('Add at least one container.')
    for (const { type } of containers) {
      const priced = lane.charges.some(
        (c) => c.basis === 'container' && c.containerType === type && !c.hazardousOnly,
      )
      if (!priced) return no(`${lane.carrier} has no ${type} rate on this lane.`)
    }
  } else if (!request.cargo) {
    return no('Add the packages or the cargo totals.')
  }
  const dgClass = request.hazardous?.dgClass
  if (dgClass !== undefined && classRefused(lane.refusedDgClasses, dgClass)) {
    return no(`${lane.carrier} does not carry hazard class ${dgClass}.`)
  }
  return { ok: true }
}

/** The earliest valid-to of what was used (ISO dates compare as strings); undefined when none expires. */
export function quoteValidTo(
  sources: readonly { validTo?: string | null | undefined }[],
): string | undefined {
  let earliest: string | undefined
  for (const { validTo } of sources) {
    if (validTo && (earliest === undefined || validTo < earliest)) earliest = validTo
  }
  return earliest
}

/** A quote is good to the end of its valid-to day: expired from the next day on. */
export function isExpired(validTo: string, today: string): boolean {
  return validTo < today
}

// ---------------------------------------------------------------------------------------------------------
// Pricing

interface Measures {
  containers: ContainerCount[]
  /** Chargeable weight in half-kg: air's chargeable weight, LCL's revenue tonnes as kg; FCL: none. */
  halfKg?: number | undefined
  /** LCL and air: revenue tonnes in thousandths. */
  rtMilli?: number | undefined
}

function measure(request: QuoteRequest): Measures {
  const containers = containersByType(request.containers)
  if (request.mode === 'FCL' || !request.cargo) return { containers }
  const totals = cargoTotals(request.cargo)
  const rtMilli = revenueTonnesMilliOf(totals)
  const halfKg = request.mode === 'AIR' ? chargeableHalfKg(totals) : rtMilli * 2
  return { containers, halfKg, rtMilli }
}

type Counted = { quantityText: string; unitAmount: number; amount: number; currency?: string }
type Skip = { skip: string | null }

const withMinimum = (amount: number, minimum: number) => Math.max(amount, minimum)

/** One sheet line, counted in its own currency (a `container` line with no type may count every container). */
function countCharge(charge: ChargeLine, m: Measures, request: QuoteRequest, fx: FxRates): Counted[] | Skip {
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

function appliesTo(charge: ChargeLine, request: QuoteRequest): boolean {
  if (!charge.hazardousOnly) return true
  const dg = request.hazardous
  if (!dg) return false
  return !charge.packingGroups || charge.packingGroups.includes(dg.packingGroup)
}

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0)

const sideNames = {
  origin: 'Origin charges',
  freight: 'Freight',
  destination: 'Destination charges',
} as const

/** Prices `ctx.request` on `ctx.lane` with the services chosen. */
export function priceQuote(ctx: PricingContext): QuotePrice {
  const { lane, request, services, fx } = ctx
  const m = measure(request)
  const lines: PricedLine[] = []
  const skipped: NonNullable<QuotePrice['skipped']> = []
  const included: string[] = []
  const excluded: string[] = ['Duties and taxes']

  const push = (line: Omit<PricedLine, 'amountUsd'>) => {
    lines.push({ ...line, amountUsd: toUsd(line.amount, line.currency, fx) })
  }

  // Sheet lines, by side: origin, freight (then the first-LCL discount), destination.
  for (const side of chargeSides) {
    const names: string[] = []
    for (const charge of lane.charges) {
      if (charge.side !== side || !appliesTo(charge, request)) continue
      const counted = countCharge(charge, m, request, fx)
      if ('skip' in counted) {
        if (counted.skip) skipped.push({ code: charge.code, name: charge.name, reason: counted.skip })
        continue
      }
      for (const c of counted) {
        push({
          kind: 'charge',
          code: charge.code,
          name: charge.name,
          side,
          quantityText: c.quantityText,
          unitAmount: c.unitAmount,
          currency: c.currency ?? charge.currency,
          amount: c.amount,
        })
      }
      if (counted.length > 0 && !names.includes(charge.name)) names.push(charge.name)
    }
    if (names.length > 0) included.push(`${sideNames[side]}: ${names.join(', ')}`)

    if (side === 'freight' && request.mode === 'LCL' && lane.mode === 'LCL' && ctx.firstLclEligible) {
      const freightUsd = sum(
        lines.filter((l) => l.kind === 'charge' && l.side === 'freight').map((l) => l.amountUsd),
      )
      // Rounded once, half away from zero; a discount that rounds to nothing is not shown.
      const amount = roundDiv(-BigInt(freightUsd) * BigInt(FIRST_LCL_DISCOUNT_BPS), 10_000n)
      if (amount < 0) {
        push({
          kind: 'discount',
          code: 'FIRSTLCL',
          name: 'First LCL shipment: 10% off freight',
          side: 'freight',
          quantityText: `10% of ${moneyText(freightUsd, 'USD')}`,
          unitAmount: FIRST_LCL_DISCOUNT_BPS,
          currency: 'USD',
          amount,
        })
        included.push('First LCL shipment discount: 10% off freight')
      }
    }
  }
  const hasSide = (side: 'origin' | 'destination') =>
    lines.some((l) => l.kind === 'charge' && l.side === side)
  const hadOrigin = hasSide('origin')
  const hadDestination = hasSide('destination')

  /** Cost of carriage to the port of discharge (origin and freight lines, after the discount), USD. */
  const carriageUsd = sum(
    lines.filter((l) => l.side === 'origin' || l.side === 'freight').map((l) => l.amountUsd),
  )

  // Services.
  const service = (code: string, name: string, tariff: ServiceTariff, c: Counted) =>
    push({ kind: 'service', code, name, side: 'services', currency: tariff.currency, ...c })

  if (services.exportCustoms) {
    const fee = ctx.originServices.exportCustomsFee
    service('ECC', 'Export customs clearance', ctx.originServices, {
      quantityText: '1 declaration',
      unitAmount: fee,
      amount: fee,
    })
    included.push('Export customs clearance (one declaration)')
  } else excluded.push('Export customs clearance')

  if (services.importCustoms) {
    const fee = ctx.destinationServices.importCustomsFee
    service('ICC', 'Import customs clearance', ctx.destinationServices, {
      quantityText: '1 declaration',
      unitAmount: fee,
      amount: fee,
    })
    included.push('Import customs clearance (one declaration)')
  } else excluded.push('Import customs clearance')

  let insuranceUsd: number | undefined
  if (services.insurance && request.cargoValue !== undefined && request.cargoValue > 0) {
    // Cover is placed at origin: the origin tariff's rate and minimum. Priced in USD, like the cargo value.
    const tariff = ctx.originServices
    const insuredBase = request.cargoValue + carriageUsd
    const premium = roundDiv(
      big(insuredBase, 'Insured value') * BigInt(INSURED_PERCENT) * big(tariff.insuranceRateBps, 'Rate'),
      100n * 10_000n,
    )
    const minimum = toUsd(tariff.insuranceMinimum, tariff.currency, fx)
    const amount = Math.max(premium, minimum)
    push({
      kind: 'service',
      code: 'INS',
      name: 'Cargo insurance',
      side: 'services',
      quantityText:
        amount === premium
          ? `${bpsText(tariff.insuranceRateBps)} of 110% × ${moneyText(insuredBase, 'USD')}`
          : 'minimum premium',
      unitAmount: tariff.insuranceRateBps,
      currency: 'USD',
      amount,
    })
    insuranceUsd = lines.at(-1)!.amountUsd
    included.push('Cargo insurance (110% of cargo value plus freight)')
  } else {
    if (services.insurance) {
      skipped.push({ code: 'INS', name: 'Cargo insurance', reason: pricingReasons.insuranceNeedsValue })
    }
    excluded.push('Cargo insurance')
  }

  const trucking = (code: string, name: string, tariff: ServiceTariff, zone: 'A' | 'B' | 'C') => {
    const rates = tariff.trucking[zone]
    const containers = containerTotal(m.containers)
    if (request.mode === 'FCL') {
      service(code, name, tariff, {
        quantityText: `Zone ${zone}: ${containers} container${containers === 1 ? '' : 's'}`,
        unitAmount: rates.perContainer,
        amount: rates.perContainer * containers,
      })
    } else {
      const hundreds = ceilDiv(m.halfKg ?? 0, 200)
      service(code, name, tariff, {
        quantityText: `Zone ${zone}: ${moneyText(rates.perShipment, tariff.currency)} + ${hundreds} × 100 kg`,
        unitAmount: rates.per100Kg,
        amount: rates.perShipment + rates.per100Kg * hundreds,
      })
    }
  }
  if (services.pickup) {
    trucking('PUP', 'Door pickup', ctx.originServices, services.pickup)
    included.push(`Door pickup (zone ${services.pickup})`)
  } else excluded.push('Door pickup')
  if (services.delivery) {
    trucking('DLV', 'Door delivery', ctx.destinationServices, services.delivery)
    included.push(`Door delivery (zone ${services.delivery})`)
  } else excluded.push('Door delivery')

  if (!hadOrigin && !services.exportCustoms && !services.pickup) excluded.push('Origin charges')
  if (!hadDestination && !services.importCustoms && !services.delivery) excluded.push('Destination charges')

  // Estimates, not part of the total.
  const estimates: QuotePrice['estimates'] = []
  if (ctx.destinationCountry.toUpperCase() === 'SG' && request.cargoValue !== undefined) {
    const cf = request.cargoValue + carriageUsd
    const insurance = insuranceUsd ?? roundDiv(BigInt(cf) * BigInt(CUSTOMS_FLAT_INSURANCE_BPS), 10_000n)
    estimates.push({
      code: 'GST',
      name: 'Singapore GST 9% on the CIF value (estimate)',
      amountUsd: roundDiv(BigInt(cf + insurance) * BigInt(SINGAPORE_GST_BPS), 10_000n),
      payableTo: 'Singapore Customs',
    })
  }

  const totalUsd = sum(lines.map((l) => l.amountUsd))
  const usedTariffs = [
    ...(services.exportCustoms || services.pickup || insuranceUsd !== undefined ? [ctx.originServices] : []),
    ...(services.importCustoms || services.delivery ? [ctx.destinationServices] : []),
  ]
  return {
    lines,
    totalUsd,
    totalSgd: fromUsd(totalUsd, 'SGD', fx),
    fx,
    chargeableWeightKg: request.mode === 'AIR' && m.halfKg !== undefined ? m.halfKg / 2 : undefined,
    revenueTonnesMilli: request.mode === 'LCL' ? m.rtMilli : undefined,
    estimates,
    included,
    excluded,
    validTo: quoteValidTo([lane, ...usedTariffs]),
    skipped,
  }
}
