import { type Kysely, sql } from 'kysely'
import type { TrackingEvent } from '../../contract/bookings'
import { type AuditContext, OPS_KEY_NAME } from '../audit/audit'
import type { Database } from '../db/schema'
import type { TrackingEventsTable } from '../db/schema/bookings'
import { eventCode } from './dcsa'

type EventRow = Omit<
  TrackingEventsTable,
  'id' | 'booking_id' | 'received_at' | 'event_date_time' | 'event_created_date_time' | 'posted_by'
> & { event_date_time: Date; event_created_date_time: Date }

const eventColumns = [
  'event_id',
  'event_type',
  'classifier',
  'code',
  'event_date_time',
  'event_created_date_time',
  'location',
  'vessel_name',
  'vessel_imo',
  'voyage',
  'flight',
  'equipment_reference',
  'empty_indicator',
  'reason',
] as const

const orUndefined = <T>(value: T | null): T | undefined => value ?? undefined

function trackingEvent(
  row: Omit<EventRow, 'event_date_time' | 'event_created_date_time'>,
  eventDateTime: string,
  eventCreatedDateTime: string,
): TrackingEvent {
  const type = row.event_type
  return {
    eventID: row.event_id,
    eventType: type,
    eventClassifierCode: row.classifier,
    eventDateTime,
    eventCreatedDateTime,
    // Every event has the three keys, two of them undefined (left out of JSON): one object shape for all.
    shipmentEventTypeCode:
      type === 'SHIPMENT' ? (row.code as TrackingEvent['shipmentEventTypeCode']) : undefined,
    transportEventTypeCode:
      type === 'TRANSPORT' ? (row.code as TrackingEvent['transportEventTypeCode']) : undefined,
    equipmentEventTypeCode:
      type === 'EQUIPMENT' ? (row.code as TrackingEvent['equipmentEventTypeCode']) : undefined,
    location: row.location,
    vesselName: orUndefined(row.vessel_name),
    vesselIMONumber: orUndefined(row.vessel_imo),
    voyage: orUndefined(row.voyage),
    flight: orUndefined(row.flight),
    equipmentReference: orUndefined(row.equipment_reference),
    emptyIndicatorCode: orUndefined(row.empty_indicator) as TrackingEvent['emptyIndicatorCode'],
    reason: orUndefined(row.reason),
  }
}

export function toEvent(row: EventRow): TrackingEvent {
  return trackingEvent(row, row.event_date_time.toISOString(), row.event_created_date_time.toISOString())
}

/** An instant (`table.column`) as Date.prototype.toISOString() writes it (UTC, milliseconds), in SQL. */
export const isoTimeSql = (table: string, column: string) =>
  `to_char(${table}.${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as ${column}`

/**
 * The columns of an event (table alias `e`) to read as JSON (EventJson), its times already as
 * toISOString() writes them: the dashboard and trackShipment aggregate events in their one statement.
 */
export const eventJsonColumns = sql.raw(
  eventColumns
    .map((column) =>
      column === 'event_date_time' || column === 'event_created_date_time'
        ? isoTimeSql('e', column)
        : `e.${column}`,
    )
    .join(', '),
)

/** An event row read as JSON (eventJsonColumns): its times as text. */
export type EventJson = Omit<EventRow, 'event_date_time' | 'event_created_date_time'> & {
  event_date_time: string
  event_created_date_time: string
}

export function eventFromJson(row: EventJson): TrackingEvent {
  return trackingEvent(row, row.event_date_time, row.event_created_date_time)
}

/** A booking's events in the order they happened: one indexed query. */
export async function bookingEvents(db: Kysely<Database>, bookingId: number): Promise<TrackingEvent[]> {
  const rows = await db
    .selectFrom('tracking_events')
    .select(eventColumns)
    .where('booking_id', '=', bookingId)
    .orderBy('event_date_time')
    .orderBy('id')
    .execute()
  return rows.map(toEvent)
}

/** Which of these eventIDs are stored already. */
export async function storedEventIds(db: Kysely<Database>, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set()
  const rows = await db
    .selectFrom('tracking_events')
    .select('event_id')
    .where('event_id', 'in', ids)
    .execute()
  return new Set(rows.map((row) => row.event_id))
}

/**
 * Who posted events, as `tracking_events.posted_by` keeps it: `staff:<name>` (the operations desk), `key:<name>`
 * (a named integration key), `ops-key` (OPS_API_KEY), or null for the server itself (its own PLN events, the
 * demo data). A staff member's name is given by the caller (the audit trail's actor holds the email only).
 */
export function postedByOf(audit: AuditContext | undefined, staffName?: string): string | null {
  const actor = audit?.actor
  if (!actor) return null
  if (actor.kind === 'staff') return `staff:${staffName ?? actor.email}`
  if (actor.kind === 'key') return actor.name === OPS_KEY_NAME ? 'ops-key' : actor.name
  return null
}

export async function insertEvents(
  db: Kysely<Database>,
  events: { bookingId: number; event: TrackingEvent }[],
  receivedAt: Date,
  /** postedByOf the request; null (the server) when not given. */
  postedBy: string | null = null,
): Promise<void> {
  if (events.length === 0) return
  await db
    .insertInto('tracking_events')
    .values(
      events.map(({ bookingId, event }) => ({
        event_id: event.eventID,
        booking_id: bookingId,
        event_type: event.eventType,
        classifier: event.eventClassifierCode,
        code: eventCode(event),
        event_date_time: new Date(event.eventDateTime),
        event_created_date_time: new Date(event.eventCreatedDateTime),
        location: event.location,
        vessel_name: event.vesselName ?? null,
        vessel_imo: event.vesselIMONumber ?? null,
        voyage: event.voyage ?? null,
        flight: event.flight ?? null,
        equipment_reference: event.equipmentReference ?? null,
        empty_indicator: event.emptyIndicatorCode ?? null,
        reason: event.reason ?? null,
        received_at: receivedAt,
        posted_by: postedBy,
      })),
    )
    .onConflict((oc) => oc.column('event_id').doNothing())
    .execute()
}

/** Stored events by eventID, each with its booking's number (a retraction names only the event). */
export async function storedEventsById(
  db: Kysely<Database>,
  ids: string[],
): Promise<Map<string, { bookingNumber: string; event: TrackingEvent }>> {
  if (ids.length === 0) return new Map()
  const rows = await db
    .selectFrom('tracking_events as e')
    .innerJoin('bookings as b', 'b.id', 'e.booking_id')
    .select(eventColumns.map((column) => `e.${column}` as const))
    .select('b.number as booking_number')
    .where('e.event_id', 'in', ids)
    .execute()
  return new Map(
    rows.map((row) => [row.event_id, { bookingNumber: row.booking_number, event: toEvent(row) }]),
  )
}

/** Removes events (retracted by their publisher). */
export async function deleteEvents(db: Kysely<Database>, ids: string[]): Promise<void> {
  if (ids.length === 0) return
  await db.deleteFrom('tracking_events').where('event_id', 'in', ids).execute()
}
