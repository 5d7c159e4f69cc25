/**
 * What each DCSA Track & Trace event does to a booking (the events as dcsa-input.ts makes them, from T&T 2.2,
 * 3.0 or this API's own form). Pure: no database. The table (also in the README):
 *
 * | event (ACT)                                   | chart event       | needs            |
 * | --------------------------------------------- | ----------------- | ---------------- |
 * | SHIPMENT CONF                                 | `ops.confirm`     | Booking Received |
 * | EQUIPMENT GTIN at the origin, SHIPMENT RECE   | `cargo.received`  | Confirmed        |
 * | TRANSPORT DEPA at the first leg's origin      | `vessel.departed` | Cargo Received   |
 * | TRANSPORT ARRI at the final destination       | `vessel.arrived`  | Departed         |
 * | SHIPMENT DLVR                                 | `cargo.delivered` | Arrived          |
 * | SHIPMENT HOLD (reason) / RELS / CANC (reason) | `ops.hold` / `ops.release` / `ops.cancel` | the chart's rules |
 *
 * - A progress event (the first five rows) for a step the booking has already passed is a repeat (a second
 *   container's gate-in, a corrected departure time): recorded, the status unchanged.
 * - Other ACT events are recorded and change no status, but are refused when the booking cannot have them:
 *   before departure's side (GTOT, STUF, PICK, DROP, LOAD, INSP, RSEA, RMVD, GTIN elsewhere, CUSE export
 *   customs, ISSU) need the booking Confirmed; after departure's (DISC, STRP, AVPU, CUSI import customs,
 *   DEPA/ARRI at an intermediate port: transshipment) need it Departed. REJE (a document rejected) needs
 *   nothing. A held booking counts as the status it was held from.
 * - PLN and EST events never change the status; DEPA/ARRI ones move the ETD/ETA.
 * - Nothing is accepted for a Delivered or Cancelled booking; shipment events are always ACT.
 */
import type { BookingStatus, TrackingEvent } from '../../contract/bookings'
import {
  type BookingEvent,
  type BookingStep,
  bookingSteps,
  isFinalStatus,
  nextBookingStatus,
  progressIndex,
} from '../../machines/booking.machine'
import type { KeptEvent } from './dcsa-input'

/** The event's type code: shipment, transport or equipment, by its eventType. */
export function eventCode(
  event: Pick<
    TrackingEvent,
    'eventType' | 'shipmentEventTypeCode' | 'transportEventTypeCode' | 'equipmentEventTypeCode'
  >,
): string {
  return (
    (event.eventType === 'SHIPMENT'
      ? event.shipmentEventTypeCode
      : event.eventType === 'TRANSPORT'
        ? event.transportEventTypeCode
        : event.equipmentEventTypeCode) ?? ''
  )
}

/** A shipment event without a location happens at the destination (DLVR, CUSI) or the origin (the rest). */
export function defaultLocation(code: string, origin: string, destination: string): string {
  return code === 'DLVR' || code === 'CUSI' ? destination : origin
}

/** The posted event in the contract's shape, its location filled in. */
export function toTrackingEvent(event: KeptEvent, origin: string, destination: string): TrackingEvent {
  const { kind: _kind, bookingNumber: _bookingNumber, hbl: _hbl, location, ...rest } = event
  return { ...rest, location: location ?? defaultLocation(eventCode(event), origin, destination) }
}

export interface BookingRoute {
  status: BookingStatus
  heldFrom: string | null
  /** Why it waits for finance's credit release (bookings.credit_hold): a CONF is refused until then. */
  creditHold?: string | null
  /** Where the first leg starts and the last one ends (UN/LOCODE or IATA). */
  origin: string
  destination: string
}

/** What an accepted event does: a status change (through the chart), or only a record. */
export type EventEffect =
  | { kind: 'transition'; event: BookingEvent; to: { status: BookingStatus; heldFrom: string | null } }
  | { kind: 'record' }

const progressEvents: Record<string, { event: BookingEvent['type']; step: BookingStep }> = {
  CONF: { event: 'ops.confirm', step: 'Confirmed' },
  RECE: { event: 'cargo.received', step: 'Cargo Received' },
  GTIN: { event: 'cargo.received', step: 'Cargo Received' },
  DEPA: { event: 'vessel.departed', step: 'Departed' },
  ARRI: { event: 'vessel.arrived', step: 'Arrived' },
  DLVR: { event: 'cargo.delivered', step: 'Delivered' },
}

/** Recorded ACT codes and the step the booking must have reached for them. */
const beforeDeparture = [
  'GTOT',
  'STUF',
  'PICK',
  'DROP',
  'LOAD',
  'INSP',
  'RSEA',
  'RMVD',
  'GTIN',
  'CUSE',
  'ISSU',
]
const afterDeparture = ['DISC', 'STRP', 'AVPU', 'CUSI', 'DEPA', 'ARRI']

function refusal(event: TrackingEvent, status: BookingStatus, why: string): string {
  return `${eventCode(event)} ${event.eventClassifierCode} at ${event.location} is not possible for a booking ${status}: ${why}.`
}

/** A progress event: one of the first five rows of the table, at its place. */
function isProgress(event: TrackingEvent, route: Pick<BookingRoute, 'origin' | 'destination'>): boolean {
  const code = eventCode(event)
  return (
    (event.eventType === 'SHIPMENT' && ['CONF', 'RECE', 'DLVR'].includes(code)) ||
    (code === 'GTIN' && event.location === route.origin) ||
    (code === 'DEPA' && event.location === route.origin) ||
    (code === 'ARRI' && event.location === route.destination)
  )
}

/**
 * Whether a stored event may have changed its booking's status (an ACT progress event, hold, release or
 * cancellation): the chart has no way back, so such an event is not retracted (a newer one corrects it).
 */
export function mayHaveMovedStatus(
  event: TrackingEvent,
  route: Pick<BookingRoute, 'origin' | 'destination'>,
): boolean {
  if (event.eventClassifierCode !== 'ACT') return false
  return (
    isProgress(event, route) ||
    (event.eventType === 'SHIPMENT' && ['HOLD', 'RELS', 'CANC'].includes(eventCode(event)))
  )
}

/**
 * What `event` does to a booking at `route` (its status, held-from, origin and destination), or why it is
 * refused.
 */
export function eventEffect(event: TrackingEvent, route: BookingRoute): EventEffect | { refused: string } {
  const { status, heldFrom } = route
  const code = eventCode(event)
  if (isFinalStatus(status)) return { refused: refusal(event, status, 'nothing happens to it any more') }
  if (event.eventClassifierCode !== 'ACT') return { kind: 'record' }

  const chart = (bookingEvent: BookingEvent): EventEffect | { refused: string } => {
    const to = nextBookingStatus(status, heldFrom, bookingEvent, route.creditHold ?? null)
    if (!to && route.creditHold && bookingEvent.type === 'ops.confirm') {
      return { refused: refusal(event, status, "it waits for finance's credit release") }
    }
    if (!to) return { refused: refusal(event, status, `the booking cannot take ${bookingEvent.type}`) }
    return { kind: 'transition', event: bookingEvent, to }
  }
  if (event.eventType === 'SHIPMENT') {
    if (code === 'HOLD') return chart({ type: 'ops.hold', reason: event.reason ?? '' })
    if (code === 'RELS') return chart({ type: 'ops.release' })
    if (code === 'CANC') return chart({ type: 'ops.cancel', reason: event.reason })
  }

  const reached = progressIndex(status, heldFrom)
  if (isProgress(event, route)) {
    const step = progressEvents[code] as { event: BookingEvent['type']; step: BookingStep }
    // Already at or past the step: a repeat or a correction, recorded.
    if (reached >= bookingSteps.indexOf(step.step)) return { kind: 'record' }
    if (status === 'On Hold') return { refused: refusal(event, status, 'release the hold first') }
    return chart({ type: step.event } as BookingEvent)
  }

  const needs = afterDeparture.includes(code)
    ? 'Departed'
    : beforeDeparture.includes(code)
      ? 'Confirmed'
      : null
  if (needs && reached < bookingSteps.indexOf(needs)) {
    return { refused: refusal(event, status, `it must be ${needs} first`) }
  }
  return { kind: 'record' }
}
