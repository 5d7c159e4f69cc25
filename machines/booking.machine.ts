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
 * - Credit control (issue 36, docs/payments.md "Credit control"): a guard reading the hold, not a state. The
 *   context's `creditHold` is the stored `bookings.credit_hold` (the reason the customer reads; null: none).
 *   `credit.hold` (with that reason) puts a received booking on it, once, when it is made
 *   (contract/finance/credit.ts `creditHoldReason` says whether); while it is set `ops.confirm` is refused
 *   (whoever confirms: the desk, the operations API, a carrier's CONF), and `finance.release` clears it
 *   without moving the status: from Booking Received, or from an operations hold taken there (the two holds
 *   are apart: releasing one leaves the other). The status value stays exactly the stored one, so the credit
 *   hold is an input of `nextBookingStatus`, never a status.
 *
 * The server accepts or refuses every status change through `nextBookingStatus` (computed by the machine,
 * not a second table); the browser shows the status and its progress with `bookingProgress` and offers
 * Cancel when `canCustomerCancel`.
 */
import { assign, getNextSnapshot, setup } from 'xstate'
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
  | { type: 'credit.hold'; reason: string }
  | { type: 'finance.release' }

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
  'credit.hold',
  'finance.release',
] as const satisfies readonly BookingEventType[]

export interface BookingContext {
  /** Why the booking waits for finance's credit release (`bookings.credit_hold`); null: it does not. */
  creditHold: string | null
}

/** A hold's child: release returns to `status`; ops may still cancel before departure. */
const heldFrom = (status: LiveStatus, cancellable: boolean) => ({
  on: {
    'ops.release': { target: `#booking.${status}` },
    ...(cancellable ? { 'ops.cancel': { target: '#booking.Cancelled' } } : {}),
  },
})

/** Finance releases the credit hold: the status stays. */
const creditRelease = { 'finance.release': { guard: 'creditHeld', actions: 'releaseCredit' } } as const

export const bookingMachine = setup({
  types: {
    context: {} as BookingContext,
    events: {} as BookingEvent,
    input: {} as { creditHold?: string | null } | undefined,
  },
  guards: {
    creditHeld: ({ context }) => context.creditHold !== null,
    creditClear: ({ context }) => context.creditHold === null,
    /** Not held yet, and a reason the customer can read. */
    mayHoldCredit: ({ context, event }) =>
      context.creditHold === null && event.type === 'credit.hold' && event.reason.trim() !== '',
  },
  actions: {
    holdCredit: assign({
      creditHold: ({ event }) => (event.type === 'credit.hold' ? event.reason : null),
    }),
    releaseCredit: assign({ creditHold: null }),
  },
}).createMachine({
  id: 'booking',
  context: ({ input }) => ({ creditHold: input?.creditHold ?? null }),
  initial: 'Booking Received',
  states: {
    'Booking Received': {
      on: {
        'ops.confirm': { guard: 'creditClear', target: 'Confirmed' },
        'credit.hold': { guard: 'mayHoldCredit', actions: 'holdCredit' },
        ...creditRelease,
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
      on: creditRelease,
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

function snapshotOf(status: BookingStatus, heldFrom: string | null, creditHold: string | null = null) {
  return bookingMachine.resolveState({
    value: bookingStateValue(status, heldFrom) as never,
    context: { creditHold },
  })
}

function positionOf(value: unknown): BookingPosition {
  if (typeof value === 'string') return { status: value as BookingStatus, heldFrom: null }
  const held = (value as { 'On Hold': LiveStatus })['On Hold']
  return { status: 'On Hold', heldFrom: held }
}

/**
 * Where `event` takes a booking in `status` (held from `heldFrom`, waiting for finance's credit release when
 * `creditHold` is its reason), or null when the chart refuses it. Computed by the machine itself.
 * `credit.hold` and `finance.release` leave the position as it is (non-null: the chart takes them).
 */
export function nextBookingStatus(
  status: BookingStatus,
  heldFrom: string | null,
  event: BookingEvent | BookingEventType,
  creditHold: string | null = null,
): BookingPosition | null {
  const evt = (typeof event === 'string' ? { type: event, reason: '' } : event) as BookingEvent
  const snapshot = snapshotOf(status, heldFrom, creditHold)
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
