import { expect } from 'vitest'
import { messages } from '../../../contract/messages'
import { myBookingsMachine } from '../../../machines/my-bookings.machine'
import { type StateView, stateChecks } from '../model'

/** A change of the filters shown, written to the page's address (Back returns to it). */
const filterEvents = ['filter.changed', 'search.changed', 'whose.changed']

const addressFollows = ({ actions, context, event }: StateView) => {
  if (!filterEvents.includes(event.type)) return
  expect(actions).toContain('filtersChanged')
  if (event.type === 'filter.changed') expect(context.filters[event.filter as string]).toBe(event.value)
  if (event.type === 'search.changed') expect(context.filters.q).toBe(event.q)
  if (event.type === 'whose.changed') expect(context.filters.mine).toBe(event.mine)
}

/** My Bookings (/user/bookings): the list for the filters shown, searched after a pause in typing. */
export const myBookingsStates = stateChecks(myBookingsMachine, {
  // The list asked for with exactly the filters shown; no message while it loads.
  loading: (view) => {
    expect(view.requests).toEqual({ listBookings: view.context.filters })
    expect(view.context.message).toBeNull()
    addressFollows(view)
  },
  // Typing in the search: nothing asked yet, until the pause.
  typing: (view) => {
    expect(view.event.type).toBe('search.changed')
    expect(view.requests).toEqual({})
    addressFollows(view)
  },
  // A failed load: the server's message, else the generic one, with Try again.
  failed: ({ context, event, requests }) => {
    expect(event.type).toBe('xstate.error.actor.listBookings')
    expect(requests).toEqual({})
    expect(context.message).toBe((event.error as { message?: string }).message ?? messages.generic)
  },
  // The rows are the answer to the filters shown, and nothing else.
  list: ({ context, event, requests, answered }) => {
    expect(event.type).toBe('xstate.done.actor.listBookings')
    expect(answered?.input).toEqual(context.filters)
    expect([context.bookings, context.message, requests]).toEqual([event.output, null, {}])
  },
})
