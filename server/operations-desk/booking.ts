/**
 * A booking on the operations desk (GET /api/staff/bookings/{number}): the customer's own BookingDetail,
 * made by the same function as their booking page (server/bookings/detail.ts), and what only operations hold:
 * the company and who booked, the carrier's reference, containers, cut-offs, the ETA at confirmation, and every
 * stored event with who posted it.
 */
import { type Kysely, sql } from 'kysely'
import type { DeskEvent, OpsBookingDetail } from '../../contract/operations-desk'
import type { Mode, QuoteRequest } from '../../contract/pricing/types'
import type { Place } from '../../contract/wire'
import { bookingDetail } from '../bookings/detail'
import { findBookingById } from '../bookings/queries'
import { transshipmentPort } from '../bookings/transshipment'
import type { Database } from '../db/schema'
import { type PlaceIndex, placeOf } from '../locations/locations'
import { bookingEvents } from '../tracking/events'
import { opsPlace } from './queue'

/** Any company's booking by number, as server/bookings/queries.ts reads it; undefined when none. */
export async function opsBookingRow(db: Kysely<Database>, number: string) {
  const found = await db.selectFrom('bookings').select('id').where('number', '=', number).executeTakeFirst()
  return found ? findBookingById(db, found.id) : undefined
}

/** Who posted an event, as the desk names them (stored as tracking/events.ts postedByOf writes it). */
export function postedByName(postedBy: string | null): string | null {
  if (postedBy === null) return null
  if (postedBy.startsWith('staff:')) return postedBy.slice('staff:'.length)
  if (postedBy.startsWith('key:')) return `${postedBy.slice('key:'.length)} (integration key)`
  if (postedBy === 'ops-key') return 'Operations API (OPS_API_KEY)'
  return postedBy
}

interface DeskEventRow {
  event_id: string
  event_type: DeskEvent['eventType']
  classifier: DeskEvent['classifier']
  code: string
  event_date_time: Date
  location: string
  vessel_name: string | null
  voyage: string | null
  flight: string | null
  equipment_reference: string | null
  reason: string | null
  posted_by: string | null
}

/** Every stored event of a booking, newest first. */
async function deskEvents(db: Kysely<Database>, places: PlaceIndex, bookingId: number): Promise<DeskEvent[]> {
  const { rows } = await sql<DeskEventRow>`
    select event_id, event_type, classifier, code, event_date_time, location, vessel_name, voyage, flight,
      equipment_reference, reason, posted_by
    from tracking_events where booking_id = ${bookingId}
    order by event_date_time desc, id desc`.execute(db)
  return Promise.all(
    rows.map(async (row) => ({
      eventID: row.event_id,
      eventType: row.event_type,
      code: row.code,
      classifier: row.classifier,
      eventDateTime: new Date(row.event_date_time).toISOString(),
      location: await opsPlace(places, row.location),
      vesselName: row.vessel_name,
      voyage: row.voyage,
      flight: row.flight,
      container: row.equipment_reference,
      reason: row.reason,
      postedBy: postedByName(row.posted_by),
    })),
  )
}

/** FCL: how many containers the booking is for (its quote's request); null for LCL and air. */
export function containersBooked(mode: string, request: unknown): number | null {
  if (mode !== 'FCL') return null
  return ((request as QuoteRequest).containers ?? []).reduce((sum, c) => sum + c.count, 0)
}

/**
 * The transshipment port the booked option's service names ("Via Colombo"), as the confirmation takes it when
 * operations give none (server/bookings/service.ts `transshipmentPort`); null when it names none.
 */
async function quotedTransshipment(places: PlaceIndex, details: unknown, mode: Mode): Promise<Place | null> {
  const service = (details as { service?: unknown } | null)?.service
  const code = await transshipmentPort(places, typeof service === 'string' ? service : null, mode)
  const row = code ? await places.get(code) : undefined
  return row ? placeOf(row) : null
}

export async function opsBookingDetail(
  db: Kysely<Database>,
  places: PlaceIndex,
  number: string,
  now: Date,
): Promise<OpsBookingDetail | undefined> {
  const row = await opsBookingRow(db, number)
  if (!row) return undefined
  const [booking, events, company, transshipment] = await Promise.all([
    bookingEvents(db, row.id).then((tracked) => bookingDetail(db, places, row, tracked, now)),
    deskEvents(db, places, row.id),
    db.selectFrom('customers').select(['id', 'name']).where('id', '=', row.customer_id).executeTakeFirst(),
    quotedTransshipment(places, row.details, row.mode as Mode),
  ])
  const iso = (d: Date | null) => (d ? d.toISOString() : null)
  return {
    booking,
    company: { id: row.customer_id, name: company?.name ?? '' },
    bookedBy: { name: row.user_name, email: row.user_email },
    carrierBookingRef: row.carrier_booking_ref,
    containers: row.containers ?? [],
    cutoffs: { cargo: iso(row.cargo_cutoff), documents: iso(row.documents_cutoff), vgm: iso(row.vgm_cutoff) },
    originalEta: iso(row.original_eta),
    events,
    containersBooked: containersBooked(row.mode, row.request),
    quotedTransshipment: transshipment,
  }
}
