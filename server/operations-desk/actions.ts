/**
 * What the operations desk does to a booking (docs/operations-desk.md), each through the path the operations
 * API takes, so the rules are the same whoever acts:
 *
 * - confirming: the desk's local times made instants with the places' zones (contract/times.ts zonedInstant),
 *   the containers checked against the booking, then server/bookings/service.ts confirmBooking (the HBL, the
 *   route, the mail, the audit row);
 * - a milestone, a retraction, a hold, a release, a cancellation: a DCSA event built here (T&T 2.2 flat, or a
 *   3.0 retraction) and applied by server/bookings/apply-events.ts applyEvents, with the feed's validation,
 *   idempotency, chart, mails and audit row.
 *
 * Each answers a status and a body for the route; every change is audited with the staff member in its
 * transaction.
 */
import { randomUUID } from 'node:crypto'
import type { BookingStatus } from '../../contract/bookings'
import {
  confirmMessages,
  containerMessages,
  type DeskConfirm,
  type DeskMilestoneInput,
} from '../../contract/operations-desk'
import { zonedInstant } from '../../contract/times'
import { type BookingEvent, nextBookingStatus } from '../../machines/booking.machine'
import type { AuditContext } from '../audit/audit'
import { applyEvents } from '../bookings/apply-events'
import { type BookingDeps, confirmBooking, confirmRefusal } from '../bookings/service'
import { postEventsSchema } from '../tracking/dcsa-input'
import { containersBooked, opsBookingRow } from './booking'

export const deskMessages = {
  notFound: 'No such booking.',
  eventNotFound: 'No such event of this booking.',
  containersNotFcl: 'Only an FCL booking has container numbers.',
  flightForSea: 'A sea booking sails on a vessel: give the vessel and voyage, not a flight.',
  vesselForAir: 'An air booking flies: give the flight, not a vessel.',
  unknownPlace: (code: string) => `Unknown location ${code}.`,
} as const

type Errors = Record<string, string[]>
export type DeskOutcome<T> =
  | { status: 200; body: T; changed: { number: string; customerId: number }[] }
  | { status: 404; body: { message: string } }
  | { status: 409; body: { message: string } }
  | { status: 422; body: { message: string; errors: Errors } }

const invalid = (errors: Errors): DeskOutcome<never> => ({
  status: 422,
  body: { message: Object.values(errors)[0]?.[0] ?? 'Invalid.', errors },
})
const notFound = (message: string = deskMessages.notFound): DeskOutcome<never> => ({
  status: 404,
  body: { message },
})

/** Who acts: the audit context and the name kept with the events they post (`staff:<name>`). */
export interface DeskActor {
  audit: AuditContext
  postedBy: string
}

// ── Confirming ────────────────────────────────────────────────────────────────────────────────────────────

export async function deskConfirm(
  deps: BookingDeps,
  number: string,
  body: DeskConfirm,
  actor: DeskActor,
): Promise<DeskOutcome<{ bookingNumber: string; hbl: string; status: 'Confirmed' }>> {
  const row = await opsBookingRow(deps.db, number)
  if (!row) return notFound()
  const errors: Errors = {}
  const add = (field: string, message: string) => {
    errors[field] = [...(errors[field] ?? []), message]
  }
  const air = row.mode === 'AIR'
  if (air && (body.vesselName || body.voyage || body.vesselIMONumber))
    add('vesselName', deskMessages.vesselForAir)
  if (!air && body.flight) add('flight', deskMessages.flightForSea)
  if (air && !body.flight) add('flight', confirmMessages.vesselOrFlight)
  if (!air && !(body.vesselName && body.voyage)) add('vesselName', confirmMessages.vesselOrFlight)
  if (body.containers.length > 0) {
    const booked = containersBooked(row.mode, row.request)
    if (booked === null) add('containers', deskMessages.containersNotFcl)
    else if (body.containers.length > booked) add('containers', containerMessages.tooMany(booked))
  }
  const transshipment = body.transshipment
  if (transshipment && !(await deps.places.get(transshipment))) {
    add('transshipment', deskMessages.unknownPlace(transshipment))
  }
  const [origin, destination] = await Promise.all([
    deps.places.get(row.origin),
    deps.places.get(row.destination),
  ])
  const atOrigin = (local: string | undefined) => (local ? zonedInstant(local, origin?.time_zone) : undefined)
  const etd = atOrigin(body.etd) as string
  const eta = zonedInstant(body.eta, destination?.time_zone)
  // In the places' zones, the ETA must be after the ETD (the schema cannot tell: it has no zones).
  if (Date.parse(eta) <= Date.parse(etd) && !errors.eta) add('eta', confirmMessages.etaAfterEtd)
  if (Object.keys(errors).length > 0) return invalid(errors)

  const outcome = await confirmBooking(
    deps,
    number,
    {
      etd,
      eta,
      vesselName: air ? undefined : body.vesselName,
      vesselIMONumber: air ? undefined : body.vesselIMONumber,
      voyage: air ? undefined : body.voyage,
      flight: air ? body.flight : undefined,
      transshipment,
      carrier: body.carrier,
      carrierBookingRef: body.carrierBookingRef,
      cargoCutoff: atOrigin(body.cargoCutoff),
      documentsCutoff: atOrigin(body.documentsCutoff),
      vgmCutoff: atOrigin(body.vgmCutoff),
      containers: body.containers,
    },
    actor.audit,
    actor.postedBy,
  )
  if (outcome.status === 404) return notFound()
  if (outcome.status === 409) return { status: 409, body: { message: outcome.message } }
  return {
    status: 200,
    body: { bookingNumber: number, hbl: outcome.hbl, status: 'Confirmed' },
    changed: [{ number, customerId: outcome.customerId }],
  }
}

// ── Events ────────────────────────────────────────────────────────────────────────────────────────────────

const codeFields = {
  SHIPMENT: 'shipmentEventTypeCode',
  TRANSPORT: 'transportEventTypeCode',
  EQUIPMENT: 'equipmentEventTypeCode',
} as const

/** Where applyEvents' and the DCSA schema's reasons (`events.0…`) go on the desk's milestone form. */
function formField(key: string): string {
  const rest = key.replace(/^events\.0\.?/, '')
  if (rest === '') return 'code'
  if (/eventLocation|transportCall\.location|UNLocationCode|IATACode/.test(rest)) return 'location'
  if (/eventDateTime/.test(rest)) return 'localTime'
  if (/equipmentReference/.test(rest)) return 'container'
  if (/emptyIndicatorCode/.test(rest)) return 'emptyIndicatorCode'
  if (/flightNumber/.test(rest)) return 'flight'
  if (/vessel/.test(rest)) return 'vesselName'
  if (/VoyageNumber/.test(rest)) return 'voyage'
  if (/eventClassifierCode/.test(rest)) return 'classifier'
  if (/reason/.test(rest)) return 'reason'
  return 'code'
}

function formErrors(errors: Errors): Errors {
  const out: Errors = {}
  for (const [key, messages] of Object.entries(errors)) {
    const field = formField(key)
    out[field] = [...(out[field] ?? []), ...messages]
  }
  return out
}

/** Parses events built here as the feed's are parsed; the form's field errors when one is refused. */
function parsed(events: unknown[]) {
  const result = postEventsSchema.safeParse({ events })
  if (result.success) return { events: result.data.events }
  const errors: Errors = {}
  for (const issue of result.error.issues) {
    const key = issue.path.map(String).join('.')
    errors[key] = [...(errors[key] ?? []), issue.message]
  }
  return { errors: formErrors(errors) }
}

/** A place's code in the own form's field: an airport's IATA code, else its UN/LOCODE. */
const locationField = (code: string) => (code.length === 3 ? { IATACode: code } : { UNLocationCode: code })

/**
 * A milestone by form: the DCSA T&T 2.2 event it means (its time at the place's zone, the container as its
 * equipmentReference, the booking as its BKG reference), applied as postTrackingEvents applies the feed's. The
 * form's eventID makes a submit sent twice one event (`skipped: 1`).
 */
export async function deskMilestone(
  deps: BookingDeps,
  number: string,
  form: DeskMilestoneInput & { code: string; location: string },
  actor: DeskActor,
): Promise<DeskOutcome<{ applied: number; skipped: number }>> {
  const row = await opsBookingRow(deps.db, number)
  if (!row) return notFound()
  const place = await deps.places.get(form.location)
  if (!place) return invalid({ location: [deskMessages.unknownPlace(form.location)] })
  const at = deps.now().toISOString()
  const carriage = form.flight
    ? { transportCall: { flightNumber: form.flight } }
    : form.vesselName || form.voyage
      ? {
          transportCall: {
            ...(form.vesselName ? { vessel: { vesselName: form.vesselName } } : {}),
            ...(form.voyage ? { exportVoyageNumber: form.voyage, importVoyageNumber: form.voyage } : {}),
          },
        }
      : {}
  const event = {
    eventID: form.eventID,
    eventType: form.eventType,
    eventClassifierCode: form.classifier,
    eventDateTime: zonedInstant(form.localTime, place.time_zone),
    eventCreatedDateTime: at,
    [codeFields[form.eventType]]: form.code,
    eventLocation: locationField(place.code),
    ...carriage,
    ...(form.container ? { equipmentReference: form.container } : {}),
    ...(form.emptyIndicatorCode ? { emptyIndicatorCode: form.emptyIndicatorCode } : {}),
    documentReferences: [{ documentReferenceType: 'BKG', documentReferenceValue: row.number }],
  }
  const made = parsed([event])
  if (made.errors) return invalid(made.errors)
  const outcome = await applyEvents(deps, made.events, actor.audit, { postedBy: actor.postedBy })
  if (outcome.status === 422) return invalid(formErrors(outcome.errors))
  return {
    status: 200,
    body: { applied: outcome.applied, skipped: outcome.skipped },
    changed: outcome.changed,
  }
}

/**
 * Retracts a stored event of the booking (a T&T 3.0 retraction through applyEvents): it leaves the customer's
 * timeline and tracking; the reason is kept in the audit row (`event.retracted`). An event that may have moved
 * the status cannot be (409: the chart has no way back; post a corrected event).
 */
export async function deskRetract(
  deps: BookingDeps,
  number: string,
  eventId: string,
  reason: string,
  actor: DeskActor,
): Promise<DeskOutcome<{ retracted: string }>> {
  const row = await opsBookingRow(deps.db, number)
  if (!row) return notFound()
  const id = eventId.toLowerCase()
  const stored = await deps.db
    .selectFrom('tracking_events')
    .select(['event_id', 'event_type'])
    .where('booking_id', '=', row.id)
    .where((eb) => eb.or([eb('event_id', '=', eventId), eb('event_id', '=', id)]))
    .executeTakeFirst()
  if (!stored) return notFound(deskMessages.eventNotFound)
  const made = parsed([
    {
      metadata: {
        eventID: randomUUID(),
        eventCreatedDateTime: deps.now().toISOString(),
        eventType: stored.event_type,
        retractedEventID: stored.event_id,
      },
    },
  ])
  if (made.errors) return invalid(made.errors)
  const outcome = await applyEvents(deps, made.events, actor.audit, {
    postedBy: actor.postedBy,
    action: 'event.retracted',
    auditChanges: {
      event: { before: stored.event_id, after: null },
      reason: { before: null, after: reason },
    },
  })
  if (outcome.status === 422) {
    return { status: 409, body: { message: Object.values(outcome.errors)[0]?.[0] ?? outcome.message } }
  }
  return { status: 200, body: { retracted: stored.event_id }, changed: outcome.changed }
}

// ── Hold, release, cancel ─────────────────────────────────────────────────────────────────────────────────

const actions = {
  hold: { code: 'HOLD', event: 'ops.hold', verb: 'put on hold' },
  release: { code: 'RELS', event: 'ops.release', verb: 'released' },
  cancel: { code: 'CANC', event: 'ops.cancel', verb: 'cancelled by operations' },
} as const
export type DeskAction = keyof typeof actions

export const actionRefusal = (number: string, status: string, action: DeskAction) =>
  `Booking ${number} is ${status}: it cannot be ${actions[action].verb}.`

/**
 * Holds, releases or cancels a booking through the booking chart: a SHIPMENT HOLD, RELS or CANC event with the
 * reason, applied as the feed's (the customer is mailed and reads the reason on their booking). 409 when the
 * chart refuses.
 */
export async function deskStatusAction(
  deps: BookingDeps,
  number: string,
  action: DeskAction,
  reason: string | undefined,
  actor: DeskActor,
): Promise<DeskOutcome<{ status: BookingStatus; statusReason: string | null }>> {
  const row = await opsBookingRow(deps.db, number)
  if (!row) return notFound()
  const { code, event } = actions[action]
  const chartEvent = { type: event, ...(reason ? { reason } : {}) } as BookingEvent
  const refused = () => ({
    status: 409 as const,
    body: { message: actionRefusal(number, row.status, action) },
  })
  if (!nextBookingStatus(row.status as BookingStatus, row.held_from, chartEvent)) return refused()
  const at = deps.now().toISOString()
  const made = parsed([
    {
      eventID: randomUUID(),
      eventType: 'SHIPMENT',
      eventClassifierCode: 'ACT',
      eventDateTime: at,
      eventCreatedDateTime: at,
      shipmentEventTypeCode: code,
      ...(reason ? { reason } : {}),
      documentReferences: [{ documentReferenceType: 'BKG', documentReferenceValue: row.number }],
    },
  ])
  if (made.errors) return invalid(made.errors)
  const outcome = await applyEvents(deps, made.events, actor.audit, {
    postedBy: actor.postedBy,
    action: `booking.${action === 'hold' ? 'held' : action === 'release' ? 'released' : 'cancelled'}`,
    ...(reason ? { auditChanges: { reason: { before: null, after: reason } } } : {}),
  })
  // The chart refused under the lock (the booking changed since it was read).
  if (outcome.status === 422) return refused()
  const after = await opsBookingRow(deps.db, number)
  return {
    status: 200,
    body: {
      status: (after?.status ?? row.status) as BookingStatus,
      statusReason: after?.status_reason ?? null,
    },
    changed: outcome.changed,
  }
}

export { confirmRefusal }
