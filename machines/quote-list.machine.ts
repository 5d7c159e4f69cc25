/**
 * `quoteListMachine` (/user/quotation, My Quotes): filters by status, mode, whose (Mine / Everyone, on the
 * server) and search; requote and duplicate
 * (which loads the quote and hands its request to the form through `quoteData`).
 *
 * Effects (API calls, navigation, storing `quoteData`) are injected by the app with `machine.provide`.
 */
import { assertEvent, assign, fromPromise, setup } from 'xstate'
import {
  type CreateQuoteResponse,
  confirmMessages,
  type QuoteDetail,
  type QuoteFilters,
  type QuoteSummary,
} from '../contract/quotes'
import { actorError, failure } from './actor-error'
import { LOOKUP_DELAY_MS } from './quote-form'

export interface QuoteListContext {
  filters: QuoteFilters
  quotes: QuoteSummary[]
  message: string | null
}

export type QuoteListEvent =
  | { type: 'filter.changed'; filter: 'status' | 'mode'; value: string }
  | { type: 'search.changed'; q: string }
  /** Mine / Everyone (issue 24): only the quotes the signed-in user made, or the company's. */
  | { type: 'whose.changed'; mine: boolean }
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
    setWhose: assign(({ context, event }) => {
      assertEvent(event, 'whose.changed')
      return { filters: { ...context.filters, mine: event.mine } }
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
  context: { filters: { status: '', mode: '', q: '', mine: false }, quotes: [], message: null },
  initial: 'loading',
  on: {
    'filter.changed': { target: '.loading', actions: 'setFilter' },
    'search.changed': { target: '.typing', actions: 'setSearch' },
    'whose.changed': { target: '.loading', actions: 'setWhose' },
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
