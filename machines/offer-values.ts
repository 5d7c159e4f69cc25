/**
 * The offer as a sales person types it on a quote request (`offerBuilderMachine`), and what it makes: amounts
 * typed in major units ("2100.00") and sent in cents, every value checked with the contract's `offerSchema`
 * under the server's field paths (`lines.0.currency`), charge lines from the catalogue or from a lane's sheet.
 */
import type { ChargeBasis, ChargeLine, ChargeSide, ContainerType } from '../contract/pricing/types'
import { chargeCatalogue, type DeskRequestDetail, type Offer, offerSchema } from '../contract/quote-desk'
import type { FieldErrors } from '../contract/rules'
import { pathErrors } from './form'

/** A charge line as typed: amounts in major units of its currency (a percentage for `percent`). */
export interface LineValues {
  code: string
  name: string
  side: ChargeSide
  basis: ChargeBasis
  containerType: ContainerType | ''
  currency: string
  amount: string
  minimum: string
}

/** The offer as typed. */
export interface OfferValues {
  carrier: string
  service: string
  transitDays: string
  validTo: string
  freeDays: string
  note: string
  lines: LineValues[]
}

export type OfferField = Exclude<keyof OfferValues, 'lines'>
export type LineField = keyof LineValues

export const emptyOffer: OfferValues = {
  carrier: '',
  service: 'Direct',
  transitDays: '',
  validTo: '',
  freeDays: '',
  note: '',
  lines: [],
}

export const amountMessage = 'An amount such as 2100.00.'

/** "2100.00" (or "2,100", "2100.5") → 210000 cents; null when it is not an amount with at most 2 decimals. */
export function toCents(text: string): number | null {
  const plain = text.trim().replace(/,/g, '')
  const match = /^(\d{1,10})(?:\.(\d{1,2}))?$/.exec(plain)
  if (!match) return null
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'))
}

/** 210000 cents → "2100.00". */
export const fromCents = (cents: number) =>
  `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`

const days = (text: string) => (/^\d{1,4}$/.test(text.trim()) ? Number(text.trim()) : Number.NaN)

/** The offer the form's values make, as the API takes it (before the schema's own trimming). */
export function toOffer(values: OfferValues) {
  return {
    carrier: values.carrier,
    service: values.service,
    transitDays: days(values.transitDays),
    validTo: values.validTo,
    freeDays: values.freeDays.trim() === '' ? null : days(values.freeDays),
    note: values.note,
    lines: values.lines.map((line) => ({
      code: line.code,
      name: line.name,
      side: line.side,
      basis: line.basis,
      currency: line.currency,
      amount: toCents(line.amount) ?? Number.NaN,
      minimum: line.minimum.trim() === '' ? 0 : (toCents(line.minimum) ?? Number.NaN),
      ...(line.basis === 'container' && line.containerType !== ''
        ? { containerType: line.containerType }
        : {}),
    })),
  }
}

/** Every field's messages under the server's paths (`transitDays`, `lines.0.amount`); empty when valid. */
export function offerErrors(values: OfferValues): FieldErrors {
  const errors = pathErrors(offerSchema.safeParse(toOffer(values)))
  values.lines.forEach((line, index) => {
    if (toCents(line.amount) === null) errors[`lines.${index}.amount`] = [amountMessage]
    if (line.minimum.trim() !== '' && toCents(line.minimum) === null)
      errors[`lines.${index}.minimum`] = [amountMessage]
  })
  return errors
}

/** What is previewed and sent: the schema's output (trimmed, defaults filled). */
export const parsedOffer = (values: OfferValues): Offer => offerSchema.parse(toOffer(values))

/** The offer the values make, as a key: a preview counts for sending only while the key is the same. */
export const offerKey = (values: OfferValues) => {
  const result = offerSchema.safeParse(toOffer(values))
  return result.success ? JSON.stringify(result.data) : null
}

/** A catalogue line, ready to price: the request's first container type for a per-container line. */
export function catalogueLine(code: string, request: DeskRequestDetail | null): LineValues | null {
  const entry = chargeCatalogue.find((one) => one.code === code)
  if (!entry) return null
  return {
    code: entry.code,
    name: entry.name,
    side: entry.side,
    basis: entry.basis,
    containerType: entry.basis === 'container' ? (request?.request.containers?.[0]?.type ?? '') : '',
    currency: 'USD',
    amount: '',
    minimum: '',
  }
}
/** A sheet's charge as a line of the form (weight breaks are not carried: the line's rate per kg is). */
const sheetLine = (charge: ChargeLine): LineValues => ({
  code: charge.code,
  name: charge.name,
  side: charge.side,
  basis: charge.basis,
  containerType: charge.containerType ?? '',
  currency: charge.currency,
  amount: fromCents(charge.amount),
  minimum: charge.minimum > 0 ? fromCents(charge.minimum) : '',
})

/** A lane's sheet (`template.chosen`): its charges replace the lines; its carrier, service, transit and free days fill what is empty. */
export function withSheet(values: OfferValues, sheet: DeskRequestDetail['templates'][number]): OfferValues {
  return {
    ...values,
    carrier: values.carrier.trim() === '' ? sheet.carrier : values.carrier,
    service:
      values.service.trim() === '' || values.service === emptyOffer.service ? sheet.service : values.service,
    transitDays: values.transitDays.trim() === '' ? String(sheet.transitDays) : values.transitDays,
    freeDays:
      values.freeDays.trim() === '' && sheet.freeDays !== null ? String(sheet.freeDays) : values.freeDays,
    lines: sheet.charges.map(sheetLine),
  }
}

/** Paths shown after line `removed` went: the later lines' paths move up by one. */
export function shiftShown(shown: Record<string, true | undefined>, removed: number) {
  const next: Record<string, true> = {}
  for (const [path, on] of Object.entries(shown)) {
    if (!on) continue
    const match = /^lines\.(\d+)\.(.+)$/.exec(path)
    if (!match) next[path] = true
    else if (Number(match[1]) < removed) next[path] = true
    else if (Number(match[1]) > removed) next[`lines.${Number(match[1]) - 1}.${match[2]}`] = true
  }
  return next
}
