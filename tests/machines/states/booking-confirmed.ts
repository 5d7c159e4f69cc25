import { expect } from 'vitest'
import { messages } from '../../../contract/messages'
import { bookingConfirmedMachine } from '../../../machines/booking-confirmed.machine'
import { type StateView, stateChecks } from '../model'

const failedWith = ({ event }: StateView) => (event.error ?? {}) as { status?: number; message?: string }

/** The message of a failed request: the server's, else the generic one. */
const told = (view: StateView) => failedWith(view).message ?? messages.generic

/** docs/bookings.md "The confirmation page": the booking asked for by its number, then its PDF on request. */
export const bookingConfirmedStates = stateChecks(bookingConfirmedMachine, {
  // The booking of the page's address on its way, nothing shown yet.
  loading: ({ context, requests }) => {
    expect(requests).toEqual({ getBooking: { number: context.number } })
    expect([context.booking, context.message]).toEqual([null, null])
  },
  // "Booking not found": only a 404 says so.
  notFound: (view) => {
    expect(view.event.type).toBe('xstate.error.actor.getBooking')
    expect(failedWith(view).status).toBe(404)
    expect([view.requests, view.context.booking]).toEqual([{}, null])
  },
  // Any other failure: the server's message, else the generic one, with Try again.
  failed: (view) => {
    expect(view.event.type).toBe('xstate.error.actor.getBooking')
    expect(failedWith(view).status).not.toBe(404)
    expect([view.requests, view.context.message]).toEqual([{}, told(view)])
  },
  // The booking shown with its Download button free; a failed download says why in a dialog, the page stays.
  'ready.idle': (view) => {
    const { context, event, before, requests } = view
    expect(requests).toEqual({})
    if (event.type === 'xstate.done.actor.getBooking') expect(context.booking).toBe(event.output)
    else expect(context.booking).toBe(before.context.booking)
    if (event.type === 'xstate.error.actor.downloadConfirmation') expect(context.dialog).toBe(told(view))
    if (event.type === 'dialog.acknowledged' || event.type === 'xstate.done.actor.getBooking')
      expect(context.dialog).toBeNull()
    expect(context.booking).not.toBeNull()
  },
  // Download: the PDF of this booking fetched once (a second click sends nothing), no dialog meanwhile.
  'ready.downloading': ({ context, before, event, requests }) => {
    expect(requests).toEqual({ downloadConfirmation: { number: context.number } })
    expect(context.dialog).toBeNull()
    expect(context.booking).not.toBeNull()
    if (event.type === 'pdf.download') expect(before.matches({ ready: 'idle' })).toBe(true)
  },
})
