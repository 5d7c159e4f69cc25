/**
 * The operations desk's order (issue 34): a booking's nearest cut-off, the queue sorted by it and flagged when
 * it is near. Until operations confirm, the cut-offs are the planned sailing's days (what the customer was
 * quoted, `bookings.details.plannedSailing`); once confirmed, the instants the carrier gave. The server sorts
 * the queue with `compareQueueOrder` and the console says `cutoffUrgency` (docs/operations-desk.md, "The
 * queues"). Re-exported by contract/operations-desk.ts.
 */
import { type BookingStatus, effectiveStatus } from './bookings'
import { addDays } from './dates'
import type { Sailing } from './pricing/schedule'
import { localDateTimeIn, zonedInstant } from './times'

export const cutoffKinds = ['cargo', 'documents', 'vgm'] as const
export type CutoffKind = (typeof cutoffKinds)[number]

export const cutoffNames: Record<CutoffKind, string> = {
  cargo: 'Cargo cut-off',
  documents: 'Documents cut-off',
  vgm: 'VGM cut-off',
}

/** A booking's nearest cut-off: an ISO instant the carrier confirmed, or a planned day (YYYY-MM-DD). */
export interface OpsCutoff {
  kind: CutoffKind
  at: string
  /** A day of the planned sailing, not yet confirmed by operations: shown "(planned)". */
  planned: boolean
}

/** What a booking's cut-offs are read from. */
export interface CutoffSource {
  status: BookingStatus
  heldFrom: BookingStatus | null
  /** The cut-offs operations confirmed (ISO instants), null where none was given. */
  cutoffs: Record<CutoffKind, string | null>
  /** The sailing planned when it was booked (its days), null when none was. */
  plannedSailing: Pick<Sailing, 'cargoCutoff' | 'docCutoff'> | null
}

/**
 * The cut-offs that still matter, by the status the booking counts as (a held one as the status it was held
 * from): all of them until the cargo is received, then the documents' and VGM's until it departs; none after.
 */
function kindsThatMatter(status: BookingStatus): readonly CutoffKind[] {
  if (status === 'Booking Received' || status === 'Confirmed') return cutoffKinds
  if (status === 'Cargo Received') return ['documents', 'vgm']
  return []
}

/** A planned day's first instant at the origin: the moment it sorts at beside confirmed instants. */
const dayStart = (day: string, timeZone: string | null) => zonedInstant(`${day}T00:00`, timeZone)

/** The instant a cut-off sorts at (a planned day: its start at the origin). */
export function cutoffInstant(cutoff: OpsCutoff, timeZone: string | null): number {
  return Date.parse(cutoff.planned ? dayStart(cutoff.at, timeZone) : cutoff.at)
}

/**
 * The earliest cut-off that still matters: the planned sailing's cargo or documents day until operations
 * confirm (a booking still Booking Received, held or not), then the earliest the carrier gave; null when none
 * is known or none matters any more. Ties go cargo, documents, VGM.
 */
export function nearestCutoff(source: CutoffSource, timeZone: string | null): OpsCutoff | null {
  const status = effectiveStatus(source.status, source.heldFrom)
  const kinds = kindsThatMatter(status)
  const planned = status === 'Booking Received'
  const plan = source.plannedSailing
  const candidates: OpsCutoff[] = planned
    ? plan
      ? [
          { kind: 'cargo' as const, at: plan.cargoCutoff, planned: true },
          { kind: 'documents' as const, at: plan.docCutoff, planned: true },
        ]
      : []
    : cutoffKinds.flatMap((kind) => {
        const at = source.cutoffs[kind]
        return at ? [{ kind, at, planned: false }] : []
      })
  let nearest: OpsCutoff | null = null
  for (const cutoff of candidates) {
    if (!kinds.includes(cutoff.kind)) continue
    if (!nearest || cutoffInstant(cutoff, timeZone) < cutoffInstant(nearest, timeZone)) nearest = cutoff
  }
  return nearest
}

/** How near a cut-off is, at the origin: gone, today or tomorrow there; null when later. */
export type CutoffUrgency = 'passed' | 'today' | 'tomorrow'

export const cutoffUrgencyText: Record<CutoffUrgency, string> = {
  passed: 'Cut-off passed',
  today: 'Cut-off today',
  tomorrow: 'Cut-off tomorrow',
}

/**
 * The flag a cut-off earns at `now`: `passed` once its instant has gone (a planned day: once the day is over
 * at the origin), `today` or `tomorrow` by the origin's calendar, null when it is later than tomorrow.
 */
export function cutoffUrgency(
  cutoff: OpsCutoff | null,
  timeZone: string | null,
  now: Date,
): CutoffUrgency | null {
  if (!cutoff) return null
  const today = localDateTimeIn(now, timeZone).slice(0, 10)
  const day = cutoff.planned ? cutoff.at : localDateTimeIn(cutoff.at, timeZone).slice(0, 10)
  if (cutoff.planned ? day < today : Date.parse(cutoff.at) <= now.getTime()) return 'passed'
  if (day === today) return 'today'
  if (day === addDays(today, 1)) return 'tomorrow'
  return null
}

/** Where a booking stands in its queue: its nearest cut-off's instant (null: none), then its age, then its number. */
export interface QueueOrderKey {
  cutoffAt: number | null
  /** When it entered the queue (ISO). */
  since: string
  number: string
}

export function queueOrderKey(
  item: { cutoff: OpsCutoff | null; since: string; number: string },
  timeZone: string | null,
): QueueOrderKey {
  return {
    cutoffAt: item.cutoff ? cutoffInstant(item.cutoff, timeZone) : null,
    since: item.since,
    number: item.number,
  }
}

/**
 * The queue's order: the nearest cut-off first (a passed one before any still ahead), bookings without one
 * after every booking with one; then the oldest in the queue; then by number, so the order is total and a
 * page's cursor is a key.
 */
export function compareQueueOrder(a: QueueOrderKey, b: QueueOrderKey): number {
  if (a.cutoffAt !== b.cutoffAt) {
    if (a.cutoffAt === null) return 1
    if (b.cutoffAt === null) return -1
    return a.cutoffAt - b.cutoffAt
  }
  const since = Date.parse(a.since) - Date.parse(b.since)
  if (since !== 0) return since
  return a.number < b.number ? -1 : a.number > b.number ? 1 : 0
}
