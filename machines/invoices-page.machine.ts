/**
 * My Invoices (/user/invoices, issue 35, docs/invoices.md): the company's invoices and credit notes, and the
 * change requests waiting for its answer. Two regions side by side:
 *
 * - list: filtered by kind, state and period and searched by document or booking number. The filters start
 *   from the page's address and every change is written back to it (`filtersChanged`, injected), so a
 *   filtered list can be bookmarked and Back returns to it. A change of filter reads the first page again,
 *   dropping a page on its way; typing in the search waits for a pause. In ready, Show more reads the next
 *   page (the server's `next` cursor) and appends it; a failed page keeps the rows and offers it again. A
 *   failed first page offers Try again.
 * - pending: the change requests waiting for an answer (shown above the list when there are any); a failure
 *   is said with its own Try again.
 *
 * Effects (`listInvoices`, `listPendingCharges`, `filtersChanged`) are injected by the page with
 * `machine.provide`.
 */
import { assertEvent, assign, fromPromise, setup } from 'xstate'
import type { PendingChargeItem } from '../contract/finance/charges'
import type { InvoicePage, InvoiceSummary } from '../contract/finance/invoice-wire'
import {
  type DocumentKind,
  documentKinds,
  type InvoiceState,
  invoiceStates,
} from '../contract/finance/invoices'
import { messages } from '../contract/messages'
import { actorError } from './actor-error'
import { failureMessage } from './form'

/** The periods the list offers, by the day a document was issued. */
export const invoicePeriods = ['30d', '90d', 'year', 'last-year'] as const
export type InvoicePeriod = (typeof invoicePeriods)[number]

export const invoicePeriodNames: Record<InvoicePeriod, string> = {
  '30d': 'Last 30 days',
  '90d': 'Last 90 days',
  year: 'This year',
  'last-year': 'Last year',
}

export interface InvoiceFilters {
  kind: DocumentKind | ''
  state: InvoiceState | ''
  period: InvoicePeriod | ''
  q: string
}

export const noInvoiceFilters: InvoiceFilters = { kind: '', state: '', period: '', q: '' }

/** The list's query for the API: `from`/`to` of the period counted from `today` (ISO day, Singapore). */
export interface InvoiceQuery {
  kind?: DocumentKind
  state?: InvoiceState
  from?: string
  to?: string
  q?: string
  after?: string
}

const daysBefore = (today: string, days: number) => {
  const at = new Date(`${today}T00:00:00Z`)
  at.setUTCDate(at.getUTCDate() - days)
  return at.toISOString().slice(0, 10)
}

/** The first and last day of a period, as of `today`. */
export function periodRange(period: InvoicePeriod, today: string): { from: string; to: string } {
  const year = Number(today.slice(0, 4))
  switch (period) {
    case '30d':
      return { from: daysBefore(today, 29), to: today }
    case '90d':
      return { from: daysBefore(today, 89), to: today }
    case 'year':
      return { from: `${year}-01-01`, to: today }
    case 'last-year':
      return { from: `${year - 1}-01-01`, to: `${year - 1}-12-31` }
  }
}

export function invoiceQuery(filters: InvoiceFilters, today: string, after?: string | null): InvoiceQuery {
  const q = filters.q.trim()
  return {
    ...(filters.kind ? { kind: filters.kind } : {}),
    ...(filters.state ? { state: filters.state } : {}),
    ...(filters.period ? periodRange(filters.period, today) : {}),
    ...(q ? { q: q.slice(0, 40) } : {}),
    ...(after ? { after } : {}),
  }
}

/** A filter's value if it is one of its choices, else none. */
export function filterValue<Filter extends 'kind' | 'state' | 'period'>(
  filter: Filter,
  value: unknown,
): InvoiceFilters[Filter] {
  const choices: readonly unknown[] =
    filter === 'kind' ? documentKinds : filter === 'state' ? invoiceStates : invoicePeriods
  return (choices.includes(value) ? value : '') as InvoiceFilters[Filter]
}

/** Whether the list is filtered or searched (an empty list then says so, instead of "no invoices yet"). */
export const isFiltered = (filters: InvoiceFilters) =>
  filters.kind !== '' || filters.state !== '' || filters.period !== '' || filters.q.trim() !== ''

export interface InvoicesPageContext {
  filters: InvoiceFilters
  today: string
  invoices: InvoiceSummary[]
  next: string | null
  message: string | null
  /** A failed Show more: the rows stay, the button offers it again. */
  moreMessage: string | null
  pending: PendingChargeItem[]
  pendingMessage: string | null
}

export type InvoicesPageEvent =
  | { type: 'filter.changed'; filter: 'kind' | 'state' | 'period'; value: string }
  | { type: 'search.changed'; q: string }
  | { type: 'user.retry' }
  | { type: 'user.more' }
  | { type: 'pending.retry' }
  | { type: 'pending.reload' }

/** Typing in the search waits this long for a pause. */
export const INVOICE_SEARCH_DELAY_MS = 300

export const invoicesPageMachine = setup({
  types: {
    context: {} as InvoicesPageContext,
    events: {} as InvoicesPageEvent,
    input: {} as { filters?: InvoiceFilters; today: string },
  },
  actors: {
    listInvoices: fromPromise<InvoicePage, InvoiceQuery>(async () => {
      throw new Error('not provided')
    }),
    listPendingCharges: fromPromise<PendingChargeItem[]>(async () => []),
  },
  delays: { search: INVOICE_SEARCH_DELAY_MS },
  guards: { hasNext: ({ context }) => context.next !== null },
  actions: {
    /** Writes the filters to the address (replacing the entry). */
    filtersChanged: (_, _filters: InvoiceFilters) => {},
    setFilter: assign(({ context, event }) => {
      assertEvent(event, 'filter.changed')
      return { filters: { ...context.filters, [event.filter]: filterValue(event.filter, event.value) } }
    }),
    setSearch: assign(({ context, event }) => {
      assertEvent(event, 'search.changed')
      return { filters: { ...context.filters, q: event.q } }
    }),
    setFirstPage: assign((_, page: InvoicePage) => ({
      invoices: page.invoices,
      next: page.next,
      message: null,
      moreMessage: null,
    })),
    appendPage: assign(({ context }, page: InvoicePage) => ({
      invoices: [...context.invoices, ...page.invoices],
      next: page.next,
      moreMessage: null,
    })),
    clearList: assign({ invoices: [], next: null, message: null, moreMessage: null }),
    setMessage: assign((_, error: unknown) => ({ message: failureMessage(error, messages.generic) })),
    moreFailed: assign((_, error: unknown) => ({ moreMessage: failureMessage(error, messages.generic) })),
    clearMore: assign({ moreMessage: null }),
    setPending: assign((_, pending: PendingChargeItem[]) => ({ pending, pendingMessage: null })),
    pendingFailed: assign((_, error: unknown) => ({
      pendingMessage: failureMessage(error, messages.generic),
    })),
  },
}).createMachine({
  id: 'invoicesPage',
  type: 'parallel',
  context: ({ input }) => ({
    filters: input.filters ?? noInvoiceFilters,
    today: input.today,
    invoices: [],
    next: null,
    message: null,
    moreMessage: null,
    pending: [],
    pendingMessage: null,
  }),
  states: {
    list: {
      initial: 'loading',
      on: {
        'filter.changed': {
          target: '.loading',
          actions: ['setFilter', { type: 'filtersChanged', params: ({ context }) => context.filters }],
        },
        'search.changed': {
          target: '.typing',
          actions: ['setSearch', { type: 'filtersChanged', params: ({ context }) => context.filters }],
        },
      },
      states: {
        loading: {
          entry: 'clearList',
          invoke: {
            id: 'listInvoices',
            src: 'listInvoices',
            input: ({ context }) => invoiceQuery(context.filters, context.today),
            onDone: {
              target: 'ready',
              actions: { type: 'setFirstPage', params: ({ event }) => event.output },
            },
            onError: { target: 'failed', actions: { type: 'setMessage', params: actorError } },
          },
        },
        typing: { after: { search: 'loading' } },
        failed: { on: { 'user.retry': 'loading' } },
        ready: {
          initial: 'idle',
          states: {
            idle: { on: { 'user.more': { guard: 'hasNext', target: 'loadingMore', actions: 'clearMore' } } },
            loadingMore: {
              invoke: {
                id: 'listInvoices',
                src: 'listInvoices',
                input: ({ context }) => invoiceQuery(context.filters, context.today, context.next),
                onDone: {
                  target: 'idle',
                  actions: { type: 'appendPage', params: ({ event }) => event.output },
                },
                onError: { target: 'idle', actions: { type: 'moreFailed', params: actorError } },
              },
            },
          },
        },
      },
    },
    pending: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            id: 'listPendingCharges',
            src: 'listPendingCharges',
            onDone: { target: 'ready', actions: { type: 'setPending', params: ({ event }) => event.output } },
            onError: { target: 'failed', actions: { type: 'pendingFailed', params: actorError } },
          },
        },
        failed: { on: { 'pending.retry': 'loading' } },
        ready: { on: { 'pending.reload': 'loading' } },
      },
    },
  },
})
