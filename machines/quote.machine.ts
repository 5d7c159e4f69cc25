/**
 * The quote flow, as three small charts sharing this file (pure: xstate and contract/ only):
 *
 * - `quoteFormMachine` (/user/home): the request form (mode, origin and destination chosen from the
 *   type-ahead's results, ready date, commodity, FCL containers or LCL/air packages or totals, hazardous
 *   details, cargo value), validated with `quoteRequestSchema` (a field's message shows once it was left
 *   or the form was submitted); `createQuote` → results (sortable by price or transit time) or noRates →
 *   `requestManualQuote` → requested (the ESQ number). Choosing an option navigates to /user/getquote.
 *   Texts it starts with but no place (the home strip's, through `quoteData`) are looked up once, origin
 *   then destination: a text naming one place unambiguously (`resolvePlace`) becomes the choice.
 * - `quoteOfferMachine` (/user/getquote and /user/confirm-quote, `step` in its input): loads the quote;
 *   services are toggled with the price previewed at once by `priceQuote` (the server's own function) and
 *   persisted, debounced, through `priceQuoteServices`; Continue saves and navigates to the confirmation.
 *   There the form is validated with `confirmSchema(services)`; `confirmQuote` → booked (ESB number);
 *   409 with the server's price (`PriceChangedFailure`) → priceChanged (the new total shown at once, confirm
 *   again at it); 410 → expired → requote.
 *   Submit is ignored while submitting, so a double click sends one request.
 * - `quoteListMachine` (/user/quotation, My Quotes): filters by status, mode and search; requote and
 *   duplicate (which loads the quote and hands its request to the form through `quoteData`).
 *
 * Effects (API calls, navigation, storing `quoteData`) are injected by the app with `machine.provide`.
 */
import { assertEvent, assign, fromPromise, setup } from 'xstate'
import { priceQuote } from '../contract/pricing/price'
import { quoteMessages, quoteRequestSchema } from '../contract/pricing/rules'
import {
  type ContainerType,
  type Mode,
  noServices,
  type QuotePrice,
  type QuoteRequest,
  type ServiceSelection,
  type TruckingZone,
} from '../contract/pricing/types'
import {
  type BookingCreated,
  type ConfirmBody,
  type CreateQuoteResponse,
  confirmMessages,
  confirmSchema,
  isPriceChanged,
  type PriceChangedFailure,
  type PriceResponse,
  type QuoteDetail,
  type QuoteFilters,
  type QuoteSummary,
} from '../contract/quotes'
import { type FieldErrors, firstErrors } from '../contract/rules'
import type { ApiFailure, Place } from '../contract/wire'
import { actorError } from './actor-error'

// ---- The request form ---------------------------------------------------------------------------------

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
export function quoteFormErrors(values: QuoteFormValues): FieldErrors {
  const result = quoteRequestSchema.safeParse(toQuoteRequest(values))
  if (result.success) return {}
  const errors: FieldErrors = {}
  for (const issue of result.error.issues) {
    const field = fieldOf(issue.path)
    const list = errors[field] ?? []
    if (!list.includes(issue.message)) list.push(issue.message)
    errors[field] = list
  }
  return errors
}

export type OptionSort = 'price' | 'transit'

/** The options of a quote in the order chosen (ties by the other key, then by id). */
export function sortedOptions(quote: QuoteDetail | null, by: OptionSort) {
  const options = [...(quote?.options ?? [])]
  return options.sort((a, b) =>
    by === 'price'
      ? a.totalUsd - b.totalUsd || a.transitDays - b.transitDays || a.id - b.id
      : a.transitDays - b.transitDays || a.totalUsd - b.totalUsd || a.id - b.id,
  )
}

export interface QuoteFormInput {
  today: string
  /** What the home strip or a duplicated quote hands over. */
  prefill?: Partial<QuoteFormValues> | undefined
  originText?: string | undefined
  destinationText?: string | undefined
  places?: { origin?: Place | undefined; destination?: Place | undefined } | undefined
}

export interface QuoteFormContext {
  values: QuoteFormValues
  errors: FieldErrors
  shown: Partial<Record<string, true>>
  /** What is typed in each type-ahead, and the place chosen. */
  text: Record<End, string>
  places: Record<End, Place | null>
  /** The type-ahead being looked up and its results. */
  lookupEnd: End | null
  suggestions: Place[]
  quote: QuoteDetail | null
  sort: OptionSort
  /** The number of a quote the sales team will price. */
  requestedNumber: string | null
  /** A failure's message (a dialog). */
  message: string | null
}

export type QuoteFormEvent =
  | { type: 'field.changed'; field: QuoteField; value: unknown }
  | { type: 'field.blurred'; field: string }
  | { type: 'place.typed'; end: End; text: string }
  | { type: 'place.chosen'; end: End; place: Place | null }
  | { type: 'user.submit' }
  | { type: 'sort.changed'; by: OptionSort }
  | { type: 'option.chosen'; optionId: number }
  | { type: 'user.requestManual' }
  | { type: 'dialog.acknowledged' }

const LOOKUP_DELAY_MS = 250

const isSea = (mode: Mode) => mode !== 'AIR'

function withValues(context: QuoteFormContext, patch: Partial<QuoteFormValues>) {
  const values = { ...context.values, ...patch }
  return { values, errors: quoteFormErrors(values) }
}

const failure = (error: unknown) => (error ?? {}) as Partial<ApiFailure>

/** In results, no rates or requested, changing the request goes back to editing it. */
const backToEditing = {
  'field.changed': { target: 'editing', actions: 'change' },
  'place.chosen': { target: 'editing', actions: 'choose' },
  'place.typed': { target: 'editing' },
} as const

export const quoteFormMachine = setup({
  types: {
    context: {} as QuoteFormContext,
    events: {} as QuoteFormEvent,
    input: {} as QuoteFormInput,
  },
  actors: {
    searchPlaces: fromPromise<Place[], { q: string; mode: Mode }>(async () => []),
    createQuote: fromPromise<CreateQuoteResponse, QuoteRequest>(async () => ({ quote: null })),
    requestManualQuote: fromPromise<{ quote: QuoteDetail }, { request: QuoteRequest }>(async () => {
      throw new Error('not provided')
    }),
  },
  delays: { lookup: LOOKUP_DELAY_MS },
  guards: {
    isValid: ({ context }) => Object.keys(context.errors).length === 0,
    hasQuote: (_, output: CreateQuoteResponse) => output.quote !== null,
    isLongEnough: ({ event }) => event.type === 'place.typed' && event.text.trim().length >= 2,
    /** A type-ahead starts with text (the home strip's) but no place chosen: it is looked up once. */
    needsPlace: ({ context }, end: End) => context.places[end] === null && context.text[end].trim() !== '',
  },
  actions: {
    /** Keeps the request in `quoteData` (so a reload or a later visit starts from it). */
    rememberRequest: (_, _params: { values: QuoteFormValues; places: QuoteFormContext['places'] }) => {},
    goToOption: (_, _params: { number: string; optionId: number }) => {},
    change: assign(({ context, event }) => {
      assertEvent(event, 'field.changed')
      const patch = { [event.field]: event.value } as Partial<QuoteFormValues>
      // Ports for FCL and LCL, airports for air: the chosen places no longer fit when that changes.
      if (event.field === 'mode' && isSea(event.value as Mode) !== isSea(context.values.mode)) {
        return {
          ...withValues(context, { ...patch, origin: '', destination: '' }),
          places: { origin: null, destination: null },
          text: { origin: '', destination: '' },
          suggestions: [],
        }
      }
      return withValues(context, patch)
    }),
    show: assign(({ context, event }) => {
      assertEvent(event, 'field.blurred')
      return { shown: { ...context.shown, [event.field]: true as const } }
    }),
    showAll: assign(({ context }) => ({
      shown: Object.fromEntries(
        [...Object.keys(context.values), ...Object.keys(context.errors)].map((f) => [f, true as const]),
      ),
    })),
    type: assign(({ context, event }) => {
      assertEvent(event, 'place.typed')
      return {
        ...withValues(context, { [event.end]: '' }),
        text: { ...context.text, [event.end]: event.text },
        places: { ...context.places, [event.end]: null },
        lookupEnd: event.end,
        suggestions: [],
      }
    }),
    choose: assign(({ context, event }) => {
      assertEvent(event, 'place.chosen')
      return {
        ...withValues(context, { [event.end]: event.place?.code ?? '' }),
        text: { ...context.text, [event.end]: event.place ? placeLabel(event.place) : '' },
        places: { ...context.places, [event.end]: event.place },
        shown: { ...context.shown, [event.end]: true as const },
        suggestions: [],
        lookupEnd: null,
      }
    }),
    setSuggestions: assign({ suggestions: (_, places: Place[]) => places }),
    /** The start's text becomes a place when it names one unambiguously; else its results are offered. */
    resolve: assign(({ context }, { end, places }: { end: End; places: Place[] }) => {
      if (context.places[end] !== null) return {}
      const place = resolvePlace(context.text[end], places)
      if (!place) return { lookupEnd: end, suggestions: places }
      return {
        ...withValues(context, { [end]: place.code }),
        text: { ...context.text, [end]: placeLabel(place) },
        places: { ...context.places, [end]: place },
      }
    }),
    clearSuggestions: assign({ suggestions: [] }),
    setQuote: assign({ quote: (_, quote: QuoteDetail | null) => quote }),
    setRequested: assign({ requestedNumber: (_, number: string) => number }),
    sortBy: assign({
      sort: ({ event }) => {
        assertEvent(event, 'sort.changed')
        return event.by
      },
    }),
    setFailure: assign(({ context }, error: unknown) => {
      const { errors, message } = failure(error)
      // The server's field messages (a place of the wrong kind, a ready date in the past) show under them.
      const fieldMessages = errors ? Object.fromEntries(Object.entries(errors)) : {}
      return {
        errors: { ...context.errors, ...fieldMessages },
        message:
          errors && Object.keys(errors).length > 0
            ? null
            : (message ?? 'Something went wrong. Please try again.'),
      }
    }),
    clearMessage: assign({ message: null }),
  },
}).createMachine({
  id: 'quoteForm',
  type: 'parallel',
  context: ({ input }) => {
    const values = { ...emptyQuoteForm(input.today), ...input.prefill }
    return {
      values,
      errors: quoteFormErrors(values),
      shown: {},
      text: {
        origin: input.places?.origin ? placeLabel(input.places.origin) : (input.originText ?? ''),
        destination: input.places?.destination
          ? placeLabel(input.places.destination)
          : (input.destinationText ?? ''),
      },
      places: { origin: input.places?.origin ?? null, destination: input.places?.destination ?? null },
      lookupEnd: null,
      suggestions: [],
      quote: null,
      sort: 'price',
      requestedNumber: null,
      message: null,
    }
  },
  states: {
    flow: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'field.changed': { actions: 'change' },
            'field.blurred': { actions: 'show' },
            'place.chosen': { actions: 'choose' },
            'dialog.acknowledged': { actions: 'clearMessage' },
            'user.submit': [
              {
                guard: 'isValid',
                target: 'submitting',
                actions: {
                  type: 'rememberRequest',
                  params: ({ context }) => ({ values: context.values, places: context.places }),
                },
              },
              { actions: 'showAll' },
            ],
          },
        },
        submitting: {
          invoke: {
            id: 'createQuote',
            src: 'createQuote',
            input: ({ context }) => toQuoteRequest(context.values),
            onDone: [
              {
                guard: { type: 'hasQuote', params: ({ event }) => event.output },
                target: 'results',
                actions: { type: 'setQuote', params: ({ event }) => event.output.quote },
              },
              { target: 'noRates', actions: { type: 'setQuote', params: null } },
            ],
            onError: {
              target: 'editing',
              actions: ['showAll', { type: 'setFailure', params: actorError }],
            },
          },
        },
        results: {
          on: {
            'sort.changed': { actions: 'sortBy' },
            'option.chosen': {
              actions: {
                type: 'goToOption',
                params: ({ context, event }) => ({
                  number: context.quote?.number ?? '',
                  optionId: event.optionId,
                }),
              },
            },
            ...backToEditing,
          },
        },
        noRates: {
          on: {
            'user.requestManual': 'requesting',
            ...backToEditing,
            'dialog.acknowledged': { actions: 'clearMessage' },
          },
        },
        requesting: {
          invoke: {
            id: 'requestManualQuote',
            src: 'requestManualQuote',
            input: ({ context }) => ({ request: toQuoteRequest(context.values) }),
            onDone: {
              target: 'requested',
              actions: { type: 'setRequested', params: ({ event }) => event.output.quote.number },
            },
            onError: {
              target: 'noRates',
              actions: {
                type: 'setFailure',
                params: actorError,
              },
            },
          },
        },
        requested: {
          on: { ...backToEditing },
        },
      },
    },
    lookup: {
      initial: 'starting',
      on: {
        'place.typed': [
          { guard: 'isLongEnough', target: '.waiting', reenter: true, actions: 'type' },
          { target: '.idle', actions: 'type' },
        ],
      },
      states: {
        // The home strip's texts (carried through registration and login) are looked up, origin first.
        starting: {
          always: [
            { guard: { type: 'needsPlace', params: 'origin' }, target: 'resolvingOrigin' },
            { guard: { type: 'needsPlace', params: 'destination' }, target: 'resolvingDestination' },
            { target: 'idle' },
          ],
        },
        resolvingOrigin: {
          invoke: {
            id: 'searchPlaces',
            src: 'searchPlaces',
            input: ({ context }) => ({ q: context.text.origin.trim(), mode: context.values.mode }),
            onDone: {
              target: 'afterOrigin',
              actions: { type: 'resolve', params: ({ event }) => ({ end: 'origin', places: event.output }) },
            },
            onError: 'afterOrigin',
          },
        },
        afterOrigin: {
          always: [
            { guard: { type: 'needsPlace', params: 'destination' }, target: 'resolvingDestination' },
            { target: 'idle' },
          ],
        },
        resolvingDestination: {
          invoke: {
            id: 'searchPlaces',
            src: 'searchPlaces',
            input: ({ context }) => ({ q: context.text.destination.trim(), mode: context.values.mode }),
            onDone: {
              target: 'idle',
              actions: {
                type: 'resolve',
                params: ({ event }) => ({ end: 'destination', places: event.output }),
              },
            },
            onError: 'idle',
          },
        },
        idle: {},
        waiting: { after: { lookup: 'searching' } },
        searching: {
          invoke: {
            id: 'searchPlaces',
            src: 'searchPlaces',
            input: ({ context }) => ({
              q: context.lookupEnd ? context.text[context.lookupEnd].trim() : '',
              mode: context.values.mode,
            }),
            onDone: {
              target: 'idle',
              actions: { type: 'setSuggestions', params: ({ event }) => event.output },
            },
            onError: { target: 'idle', actions: 'clearSuggestions' },
          },
        },
      },
    },
  },
})

export const placeLabel = (place: Place) =>
  `${place.name}${place.city && place.city !== place.name ? `, ${place.city}` : ''}, ${place.country_name} (${place.code})`

const plain = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^\p{Letter}\p{Number}]+/gu, ' ')
    .trim()

/** A name's words in brackets: "Jawaharlal Nehru (Nhava Sheva)" is also "Nhava Sheva". */
const aliases = (name: string) => [name, ...[...name.matchAll(/\(([^)]+)\)/g)].map((m) => m[1] ?? '')]

/**
 * The place a typed text names unambiguously among a search's results: by code, else by name (or its
 * bracketed alias), else by city, else by its full label; a tier with several matches is ambiguous (null),
 * and so are several results matching no tier. One result alone is the place meant.
 */
export function resolvePlace(text: string, places: readonly Place[]): Place | null {
  const wanted = plain(text)
  if (wanted === '' || places.length === 0) return null
  const tiers: ((place: Place) => boolean)[] = [
    (place) => plain(place.code) === wanted,
    (place) => aliases(place.name).some((name) => plain(name) === wanted),
    (place) => plain(place.city) === wanted,
    (place) => plain(placeLabel(place)) === wanted,
  ]
  for (const matches of tiers) {
    const found = places.filter(matches)
    if (found.length === 1) return found[0] ?? null
    if (found.length > 1) return null
  }
  return places.length === 1 ? (places[0] ?? null) : null
}

/** The first message of each field the form shows now. */
export function shownErrors(context: Pick<QuoteFormContext, 'errors' | 'shown'>): Record<string, string> {
  const first = firstErrors(context.errors)
  return Object.fromEntries(Object.entries(first).filter(([field]) => context.shown[field]))
}

// ---- The offer: services, preview, confirmation --------------------------------------------------------

/** The chosen option priced with `services` by the same function the server uses, or null if it cannot be. */
export function previewPrice(
  quote: QuoteDetail | null,
  optionId: number | null,
  services: ServiceSelection,
): QuotePrice | null {
  const option = quote?.options.find((o) => o.id === optionId)
  if (!quote || !option) return null
  try {
    return priceQuote({
      lane: option.lane,
      request: quote.request,
      services,
      originServices: quote.serviceTariffs.origin,
      destinationServices: quote.serviceTariffs.destination,
      fx: quote.fx,
      firstLclEligible: quote.firstLclEligible,
      originCountry: quote.origin.country_code,
      destinationCountry: quote.destination.country_code,
    })
  } catch {
    return null
  }
}

export interface ConfirmValues {
  shipperName: string
  shipperAddress: string
  shipperContact: string
  consigneeName: string
  consigneeAddress: string
  consigneeContact: string
  notifyName: string
  notifyAddress: string
  pickupAddress: string
  deliveryAddress: string
  cargoDescription: string
  acceptTerms: boolean
}

export const emptyConfirm: ConfirmValues = {
  shipperName: '',
  shipperAddress: '',
  shipperContact: '',
  consigneeName: '',
  consigneeAddress: '',
  consigneeContact: '',
  notifyName: '',
  notifyAddress: '',
  pickupAddress: '',
  deliveryAddress: '',
  cargoDescription: '',
  acceptTerms: false,
}

/** The body of confirmQuote from the form (services travel with it). */
export function toConfirmInput(
  values: ConfirmValues,
  optionId: number | null,
  services: ServiceSelection,
  shownTotalUsd: number,
): ConfirmBody {
  const party = (name: string, address: string, contact: string) => ({
    name,
    address,
    ...(contact.trim() ? { contact } : {}),
  })
  const notify = values.notifyName.trim() || values.notifyAddress.trim()
  return {
    optionId: optionId ?? 0,
    services,
    shipper: party(values.shipperName, values.shipperAddress, values.shipperContact),
    consignee: party(values.consigneeName, values.consigneeAddress, values.consigneeContact),
    ...(notify ? { notifyParty: party(values.notifyName, values.notifyAddress, '') } : {}),
    ...(services.pickup ? { pickupAddress: values.pickupAddress } : {}),
    ...(services.delivery ? { deliveryAddress: values.deliveryAddress } : {}),
    cargoDescription: values.cargoDescription,
    acceptTerms: values.acceptTerms as true,
    shownTotalUsd,
  }
}

/** The confirmation form's messages keyed by its fields (shipper.name → shipperName). */
export function confirmErrors(values: ConfirmValues, services: ServiceSelection): FieldErrors {
  const result = confirmSchema(services).safeParse(toConfirmInput(values, 1, services, 0))
  if (result.success) return {}
  const errors: FieldErrors = {}
  for (const issue of result.error.issues) {
    const [head = '', second] = issue.path.map(String)
    const field =
      second && ['shipper', 'consignee', 'notifyParty'].includes(head)
        ? `${head === 'notifyParty' ? 'notify' : head}${second[0]?.toUpperCase()}${second.slice(1)}`
        : head
    const list = errors[field] ?? []
    if (!list.includes(issue.message)) list.push(issue.message)
    errors[field] = list
  }
  return errors
}

export interface QuoteOfferInput {
  number: string
  optionId: number | null
  step: 'services' | 'confirm'
}

export interface QuoteOfferContext {
  number: string
  optionId: number | null
  step: 'services' | 'confirm'
  quote: QuoteDetail | null
  services: ServiceSelection
  price: QuotePrice | null
  /** The total confirmed against: the preview's, or the server's new price after a 409. */
  shownTotalUsd: number
  /** The price the server answered with when it had changed. */
  changedPrice: QuotePrice | null
  serviceMessage: string | null
  values: ConfirmValues
  errors: FieldErrors
  shown: Partial<Record<string, true>>
  booking: BookingCreated | null
  message: string | null
}

export type ServiceChange =
  | { service: 'exportCustoms' | 'importCustoms' | 'insurance'; value: boolean }
  | { service: 'pickup' | 'delivery'; value: TruckingZone | null }

export type QuoteOfferEvent =
  | ({ type: 'service.changed' } & ServiceChange)
  | { type: 'user.continue' }
  | { type: 'field.changed'; field: keyof ConfirmValues & string; value: unknown }
  | { type: 'field.blurred'; field: string }
  | { type: 'user.submit' }
  | { type: 'user.requote' }
  | { type: 'user.retry' }
  | { type: 'dialog.acknowledged' }

const SAVE_DELAY_MS = 500

function priced(context: QuoteOfferContext, services: ServiceSelection) {
  const price = previewPrice(context.quote, context.optionId, services)
  return { services, price, shownTotalUsd: price?.totalUsd ?? 0, changedPrice: null }
}

export const quoteOfferMachine = setup({
  types: {
    context: {} as QuoteOfferContext,
    events: {} as QuoteOfferEvent,
    input: {} as QuoteOfferInput,
  },
  actors: {
    getQuote: fromPromise<QuoteDetail, { number: string }>(async () => {
      throw new Error('not provided')
    }),
    priceQuoteServices: fromPromise<
      PriceResponse,
      { number: string; optionId: number; services: ServiceSelection }
    >(async () => {
      throw new Error('not provided')
    }),
    confirmQuote: fromPromise<
      { booking: BookingCreated },
      { number: string; body: ReturnType<typeof toConfirmInput> }
    >(async () => {
      throw new Error('not provided')
    }),
    requoteQuote: fromPromise<CreateQuoteResponse, { number: string }>(async () => ({ quote: null })),
  },
  delays: { save: SAVE_DELAY_MS },
  guards: {
    isRequested: (_, quote: QuoteDetail) => quote.kind === 'requested',
    isBooked: (_, quote: QuoteDetail) => quote.booking !== null,
    isExpired: (_, quote: QuoteDetail) => quote.status === 'Expired',
    atConfirm: ({ context }) => context.step === 'confirm',
    needsCargoValue: ({ context, event }) =>
      event.type === 'service.changed' &&
      event.service === 'insurance' &&
      event.value === true &&
      !((context.quote?.request.cargoValue ?? 0) > 0),
    isValid: ({ context }) => Object.keys(context.errors).length === 0,
    priceChanged: (_, error: unknown) => isPriceChanged(error),
    gone: (_, error: unknown) => failure(error).status === 410,
    hasQuote: (_, output: CreateQuoteResponse) => output.quote !== null,
  },
  actions: {
    goToConfirm: (_, _params: { number: string; optionId: number }) => {},
    goToQuote: (_, _params: { number: string }) => {},
    setQuote: assign(({ context }, quote: QuoteDetail) => {
      const optionId =
        context.optionId !== null && quote.options.some((o) => o.id === context.optionId)
          ? context.optionId
          : (quote.chosenOptionId ?? quote.options[0]?.id ?? null)
      const next = { ...context, quote, optionId }
      const services = quote.services ?? noServices
      return {
        quote,
        optionId,
        ...priced(next, services),
        errors: confirmErrors(context.values, services),
        booking: quote.booking ? { number: quote.booking.number, status: quote.booking.status } : null,
      }
    }),
    changeService: assign(({ context, event }) => {
      assertEvent(event, 'service.changed')
      const services = { ...context.services, [event.service]: event.value }
      return {
        ...priced(context, services),
        serviceMessage: null,
        errors: confirmErrors(context.values, services),
      }
    }),
    refuseInsurance: assign({ serviceMessage: quoteMessages.insuranceNeedsValue }),
    /** The server's price is the truth: it replaces the preview when they differ. */
    setServerPrice: assign(({ context }, response: PriceResponse) =>
      response.price.totalUsd === context.price?.totalUsd
        ? {}
        : { price: response.price, shownTotalUsd: response.price.totalUsd },
    ),
    change: assign(({ context, event }) => {
      assertEvent(event, 'field.changed')
      const values = { ...context.values, [event.field]: event.value } as ConfirmValues
      return { values, errors: confirmErrors(values, context.services) }
    }),
    show: assign(({ context, event }) => {
      assertEvent(event, 'field.blurred')
      return { shown: { ...context.shown, [event.field]: true as const } }
    }),
    showAll: assign(({ context }) => ({
      shown: Object.fromEntries(Object.keys(context.values).map((f) => [f, true as const])),
    })),
    setBooking: assign({ booking: (_, booking: BookingCreated) => booking }),
    /** The server's new price replaces the preview at once: shown, and the total confirmed against next. */
    setChangedPrice: assign((_, { price }: PriceChangedFailure) => {
      return {
        changedPrice: price,
        price,
        shownTotalUsd: price.totalUsd,
        message: confirmMessages.priceChanged,
      }
    }),
    setMessage: assign({
      message: (_, error: unknown) => failure(error).message ?? 'Something went wrong. Please try again.',
    }),
    setNoRates: assign({ message: confirmMessages.noInstantRate }),
    setExpired: assign({ message: confirmMessages.expired }),
    clearMessage: assign({ message: null }),
  },
}).createMachine({
  id: 'quoteOffer',
  context: ({ input }) => ({
    number: input.number,
    optionId: input.optionId,
    step: input.step,
    quote: null,
    services: noServices,
    price: null,
    shownTotalUsd: 0,
    changedPrice: null,
    serviceMessage: null,
    values: emptyConfirm,
    errors: confirmErrors(emptyConfirm, noServices),
    shown: {},
    booking: null,
    message: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'getQuote',
        src: 'getQuote',
        input: ({ context }) => ({ number: context.number }),
        onDone: [
          {
            guard: { type: 'isRequested', params: ({ event }) => event.output },
            target: 'requested',
            actions: { type: 'setQuote', params: ({ event }) => event.output },
          },
          {
            guard: { type: 'isBooked', params: ({ event }) => event.output },
            target: 'booked',
            actions: { type: 'setQuote', params: ({ event }) => event.output },
          },
          {
            guard: { type: 'isExpired', params: ({ event }) => event.output },
            target: 'expired',
            actions: [{ type: 'setQuote', params: ({ event }) => event.output }, 'setExpired'],
          },
          {
            guard: 'atConfirm',
            target: 'confirm',
            actions: { type: 'setQuote', params: ({ event }) => event.output },
          },
          { target: 'services', actions: { type: 'setQuote', params: ({ event }) => event.output } },
        ],
        onError: {
          target: 'failed',
          actions: { type: 'setMessage', params: actorError },
        },
      },
    },
    failed: {
      on: { 'user.retry': { target: 'loading', actions: 'clearMessage' } },
    },
    requested: {},
    services: {
      initial: 'saved',
      on: {
        'service.changed': [
          { guard: 'needsCargoValue', actions: 'refuseInsurance' },
          { target: '.waiting', reenter: true, actions: 'changeService' },
        ],
        'user.continue': 'leaving',
        'dialog.acknowledged': { actions: 'clearMessage' },
      },
      states: {
        saved: {},
        waiting: { after: { save: 'saving' } },
        saving: {
          invoke: {
            id: 'priceQuoteServices',
            src: 'priceQuoteServices',
            input: ({ context }) => ({
              number: context.number,
              optionId: context.optionId ?? 0,
              services: context.services,
            }),
            onDone: {
              target: 'saved',
              actions: { type: 'setServerPrice', params: ({ event }) => event.output },
            },
            onError: {
              target: 'saved',
              actions: {
                type: 'setMessage',
                params: actorError,
              },
            },
          },
        },
      },
    },
    leaving: {
      invoke: {
        id: 'priceQuoteServices',
        src: 'priceQuoteServices',
        input: ({ context }) => ({
          number: context.number,
          optionId: context.optionId ?? 0,
          services: context.services,
        }),
        onDone: {
          target: 'left',
          actions: {
            type: 'goToConfirm',
            params: ({ context }) => ({ number: context.number, optionId: context.optionId ?? 0 }),
          },
        },
        onError: {
          target: 'services',
          actions: { type: 'setMessage', params: actorError },
        },
      },
    },
    left: {},
    confirm: {
      initial: 'editing',
      on: {
        'field.changed': { actions: 'change' },
        'field.blurred': { actions: 'show' },
        'dialog.acknowledged': { actions: 'clearMessage' },
      },
      states: {
        editing: {
          on: {
            'user.submit': [{ guard: 'isValid', target: 'submitting' }, { actions: 'showAll' }],
          },
        },
        // No user.submit here: a second click while the first confirmation is on its way sends nothing.
        submitting: {
          invoke: {
            id: 'confirmQuote',
            src: 'confirmQuote',
            input: ({ context }) => ({
              number: context.number,
              body: toConfirmInput(context.values, context.optionId, context.services, context.shownTotalUsd),
            }),
            onDone: {
              target: '#quoteOffer.booked',
              actions: { type: 'setBooking', params: ({ event }) => event.output.booking },
            },
            onError: [
              {
                guard: {
                  type: 'priceChanged',
                  params: actorError,
                },
                target: 'priceChanged',
                actions: {
                  type: 'setChangedPrice',
                  params: (args: { event: { error: unknown } }) => actorError(args) as PriceChangedFailure,
                },
              },
              {
                guard: { type: 'gone', params: actorError },
                target: '#quoteOffer.expired',
                actions: 'setExpired',
              },
              {
                target: 'editing',
                actions: {
                  type: 'setMessage',
                  params: actorError,
                },
              },
            ],
          },
        },
        priceChanged: {
          on: {
            'user.submit': [{ guard: 'isValid', target: 'submitting' }, { actions: 'showAll' }],
          },
        },
      },
    },
    expired: {
      on: { 'user.requote': 'requoting' },
    },
    requoting: {
      invoke: {
        id: 'requoteQuote',
        src: 'requoteQuote',
        input: ({ context }) => ({ number: context.number }),
        onDone: [
          {
            guard: { type: 'hasQuote', params: ({ event }) => event.output },
            target: 'requoted',
            actions: {
              type: 'goToQuote',
              params: ({ event }) => ({ number: event.output.quote?.number ?? '' }),
            },
          },
          { target: 'expired', actions: 'setNoRates' },
        ],
        onError: {
          target: 'expired',
          actions: { type: 'setMessage', params: actorError },
        },
      },
    },
    requoted: {},
    booked: {},
  },
})

// ---- My Quotes -----------------------------------------------------------------------------------------

export interface QuoteListContext {
  filters: QuoteFilters
  quotes: QuoteSummary[]
  message: string | null
}

export type QuoteListEvent =
  | { type: 'filter.changed'; filter: 'status' | 'mode'; value: string }
  | { type: 'search.changed'; q: string }
  | { type: 'quote.requote'; number: string }
  | { type: 'quote.duplicate'; number: string }
  | { type: 'user.retry' }
  | { type: 'dialog.acknowledged' }

export const quoteListMachine = setup({
  types: { context: {} as QuoteListContext, events: {} as QuoteListEvent },
  actors: {
    listQuotes: fromPromise<QuoteSummary[], QuoteFilters>(async () => []),
    requoteQuote: fromPromise<CreateQuoteResponse, { number: string }>(async () => ({ quote: null })),
    getQuote: fromPromise<QuoteDetail, { number: string }>(async () => {
      throw new Error('not provided')
    }),
  },
  delays: { search: LOOKUP_DELAY_MS },
  guards: { hasQuote: (_, output: CreateQuoteResponse) => output.quote !== null },
  actions: {
    goToQuote: (_, _params: { number: string }) => {},
    /** Hands a quote's request to the form (quoteData) and goes to it. */
    duplicateIntoForm: (_, _quote: QuoteDetail) => {},
    setFilter: assign(({ context, event }) => {
      assertEvent(event, 'filter.changed')
      return { filters: { ...context.filters, [event.filter]: event.value } }
    }),
    setSearch: assign(({ context, event }) => {
      assertEvent(event, 'search.changed')
      return { filters: { ...context.filters, q: event.q } }
    }),
    setQuotes: assign({ quotes: (_, quotes: QuoteSummary[]) => quotes }),
    setMessage: assign({
      message: (_, error: unknown) => failure(error).message ?? 'Something went wrong. Please try again.',
    }),
    setNoRates: assign({ message: confirmMessages.noInstantRate }),
    clearMessage: assign({ message: null }),
  },
}).createMachine({
  id: 'quoteList',
  context: { filters: { status: '', mode: '', q: '' }, quotes: [], message: null },
  initial: 'loading',
  on: {
    'filter.changed': { target: '.loading', actions: 'setFilter' },
    'search.changed': { target: '.typing', actions: 'setSearch' },
    'dialog.acknowledged': { actions: 'clearMessage' },
  },
  states: {
    loading: {
      invoke: {
        id: 'listQuotes',
        src: 'listQuotes',
        input: ({ context }) => context.filters,
        onDone: { target: 'list', actions: { type: 'setQuotes', params: ({ event }) => event.output } },
        onError: {
          target: 'failed',
          actions: { type: 'setMessage', params: actorError },
        },
      },
    },
    typing: { after: { search: 'loading' } },
    failed: { on: { 'user.retry': { target: 'loading', actions: 'clearMessage' } } },
    list: {
      on: {
        'quote.requote': 'requoting',
        'quote.duplicate': 'duplicating',
      },
    },
    requoting: {
      invoke: {
        id: 'requoteQuote',
        src: 'requoteQuote',
        input: ({ event }) => ({ number: event.type === 'quote.requote' ? event.number : '' }),
        onDone: [
          {
            guard: { type: 'hasQuote', params: ({ event }) => event.output },
            target: 'list',
            actions: {
              type: 'goToQuote',
              params: ({ event }) => ({ number: event.output.quote?.number ?? '' }),
            },
          },
          { target: 'list', actions: 'setNoRates' },
        ],
        onError: {
          target: 'list',
          actions: { type: 'setMessage', params: actorError },
        },
      },
    },
    duplicating: {
      invoke: {
        id: 'getQuote',
        src: 'getQuote',
        input: ({ event }) => ({ number: event.type === 'quote.duplicate' ? event.number : '' }),
        onDone: {
          target: 'list',
          actions: { type: 'duplicateIntoForm', params: ({ event }) => event.output },
        },
        onError: {
          target: 'list',
          actions: { type: 'setMessage', params: actorError },
        },
      },
    },
  },
})

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
