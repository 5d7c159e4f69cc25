/**
 * The page a customer lands on after Confirm (/user/bookings/$number/confirmed): loads the booking (404 → not
 * found, other failures → Try again), then offers its confirmation PDF: Download fetches it with the
 * session's token and hands it to the browser (a failure says why in a dialog, the page stays).
 *
 * Effects (`getBooking`, `downloadConfirmation`) are injected by the app with `machine.provide`.
 */
import { assign, fromPromise, setup } from 'xstate'
import type { BookingDetail } from '../contract/bookings'
import { messages } from '../contract/messages'
import { actorError, failure as failureOf } from './actor-error'

export interface BookingConfirmedContext {
  number: string
  booking: BookingDetail | null
  /** Why the booking could not be loaded. */
  message: string | null
  /** Why the PDF could not be downloaded. */
  dialog: string | null
}

export type BookingConfirmedEvent =
  | { type: 'user.retry' }
  | { type: 'pdf.download' }
  | { type: 'dialog.acknowledged' }

const messageOf = (error: unknown) => failureOf(error).message ?? messages.generic

export const bookingConfirmedMachine = setup({
  types: {
    context: {} as BookingConfirmedContext,
    events: {} as BookingConfirmedEvent,
    input: {} as { number: string },
  },
  actors: {
    getBooking: fromPromise<BookingDetail, { number: string }>(async () => {
      throw new Error('not provided')
    }),
    downloadConfirmation: fromPromise<void, { number: string }>(async () => {}),
  },
  guards: {
    isNotFound: (_, error: unknown) => failureOf(error).status === 404,
  },
  actions: {
    setBooking: assign({ booking: (_, booking: BookingDetail) => booking }),
    setMessage: assign({ message: (_, error: unknown) => messageOf(error) }),
    clearMessage: assign({ message: null }),
    setDialog: assign({ dialog: (_, error: unknown) => messageOf(error) }),
    clearDialog: assign({ dialog: null }),
  },
}).createMachine({
  id: 'bookingConfirmed',
  context: ({ input }) => ({ number: input.number, booking: null, message: null, dialog: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'getBooking',
        src: 'getBooking',
        input: ({ context }) => ({ number: context.number }),
        onDone: { target: 'ready', actions: { type: 'setBooking', params: ({ event }) => event.output } },
        onError: [
          { guard: { type: 'isNotFound', params: actorError }, target: 'notFound' },
          { target: 'failed', actions: { type: 'setMessage', params: actorError } },
        ],
      },
    },
    failed: { on: { 'user.retry': { target: 'loading', actions: 'clearMessage' } } },
    notFound: {},
    ready: {
      initial: 'idle',
      on: { 'dialog.acknowledged': { actions: 'clearDialog' } },
      states: {
        idle: { on: { 'pdf.download': { target: 'downloading', actions: 'clearDialog' } } },
        // No pdf.download here: a second click while the PDF is on its way fetches nothing more.
        downloading: {
          invoke: {
            id: 'downloadConfirmation',
            src: 'downloadConfirmation',
            input: ({ context }) => ({ number: context.number }),
            onDone: 'idle',
            onError: { target: 'idle', actions: { type: 'setDialog', params: actorError } },
          },
        },
      },
    },
  },
})
