/**
 * My Bookings (/user/bookings): the company's bookings, filtered by status and mode, by whose they are (Mine /
 * Everyone: the server filters, issue 24) and searched by booking or HBL number. The filters start from the page's address and every change is written back to it
 * (`filtersChanged`, injected), so a filtered list can be bookmarked and Back returns to it. Typing in the
 * search waits for a pause before it asks the server; a failed load offers Try again.
 *
 * Effects (`listBookings`, `filtersChanged`) are injected by the app with `machine.provide`.
 */
import { assertEvent, assign, fromPromise, setup } from 'xstate'
import {
  type BookingFilters,
  type BookingSummary,
  bookingStatuses,
  noBookingFilters,
} from '../contract/bookings'
import { messages } from '../contract/messages'
import { modes } from '../contract/pricing/types'
import type { ApiFailure } from '../contract/wire'
import { actorError } from './actor-error'

export interface MyBookingsContext {
  filters: BookingFilters
  bookings: BookingSummary[]
  message: string | null
}

export type MyBookingsEvent =
  | { type: 'filter.changed'; filter: 'status' | 'mode'; value: string }
  | { type: 'search.changed'; q: string }
  /** Mine / Everyone (issue 24): only the bookings the signed-in user made, or the company's. */
  | { type: 'whose.changed'; mine: boolean }
  | { type: 'user.retry' }

/** Typing in the search waits this long for a pause. */
export const SEARCH_DELAY_MS = 300

export const myBookingsMachine = setup({
  types: {
    context: {} as MyBookingsContext,
    events: {} as MyBookingsEvent,
    input: {} as { filters?: BookingFilters } | undefined,
  },
  actors: {
    listBookings: fromPromise<BookingSummary[], BookingFilters>(async () => []),
  },
  delays: { search: SEARCH_DELAY_MS },
  actions: {
    /** Writes the filters to the address (replacing the entry). */
    filtersChanged: (_, _filters: BookingFilters) => {},
    setFilter: assign(({ context, event }) => {
      assertEvent(event, 'filter.changed')
      const value =
        event.filter === 'status'
          ? (bookingStatuses as readonly string[]).includes(event.value)
            ? event.value
            : ''
          : (modes as readonly string[]).includes(event.value)
            ? event.value
            : ''
      return { filters: { ...context.filters, [event.filter]: value } }
    }),
    setSearch: assign(({ context, event }) => {
      assertEvent(event, 'search.changed')
      return { filters: { ...context.filters, q: event.q } }
    }),
    setWhose: assign(({ context, event }) => {
      assertEvent(event, 'whose.changed')
      return { filters: { ...context.filters, mine: event.mine } }
    }),
    setBookings: assign({ bookings: (_, bookings: BookingSummary[]) => bookings }),
    setMessage: assign({
      message: (_, error: unknown) => (error as Partial<ApiFailure> | undefined)?.message ?? messages.generic,
    }),
    clearMessage: assign({ message: null }),
  },
}).createMachine({
  id: 'myBookings',
  context: ({ input }) => ({ filters: input?.filters ?? noBookingFilters, bookings: [], message: null }),
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
    'whose.changed': {
      target: '.loading',
      actions: ['setWhose', { type: 'filtersChanged', params: ({ context }) => context.filters }],
    },
  },
  states: {
    loading: {
      entry: 'clearMessage',
      invoke: {
        id: 'listBookings',
        src: 'listBookings',
        input: ({ context }) => context.filters,
        onDone: { target: 'list', actions: { type: 'setBookings', params: ({ event }) => event.output } },
        onError: {
          target: 'failed',
          actions: { type: 'setMessage', params: actorError },
        },
      },
    },
    typing: { after: { search: 'loading' } },
    failed: { on: { 'user.retry': 'loading' } },
    list: {},
  },
})

/** Whether the list is filtered or searched (an empty list then says so, instead of "no bookings yet"). */
export const isFiltered = (filters: BookingFilters) =>
  filters.status !== '' || filters.mode !== '' || filters.q.trim() !== '' || filters.mine
