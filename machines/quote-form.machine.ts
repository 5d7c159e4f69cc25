/**
 * `quoteFormMachine` (/user/home): the request form (mode, origin and destination chosen from the
 * type-ahead's results, ready date, commodity, FCL containers or LCL/air packages or totals, hazardous
 * details, cargo value), validated with `quoteRequestSchema` (a field's message shows once it was left or the
 * form was submitted); `createQuote` → results (sortable by price or transit time) or noRates →
 * `requestManualQuote` → requested (the ESQ number). Choosing an option navigates to /user/getquote.
 * Texts it starts with but no place (the home strip's, through `quoteData`) are looked up once, origin then
 * destination: a text naming one place unambiguously (`resolvePlace`) becomes the choice.
 *
 * Effects (API calls, navigation, storing `quoteData`) are injected by the app with `machine.provide`.
 */
import { assertEvent, assign, fromPromise, setup } from 'xstate'
import type { Mode, QuoteRequest } from '../contract/pricing/types'
import type { CreateQuoteResponse, QuoteDetail } from '../contract/quotes'
import type { Place } from '../contract/wire'
import { actorError, failure } from './actor-error'
import { changeFields, type FormContext, initialForm, isFormValid, showAll, showField } from './form'

import {
  type End,
  emptyQuoteForm,
  LOOKUP_DELAY_MS,
  type OptionSort,
  placeLabel,
  type QuoteField,
  type QuoteFormValues,
  quoteFormErrors,
  resolvePlace,
  toQuoteRequest,
} from './quote-form'

export interface QuoteFormInput {
  today: string
  /** What the home strip or a duplicated quote hands over. */
  prefill?: Partial<QuoteFormValues> | undefined
  originText?: string | undefined
  destinationText?: string | undefined
  places?: { origin?: Place | undefined; destination?: Place | undefined } | undefined
}

export interface QuoteFormContext extends FormContext<QuoteFormValues, string> {
  /** The Singapore date the form opened on: a ready date before it is refused. */
  today: string
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

const isSea = (mode: Mode) => mode !== 'AIR'

const withValues = (context: QuoteFormContext, patch: Partial<QuoteFormValues>) =>
  changeFields((values) => quoteFormErrors(values, context.today), context, patch)

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
    isValid: ({ context }) => isFormValid(context),
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
      return { shown: showField(context, event.field) }
    }),
    showAll: assign(({ context }) => ({ shown: showAll(context) })),
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
        shown: showField(context, event.end),
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
      ...initialForm((form) => quoteFormErrors(form, input.today), values),
      today: input.today,
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
          // Typing another place while the lane is priced abandons that pricing: its answer would be for a
          // request the form no longer holds (and a manual request from it would send a form without that place).
          on: { 'place.typed': { target: 'editing' } },
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
            // Never from a form a failed request left changed (a place typed while it was sent).
            'user.requestManual': [
              { guard: 'isValid', target: 'requesting' },
              { target: 'editing', actions: 'showAll' },
            ],
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
