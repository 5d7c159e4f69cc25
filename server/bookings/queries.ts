import { type Kysely, sql } from 'kysely'
import type { BookingStatus, RouteLeg } from '../../contract/bookings'
import type { Mode } from '../../contract/pricing/types'
import type { Database } from '../db/schema'
import { type EventJson, eventFromJson, eventJsonColumns } from '../tracking/events'

/** What lists, pages, tracking and operations read of a booking: one query, joined with its quote and user. */
function bookingQuery(db: Kysely<Database>) {
  return db
    .selectFrom('bookings as b')
    .innerJoin('quotes as q', 'q.id', 'b.quote_id')
    .innerJoin('users as u', 'u.id', 'b.user_id')
    .select([
      'b.id',
      'b.number',
      'b.customer_id',
      'b.user_id',
      'b.mode',
      'b.status',
      'b.details',
      'b.price',
      'b.created_at',
      'b.hbl',
      'b.carrier',
      'b.origin',
      'b.destination',
      'b.legs',
      'b.etd',
      'b.eta',
      'b.original_eta',
      'b.notified_eta',
      'b.status_reason',
      'b.held_from',
      'b.confirmed_at',
      'b.option_id',
      'b.carrier_booking_ref',
      'b.containers',
      'b.cargo_cutoff',
      'b.documents_cutoff',
      'b.vgm_cutoff',
      'b.eta_moved_at',
      'b.held_at',
      'b.credit_hold',
      'b.credit_held_at',
      'q.number as quote_number',
      'q.request',
      'u.esus_email_id as user_email',
      'u.esus_name as user_name',
    ])
}

export type BookingRow = Awaited<ReturnType<ReturnType<typeof bookingQuery>['executeTakeFirstOrThrow']>>

/** What tracking reads of a booking (server/bookings/detail.ts trackingView). */
export type TrackedRow = Pick<
  BookingRow,
  'number' | 'hbl' | 'mode' | 'status' | 'origin' | 'destination' | 'legs' | 'eta' | 'original_eta'
>

export interface BookingFilters {
  status?: BookingStatus | undefined
  mode?: Mode | undefined
  /** Part of the booking or HBL number, any case. */
  q?: string | undefined
  /** Only the bookings this user made (Mine, issue 24). */
  userId?: number | undefined
}

/**
 * The company's bookings, newest first, with the name of the person who booked each, and what their ETD
 * and ETA are drawn from (detail.ts scheduleOf: the planned sailing until confirmed, the legs' planned days).
 */
export function listBookings(
  db: Kysely<Database>,
  customerId: number,
  filters: BookingFilters = {},
  limit = 500,
) {
  let query = db
    .selectFrom('bookings as b')
    .innerJoin('quotes as q', 'q.id', 'b.quote_id')
    .innerJoin('users as u', 'u.id', 'b.user_id')
    .select([
      'b.id',
      'b.number',
      'b.hbl',
      'b.mode',
      'b.origin',
      'b.destination',
      'b.carrier',
      'b.etd',
      'b.eta',
      'b.status',
      'b.created_at',
      'b.confirmed_at',
      'b.legs',
      sql<unknown>`b.details -> 'plannedSailing'`.as('planned_sailing'),
      'q.number as quote_number',
      'q.request',
      'u.esus_name as user_name',
    ])
    .where('b.customer_id', '=', customerId)
  if (filters.userId !== undefined) query = query.where('b.user_id', '=', filters.userId)
  if (filters.status) query = query.where('b.status', '=', filters.status)
  if (filters.mode) query = query.where('b.mode', '=', filters.mode)
  const needle = filters.q?.trim()
  if (needle) {
    const pattern = `%${needle.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
    query = query.where((eb) => eb.or([eb('b.number', 'ilike', pattern), eb('b.hbl', 'ilike', pattern)]))
  }
  return query.orderBy('b.created_at', 'desc').orderBy('b.id', 'desc').limit(limit).execute()
}

/** A booking of the company by number; another company's is not found. */
export function findBooking(db: Kysely<Database>, customerId: number, number: string, lock = false) {
  const query = bookingQuery(db).where('b.customer_id', '=', customerId).where('b.number', '=', number)
  return (lock ? query.forUpdate('b') : query).executeTakeFirst()
}

/**
 * A booking of the company by HBL with its events in the order they happened, in one statement (trackShipment
 * runs it on every request); another company's is not found.
 */
export async function trackedBooking(db: Kysely<Database>, customerId: number, hbl: string) {
  const { rows } = await sql<TrackedRow & { events: EventJson[] }>`
    select b.number, b.hbl, b.mode, b.status, b.origin, b.destination, b.legs, b.eta, b.original_eta,
      coalesce((
        select json_agg(e order by e.event_date_time, e.id)
        from (select e.id, ${eventJsonColumns} from tracking_events e where e.booking_id = b.id) e
      ), '[]') as events
    from bookings b
    where b.customer_id = ${customerId} and b.hbl = ${hbl}`.execute(db)
  const row = rows[0]
  if (!row) return undefined
  const { events, ...booking } = row
  return { booking, events: events.map(eventFromJson) }
}

/** Operations: bookings by number or HBL, locked for the caller's transaction. */
export async function lockBookings(db: Kysely<Database>, refs: { numbers: string[]; hbls: string[] }) {
  if (refs.numbers.length === 0 && refs.hbls.length === 0) return []
  return bookingQuery(db)
    .where((eb) =>
      eb.or([
        ...(refs.numbers.length > 0 ? [eb('b.number', 'in', refs.numbers)] : []),
        ...(refs.hbls.length > 0 ? [eb('b.hbl', 'in', refs.hbls)] : []),
      ]),
    )
    .forUpdate('b')
    .execute()
}

export interface BookingChanges {
  status?: BookingStatus
  heldFrom?: string | null
  statusReason?: string | null
  hbl?: string
  legs?: RouteLeg[]
  etd?: Date | null
  eta?: Date | null
  originalEta?: Date | null
  notifiedEta?: Date | null
  confirmedAt?: Date
  carrier?: string
  carrierBookingRef?: string | null
  containers?: string[]
  cargoCutoff?: Date | null
  documentsCutoff?: Date | null
  vgmCutoff?: Date | null
  etaMovedAt?: Date | null
  heldAt?: Date | null
}

export async function updateBooking(db: Kysely<Database>, id: number, changes: BookingChanges, at: Date) {
  await db
    .updateTable('bookings')
    .set({
      updated_at: at,
      ...(changes.status !== undefined ? { status: changes.status } : {}),
      ...(changes.heldFrom !== undefined ? { held_from: changes.heldFrom } : {}),
      ...(changes.statusReason !== undefined ? { status_reason: changes.statusReason } : {}),
      ...(changes.hbl !== undefined ? { hbl: changes.hbl } : {}),
      ...(changes.legs !== undefined ? { legs: JSON.stringify(changes.legs) } : {}),
      ...(changes.etd !== undefined ? { etd: changes.etd } : {}),
      ...(changes.eta !== undefined ? { eta: changes.eta } : {}),
      ...(changes.originalEta !== undefined ? { original_eta: changes.originalEta } : {}),
      ...(changes.notifiedEta !== undefined ? { notified_eta: changes.notifiedEta } : {}),
      ...(changes.confirmedAt !== undefined ? { confirmed_at: changes.confirmedAt } : {}),
      ...(changes.carrier !== undefined ? { carrier: changes.carrier } : {}),
      ...(changes.carrierBookingRef !== undefined ? { carrier_booking_ref: changes.carrierBookingRef } : {}),
      ...(changes.containers !== undefined
        ? { containers: sql<string[]>`${sql.val(changes.containers)}::text[]` }
        : {}),
      ...(changes.cargoCutoff !== undefined ? { cargo_cutoff: changes.cargoCutoff } : {}),
      ...(changes.documentsCutoff !== undefined ? { documents_cutoff: changes.documentsCutoff } : {}),
      ...(changes.vgmCutoff !== undefined ? { vgm_cutoff: changes.vgmCutoff } : {}),
      ...(changes.etaMovedAt !== undefined ? { eta_moved_at: changes.etaMovedAt } : {}),
      ...(changes.heldAt !== undefined ? { held_at: changes.heldAt } : {}),
    })
    .where('id', '=', id)
    .execute()
}

/** The transit days of the booked option (its rate sheet's). */
export async function optionTransit(db: Kysely<Database>, optionId: number) {
  return db
    .selectFrom('quote_options')
    .select(['transit_days', sql<string>`lane->>'service'`.as('service')])
    .where('id', '=', optionId)
    .executeTakeFirst()
}

/** A booking by id (operations, inside their transaction). */
export function findBookingById(db: Kysely<Database>, id: number) {
  return bookingQuery(db).where('b.id', '=', id).executeTakeFirst()
}
