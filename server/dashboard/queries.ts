/**
 * What the dashboard (getDashboard) reads, in one statement: one round trip to the database whatever the
 * company holds. Each part is a JSON column; server/dashboard/dashboard.ts turns them into the answer with
 * the shared rules (quote status, document checklist, milestones).
 */
import { type Kysely, sql } from 'kysely'
import type { BookingStatus, RouteLeg } from '../../contract/bookings'
import type { Mode } from '../../contract/pricing/types'
import type { Database } from '../db/schema'
import { usesFirstLclOffer } from '../quotes/queries'
import { supersededSearch } from '../quotes/same-search'
import { type EventJson, eventJsonColumns, isoTimeSql } from '../tracking/events'

/** A booking that is still going on (not Delivered, not Cancelled). */
export interface LiveBookingRow {
  id: number
  number: string
  hbl: string | null
  mode: Mode
  status: BookingStatus
  origin: string
  destination: string
  legs: RouteLeg[]
  etd: string | null
  eta: string | null
  original_eta: string | null
  status_reason: string | null
  held_from: BookingStatus | null
  hazardous: boolean
  /** The planned sailing's ETD (YYYY-MM-DD) kept when the booking was made; null for older bookings. */
  planned_etd: string | null
  /** The planned sailing's documents cut-off (YYYY-MM-DD), and the one operations confirmed. */
  planned_doc_cutoff: string | null
  documents_cutoff: string | null
}

export interface DashboardFileRow {
  booking_id: number
  id: string
  kind: string
  name: string
  size: number
  content_type: string
  uploaded_at: string
  status: 'Uploaded' | 'Accepted' | 'Rejected'
  reason: string | null
}

/** A document operations ask for (document_requests), as JSON: due_date YYYY-MM-DD, requested_at a time. */
export interface DashboardRequestRow {
  booking_id: number
  kind:
    | 'commercial_invoice'
    | 'packing_list'
    | 'safety_data_sheet'
    | 'dg_declaration'
    | 'certificate_of_origin'
  due_date: string
  note: string | null
  requested_at: string
}

/** An event as JSON, with its id and booking. */
export type DashboardEventRow = EventJson & { id: number; booking_id: number }

/** A time of the statement's JSON (a timestamptz as PostgreSQL writes it) as toISOString() writes it. */
export const isoOfJsonTime = (text: string | null) => (text ? new Date(text).toISOString() : null)

/**
 * Which events a booking has: their number and the newest id. Events are only ever inserted (each has its
 * own eventID), so two reads with the same count and newest id saw the same events.
 */
export interface EventVersion {
  booking_id: number
  count: number
  last_id: number
}

/** An event that happened (ACT), as Recent activity shows it: its code (eventCode) and time as text. */
export interface ActivityRow {
  id: number
  code: string
  event_date_time: string
  location: string
  booking_number: string
  hbl: string | null
  origin: string
  destination: string
}

export interface ExpiringQuoteRow {
  number: string
  mode: Mode
  origin: string
  destination: string
  valid_to: string
  total_usd: number | null
}

export interface DashboardRows {
  live: LiveBookingRow[]
  files: DashboardFileRow[]
  /** What operations ask for of the live bookings. */
  requests: DashboardRequestRow[]
  /** Which events each live booking has (EventVersion); a booking without events is not listed. */
  event_versions: EventVersion[]
  activity: ActivityRow[]
  expiring: ExpiringQuoteRow[]
  quotes_this_month: number
  delivered_this_year: number
  spend: { mode: Mode; total_usd: number }[]
  first_lcl_eligible: boolean
}

export interface DashboardWindow {
  customerId: number
  now: Date
  /** Start of the month and of the year (Singapore). */
  monthStart: Date
  yearStart: Date
  /** Priced quotes whose validity ends in [from, to] (Singapore dates) are candidates for Expiring soon. */
  expiringFrom: string
  expiringTo: string
  /** How many events Recent activity lists. */
  activityLimit: number
}

/**
 * The company's dashboard data. A raw statement: it is one query with nine parts, and the query builder
 * would make it longer to read, not safer (every value is a bound parameter).
 *
 * It runs on the connections that keep a statement's generic plan (DatabaseHandle.generic): planning it cost
 * more than running it. So its plan must suit any company, and every part reaches its rows by index and
 * nested loops, never by a join PostgreSQL could turn around on a wrong estimate: events and files through
 * the company's booking ids (an array, or a lateral for the newest events of each booking), a quote's options
 * and booking through per-quote laterals and probes (`offset 0` keeps PostgreSQL from flattening them into
 * joins); the counts of Recent activity are literals, not parameters. Each part aggregates rows of only the
 * columns it needs: JSON built from whole rows cost more than all the rest of the statement. Recent activity
 * formats the times of its ten events only, after choosing them, and lists an event reported once per
 * container (the gate out of each box of a booking, at one time and place) once: it groups the newest forty
 * events of each booking, so the index still stops the scan early.
 *
 * Of the shipments' events it reads only which ones there are (event_versions): what In transit shows of
 * them is derived once per set of events and held by each process (server/dashboard/transit.ts). Reading
 * every event of every shipment under way was over a third of the statement, and parsing them and deriving
 * the milestones about a sixth of the request's work in Node.
 */
export async function dashboardRows(db: Kysely<Database>, w: DashboardWindow): Promise<DashboardRows> {
  const { rows } = await sql<DashboardRows>`
    with bk as materialized (
      select b.id, b.number, b.hbl, b.mode, b.status, b.origin, b.destination, b.legs, b.etd, b.eta,
        b.original_eta, b.status_reason, b.held_from, b.total_usd, b.created_at, b.updated_at,
        b.details -> 'plannedSailing' ->> 'etd' as planned_etd,
        b.details -> 'plannedSailing' ->> 'docCutoff' as planned_doc_cutoff, b.documents_cutoff,
        coalesce((select jsonb_typeof(q.request -> 'hazardous') = 'object' from quotes q where q.id = b.quote_id),
          false) as hazardous
      from bookings b
      where b.customer_id = ${w.customerId}
    ), live as materialized (
      select * from bk where status not in ('Delivered', 'Cancelled')
    )
    select
      (select coalesce(json_agg(l order by l.id desc), '[]') from (
        select id, number, hbl, mode, status, origin, destination, legs, etd, eta, original_eta, status_reason,
          held_from, hazardous, planned_etd, planned_doc_cutoff, documents_cutoff
        from live
      ) l) as live,
      (select coalesce(json_agg(d), '[]') from (
        select d.booking_id, d.id, d.kind, d.name, d.size, d.content_type, d.uploaded_at, d.status, d.reason
        from booking_documents d where d.booking_id = any(array(select id from live))
      ) d) as files,
      (select coalesce(json_agg(r), '[]') from (
        select r.booking_id, r.kind, r.due_date, r.note, r.requested_at
        from document_requests r where r.booking_id = any(array(select id from live))
      ) r) as requests,
      (select coalesce(json_agg(v), '[]') from (
        select e.booking_id, count(*)::int as count, max(e.id) as last_id
        from tracking_events e where e.booking_id = any(array(select id from live))
        group by e.booking_id
      ) v) as event_versions,
      (select coalesce(json_agg(a order by a.event_date_time desc, a.id desc), '[]') from (
        select e.id, e.code, ${sql.raw(isoTimeSql('e', 'event_date_time'))}, e.location, e.booking_number, e.hbl,
          e.origin, e.destination
        from (
          select e.id, e.code, e.event_date_time, e.location, bk.number as booking_number, bk.hbl, bk.origin,
            bk.destination
          from bk cross join lateral (
            select max(e.id) as id, e.code, e.event_date_time, e.location from (
              select e.id, e.code, e.event_date_time, e.location from tracking_events e
              where e.booking_id = bk.id and e.classifier = 'ACT' and e.event_date_time <= ${w.now}
              order by e.event_date_time desc, e.id desc
              limit ${sql.lit(w.activityLimit * 4)}
            ) e
            group by e.code, e.event_date_time, e.location
            order by e.event_date_time desc, max(e.id) desc
            limit ${sql.lit(w.activityLimit)}
          ) e
          order by e.event_date_time desc, e.id desc
          limit ${sql.lit(w.activityLimit)}
        ) e
      ) a) as activity,
      (select coalesce(json_agg(x order by x.valid_to, x.number), '[]') from (
        select q.number, q.mode, q.origin, q.destination,
          coalesce(chosen.valid_to, options.valid_to) as valid_to,
          coalesce(chosen.total_usd, options.total_usd) as total_usd
        from quotes q
        cross join lateral (
          select max(o.valid_to) as valid_to, min(o.total_usd) as total_usd from quote_options o where o.quote_id = q.id
        ) options
        left join lateral (
          select c.valid_to, c.total_usd from quote_options c where c.id = q.chosen_option_id offset 0
        ) chosen on true
        where q.customer_id = ${w.customerId} and q.kind = 'priced'
          and not exists (select from bookings b where b.quote_id = q.id offset 0)
          and not ${supersededSearch('q')}
      ) x where x.valid_to between ${w.expiringFrom}::date and ${w.expiringTo}::date) as expiring,
      (select count(*)::int from quotes q
        where q.customer_id = ${w.customerId} and q.created_at >= ${w.monthStart}) as quotes_this_month,
      (select count(*)::int from bk where bk.status = 'Delivered' and coalesce(
          (select max(e.event_date_time) from tracking_events e
            where e.booking_id = bk.id and e.code = 'DLVR' and e.classifier = 'ACT'),
          bk.updated_at, bk.created_at) >= ${w.yearStart}) as delivered_this_year,
      (select coalesce(json_agg(s), '[]') from (
        select mode, sum(total_usd)::bigint as total_usd from bk
        where status <> 'Cancelled' and created_at >= ${w.yearStart}
        group by mode
      ) s) as spend,
      not exists (select 1 from bk where ${usesFirstLclOffer('bk')}) as first_lcl_eligible
  `.execute(db)
  const row = rows[0] as DashboardRows
  return {
    ...row,
    quotes_this_month: Number(row.quotes_this_month),
    delivered_this_year: Number(row.delivered_this_year),
    spend: row.spend.map((s) => ({ mode: s.mode, total_usd: Number(s.total_usd) })),
  }
}

/**
 * The events of these bookings in the order they happened, each with its booking and id. Not scoped to a
 * company: callers pass the ids of bookings they read for their customer.
 */
export async function eventsOfBookings(
  db: Kysely<Database>,
  bookingIds: number[],
): Promise<DashboardEventRow[]> {
  if (bookingIds.length === 0) return []
  const { rows } = await sql<{ events: DashboardEventRow[] }>`
    select coalesce(json_agg(e order by e.event_date_time, e.id), '[]') as events from (
      select e.id, e.booking_id, ${eventJsonColumns}
      from tracking_events e where e.booking_id = any(${bookingIds}::int[])
    ) e`.execute(db)
  return rows[0]?.events ?? []
}

/** Whether the user had a session before this one (logged in before): the dashboard then says "Welcome back". */
export async function hasEarlierSession(
  db: Kysely<Database>,
  userId: number,
  sessionId: number,
): Promise<boolean> {
  const row = await db
    .selectFrom('sessions')
    .select('id')
    .where('user_id', '=', userId)
    // One session lives at a time: any other is an earlier one.
    .where('id', '<>', sessionId)
    .limit(1)
    .executeTakeFirst()
  return row !== undefined
}
