import { assign, fromPromise, setup } from 'xstate'
import type { BookingSummary } from '../contract/bookings'
import { messages } from '../contract/messages'
import { actorError } from './actor-error'
import { failureMessage } from './form'

/** How many shipments HBL Tracking lists; My Bookings has them all. */
export const PICKER_LIMIT = 12

/** The shipments HBL Tracking offers: those with a house bill (issued at confirmation), newest first. */
export const trackableShipments = (bookings: readonly BookingSummary[]): BookingSummary[] =>
  bookings
    .filter((booking) => booking.hbl !== null)
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.number.localeCompare(a.number))

export interface ShipmentPickerContext {
  /** The newest PICKER_LIMIT of them. */
  shipments: BookingSummary[]
  /** How many there are in all. */
  total: number
  message: string | null
}

/**
 * HBL Tracking opened without a number: the company's shipments to pick from (GET /api/bookings, the
 * ones with a house bill), a failure said with Try again. Picking one is a link (?hbl=), the tracking
 * chart's own address.
 */
export const shipmentPickerMachine = setup({
  types: {
    context: {} as ShipmentPickerContext,
    events: {} as { type: 'user.retry' },
  },
  actors: {
    listShipments: fromPromise<BookingSummary[]>(async () => []),
  },
  actions: {
    keep: assign((_, bookings: BookingSummary[]) => {
      const all = trackableShipments(bookings)
      return { shipments: all.slice(0, PICKER_LIMIT), total: all.length, message: null }
    }),
    keepFailure: assign({ message: (_, error: unknown) => failureMessage(error, messages.generic) }),
  },
}).createMachine({
  id: 'shipmentPicker',
  context: { shipments: [], total: 0, message: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'listShipments',
        src: 'listShipments',
        onDone: { target: 'ready', actions: { type: 'keep', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: { type: 'keepFailure', params: actorError } },
      },
    },
    ready: {},
    failed: { on: { 'user.retry': 'loading' } },
  },
})
