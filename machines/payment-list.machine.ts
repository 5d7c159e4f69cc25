/**
 * `paymentListMachine` (finance's payments, /staff/finance/payments, issue 36): side by side,
 *
 * - `list`: a page of payments (`loadPayments`), newest first, filtered by one customer (chosen from a row)
 *   and to those with something left to allocate; More reads the next page; failed → retry;
 * - `record`: Record a payment opens the form (`paymentRecordMachine`, invoked); a payment recorded is said
 *   (with its id, for the page's link) and the list read again.
 *
 * Effects are injected by the page with `machine.provide` (the form's too).
 */
import { assertEvent, assign, fromPromise, raise, setup } from 'xstate'
import type { PaymentAnswer, PaymentPage, PaymentSummary } from '../contract/finance/payment-wire'
import { messages } from '../contract/messages'
import { actorError } from './actor-error'
import { failureMessage } from './form'
import { type CustomerChoice, paymentRecordMachine } from './payment-record.machine'

export interface PaymentFilters {
  customer: CustomerChoice | null
  unallocated: boolean
}

export interface PaymentListContext {
  today: string
  filters: PaymentFilters
  payments: PaymentSummary[]
  next: string | null
  /** The payment just recorded: its id and the server's message. */
  recorded: { id: number; message: string } | null
  message: string | null
}

export type PaymentListEvent =
  | { type: 'filter.customer'; customer: CustomerChoice | null }
  | { type: 'filter.unallocated'; value: boolean }
  | { type: 'list.more' }
  | { type: 'user.retry' }
  | { type: 'record.open' }
  /** A payment was recorded: the list is read again. */
  | { type: 'list.reload' }

export interface PaymentListRequest {
  filters: PaymentFilters
  after: string | null
}

/** The list's query as the API reads it (paymentListQuerySchema). */
export const paymentQuery = ({ filters, after }: PaymentListRequest): Record<string, string> => ({
  ...(filters.customer ? { customerId: String(filters.customer.id) } : {}),
  ...(filters.unallocated ? { unallocated: 'true' } : {}),
  ...(after ? { after } : {}),
})

export const paymentListMachine = setup({
  types: {
    context: {} as PaymentListContext,
    events: {} as PaymentListEvent,
    input: {} as { today: string },
  },
  actors: {
    loadPayments: fromPromise<PaymentPage, PaymentListRequest>(async () => {
      throw new Error('not provided')
    }),
    record: paymentRecordMachine,
  },
  guards: {
    hasNext: ({ context }) => context.next !== null,
    hasRecorded: ({ event }) => (event as { output?: unknown }).output != null,
  },
  actions: {
    setPage: assign((_, page: PaymentPage) => ({ payments: page.payments, next: page.next, message: null })),
    addPage: assign(({ context }, page: PaymentPage) => ({
      payments: [...context.payments, ...page.payments],
      next: page.next,
      message: null,
    })),
    failed: assign((_, error: unknown) => ({ message: failureMessage(error, messages.generic) })),
    setCustomer: assign(({ context, event }) => {
      assertEvent(event, 'filter.customer')
      return { filters: { ...context.filters, customer: event.customer } }
    }),
    setUnallocated: assign(({ context, event }) => {
      assertEvent(event, 'filter.unallocated')
      return { filters: { ...context.filters, unallocated: event.value } }
    }),
    clearRecorded: assign({ recorded: null }),
    setRecorded: assign((_, answer: PaymentAnswer) => ({
      recorded: { id: answer.payment.id, message: answer.message },
    })),
  },
}).createMachine({
  id: 'paymentList',
  context: ({ input }) => ({
    today: input.today,
    filters: { customer: null, unallocated: false },
    payments: [],
    next: null,
    recorded: null,
    message: null,
  }),
  type: 'parallel',
  states: {
    list: {
      initial: 'loading',
      on: {
        'filter.customer': { target: '.loading', actions: 'setCustomer' },
        'filter.unallocated': { target: '.loading', actions: 'setUnallocated' },
        'list.reload': '.loading',
      },
      states: {
        loading: {
          invoke: {
            id: 'loadPayments',
            src: 'loadPayments',
            input: ({ context }) => ({ filters: context.filters, after: null }),
            onDone: { target: 'ready', actions: { type: 'setPage', params: ({ event }) => event.output } },
            onError: { target: 'failed', actions: { type: 'failed', params: actorError } },
          },
        },
        ready: { on: { 'list.more': { guard: 'hasNext', target: 'loadingMore' } } },
        loadingMore: {
          invoke: {
            id: 'loadMore',
            src: 'loadPayments',
            input: ({ context }) => ({ filters: context.filters, after: context.next }),
            onDone: { target: 'ready', actions: { type: 'addPage', params: ({ event }) => event.output } },
            onError: { target: 'ready', actions: { type: 'failed', params: actorError } },
          },
        },
        failed: { on: { 'user.retry': 'loading' } },
      },
    },
    record: {
      initial: 'closed',
      states: {
        closed: { on: { 'record.open': { target: 'open', actions: 'clearRecorded' } } },
        open: {
          invoke: {
            id: 'record',
            src: 'record',
            input: ({ context }) => ({ today: context.today }),
            onDone: [
              {
                guard: 'hasRecorded',
                target: 'closed',
                actions: [
                  { type: 'setRecorded', params: ({ event }) => event.output as PaymentAnswer },
                  raise({ type: 'list.reload' }),
                ],
              },
              { target: 'closed' },
            ],
          },
        },
      },
    },
  },
})
