/**
 * DCSA Track & Trace v2-style events as the operations feed posts them, and what each does to a booking.
 * Pure: no database. The table (also in the README):
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
import { z } from 'zod'
import {
  type BookingStatus,
  equipmentEventCodes,
  eventClassifiers,
  shipmentEventCodes,
  type TrackingEvent,
  transportEventCodes,
} from '../../contract/bookings'
import {
  type BookingEvent,
  type BookingStep,
  bookingSteps,
  isFinalStatus,
  nextBookingStatus,
  progressIndex,
} from '../../machines/booking.machine'

const isoDateTime = z.iso.datetime({ offset: true, message: 'Must be an ISO 8601 date-time.' })
const locationCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(
    /^([A-Z]{2}[A-Z2-9]{3}|[A-Z]{3})$/,
    'Must be a UN/LOCODE (5 characters) or an IATA code (3 letters).',
  )

/** One event as posted: DCSA T&T v2 field names. */
export const dcsaEventSchema = z
  .object({
    eventID: z.uuid('eventID must be a UUID.'),
    eventType: z.enum(['SHIPMENT', 'TRANSPORT', 'EQUIPMENT']),
    eventClassifierCode: z.enum(eventClassifiers),
    eventDateTime: isoDateTime,
    eventCreatedDateTime: isoDateTime,
    shipmentEventTypeCode: z.enum(shipmentEventCodes).optional(),
    transportEventTypeCode: z.enum(transportEventCodes).optional(),
    equipmentEventTypeCode: z.enum(equipmentEventCodes).optional(),
    eventLocation: z
      .object({ UNLocationCode: locationCode.optional(), IATACode: locationCode.optional() })
      .optional(),
    transportCall: z
      .object({
        vessel: z
          .object({
            vesselIMONumber: z
              .string()
              .regex(/^\d{7}$/, 'vesselIMONumber must be 7 digits.')
              .optional(),
            vesselName: z.string().trim().min(1).max(100).optional(),
          })
          .optional(),
        exportVoyageNumber: z.string().trim().min(1).max(50).optional(),
        flightNumber: z.string().trim().min(2).max(10).optional(),
      })
      .optional(),
    equipmentReference: z.string().trim().min(1).max(15).optional(),
    emptyIndicatorCode: z.enum(['LADEN', 'EMPTY']).optional(),
    documentReferences: z
      .array(
        z.object({
          documentReferenceType: z.enum(['BKG', 'TRD']),
          documentReferenceValue: z.string().trim().min(1).max(40),
        }),
      )
      .min(1, 'Name the booking (BKG) or HBL (TRD) in documentReferences.'),
    reason: z.string().trim().max(500).optional(),
  })
  .superRefine((event, ctx) => {
    const code = {
      SHIPMENT: ['shipmentEventTypeCode', event.shipmentEventTypeCode],
      TRANSPORT: ['transportEventTypeCode', event.transportEventTypeCode],
      EQUIPMENT: ['equipmentEventTypeCode', event.equipmentEventTypeCode],
    } as const
    const [field, value] = code[event.eventType]
    if (!value)
      ctx.addIssue({
        code: 'custom',
        path: [field],
        message: `A ${event.eventType} event needs its ${field}.`,
      })
    if (event.eventType === 'SHIPMENT' && event.eventClassifierCode !== 'ACT') {
      ctx.addIssue({
        code: 'custom',
        path: ['eventClassifierCode'],
        message: 'Shipment events are always ACT.',
      })
    }
    if (
      event.eventType !== 'SHIPMENT' &&
      !event.eventLocation?.UNLocationCode &&
      !event.eventLocation?.IATACode
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['eventLocation'],
        message: 'Transport and equipment events need eventLocation.UNLocationCode (or IATACode for air).',
      })
    }
    if (
      event.eventType === 'SHIPMENT' &&
      ['HOLD', 'CANC'].includes(event.shipmentEventTypeCode ?? '') &&
      !event.reason
    ) {
      ctx.addIssue({ code: 'custom', path: ['reason'], message: 'A hold or cancellation needs its reason.' })
    }
  })

export type DcsaEvent = z.infer<typeof dcsaEventSchema>

export const postEventsSchema = z.object({
  events: z
    .array(dcsaEventSchema)
    .min(1, 'Send at least one event.')
    .max(1000, 'At most 1,000 events a batch.'),
})

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

/** The booking number (BKG) and HBL (TRD) an event names. */
export function eventReferences(event: DcsaEvent): { bookingNumber?: string; hbl?: string } {
  const bkg = event.documentReferences.find((r) => r.documentReferenceType === 'BKG')
  const trd = event.documentReferences.find((r) => r.documentReferenceType === 'TRD')
  return {
    ...(bkg ? { bookingNumber: bkg.documentReferenceValue.toUpperCase() } : {}),
    ...(trd ? { hbl: trd.documentReferenceValue.toUpperCase() } : {}),
  }
}

/** A shipment event without a location happens at the destination (DLVR, CUSI) or the origin (the rest). */
export function defaultLocation(code: string, origin: string, destination: string): string {
  return code === 'DLVR' || code === 'CUSI' ? destination : origin
}

/** The posted event in the contract's shape, its location filled in. */
export function toTrackingEvent(event: DcsaEvent, origin: string, destination: string): TrackingEvent {
  const code = eventCode(event)
  const call = event.transportCall
  return {
    eventID: event.eventID.toLowerCase(),
    eventType: event.eventType,
    eventClassifierCode: event.eventClassifierCode,
    eventDateTime: new Date(event.eventDateTime).toISOString(),
    eventCreatedDateTime: new Date(event.eventCreatedDateTime).toISOString(),
    shipmentEventTypeCode: event.shipmentEventTypeCode,
    transportEventTypeCode: event.transportEventTypeCode,
    equipmentEventTypeCode: event.equipmentEventTypeCode,
    location:
      event.eventLocation?.UNLocationCode ??
      event.eventLocation?.IATACode ??
      defaultLocation(code, origin, destination),
    vesselName: call?.vessel?.vesselName,
    vesselIMONumber: call?.vessel?.vesselIMONumber,
    voyage: call?.exportVoyageNumber,
    flight: call?.flightNumber,
    equipmentReference: event.equipmentReference,
    emptyIndicatorCode: event.emptyIndicatorCode,
    reason: event.reason,
  }
}

export interface BookingRoute {
  status: BookingStatus
  heldFrom: string | null
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
    const to = nextBookingStatus(status, heldFrom, bookingEvent)
    if (!to) return { refused: refusal(event, status, `the booking cannot take ${bookingEvent.type}`) }
    return { kind: 'transition', event: bookingEvent, to }
  }
  if (event.eventType === 'SHIPMENT') {
    if (code === 'HOLD') return chart({ type: 'ops.hold', reason: event.reason ?? '' })
    if (code === 'RELS') return chart({ type: 'ops.release' })
    if (code === 'CANC') return chart({ type: 'ops.cancel', reason: event.reason })
  }

  const reached = progressIndex(status, heldFrom)
  const progress =
    (event.eventType === 'SHIPMENT' && ['CONF', 'RECE', 'DLVR'].includes(code)) ||
    (code === 'GTIN' && event.location === route.origin) ||
    (code === 'DEPA' && event.location === route.origin) ||
    (code === 'ARRI' && event.location === route.destination)
  if (progress) {
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
