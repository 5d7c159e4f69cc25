import { expect } from 'vitest'
import { type BookingDetail, bookingMessages } from '../../../contract/bookings'
import { messages } from '../../../contract/messages'
import { bookingPageMachine } from '../../../machines/booking-page.machine'
import { type StateView, stateChecks } from '../model'

const failedWith = ({ event }: StateView) => (event.error ?? {}) as { status?: number; message?: string }

/** The message of a failed request: the server's, else the generic one. */
const told = (view: StateView) => failedWith(view).message ?? messages.generic

/** The booking stays shown whatever happens beside it; OK closes the dialog. */
const shown = ({ context, event }: StateView) => {
  expect(context.booking).not.toBeNull()
  if (event.type === 'dialog.acknowledged') expect(context.dialog).toBeNull()
}

/** A request of the page that failed once the booking was shown: a dialog says why, the booking stays. */
const failedBeside = (view: StateView, id: string) => {
  if (view.event.type !== `xstate.error.actor.${id}`) return
  expect(view.context.dialog).toBe(told(view))
  expect(view.context.booking).toBe(view.before.context.booking)
}

/** A booking's page (/user/bookings/$number): the booking, Cancel, its documents' uploads and downloads. */
export const bookingPageStates = stateChecks(bookingPageMachine, {
  // The booking of the address on its way; nothing shown yet.
  loading: ({ context, requests }) => {
    expect(requests).toEqual({ getBooking: { number: context.number } })
    expect([context.booking, context.message]).toEqual([null, null])
  },
  // "Booking not found": only a 404 says so (also another company's booking).
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
  // No cancellation on its way. Cancel pressed here was not offered (the booking cannot be cancelled); a
  // confirmation the booking no longer allows is refused with the server's words; a cancellation done says so.
  'ready.cancel.idle': (view) => {
    const { context, event } = view
    shown(view)
    expect(view.requests).not.toHaveProperty('cancelBooking')
    if (event.type === 'cancel.requested') expect(context.booking.canCancel).toBe(false)
    if (event.type === 'cancel.confirmed') {
      expect(context.booking.canCancel).toBe(false)
      expect(context.dialog).toBe('This booking can no longer be cancelled. Please contact us.')
    }
    if (event.type === 'xstate.done.actor.cancelBooking') {
      const answer = event.output as BookingDetail
      expect(context.booking).toBe(answer)
      expect(context.notice).toBe(answer.status === 'Cancelled' ? bookingMessages.cancelled : null)
    }
    failedBeside(view, 'cancelBooking')
  },
  // The confirmation dialog of a booking that offered Cancel; nothing sent yet.
  'ready.cancel.confirming': (view) => {
    const { before, event } = view
    shown(view)
    expect(view.requests).not.toHaveProperty('cancelBooking')
    if (event.type === 'cancel.requested') {
      expect(before.context.booking.canCancel).toBe(true)
      expect(view.context.notice).toBeNull()
    }
  },
  // Cancelled only as confirmed in the dialog, while the booking offered it: this booking's cancellation.
  'ready.cancel.cancelling': (view) => {
    shown(view)
    expect(view.requests).toHaveProperty('cancelBooking', { number: view.context.number })
    if (view.event.type === 'cancel.confirmed') {
      expect(view.before.matches({ ready: { cancel: 'confirming' } })).toBe(true)
      expect(view.context.booking.canCancel).toBe(true)
    }
  },
  // The checklist shown is the latest answer; a failed reload says why and keeps it.
  'ready.documents.idle': (view) => {
    const { context, event } = view
    shown(view)
    expect(view.requests).not.toHaveProperty('listDocuments')
    if (event.type === 'xstate.done.actor.listDocuments') expect(context.documents).toBe(event.output)
    if (event.type === 'xstate.done.actor.getBooking')
      expect(context.documents).toBe((event.output as BookingDetail).documents)
    failedBeside(view, 'listDocuments')
    if (event.type === 'xstate.error.actor.listDocuments')
      expect(context.documents).toBe(view.before.context.documents)
  },
  // A file was kept: this booking's checklist asked for again.
  'ready.documents.reloading': (view) => {
    shown(view)
    expect(view.requests).toHaveProperty('listDocuments', { number: view.context.number })
    if (view.before.matches({ ready: { documents: 'idle' } })) expect(view.event.type).toBe('upload.finished')
  },
  // The booking as last read (a change announced by the stream read again); a failed read keeps it and says why.
  'ready.live.idle': (view) => {
    const { context, event } = view
    shown(view)
    expect(view.requests).not.toHaveProperty('getBooking')
    if (event.type === 'xstate.done.actor.getBooking') expect(context.booking).toBe(event.output)
    failedBeside(view, 'getBooking')
  },
  // The booking changed elsewhere: read again, the one shown staying meanwhile.
  'ready.live.refreshing': (view) => {
    shown(view)
    expect(view.requests).toHaveProperty('getBooking', { number: view.context.number })
    if (view.event.type === 'booking.changed') expect(view.context.booking).toBe(view.before.context.booking)
  },
  // No download on its way; a failed one says why in a dialog.
  'ready.downloads.idle': (view) => {
    shown(view)
    expect(view.requests).not.toHaveProperty('downloadDocument')
    failedBeside(view, 'downloadDocument')
  },
  // The file clicked, of this booking, fetched with the name it is saved as.
  'ready.downloads.downloading': (view) => {
    const { context, event, requests } = view
    shown(view)
    const sent = requests.downloadDocument as { number: string }
    expect(sent.number).toBe(context.number)
    if (event.type === 'file.download')
      expect(sent).toEqual({ number: context.number, fileId: event.fileId, name: event.name })
  },
})
