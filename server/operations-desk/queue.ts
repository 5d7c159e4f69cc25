/**
 * The operations desk's queues (GET /api/staff/bookings; docs/operations-desk.md): what waits for the
 * operations team, the nearest cut-off first (planned until confirmed), then oldest first, each read from its
 * own partial index (migration 0023):
 *
 * | queue       | a booking is in it while                                          | since (its age counts from)      |
 * | ----------- | ----------------------------------------------------------------- | -------------------------------- |
 * | `received`  | it is Booking Received (not held)                                 | when it was booked               |
 * | `documents` | it has an uploaded file nobody accepted or rejected, not cancelled | its oldest such upload (a trigger keeps it on the booking) |
 * | `eta`       | its ETA is away from the ETA at confirmation, still on its way    | when the ETA first moved away    |
 * | `hold`      | it is On Hold                                                     | when it was held                 |
 *
 * Filters (mode, origin, destination, carrier, ETD from/to as Singapore days) apply to the items and the
 * counts; the search (a booking number, HBL, carrier booking reference or container number, whole or its
 * start) to the items only. Pages are keyset-paged by the order's key (cut-off, since, number): `next` is an
 * opaque cursor.
 */
import { type Kysely, type RawBuilder, sql } from 'kysely'
import type { BookingStatus } from '../../contract/bookings'
import { addDays } from '../../contract/dates'
import {
  compareQueueOrder,
  nearestCutoff,
  type OpsPlace,
  type OpsQueue,
  type OpsQueueItem,
  type OpsQueueQuery,
  type OpsQueueResponse,
  type QueueOrderKey,
  queueOrderKey,
} from '../../contract/operations-desk'
import { plannedSailingOf } from '../../contract/pricing/planned-sailing'
import type { Mode } from '../../contract/pricing/types'
import type { Database } from '../db/schema'
import type { PlaceIndex } from '../locations/locations'

/** A place as the desk shows it, from the in-memory index. */
export async function opsPlace(places: PlaceIndex, code: string): Promise<OpsPlace> {
  const row = await places.get(code)
  return { code, name: row?.name ?? code, time_zone: row?.time_zone ?? null }
}

/** LIKE's wildcards taken literally. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`)

/** The filters (not the search) as one SQL condition on `b`. */
function filterSql(query: OpsQueueQuery): RawBuilder<boolean> {
  const parts: RawBuilder<unknown>[] = [sql`true`]
  if (query.mode) parts.push(sql`b.mode = ${query.mode}`)
  if (query.origin) parts.push(sql`b.origin = ${query.origin}`)
  if (query.destination) parts.push(sql`b.destination = ${query.destination}`)
  if (query.carrier) parts.push(sql`b.carrier ilike ${`%${likeLiteral(query.carrier)}%`}`)
  // ETD from/to are Singapore days, both included.
  if (query.etdFrom) parts.push(sql`b.etd >= ${new Date(`${query.etdFrom}T00:00:00+08:00`)}`)
  if (query.etdTo) parts.push(sql`b.etd < ${new Date(`${addDays(query.etdTo, 1)}T00:00:00+08:00`)}`)
  return sql<boolean>`(${sql.join(parts, sql` and `)})`
}

/** The search on `b`: a booking number, HBL, carrier booking reference or container, whole or its start. */
function searchSql(q: string | undefined): RawBuilder<boolean> {
  const needle = q?.trim().toUpperCase()
  if (!needle) return sql<boolean>`true`
  const prefix = `${likeLiteral(needle)}%`
  const container = needle.replace(/[\s-]/g, '')
  const containerMatch = /^[A-Z]{3}[UJZ]\d{7}$/.test(container)
    ? sql`b.containers @> ${sql.val([container])}::text[]`
    : sql`exists (select 1 from unnest(b.containers) c where c like ${`${likeLiteral(container)}%`})`
  return sql<boolean>`(b.number like ${prefix} or b.hbl like ${prefix} or b.carrier_booking_ref like ${prefix} or ${containerMatch})`
}

/** The live statuses an ETA still matters in (a held booking counts as the status it was held from). */
const stillComing = ['Confirmed', 'Cargo Received', 'Departed']

/** Each queue: what it reads (`b` and its `since`), and when a booking is in it. */
function queueSource(queue: OpsQueue): {
  from: RawBuilder<unknown>
  since: RawBuilder<Date>
  where: RawBuilder<boolean>
} {
  switch (queue) {
    case 'received':
      return { from: sql`bookings b`, since: sql`b.created_at`, where: sql`b.status = 'Booking Received'` }
    case 'hold':
      // held_at is set whenever the chart holds a booking (and was backfilled by migration 0023).
      return { from: sql`bookings b`, since: sql`b.held_at`, where: sql`b.status = 'On Hold'` }
    case 'eta':
      return {
        from: sql`bookings b`,
        since: sql`b.eta_moved_at`,
        where: sql`b.eta_moved_at is not null and (b.status in (${sql.join(stillComing)}) or (b.status = 'On Hold' and b.held_from in (${sql.join(stillComing)})))`,
      }
    case 'documents':
      return {
        from: sql`bookings b`,
        since: sql`b.documents_pending_since`,
        where: sql`b.documents_pending_since is not null and b.status <> 'Cancelled'`,
      }
  }
}

/**
 * The counts of each filter combination, kept while the process hears every booking change (the `bookings`
 * channel: `forget` is called on each) and for at most COUNTS_TTL_MS; without notifications nothing is kept.
 */
export class QueueCounts {
  static readonly TTL_MS = 2_000
  readonly #kept = new Map<string, { at: number; counts: Promise<Record<OpsQueue, number>> }>()

  constructor(private readonly listening: () => boolean) {}

  get(db: Kysely<Database>, query: OpsQueueQuery): Promise<Record<OpsQueue, number>> {
    const { mode, origin, destination, carrier, etdFrom, etdTo } = query
    const key = JSON.stringify([mode, origin, destination, carrier, etdFrom, etdTo])
    const now = Date.now()
    const kept = this.#kept.get(key)
    if (kept && now - kept.at < QueueCounts.TTL_MS && this.listening()) return kept.counts
    const counts = queueCounts(db, filterSql(query))
    if (this.listening()) {
      if (this.#kept.size >= 500) this.#kept.clear()
      this.#kept.set(key, { at: now, counts })
      counts.catch(() => this.#kept.delete(key))
    }
    return counts
  }

  /** A booking changed: every count may have. */
  forget(): void {
    this.#kept.clear()
  }
}

/** How many bookings each queue holds, with the filters (one statement). */
async function queueCounts(db: Kysely<Database>, filters: RawBuilder<boolean>) {
  const count = (queue: OpsQueue) => {
    const source = queueSource(queue)
    return sql`(select count(*) from ${source.from} where ${source.where} and ${filters})::int`
  }
  const { rows } = await sql<Record<OpsQueue, number>>`
    select ${count('received')} as received, ${count('documents')} as documents, ${count('eta')} as eta,
      ${count('hold')} as hold`.execute(db)
  const row = rows[0]
  return {
    received: Number(row?.received ?? 0),
    documents: Number(row?.documents ?? 0),
    eta: Number(row?.eta ?? 0),
    hold: Number(row?.hold ?? 0),
  }
}

/** The cursor of a page's last row: its order key (contract/operations-desk.ts `queueOrderKey`), base64url JSON. */
export const cursorOf = (key: QueueOrderKey) =>
  Buffer.from(JSON.stringify([key.cutoffAt, key.since, key.number])).toString('base64url')

function readCursor(after: string | undefined): QueueOrderKey | null {
  if (!after) return null
  try {
    const [cutoffAt, since, number] = JSON.parse(
      Buffer.from(after, 'base64url').toString('utf8'),
    ) as unknown[]
    if (cutoffAt !== null && !Number.isSafeInteger(cutoffAt)) return null
    if (typeof since !== 'string' || Number.isNaN(Date.parse(since)) || typeof number !== 'string')
      return null
    return { cutoffAt: cutoffAt as number | null, since, number }
  } catch {
    return null
  }
}

/** What the order is read from: a few columns of every booking in the queue. */
interface OrderRow {
  id: number
  since: Date
  number: string
  status: string
  held_from: string | null
  origin: string
  cargo_cutoff: Date | null
  documents_cutoff: Date | null
  vgm_cutoff: Date | null
  planned_sailing: unknown
}

interface QueueRow {
  id: number
  number: string
  hbl: string | null
  mode: Mode
  status: string
  held_from: string | null
  status_reason: string | null
  company: string
  origin: string
  destination: string
  carrier: string
  carrier_booking_ref: string | null
  containers: string[]
  etd: Date | null
  eta: Date | null
  original_eta: Date | null
  to_review: number
}

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null)

/** A booking of the queue with its nearest cut-off and its place in the order. */
function ordered(row: OrderRow, origin: OpsPlace) {
  const plannedSailing = plannedSailingOf({ plannedSailing: row.planned_sailing })
  const cutoff = nearestCutoff(
    {
      status: row.status as BookingStatus,
      heldFrom: (row.held_from as BookingStatus | null) ?? null,
      cutoffs: {
        cargo: iso(row.cargo_cutoff),
        documents: iso(row.documents_cutoff),
        vgm: iso(row.vgm_cutoff),
      },
      plannedSailing,
    },
    origin.time_zone,
  )
  const since = new Date(row.since).toISOString()
  return {
    id: row.id,
    since,
    plannedSailing,
    cutoff,
    key: queueOrderKey({ cutoff, since, number: row.number }, origin.time_zone),
  }
}

/**
 * A page of a queue in the contract's order (`compareQueueOrder`: the nearest cut-off first, then the oldest),
 * with every queue's count. The order's few columns are read for the whole queue (filtered and searched) and
 * sorted here, the page's bookings then read in full. A cursor that is not one reads the first page.
 */
export async function listOpsQueue(
  db: Kysely<Database>,
  places: PlaceIndex,
  query: OpsQueueQuery,
  counted: Pick<QueueCounts, 'get'> = { get: (database, q) => queueCounts(database, filterSql(q)) },
): Promise<OpsQueueResponse> {
  const source = queueSource(query.queue)
  const cursor = readCursor(query.after)
  const [{ rows: keys }, counts] = await Promise.all([
    sql<OrderRow>`
      select b.id, ${source.since} as since, b.number, b.status, b.held_from, b.origin, b.cargo_cutoff,
        b.documents_cutoff, b.vgm_cutoff, b.details -> 'plannedSailing' as planned_sailing
      from ${source.from}
      where ${source.where} and ${filterSql(query)} and ${searchSql(query.q)}`.execute(db),
    counted.get(db, query),
  ])
  const all = await Promise.all(keys.map(async (row) => ordered(row, await opsPlace(places, row.origin))))
  all.sort((a, b) => compareQueueOrder(a.key, b.key))
  const start = cursor ? all.findIndex((one) => compareQueueOrder(one.key, cursor) > 0) : 0
  const page = start < 0 ? [] : all.slice(start, start + query.limit)
  const ids = page.map((one) => one.id)
  const { rows } =
    ids.length === 0
      ? { rows: [] as QueueRow[] }
      : await sql<QueueRow>`
      select b.id, b.number, b.hbl, b.mode, b.status, b.held_from, b.status_reason, c.name as company, b.origin,
        b.destination, b.carrier, b.carrier_booking_ref, b.containers, b.etd, b.eta, b.original_eta,
        b.documents_to_review as to_review
      from bookings b
      join customers c on c.id = b.customer_id
      where b.id in (${sql.join(ids)})`.execute(db)
  const byId = new Map(rows.map((row) => [row.id, row]))
  const items = await Promise.all(
    page.flatMap((one) => {
      const row = byId.get(one.id)
      return row ? [itemOf(places, row, one)] : []
    }),
  )
  const last = page.at(-1)
  const more = start >= 0 && start + query.limit < all.length
  return { items, counts, next: more && last ? cursorOf(last.key) : null }
}

async function itemOf(
  places: PlaceIndex,
  row: QueueRow,
  order: Pick<ReturnType<typeof ordered>, 'since' | 'plannedSailing' | 'cutoff'>,
): Promise<OpsQueueItem> {
  return {
    number: row.number,
    hbl: row.hbl,
    mode: row.mode,
    status: row.status as BookingStatus,
    heldFrom: (row.held_from as BookingStatus | null) ?? null,
    statusReason: row.status_reason,
    company: row.company,
    origin: await opsPlace(places, row.origin),
    destination: await opsPlace(places, row.destination),
    carrier: row.carrier,
    carrierBookingRef: row.carrier_booking_ref,
    containers: row.containers ?? [],
    etd: iso(row.etd),
    eta: iso(row.eta),
    plannedSailing: order.plannedSailing,
    cutoff: order.cutoff,
    originalEta: iso(row.original_eta),
    since: order.since,
    documentsToReview: Number(row.to_review),
  }
}
