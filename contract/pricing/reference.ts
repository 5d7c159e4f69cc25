/**
 * The reference shipment of each mode: what the pricing desk prices every rate sheet for, so that sheets of a
 * lane, and a sheet before and after a new rate file, compare by one number (docs/pricing.md, "The pricing
 * desk"). Priced with `priceQuote`, the code of instant quotes, without services, without a cargo value
 * (percentage lines do not count), not hazardous, in USD at the exchange rates given.
 *
 * - FCL: one 40' container: 40GP, or when the sheet has no 40GP rate the first it has of 40HC, 40RF, 20GP,
 *   20RF, 45HC (two sheets compared take the first type both price);
 * - LCL: 2 cbm and 500 kg (2 revenue tonnes);
 * - AIR: 100 kg chargeable (100 kg gross, 0.1 cbm).
 */
import { roundDiv } from './money'
import { priceQuote } from './price'
import {
  type ContainerType,
  type FxRates,
  type Mode,
  noServices,
  type QuoteRequest,
  type RateLane,
  type ServiceTariff,
} from './types'

/** The container types an FCL reference shipment may be, in the order they are tried. */
export const referenceContainerOrder: readonly ContainerType[] = [
  '40GP',
  '40HC',
  '40RF',
  '20GP',
  '20RF',
  '45HC',
]

/** What each mode's reference shipment is, as the desk says it (FCL names its container type). */
export const referenceShipmentText: Record<Mode, string> = {
  FCL: "one 40' container",
  LCL: '2 cbm / 500 kg',
  AIR: '100 kg chargeable',
}

/** A sheet as priced: its mode, ends, currency and charge lines. */
export type PricedSheet = Pick<RateLane, 'mode' | 'origin' | 'destination' | 'validFrom' | 'charges'> &
  Partial<RateLane>

export interface ReferenceTotal {
  /** What was priced: `1 × 40GP`, `2 cbm / 500 kg`, `100 kg chargeable`. */
  label: string
  totalUsd: number
}

/** No services are priced: the tariff is never read. */
const noTariff: ServiceTariff = {
  currency: 'USD',
  exportCustomsFee: 0,
  importCustomsFee: 0,
  insuranceRateBps: 0,
  insuranceMinimum: 0,
  trucking: {
    A: { perContainer: 0, perShipment: 0, per100Kg: 0 },
    B: { perContainer: 0, perShipment: 0, per100Kg: 0 },
    C: { perContainer: 0, perShipment: 0, per100Kg: 0 },
  },
}

/** Whether an FCL sheet prices a container type (a per-container line of that type, not a DG surcharge). */
const pricesType = (sheet: PricedSheet, type: ContainerType) =>
  sheet.charges.some((c) => c.basis === 'container' && c.containerType === type && !c.hazardousOnly)

/** The container type of an FCL reference shipment that every one of `sheets` prices; undefined when none. */
export function referenceContainer(...sheets: PricedSheet[]): ContainerType | undefined {
  return referenceContainerOrder.find((type) => sheets.every((sheet) => pricesType(sheet, type)))
}

/** The reference shipment as a quote request on `sheet` (FCL: of `containerType`). */
export function referenceRequest(sheet: PricedSheet, containerType: ContainerType = '40GP'): QuoteRequest {
  const base = {
    mode: sheet.mode,
    origin: sheet.origin,
    destination: sheet.destination,
    readyDate: sheet.validFrom,
    commodity: 'Reference shipment',
  }
  if (sheet.mode === 'FCL') return { ...base, containers: [{ type: containerType, count: 1 }] }
  if (sheet.mode === 'LCL') {
    return { ...base, cargo: { kind: 'totals', volumeCbm: 2, weightKg: 500, pieces: 1 } }
  }
  return { ...base, cargo: { kind: 'totals', volumeCbm: 0.1, weightKg: 100, pieces: 1 } }
}

function labelOf(mode: Mode, containerType: ContainerType | undefined): string {
  return mode === 'FCL' ? `1 × ${containerType}` : referenceShipmentText[mode]
}

/** The sheet's price of the reference shipment, USD cents; undefined when the sheet cannot price it. */
function totalOn(sheet: PricedSheet, request: QuoteRequest, fx: FxRates): number | undefined {
  try {
    const price = priceQuote({
      lane: { id: 0, ...sheet } as RateLane,
      request,
      services: noServices,
      originServices: noTariff,
      destinationServices: noTariff,
      fx,
      firstLclEligible: false,
      originCountry: '',
      destinationCountry: '',
    })
    // A sheet with no line for the shipment (an FCL sheet of reefers only, say) has no reference total.
    return price.lines.length > 0 ? price.totalUsd : undefined
  } catch {
    // A currency without an exchange rate: the sheet cannot be priced (quotes would skip it too).
    return undefined
  }
}

/** The reference total of one sheet, or null when it cannot price the reference shipment. */
export function referenceTotal(sheet: PricedSheet, fx: FxRates): ReferenceTotal | null {
  const type = sheet.mode === 'FCL' ? referenceContainer(sheet) : undefined
  if (sheet.mode === 'FCL' && !type) return null
  const totalUsd = totalOn(sheet, referenceRequest(sheet, type), fx)
  return totalUsd === undefined ? null : { label: labelOf(sheet.mode, type), totalUsd }
}

export interface ReferenceComparison {
  /** The shipment both were priced for; for FCL without a type both price, the mode's shipment. */
  label: string
  beforeUsd: number | null
  afterUsd: number | null
  /** The change in percent, to one decimal (10.0 for 10 % dearer); null without both totals. */
  changePercent: number | null
}

/** The change from `before` to `after`, percent to one decimal, rounded half away from zero. */
export function changePercent(before: number, after: number): number | null {
  if (before <= 0) return null
  return roundDiv(BigInt(after - before) * 1000n, BigInt(before)) / 10
}

/** `+10.0%`, `-2.5%`, `0.0%`. */
export function percentText(percent: number): string {
  const text = `${Math.abs(percent).toFixed(1)}%`
  return percent > 0 ? `+${text}` : percent < 0 ? `-${text}` : text
}

/** Two sheets of one lane priced for the same reference shipment. */
export function compareReference(before: PricedSheet, after: PricedSheet, fx: FxRates): ReferenceComparison {
  const type = before.mode === 'FCL' ? referenceContainer(before, after) : undefined
  if (before.mode === 'FCL' && !type) {
    return { label: referenceShipmentText.FCL, beforeUsd: null, afterUsd: null, changePercent: null }
  }
  const beforeUsd = totalOn(before, referenceRequest(before, type), fx) ?? null
  const afterUsd = totalOn(after, referenceRequest(after, type), fx) ?? null
  return {
    label: labelOf(before.mode, type),
    beforeUsd,
    afterUsd,
    changePercent: beforeUsd !== null && afterUsd !== null ? changePercent(beforeUsd, afterUsd) : null,
  }
}
