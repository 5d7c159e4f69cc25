/**
 * `opsQueueMachine` (the operations desk's queues, /staff/bookings, issue 23): one queue at a time of
 * `opsQueues` (waiting for confirmation, documents to review, ETA moved, on hold), each with the counts of all
 * four, filtered (mode, origin, destination, carrier, ETD from/to) and searched (booking, HBL, carrier booking
 * reference, container). The queue, filters and search are the page's address (`queryChanged`, injected), so a
 * link shares the view; an address changed while the page is open (Back, a link) is followed (`url.changed`).
 *
 * loading → ready, or failed (retry). The filter form is checked as typed with the contract's
 * `opsQueueQuerySchema`, its messages under the fields; applying it (or clearing it, or choosing another tab)
 * reads the first page again. In ready, "Show more" reads the next page (`next`) and appends it; a failed page
 * keeps the rows and offers the button again. `booking.changed` (the console's stream: a booking changed
 * anywhere) reads the view again while its rows stay shown, as many rows as are shown (at most 100); one that
 * comes while a page is on its way reads again after it.
 *
 * Effects (the API call, the address) are injected by the page with `machine.provide`.
 */
import { assertEvent, assign, fromPromise, setup } from 'xstate'
import { messages } from '../contract/messages'
import {
  type OpsQueue,
  type OpsQueueItem,
  type OpsQueueResponse,
  opsQueueQuerySchema,
  opsQueues,
} from '../contract/operations-desk'
import type { FieldErrors } from '../contract/rules'
import { actorError, failure } from './actor-error'
import { pathErrors } from './form'

export const opsFilterFields = ['mode', 'origin', 'destination', 'carrier', 'etdFrom', 'etdTo', 'q'] as const
export type OpsFilterField = (typeof opsFilterFields)[number]
export type OpsFilters = Record<OpsFilterField, string>

export const noOpsFilters: OpsFilters = {
  mode: '',
  origin: '',
  destination: '',
  carrier: '',
  etdFrom: '',
  etdTo: '',
  q: '',
}

/** What the address holds: the queue and the filters applied. */
export interface OpsQueueView {
  queue: OpsQueue
  filters: OpsFilters
}

/** A page is this many rows; a refresh reads as many as are shown, up to the API's limit. */
export const OPS_PAGE_SIZE = 50
const MAX_LIMIT = 100

const emptyCounts = (): Record<OpsQueue, number> => ({ received: 0, documents: 0, eta: 0, hold: 0 })

/** The query string of a view (empty filters left out), with paging. */
export function opsQueueQuery(
  view: OpsQueueView,
  paging: { after?: string | null; limit?: number } = {},
): Record<string, string> {
  const query: Record<string, string> = { queue: view.queue }
  for (const field of opsFilterFields) {
    const value = view.filters[field].trim()
    if (value !== '') query[field] = value
  }
  if (paging.after) query.after = paging.after
  query.limit = String(paging.limit ?? OPS_PAGE_SIZE)
  return query
}

/** Every filter's messages (the contract's schema, as the server checks the query); empty when valid. */
export function opsFilterErrors(filters: OpsFilters): FieldErrors {
  return pathErrors(opsQueueQuerySchema.safeParse(opsQueueQuery({ queue: 'received', filters })))
}

/** A view read from the address: an unknown queue is the first, unknown values are left out. */
export function opsViewOf(search: Record<string, unknown>): OpsQueueView {
  const queue = (opsQueues as readonly string[]).includes(String(search.queue))
    ? (search.queue as OpsQueue)
    : 'received'
  const filters = { ...noOpsFilters }
  for (const field of opsFilterFields) {
    const value = search[field]
    if (typeof value === 'string') filters[field] = value
  }
  return { queue, filters }
}

const sameFilters = (a: OpsFilters, b: OpsFilters) => opsFilterFields.every((field) => a[field] === b[field])

export interface OpsQueueContext {
  queue: OpsQueue
  /** The filters of the rows shown (and of the address). */
  applied: OpsFilters
  /** The filter form as typed. */
  draft: OpsFilters
  errors: FieldErrors
  shown: Partial<Record<OpsFilterField, true>>
  items: OpsQueueItem[]
  counts: Record<OpsQueue, number>
  next: string | null
  /** A `booking.changed` came while a page was on its way: read again after it. */
  stale: boolean
  /** A failure to load (or to refresh, above the rows still shown). */
  message: string | null
  /** A failed "Show more": the rows stay, the button offers it again. */
  moreMessage: string | null
}

export type OpsQueueEvent =
  | { type: 'queue.changed'; queue: OpsQueue }
  | { type: 'filter.changed'; field: OpsFilterField; value: string }
  | { type: 'filter.blurred'; field: OpsFilterField }
  | { type: 'filters.applied' }
  | { type: 'filters.cleared' }
  | { type: 'url.changed'; view: OpsQueueView }
  | { type: 'booking.changed' }
  | { type: 'user.more' }
  | { type: 'user.retry' }

const outputOf = <T>({ event }: { event: { output: T } }) => event.output

export const opsQueueMachine = setup({
  types: {
    context: {} as OpsQueueContext,
    events: {} as OpsQueueEvent,
    input: {} as { view?: OpsQueueView } | undefined,
  },
  actors: {
    loadQueue: fromPromise<OpsQueueResponse, { query: Record<string, string> }>(async () => {
      throw new Error('not provided')
    }),
  },
  guards: {
    isOtherQueue: ({ context, event }) => event.type === 'queue.changed' && event.queue !== context.queue,
    isValid: ({ context }) => Object.keys(context.errors).length === 0,
    isNewAddress: ({ context, event }) => {
      assertEvent(event, 'url.changed')
      return event.view.queue !== context.queue || !sameFilters(event.view.filters, context.applied)
    },
    hasFilters: ({ context }) =>
      !sameFilters(context.applied, noOpsFilters) || !sameFilters(context.draft, noOpsFilters),
    hasNext: ({ context }) => context.next !== null,
    isStale: ({ context }) => context.stale,
  },
  actions: {
    /** Writes the view to the address. */
    queryChanged: (_, _view: OpsQueueView) => {},
    setQueue: assign(({ event }) => {
      assertEvent(event, 'queue.changed')
      return { queue: event.queue, items: [], next: null, message: null, moreMessage: null }
    }),
    apply: assign(({ context }) => ({
      applied: { ...context.draft },
      items: [],
      next: null,
      message: null,
      moreMessage: null,
    })),
    clear: assign({
      applied: { ...noOpsFilters },
      draft: { ...noOpsFilters },
      errors: {},
      shown: {},
      items: [],
      next: null,
      message: null,
      moreMessage: null,
    }),
    follow: assign(({ event }) => {
      assertEvent(event, 'url.changed')
      return {
        queue: event.view.queue,
        applied: { ...event.view.filters },
        draft: { ...event.view.filters },
        errors: opsFilterErrors(event.view.filters),
        shown: {},
        items: [],
        next: null,
        message: null,
        moreMessage: null,
      }
    }),
    change: assign(({ context, event }) => {
      assertEvent(event, 'filter.changed')
      const draft = { ...context.draft, [event.field]: event.value }
      return { draft, errors: opsFilterErrors(draft) }
    }),
    show: assign(({ context, event }) => {
      assertEvent(event, 'filter.blurred')
      return { shown: { ...context.shown, [event.field]: true as const } }
    }),
    showAll: assign(({ context }) => ({
      shown: Object.fromEntries(Object.keys(context.errors).map((field) => [field, true])),
    })),
    setPage: assign((_, page: OpsQueueResponse) => ({
      items: page.items,
      counts: page.counts,
      next: page.next,
      message: null,
      moreMessage: null,
    })),
    appendPage: assign(({ context }, page: OpsQueueResponse) => ({
      items: [
        ...context.items,
        ...page.items.filter((one) => !context.items.some((i) => i.number === one.number)),
      ],
      counts: page.counts,
      next: page.next,
      moreMessage: null,
    })),
    loadFailed: assign((_, error: unknown) => ({ message: failure(error).message ?? messages.generic })),
    moreFailed: assign((_, error: unknown) => ({ moreMessage: failure(error).message ?? messages.generic })),
    clearSaid: assign({ message: null, moreMessage: null }),
    markStale: assign({ stale: true }),
    clearStale: assign({ stale: false }),
  },
}).createMachine({
  id: 'opsQueue',
  context: ({ input }) => {
    const view = input?.view ?? { queue: 'received' as const, filters: noOpsFilters }
    return {
      queue: view.queue,
      applied: { ...view.filters },
      draft: { ...view.filters },
      errors: opsFilterErrors(view.filters),
      shown: {},
      items: [],
      counts: emptyCounts(),
      next: null,
      stale: false,
      message: null,
      moreMessage: null,
    }
  },
  initial: 'loading',
  on: {
    'queue.changed': {
      guard: 'isOtherQueue',
      target: '.loading',
      actions: ['setQueue', { type: 'queryChanged', params: ({ context }) => viewOf(context) }],
    },
    'filter.changed': { actions: 'change' },
    'filter.blurred': { actions: 'show' },
    'filters.applied': [
      {
        guard: 'isValid',
        target: '.loading',
        actions: ['apply', { type: 'queryChanged', params: ({ context }) => viewOf(context) }],
      },
      { actions: 'showAll' },
    ],
    'filters.cleared': {
      guard: 'hasFilters',
      target: '.loading',
      actions: ['clear', { type: 'queryChanged', params: ({ context }) => viewOf(context) }],
    },
    'url.changed': { guard: 'isNewAddress', target: '.loading', actions: 'follow' },
  },
  states: {
    loading: {
      entry: 'clearStale',
      invoke: {
        id: 'loadQueue',
        src: 'loadQueue',
        // The address may hold a filter the schema refuses: the rows are then read without it.
        input: ({ context }) => ({ query: opsQueueQuery(validView(context)) }),
        onDone: { target: 'ready', actions: { type: 'setPage', params: outputOf } },
        onError: { target: 'failed', actions: { type: 'loadFailed', params: actorError } },
      },
    },
    failed: {
      on: {
        'user.retry': { target: 'loading', actions: 'clearSaid' },
        'booking.changed': { target: 'loading', actions: 'clearSaid' },
      },
    },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'booking.changed': 'refreshing',
            'user.more': { guard: 'hasNext', target: 'loadingMore', actions: 'clearSaid' },
          },
        },
        // The rows stay shown while the view is read again.
        refreshing: {
          entry: 'clearStale',
          on: { 'booking.changed': { actions: 'markStale' } },
          invoke: {
            id: 'loadQueue',
            src: 'loadQueue',
            input: ({ context }) => ({
              query: opsQueueQuery(validView(context), {
                limit: Math.min(MAX_LIMIT, Math.max(OPS_PAGE_SIZE, context.items.length)),
              }),
            }),
            onDone: [
              {
                guard: 'isStale',
                target: 'refreshing',
                reenter: true,
                actions: { type: 'setPage', params: outputOf },
              },
              { target: 'idle', actions: { type: 'setPage', params: outputOf } },
            ],
            onError: [
              {
                guard: 'isStale',
                target: 'refreshing',
                reenter: true,
                actions: { type: 'loadFailed', params: actorError },
              },
              { target: 'idle', actions: { type: 'loadFailed', params: actorError } },
            ],
          },
        },
        loadingMore: {
          entry: 'clearStale',
          on: { 'booking.changed': { actions: 'markStale' } },
          invoke: {
            id: 'loadQueue',
            src: 'loadQueue',
            input: ({ context }) => ({ query: opsQueueQuery(validView(context), { after: context.next }) }),
            onDone: [
              { guard: 'isStale', target: 'refreshing', actions: { type: 'appendPage', params: outputOf } },
              { target: 'idle', actions: { type: 'appendPage', params: outputOf } },
            ],
            onError: [
              { guard: 'isStale', target: 'refreshing', actions: { type: 'moreFailed', params: actorError } },
              { target: 'idle', actions: { type: 'moreFailed', params: actorError } },
            ],
          },
        },
      },
    },
  },
})

function viewOf(context: Pick<OpsQueueContext, 'queue' | 'applied'>): OpsQueueView {
  return { queue: context.queue, filters: context.applied }
}

/** The applied view without the filters the schema refuses (an address typed by hand). */
function validView(context: Pick<OpsQueueContext, 'queue' | 'applied'>): OpsQueueView {
  const errors = opsFilterErrors(context.applied)
  const filters = { ...context.applied }
  for (const field of opsFilterFields) if (errors[field]) filters[field] = ''
  return { queue: context.queue, filters }
}
