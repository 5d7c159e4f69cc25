/**
 * What the dashboard (getDashboard) reads, in one statement: one round trip to the database whatever the
 * company holds. Each part is a JSON column; server/dashboard/dashboard.ts turns them into the answer with
 * the shared rules (quote status, document checklist, milestones).
 */
import { type Kysely, sql } from 'kysely'
import type { BookingStatus, RouteLeg } from '../../contract/bookings'
import type { Mode } from '../../contract/pricing/types'
import type { Database } from './schema'
import type { EventJson } from './tracking-events'

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

/** An event as JSON, with its booking. */
export type DashboardEventRow = EventJson & { booking_id: number }

export interface ActivityRow extends DashboardEventRow {
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
  /** The events of the live bookings in transit (Cargo Received to Arrived, or held there). */
  events: DashboardEventRow[]
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

/** Statuses a shipment is on its way in: its events make the In transit list. */
export const inTransitStatuses = ['Cargo Received', 'Departed', 'Arrived'] as const

/**
 * The company's dashboard data. A raw statement: it is one query with eight parts, and the query builder
 * would make it longer to read, not safer (every value is a bound parameter).
 */
export async function dashboardRows(db: Kysely<Database>, w: DashboardWindow): Promise<DashboardRows> {
  const transit = sql.join(inTransitStatuses.map((s) => sql.lit(s)))
  const { rows } = await sql<DashboardRows>`
    with bk as (
      select b.id, b.number, b.hbl, b.mode, b.status, b.origin, b.destination, b.legs, b.etd, b.eta,
        b.original_eta, b.status_reason, b.held_from, b.total_usd, b.created_at, b.updated_at,
        coalesce(jsonb_typeof(q.request -> 'hazardous') = 'object', false) as hazardous
      from bookings b
      join quotes q on q.id = b.quote_id
      where b.customer_id = ${w.customerId}
    ), live as (
      select * from bk where status not in ('Delivered', 'Cancelled')
    ), moving as (
      select id from live
      where status in (${transit}) or (status = 'On Hold' and held_from in (${transit}))
    )
    select
      (select coalesce(json_agg(json_build_object(
          'id', id, 'number', number, 'hbl', hbl, 'mode', mode, 'status', status, 'origin', origin,
          'destination', destination, 'legs', legs, 'etd', etd, 'eta', eta, 'original_eta', original_eta,
          'status_reason', status_reason, 'held_from', held_from, 'hazardous', hazardous
        ) order by id desc), '[]') from live) as live,
      (select coalesce(json_agg(json_build_object(
          'booking_id', d.booking_id, 'id', d.id, 'kind', d.kind, 'name', d.name, 'size', d.size,
          'content_type', d.content_type, 'uploaded_at', d.uploaded_at, 'status', d.status, 'reason', d.reason
        )), '[]')
        from booking_documents d where d.booking_id in (select id from live)) as files,
      (select coalesce(json_agg(to_jsonb(e) - 'id' - 'received_at' order by e.event_date_time, e.id), '[]')
        from tracking_events e where e.booking_id in (select id from moving)) as events,
      (select coalesce(json_agg(a order by a.event_date_time desc, a.id desc), '[]') from (
        select e.*, bk.number as booking_number, bk.hbl, bk.origin, bk.destination
        from tracking_events e join bk on bk.id = e.booking_id
        where e.classifier = 'ACT' and e.event_date_time <= ${w.now}
        order by e.event_date_time desc, e.id desc
        limit ${w.activityLimit}
      ) a) as activity,
      (select coalesce(json_agg(x order by x.valid_to, x.number), '[]') from (
        select q.number, q.mode, q.origin, q.destination,
          coalesce(chosen.valid_to, (select max(o.valid_to) from quote_options o where o.quote_id = q.id)) as valid_to,
          coalesce(chosen.total_usd, (select min(o.total_usd) from quote_options o where o.quote_id = q.id)) as total_usd
        from quotes q
        left join quote_options chosen on chosen.id = q.chosen_option_id
        where q.customer_id = ${w.customerId} and q.kind = 'priced'
          and not exists (select 1 from bookings b where b.quote_id = q.id)
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
      not exists (select 1 from bk where mode = 'LCL' and status <> 'Cancelled') as first_lcl_eligible
  `.execute(db)
  const row = rows[0] as DashboardRows
  return {
    ...row,
    quotes_this_month: Number(row.quotes_this_month),
    delivered_this_year: Number(row.delivered_this_year),
    spend: row.spend.map((s) => ({ mode: s.mode, total_usd: Number(s.total_usd) })),
  }
}
