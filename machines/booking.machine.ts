/**
 * The booking's lifecycle (pure: xstate and contract/ only). One state per status of `bookingStatuses`:
 *
 *   Booking Received ─ops.confirm→ Confirmed ─cargo.received→ Cargo Received ─vessel.departed→ Departed
 *   ─vessel.arrived→ Arrived ─cargo.delivered→ Delivered (final)
 *
 * - `ops.hold` (with a reason) from any live state enters On Hold; On Hold has one child per state it can be
 *   held from, so `{ 'On Hold': 'Confirmed' }` is exactly the stored `status` + `held_from`, and
 *   `ops.release` returns to that state.
 * - `customer.cancel` only in Booking Received; `ops.cancel` until the cargo has departed (also while held
 *   before departure). Cancelled is final.
 *
 * The server accepts or refuses every status change through `nextBookingStatus` (computed by the machine,
 * not a second table); the browser shows the status and its progress with `bookingProgress` and offers
 * Cancel when `canCustomerCancel`.
 */
import { getNextSnapshot, setup } from 'xstate'
import type { BookingStatus } from '../contract/bookings'

/** The statuses a booking can be held from (and returns to on release). */
export const liveStatuses = [
  'Booking Received',
  'Confirmed',
  'Cargo Received',
  'Departed',
  'Arrived',
] as const satisfies readonly BookingStatus[]
export type LiveStatus = (typeof liveStatuses)[number]

/** The progress a booking makes, in order: the steps the browser shows. */
export const bookingSteps = [
  'Booking Received',
  'Confirmed',
  'Cargo Received',
  'Departed',
  'Arrived',
  'Delivered',
] as const satisfies readonly BookingStatus[]
export type BookingStep = (typeof bookingSteps)[number]

export type BookingEvent =
  | { type: 'ops.confirm' }
  | { type: 'cargo.received' }
  | { type: 'vessel.departed' }
  | { type: 'vessel.arrived' }
  | { type: 'cargo.delivered' }
  | { type: 'ops.hold'; reason: string }
  | { type: 'ops.release' }
  | { type: 'customer.cancel' }
  | { type: 'ops.cancel'; reason?: string | undefined }

export type BookingEventType = BookingEvent['type']

export const bookingEventTypes = [
  'ops.confirm',
  'cargo.received',
  'vessel.departed',
  'vessel.arrived',
  'cargo.delivered',
  'ops.hold',
  'ops.release',
  'customer.cancel',
  'ops.cancel',
] as const satisfies readonly BookingEventType[]

/** A hold's child: release returns to `status`; ops may still cancel before departure. */
const heldFrom = (status: LiveStatus, cancellable: boolean) => ({
  on: {
    'ops.release': { target: `#booking.${status}` },
    ...(cancellable ? { 'ops.cancel': { target: '#booking.Cancelled' } } : {}),
  },
})

export const bookingMachine = setup({
  types: {
    events: {} as BookingEvent,
  },
}).createMachine({
  id: 'booking',
  initial: 'Booking Received',
  states: {
    'Booking Received': {
      on: {
        'ops.confirm': { target: 'Confirmed' },
        'customer.cancel': { target: 'Cancelled' },
        'ops.cancel': { target: 'Cancelled' },
        'ops.hold': { target: 'On Hold.Booking Received' },
      },
    },
    Confirmed: {
      on: {
        'cargo.received': { target: 'Cargo Received' },
        'ops.cancel': { target: 'Cancelled' },
        'ops.hold': { target: 'On Hold.Confirmed' },
      },
    },
    'Cargo Received': {
      on: {
        'vessel.departed': { target: 'Departed' },
        'ops.cancel': { target: 'Cancelled' },
        'ops.hold': { target: 'On Hold.Cargo Received' },
      },
    },
    Departed: {
      on: {
        'vessel.arrived': { target: 'Arrived' },
        'ops.hold': { target: 'On Hold.Departed' },
      },
    },
    Arrived: {
      on: {
        'cargo.delivered': { target: 'Delivered' },
        'ops.hold': { target: 'On Hold.Arrived' },
      },
    },
    'On Hold': {
      initial: 'Booking Received',
      states: {
        'Booking Received': heldFrom('Booking Received', true),
        Confirmed: heldFrom('Confirmed', true),
        'Cargo Received': heldFrom('Cargo Received', true),
        Departed: heldFrom('Departed', false),
        Arrived: heldFrom('Arrived', false),
      },
    },
    Delivered: { type: 'final' },
    Cancelled: { type: 'final' },
  },
})

export interface BookingPosition {
  status: BookingStatus
  /** The live status a held booking returns to; null unless On Hold. */
  heldFrom: LiveStatus | null
}

const isLive = (value: string | null | undefined): value is LiveStatus =>
  (liveStatuses as readonly string[]).includes(value ?? '')

/** The machine's state value of a stored booking (status + held_from). */
export function bookingStateValue(status: BookingStatus, heldFrom: string | null): string | object {
  if (status === 'On Hold') return { 'On Hold': isLive(heldFrom) ? heldFrom : 'Booking Received' }
  return status
}

function snapshotOf(status: BookingStatus, heldFrom: string | null) {
  return bookingMachine.resolveState({ value: bookingStateValue(status, heldFrom) as never })
}

function positionOf(value: unknown): BookingPosition {
  if (typeof value === 'string') return { status: value as BookingStatus, heldFrom: null }
  const held = (value as { 'On Hold': LiveStatus })['On Hold']
  return { status: 'On Hold', heldFrom: held }
}

/**
 * Where `event` takes a booking in `status` (held from `heldFrom`), or null when the chart refuses it.
 * Computed by the machine itself.
 */
export function nextBookingStatus(
  status: BookingStatus,
  heldFrom: string | null,
  event: BookingEvent | BookingEventType,
): BookingPosition | null {
  const evt = (typeof event === 'string' ? { type: event, reason: '' } : event) as BookingEvent
  const snapshot = snapshotOf(status, heldFrom)
  if (!snapshot.can(evt)) return null
  return positionOf(getNextSnapshot(bookingMachine, snapshot, evt).value)
}

/** The customer may cancel while the booking is still Booking Received. */
export function canCustomerCancel(status: BookingStatus, heldFrom: string | null = null): boolean {
  return nextBookingStatus(status, heldFrom, 'customer.cancel') !== null
}

/** Delivered and Cancelled: nothing happens to the booking any more. */
export function isFinalStatus(status: BookingStatus): boolean {
  return snapshotOf(status, null).status === 'done'
}

/** How far the booking got: the index in `bookingSteps` of its status (of the held-from one while on hold); -1 when cancelled. */
export function progressIndex(status: BookingStatus, heldFrom: string | null = null): number {
  const effective = status === 'On Hold' ? (isLive(heldFrom) ? heldFrom : 'Booking Received') : status
  return (bookingSteps as readonly string[]).indexOf(effective)
}

/** The steps as the browser shows them: done, current or still to come. */
export function bookingProgress(
  status: BookingStatus,
  heldFrom: string | null = null,
): { step: BookingStep; state: 'done' | 'current' | 'todo' }[] {
  const at = progressIndex(status, heldFrom)
  return bookingSteps.map((step, index) => ({
    step,
    state: index < at || (index === at && step === 'Delivered') ? 'done' : index === at ? 'current' : 'todo',
  }))
}
