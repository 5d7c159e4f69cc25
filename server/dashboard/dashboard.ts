/**
 * The dashboard of /user/home (getDashboard) from one read of the database (server/dashboard/queries.ts), with
 * the rules the rest of the product uses: the quote status of My Quotes, the document checklist of the
 * booking page, the milestones of HBL tracking.
 */
import type { Kysely } from 'kysely'
import type { DocumentKind } from '../../contract/bookings'
import type { Dashboard } from '../../contract/dashboard'
import { addDays, singaporeDateOf } from '../../contract/dates'
import {
  type DocumentRequest,
  documentItems,
  documentsDeparture,
  isOutstanding,
} from '../../contract/documents'
import { modes } from '../../contract/pricing/types'
import { EXPIRING_SOON_DAYS, quoteStatus } from '../../contract/quotes'
import { placesOf } from '../bookings/detail'
import { ETA_NOTIFY_THRESHOLD_HOURS } from '../bookings/notifications'
import type { Database } from '../db/schema'
import { dashboardPendingCharges } from '../finance/charges-queries'
import type { PlaceIndex } from '../locations/locations'
import { eventLabel, hoursMoved } from '../tracking/milestones'
import { type DashboardWindow, dashboardRows, hasEarlierSession, isoOfJsonTime } from './queries'
import { isInTransit, type TransitSummaries, type TransitSummary } from './transit'

/** Required documents show under Needs attention from this many days before they are due (and overdue). */
export const DOCUMENTS_DUE_WITHIN_DAYS = 7
/** Recent activity lists this many events. */
export const ACTIVITY_EVENTS = 10

const SINGAPORE_OFFSET_MS = 8 * 3_600_000

/**
 * Shipment events that are changes the office made to the booking, not something that happened at a port:
 * Recent activity shows them in Singapore time, as the account's own actions (docs/customer-area.md, Times).
 */
const STATUS_EVENT_CODES = new Set(['CONF', 'HOLD', 'RELS', 'CANC', 'ISSU', 'REJE'])

/** Midnight in Singapore at the start of `now`'s month and year there. */
export function periodStarts(now: Date): { monthStart: Date; yearStart: Date } {
  const [year, month] = singaporeDateOf(now).split('-')
  return {
    monthStart: new Date(Date.parse(`${year}-${month}-01T00:00:00Z`) - SINGAPORE_OFFSET_MS),
    yearStart: new Date(Date.parse(`${year}-01-01T00:00:00Z`) - SINGAPORE_OFFSET_MS),
  }
}

/** What a company's dashboard reads at `now`. */
export function dashboardWindow(customerId: number, now: Date): DashboardWindow {
  const today = singaporeDateOf(now)
  return {
    customerId,
    now,
    ...periodStarts(now),
    expiringFrom: today,
    expiringTo: addDays(today, EXPIRING_SOON_DAYS - 1),
    activityLimit: ACTIVITY_EVENTS,
  }
}

export interface DashboardDeps {
  db: Kysely<Database>
  places: PlaceIndex
  /** The next milestones and ETAs this process derived (per process, shared by every request). */
  transit: TransitSummaries
}

export async function getDashboard(
  deps: DashboardDeps,
  who: { customerId: number; userId: number; sessionId: number; name: string; company: string },
  now: Date,
): Promise<Dashboard> {
  const { db, places } = deps
  const today = singaporeDateOf(now)
  const [rows, returning, pendingCharges] = await Promise.all([
    dashboardRows(db, dashboardWindow(who.customerId, now)),
    hasEarlierSession(db, who.userId, who.sessionId),
    dashboardPendingCharges(db, who.customerId),
  ])
  const transit = rows.live.filter(isInTransit)
  const summaries = await deps.transit.of(transit, rows.event_versions)
  const codes = [
    ...rows.live.flatMap((b) => [b.origin, b.destination]),
    ...rows.expiring.flatMap((q) => [q.origin, q.destination]),
    ...rows.activity.flatMap((a) => [a.origin, a.destination, a.location]),
    ...[...summaries.values()].flatMap((s) => (s.next?.place ? [s.next.place] : [])),
  ]
  const { ref } = await placesOf(places, codes)
  // Answers are built as literals, not spreads with added properties, which V8 builds about 20 times slower.
  // Every place carries its time zone: the dashboard shows each time in its place's local time.
  const place = (code: string) => {
    const { name, country_code, time_zone } = ref(code)
    return { code, name, country_code, time_zone }
  }
  const timePlace = (code: string) => {
    const { name, time_zone } = ref(code)
    return { code, name, time_zone }
  }

  const filesOf = new Map<number, typeof rows.files>()
  for (const file of rows.files) {
    const list = filesOf.get(file.booking_id) ?? []
    list.push(file)
    filesOf.set(file.booking_id, list)
  }
  const requestsOf = new Map<number, DocumentRequest[]>()
  for (const r of rows.requests) {
    const list = requestsOf.get(r.booking_id) ?? []
    list.push({
      kind: r.kind,
      dueDate: r.due_date,
      note: r.note,
      requestedAt: isoOfJsonTime(r.requested_at) as string,
    })
    requestsOf.set(r.booking_id, list)
  }
  const dueBy = addDays(today, DOCUMENTS_DUE_WITHIN_DAYS)
  const documents = rows.live.flatMap((booking) =>
    documentItems(
      {
        mode: booking.mode,
        hazardous: booking.hazardous,
        // As the booking's own page counts them: the confirmed ETD, else the planned sailing's; none after
        // the documents cut-off.
        ...documentsDeparture(
          { etd: booking.etd, documentsCutoff: booking.documents_cutoff },
          booking.planned_etd && booking.planned_doc_cutoff
            ? { etd: booking.planned_etd, docCutoff: booking.planned_doc_cutoff }
            : null,
        ),
        bookingStatus: booking.status,
        heldFrom: booking.held_from,
        hbl: null,
        files: (filesOf.get(booking.id) ?? []).map((f) => ({
          id: f.id,
          kind: f.kind as DocumentKind,
          name: f.name,
          size: f.size,
          contentType: f.content_type,
          uploadedAt: isoOfJsonTime(f.uploaded_at) as string,
          status: f.status,
          reason: f.reason,
          // Only the items' due states are used here, never who uploaded a file.
          uploadedBy: '',
        })),
        requests: requestsOf.get(booking.id),
      },
      now,
    )
      .filter(
        (item) =>
          isOutstanding(item) &&
          (item.status === 'Rejected' || (item.dueDate !== null && item.dueDate <= dueBy)),
      )
      .map((item) => ({
        bookingNumber: booking.number,
        kind: item.kind,
        name: item.name,
        status: item.status as 'Required' | 'Rejected',
        dueDate: item.dueDate,
        overdue: item.overdue,
        reason: item.reason,
      })),
  )
  documents.sort(
    (a, b) =>
      Number(b.overdue) - Number(a.overdue) ||
      (a.dueDate ?? '9999').localeCompare(b.dueDate ?? '9999') ||
      a.bookingNumber.localeCompare(b.bookingNumber),
  )

  const etaMoved = rows.live.flatMap((b) => {
    if (!b.eta || !b.original_eta) return []
    const movedHours = hoursMoved(b.eta, b.original_eta)
    return Math.abs(movedHours) > ETA_NOTIFY_THRESHOLD_HOURS
      ? [
          {
            bookingNumber: b.number,
            hbl: b.hbl,
            eta: isoOfJsonTime(b.eta) as string,
            movedHours,
            destination: timePlace(b.destination),
          },
        ]
      : []
  })

  const inTransit = transit
    .map((b) => {
      const { next, eta } = summaries.get(b.id) as TransitSummary
      return {
        origin: place(b.origin),
        destination: place(b.destination),
        bookingNumber: b.number,
        hbl: b.hbl,
        mode: b.mode,
        status: b.status,
        next: next
          ? {
              key: next.key,
              label: next.label,
              at: next.at,
              place: next.place ? timePlace(next.place) : null,
            }
          : null,
        eta,
      }
    })
    .sort((a, b) => (a.eta ?? '9999').localeCompare(b.eta ?? '9999'))

  const activity = rows.activity.map((row) => ({
    at: row.event_date_time,
    bookingNumber: row.booking_number,
    hbl: row.hbl,
    label: eventLabel(row.code, row.location, { origin: ref(row.origin), destination: ref(row.destination) }),
    location: ref(row.location).name,
    time_zone: ref(row.location).time_zone,
    kind: STATUS_EVENT_CODES.has(row.code) ? ('status' as const) : ('place' as const),
    classifier: 'ACT' as const, // Recent activity lists what happened: the ACT events only
  }))

  const spend = new Map(rows.spend.map((s) => [s.mode, s.total_usd]))
  return {
    user: { name: who.name, company: who.company, returning },
    firstLclEligible: rows.first_lcl_eligible,
    attention: {
      expiringQuotes: rows.expiring
        .filter(
          (q) =>
            quoteStatus({ kind: 'priced', booked: false, validTo: q.valid_to }, today) === 'Expiring soon',
        )
        .map((q) => ({
          origin: place(q.origin),
          destination: place(q.destination),
          number: q.number,
          mode: q.mode,
          validTo: q.valid_to,
          totalUsd: q.total_usd === null ? null : Number(q.total_usd),
        })),
      documents,
      onHold: rows.live
        .filter((b) => b.status === 'On Hold')
        .map((b) => ({ bookingNumber: b.number, reason: b.status_reason })),
      pendingCharges,
      etaMoved,
    },
    inTransit,
    activity,
    figures: {
      quotesThisMonth: rows.quotes_this_month,
      bookingsInProgress: rows.live.length,
      deliveredThisYear: rows.delivered_this_year,
      spendThisYear: modes.map((mode) => ({ mode, totalUsd: spend.get(mode) ?? 0 })),
    },
  }
}
