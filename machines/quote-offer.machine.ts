/**
 * `quoteOfferMachine` (/user/getquote and /user/confirm-quote, `step` in its input): loads the quote; services
 * are toggled with the price previewed at once by `priceQuote` (the server's own function) and persisted,
 * debounced, through `priceQuoteServices`; Continue saves and navigates to the confirmation. There the form is
 * validated with `confirmSchema(services)`; `confirmQuote` → booked (ESB number); 409 with the server's price
 * (`PriceChangedFailure`) → priceChanged (the new total shown at once, confirm again at it); 410 → expired →
 * requote. Submit is ignored while submitting, so a double click sends one request.
 *
 * Its types, the preview prices and the confirmation form's rules are quote-offer.ts.
 *
 * Effects (API calls, navigation) are injected by the app with `machine.provide`.
 */
import { assertEvent, assign, fromPromise, setup } from 'xstate'
import { quoteMessages } from '../contract/pricing/rules'
import { noServices, type ServiceSelection } from '../contract/pricing/types'
import {
  type BookingCreated,
  type CreateQuoteResponse,
  confirmMessages,
  containersOf,
  isPriceChanged,
  type PriceChangedFailure,
  type PriceResponse,
  type QuoteDetail,
} from '../contract/quotes'
import { actorError, failure } from './actor-error'
import {
  type ConfirmValues,
  confirmErrors,
  emptyConfirm,
  optionOf,
  pickParty,
  previewPrice,
  type QuoteOfferContext,
  type QuoteOfferEvent,
  type QuoteOfferInput,
  startingValues,
  toConfirmInput,
} from './quote-offer'

const SAVE_DELAY_MS = 500

function priced(context: QuoteOfferContext, services: ServiceSelection) {
  const price = previewPrice(context.quote, context.optionId, services)
  return { services, price, shownTotalUsd: price?.totalUsd ?? 0, changedPrice: null }
}

/** What priceQuoteServices saves: the option and services chosen now (while choosing, and on Continue). */
const servicesToSave = ({ context }: { context: QuoteOfferContext }) => ({
  number: context.number,
  optionId: context.optionId ?? 0,
  services: context.services,
})

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
    goToBookingConfirmed: (_, _params: { number: string }) => {},
    setQuote: assign(({ context }, quote: QuoteDetail) => {
      const optionId = optionOf(quote, context.optionId)
      const services = quote.services ?? noServices
      const values = startingValues(context.values, quote, context.company)
      return {
        quote,
        optionId,
        ...priced({ ...context, quote, optionId }, services),
        values,
        errors: confirmErrors(values, services, containersOf(quote.request)),
        booking: quote.booking ? { number: quote.booking.number, status: quote.booking.status } : null,
      }
    }),
    changeService: assign(({ context, event }) => {
      assertEvent(event, 'service.changed')
      const services = { ...context.services, [event.service]: event.value }
      return {
        ...priced(context, services),
        serviceMessage: null,
        errors: confirmErrors(context.values, services, containersOf(context.quote?.request)),
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
      return { values, errors: confirmErrors(values, context.services, containersOf(context.quote?.request)) }
    }),
    pickParty: assign(({ context, event }) => {
      assertEvent(event, 'party.picked')
      // An event without its party (a generated one) changes nothing.
      if (!event.party) return {}
      const values = pickParty(context.values, event.role, event.party)
      return { values, errors: confirmErrors(values, context.services, containersOf(context.quote?.request)) }
    }),
    show: assign(({ context, event }) => {
      assertEvent(event, 'field.blurred')
      return { shown: { ...context.shown, [event.field]: true as const } }
    }),
    // Every field, and each container's weight by its own key (containerWeightsKg.0, …).
    showAll: assign(({ context }) => ({
      shown: Object.fromEntries(
        [...Object.keys(context.values), ...Object.keys(context.errors)].map((f) => [f, true as const]),
      ),
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
    company: input.company ?? '',
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
            input: servicesToSave,
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
        input: servicesToSave,
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
        'party.picked': { actions: 'pickParty' },
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
              actions: [
                { type: 'setBooking', params: ({ event }) => event.output.booking },
                // The booking just made has a page of its own: what happens next (booking-confirmed).
                {
                  type: 'goToBookingConfirmed',
                  params: ({ event }) => ({ number: event.output.booking.number }),
                },
              ],
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
