/**
 * Prices a quote request on one rate sheet: pure, no I/O, no clock (dates come in as ISO strings), shared
 * by the server and the browser. Domain facts: shared/FREIGHT.md.
 *
 * Money is integer minor units throughout (money.ts). Rounding, one rule: half away from zero, done with
 * exact integer (BigInt) arithmetic. Each line is rounded once when it is counted in its own currency
 * (charges.ts: rate × a fractional quantity such as 3.25 RT or 200.5 kg) and once when it is converted to
 * USD; totals are exact sums of rounded lines and are never rounded again. `totalSgd` is `totalUsd`
 * converted once.
 *
 * `priceQuote` prices whatever the sheet can price and says what it skipped, then the services chosen
 * (customs, insurance, trucking) on the ends' tariffs and the GST estimate; whether a sheet may be offered
 * for a request at all (mode, containers, refused hazard classes, validity) is `laneOffers` (lanes.ts).
 */
import { appliesTo, type Counted, countCharge, measure, pricingReasons } from './charges'
import { quoteValidTo } from './lanes'
import { big, bpsText, fromUsd, moneyText, roundDiv, toUsd } from './money'
import { ceilDiv, containerTotal } from './quantities'
import type { PricedLine, PricingContext, QuotePrice, ServiceTariff } from './types'
import { chargeSides } from './types'

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
