import { optionEmissions } from '../contract/emissions'
import { quoteRequestSchema } from '../contract/pricing/rules'
import type { ContainerType, Mode, QuoteRequest } from '../contract/pricing/types'
import { type QuoteDetail, readyDateProblem } from '../contract/quotes'
import { type FieldErrors, firstErrors } from '../contract/rules'
import { searchText } from '../contract/text'
import type { Place } from '../contract/wire'

/** How long typing pauses before a place search (and My Quotes' search) asks the server. */
export const LOOKUP_DELAY_MS = 250

export interface PackageLine {
  count: string
  lengthCm: string
  widthCm: string
  heightCm: string
  weightKg: string
}

export interface QuoteFormValues {
  mode: Mode
  /** The chosen place's code; empty until one is chosen from the type-ahead. */
  origin: string
  destination: string
  readyDate: string
  commodity: string
  containers: { type: ContainerType; count: string }[]
  cargoKind: 'packages' | 'totals'
  packages: PackageLine[]
  volumeCbm: string
  weightKg: string
  pieces: string
  hazardous: boolean
  unNumber: string
  dgClass: string
  packingGroup: string
  /** USD as typed ("25000" or "25,000.50"); empty for none. */
  cargoValue: string
}

export type QuoteField = keyof QuoteFormValues & string
export type End = 'origin' | 'destination'

export const emptyPackage: PackageLine = { count: '1', lengthCm: '', widthCm: '', heightCm: '', weightKg: '' }

export function emptyQuoteForm(today: string): QuoteFormValues {
  return {
    mode: 'FCL',
    origin: '',
    destination: '',
    readyDate: today,
    commodity: '',
    containers: [{ type: '40HC', count: '1' }],
    cargoKind: 'packages',
    packages: [{ ...emptyPackage }],
    volumeCbm: '',
    weightKg: '',
    pieces: '',
    hazardous: false,
    unNumber: '',
    dgClass: '',
    packingGroup: '',
    cargoValue: '',
  }
}

const num = (text: string): number | undefined => {
  const clean = text.replace(/,/g, '').trim()
  if (clean === '') return undefined
  const n = Number(clean)
  return Number.isFinite(n) ? n : Number.NaN
}

/** USD text to cents, or NaN when it is not an amount with at most 2 decimals. */
export function centsOf(text: string): number | undefined {
  const clean = text.replace(/,/g, '').trim()
  if (clean === '') return undefined
  if (!/^\d+(\.\d{1,2})?$/.test(clean)) return Number.NaN
  const [whole = '0', fraction = ''] = clean.split('.')
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'))
}

/** The request the form describes (numbers parsed; the schema judges them). */
export function toQuoteRequest(values: QuoteFormValues): QuoteRequest {
  const request: QuoteRequest = {
    mode: values.mode,
    origin: values.origin,
    destination: values.destination,
    readyDate: values.readyDate,
    commodity: values.commodity,
  }
  if (values.mode === 'FCL') {
    request.containers = values.containers.map((c) => ({ type: c.type, count: num(c.count) as number }))
  } else if (values.cargoKind === 'packages') {
    request.cargo = {
      kind: 'packages',
      packages: values.packages.map((p) => ({
        count: num(p.count) as number,
        lengthCm: num(p.lengthCm) as number,
        widthCm: num(p.widthCm) as number,
        heightCm: num(p.heightCm) as number,
        weightKg: num(p.weightKg) as number,
      })),
    }
  } else {
    request.cargo = {
      kind: 'totals',
      volumeCbm: num(values.volumeCbm) as number,
      weightKg: num(values.weightKg) as number,
      pieces: num(values.pieces) as number,
    }
  }
  if (values.hazardous) {
    request.hazardous = {
      unNumber: values.unNumber,
      dgClass: values.dgClass,
      packingGroup: values.packingGroup as never,
    }
  }
  const cents = centsOf(values.cargoValue)
  if (cents !== undefined) request.cargoValue = cents
  return request
}

/** The form's field of a schema issue: hazardous and totals fields by their own names. */
function fieldOf(path: readonly PropertyKey[]): string {
  const [head, second] = path.map(String)
  if (head === 'hazardous' && second) return second
  if (head === 'cargo' && second && ['volumeCbm', 'weightKg', 'pieces'].includes(second)) return second
  if (head === 'cargo' && second === 'packages') return 'packages'
  return head ?? ''
}

/** Every field's messages for the form's values. */
export function quoteFormErrors(values: QuoteFormValues, today?: string): FieldErrors {
  const result = quoteRequestSchema.safeParse(toQuoteRequest(values))
  const past = today === undefined ? null : readyDateProblem(values.readyDate, today)
  if (result.success) return past ? { readyDate: [past] } : {}
  const errors: FieldErrors = past ? { readyDate: [past] } : {}
  for (const issue of result.error.issues) {
    const field = fieldOf(issue.path)
    const list = errors[field] ?? []
    if (!list.includes(issue.message)) list.push(issue.message)
    errors[field] = list
  }
  return errors
}

export type OptionSort = 'price' | 'transit' | 'emissions'

/**
 * The options of a quote in the order chosen: by price, by transit time (each ties by the other, then by id),
 * or by their emissions (WTW, port to port; an option whose figure is not known last), ties by price.
 */
export function sortedOptions(quote: QuoteDetail | null, by: OptionSort) {
  const options = [...(quote?.options ?? [])]
  if (by === 'emissions' && quote) {
    const grams = new Map(
      options.map((o) => [o.id, optionEmissions(quote, o)?.wtwGrams ?? Number.POSITIVE_INFINITY]),
    )
    return options.sort(
      (a, b) =>
        (grams.get(a.id) as number) - (grams.get(b.id) as number) || a.totalUsd - b.totalUsd || a.id - b.id,
    )
  }
  return options.sort((a, b) =>
    by === 'price'
      ? a.totalUsd - b.totalUsd || a.transitDays - b.transitDays || a.id - b.id
      : a.transitDays - b.transitDays || a.totalUsd - b.totalUsd || a.id - b.id,
  )
}

export const placeLabel = (place: Place) =>
  `${place.name}${place.city && place.city !== place.name ? `, ${place.city}` : ''}, ${place.country_name} (${place.code})`

/** A name's words in brackets: "Jawaharlal Nehru (Nhava Sheva)" is also "Nhava Sheva". */
const aliases = (name: string) => [name, ...[...name.matchAll(/\(([^)]+)\)/g)].map((m) => m[1] ?? '')]

/**
 * The place a typed text names unambiguously among a search's results: by code, else by name (or its
 * bracketed alias), else by city, else by its full label; a tier with several matches is ambiguous (null),
 * and so are several results matching no tier. One result alone is the place meant.
 */
export function resolvePlace(text: string, places: readonly Place[]): Place | null {
  const wanted = searchText(text)
  if (wanted === '' || places.length === 0) return null
  const tiers: ((place: Place) => boolean)[] = [
    (place) => searchText(place.code) === wanted,
    (place) => aliases(place.name).some((name) => searchText(name) === wanted),
    (place) => searchText(place.city) === wanted,
    (place) => searchText(placeLabel(place)) === wanted,
  ]
  for (const matches of tiers) {
    const found = places.filter(matches)
    if (found.length === 1) return found[0] ?? null
    if (found.length > 1) return null
  }
  return places.length === 1 ? (places[0] ?? null) : null
}

/** The first message of each field the form shows now. */
export function shownErrors(context: {
  errors: FieldErrors
  shown: Partial<Record<string, true>>
}): Record<string, string> {
  const first = firstErrors(context.errors)
  return Object.fromEntries(Object.entries(first).filter(([field]) => context.shown[field]))
}

/** The form's values for a stored request (duplicate a quote, or come back to one). */
export function valuesFromRequest(request: QuoteRequest, today: string): QuoteFormValues {
  const empty = emptyQuoteForm(today)
  const cargo = request.cargo
  const cents = request.cargoValue
  return {
    ...empty,
    mode: request.mode,
    origin: request.origin,
    destination: request.destination,
    readyDate: request.readyDate < today ? today : request.readyDate,
    commodity: request.commodity,
    containers:
      request.containers?.map((c) => ({ type: c.type, count: String(c.count) })) ?? empty.containers,
    cargoKind: cargo?.kind ?? 'packages',
    packages:
      cargo?.kind === 'packages'
        ? cargo.packages.map((p) => ({
            count: String(p.count),
            lengthCm: String(p.lengthCm),
            widthCm: String(p.widthCm),
            heightCm: String(p.heightCm),
            weightKg: String(p.weightKg),
          }))
        : empty.packages,
    volumeCbm: cargo?.kind === 'totals' ? String(cargo.volumeCbm) : '',
    weightKg: cargo?.kind === 'totals' ? String(cargo.weightKg) : '',
    pieces: cargo?.kind === 'totals' ? String(cargo.pieces) : '',
    hazardous: Boolean(request.hazardous),
    unNumber: request.hazardous?.unNumber ?? '',
    dgClass: request.hazardous?.dgClass ?? '',
    packingGroup: request.hazardous?.packingGroup ?? '',
    cargoValue: cents === undefined ? '' : (cents / 100).toFixed(2),
  }
}
