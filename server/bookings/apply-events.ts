/**
 * Applying a batch of DCSA events to bookings (the operations API and the demo data), all or nothing: each
 * status change through the booking chart (a posted CONF confirms as service.ts does), the events stored or
 * retracted, then each booking's dates settled from its events and its mails queued, in one transaction.
 */
import type { Kysely } from 'kysely'
import type { AuditChanges } from '../../contract/audit'
import type { BookingStatus, TrackingEvent } from '../../contract/bookings'
import { plannedInstant } from '../../contract/times'
import { type BookingEvent, nextBookingStatus } from '../../machines/booking.machine'
import { type AuditContext, appendAudit, changedFields } from '../audit/audit'
import type { Database } from '../db/schema'
import { eventCode, eventEffect, mayHaveMovedStatus, toTrackingEvent } from '../tracking/dcsa'
import type { PostedEvent } from '../tracking/dcsa-input'
import {
  bookingEvents,
  deleteEvents,
  insertEvents,
  postedByOf,
  storedEventIds,
  storedEventsById,
} from '../tracking/events'
import { bestTime, legsWithTimes, plannedDays } from '../tracking/milestones'
import { notify, notifyEtaChange } from './notifications'
import { type BookingRow, findBookingById, lockBookings, updateBooking } from './queries'
import { type BookingDeps, confirmInTransaction, notified, placeRef } from './service'

export type ApplyOutcome =
  | {
      status: 200
      applied: number
      skipped: number
      ignored: Record<string, string>
      /** The bookings changed (for the live updates of the process that applied them). */
      changed: { number: string; customerId: number }[]
    }
  | { status: 422; message: string; errors: Record<string, string[]> }

interface Planned {
  booking: BookingRow
  event: TrackingEvent
  transition: BookingEvent | null
}

/**
 * Applies a batch of posted events, all or nothing. Events already stored (by eventID) are skipped, and so
 * are events the tracking keeps nothing of (`ignored`, with the reason); every other is checked in the order
 * given against its booking as the earlier events of the batch leave it. Any unknown booking, unknown place
 * or impossible event answers 422 with a reason per event and nothing is applied. A retraction (T&T v3)
 * removes the stored event it names, unless that event may have moved the booking's status.
 */
export async function applyEvents(
  deps: BookingDeps,
  posted: PostedEvent[],
  /** Who posted, for the audit trail (the operations API): a row per booking changed. None for the demo data. */
  audit?: AuditContext,
  options: {
    /** Who posted, kept with each event (tracking/events.ts postedByOf); by default what `audit` says. */
    postedBy?: string | null
    /** The audit row's action; default `booking.events_applied`. */
    action?: string
    /** More to record in each audit row (the desk's retraction reason). */
    auditChanges?: AuditChanges
  } = {},
): Promise<ApplyOutcome> {
  const at = deps.now()
  const postedBy = options.postedBy !== undefined ? options.postedBy : postedByOf(audit)
  return deps.db.transaction().execute(async (trx): Promise<ApplyOutcome> => {
    const retracted = await storedEventsById(
      trx,
      posted.flatMap((e) => (e.kind === 'retraction' ? [e.retractedEventID] : [])),
    )
    const kept = posted.flatMap((e) => (e.kind === 'event' ? [e] : []))
    const bookings = await lockBookings(trx, {
      numbers: [
        ...new Set([
          ...kept.flatMap((e) => (e.bookingNumber ? [e.bookingNumber] : [])),
          ...[...retracted.values()].map((r) => r.bookingNumber),
        ]),
      ],
      hbls: [...new Set(kept.flatMap((e) => (e.hbl ? [e.hbl] : [])))],
    })
    const byNumber = new Map(bookings.map((b) => [b.number, b]))
    const byHbl = new Map(bookings.flatMap((b) => (b.hbl ? [[b.hbl, b] as const] : [])))
    const stored = await storedEventIds(
      trx,
      posted.map((e) => e.eventID),
    )
    const seen = new Set<string>()
    const state = new Map<number, { status: BookingStatus; heldFrom: string | null }>()
    const errors: Record<string, string[]> = {}
    const ignored: Record<string, string> = {}
    const planned: Planned[] = []
    const retractions = new Map<string, BookingRow>()
    let skipped = 0

    for (const [index, raw] of posted.entries()) {
      const id = raw.eventID
      if (stored.has(id) || seen.has(id)) {
        skipped += 1
        continue
      }
      seen.add(id)
      const fail = (reason: string) => {
        errors[`events.${index}`] = [reason]
      }
      if (raw.kind === 'ignored') {
        ignored[`events.${index}`] = raw.why
        continue
      }
      if (raw.kind === 'retraction') {
        const target = retracted.get(raw.retractedEventID)
        const booking = target && byNumber.get(target.bookingNumber)
        if (!target || !booking) {
          if (planned.some((p) => p.event.eventID === raw.retractedEventID))
            fail(`It retracts ${raw.retractedEventID}, posted in the same batch: leave both out.`)
          else ignored[`events.${index}`] = `No event ${raw.retractedEventID} is stored: nothing to retract.`
          continue
        }
        if (mayHaveMovedStatus(target.event, booking)) {
          const { event } = target
          fail(
            `${eventCode(event)} ${event.eventClassifierCode} at ${event.location} (${raw.retractedEventID}) may have changed the booking's status and cannot be retracted: post a corrected event instead.`,
          )
          continue
        }
        retractions.set(raw.retractedEventID, booking)
        continue
      }
      const viaNumber = raw.bookingNumber ? byNumber.get(raw.bookingNumber) : undefined
      const viaHbl = raw.hbl ? byHbl.get(raw.hbl) : undefined
      const booking = viaNumber ?? viaHbl
      if (!booking || (raw.bookingNumber && !viaNumber) || (raw.hbl && !viaHbl)) {
        fail(`No booking ${[raw.bookingNumber, raw.hbl].filter(Boolean).join(' / ')}.`)
        continue
      }
      if (viaNumber && viaHbl && viaNumber.id !== viaHbl.id) {
        fail(`${raw.bookingNumber} and ${raw.hbl} are different bookings.`)
        continue
      }
      const event = toTrackingEvent(raw, booking.origin, booking.destination)
      if (!(await deps.places.get(event.location))) {
        fail(`Unknown location ${event.location}.`)
        continue
      }
      const current = state.get(booking.id) ?? {
        status: booking.status as BookingStatus,
        heldFrom: booking.held_from,
      }
      const effect = eventEffect(event, {
        ...current,
        creditHold: booking.credit_hold,
        origin: booking.origin,
        destination: booking.destination,
      })
      if ('refused' in effect) {
        fail(effect.refused)
        continue
      }
      if (effect.kind === 'transition') state.set(booking.id, effect.to)
      planned.push({ booking, event, transition: effect.kind === 'transition' ? effect.event : null })
    }

    const failed = Object.keys(errors).length
    if (failed > 0) {
      return {
        status: 422,
        message: `${failed} of ${posted.length} events cannot be applied; nothing was applied.`,
        errors,
      }
    }

    // Apply: status changes in order, then the events, then each booking's dates and mails.
    const touched = new Map<number, { booking: BookingRow; mails: MailKind[] }>()
    await deleteEvents(trx, [...retractions.keys()])
    for (const booking of retractions.values()) touched.set(booking.id, { booking, mails: [] })
    const live = new Map(bookings.map((b) => [b.id, { ...b }]))
    for (const { booking, event, transition } of planned) {
      const entry = touched.get(booking.id) ?? { booking, mails: [] }
      touched.set(booking.id, entry)
      const row = live.get(booking.id) as BookingRow
      if (!transition) continue
      if (transition.type === 'ops.confirm') {
        const done = await confirmInTransaction(deps, trx, row, {}, at, 'posted', postedBy)
        if (done) {
          row.status = 'Confirmed'
          row.hbl = done.hbl
        }
        continue
      }
      const next = nextBookingStatus(row.status as BookingStatus, row.held_from, transition)
      if (!next) continue // checked above
      const reason =
        transition.type === 'ops.hold' || transition.type === 'ops.cancel'
          ? (event.reason ?? null)
          : transition.type === 'ops.release'
            ? null
            : undefined
      await updateBooking(
        trx,
        row.id,
        {
          status: next.status,
          heldFrom: next.heldFrom,
          ...(reason !== undefined ? { statusReason: reason } : {}),
          // The hold queue counts from when it was held.
          ...(next.status === 'On Hold' ? { heldAt: at } : row.held_at ? { heldAt: null } : {}),
        },
        at,
      )
      row.status = next.status
      row.held_from = next.heldFrom
      if (reason !== undefined) row.status_reason = reason
      if (transition.type === 'ops.hold') entry.mails.push('held')
      if (transition.type === 'ops.release') entry.mails.push('released')
      if (transition.type === 'ops.cancel') entry.mails.push('cancelled')
      if (transition.type === 'vessel.departed') entry.mails.push('departed')
      if (transition.type === 'vessel.arrived') entry.mails.push('arrived')
      if (transition.type === 'cargo.delivered') entry.mails.push('delivered')
    }
    await insertEvents(
      trx,
      planned.map(({ booking, event }) => ({ bookingId: booking.id, event })),
      at,
      postedBy,
    )
    for (const { booking, mails } of touched.values()) {
      await settleDates(deps, trx, booking.id, mails, at)
    }
    if (audit) {
      for (const { booking } of touched.values()) {
        const after = live.get(booking.id) ?? booking
        const events = planned.filter((p) => p.booking.id === booking.id).map((p) => eventCode(p.event))
        const removed = [...retractions.values()].filter((b) => b.id === booking.id).length
        await appendAudit(
          trx,
          {
            ...audit,
            action: options.action ?? 'booking.events_applied',
            recordType: 'booking',
            recordId: booking.number,
            customerId: booking.customer_id,
            changes: {
              ...changedFields(
                { status: booking.status, hbl: booking.hbl },
                { status: after.status, hbl: after.hbl },
                ['status', 'hbl'],
              ),
              ...(events.length > 0 ? { events: { before: null, after: events } } : {}),
              ...(removed > 0 ? { retracted: { before: null, after: removed } } : {}),
              ...options.auditChanges,
            },
          },
          at,
        )
      }
    }
    const changed = [...touched.values()].map(({ booking }) => ({
      number: booking.number,
      customerId: booking.customer_id,
    }))
    return { status: 200, applied: planned.length + retractions.size, skipped, ignored, changed }
  })
}

/**
 * A booking's ETD, ETA and legs from its events (the ACT, else the newest EST, else the newest PLN
 * departure from the origin and arrival at the destination); then its status mails, and the ETA mail when
 * the ETA moved more than 24 hours from the one last notified.
 */
type MailKind = 'held' | 'released' | 'cancelled' | 'departed' | 'arrived' | 'delivered'

async function settleDates(
  deps: BookingDeps,
  trx: Kysely<Database>,
  bookingId: number,
  mails: MailKind[],
  at: Date,
) {
  const row = await findBookingById(trx, bookingId)
  if (!row) return
  // A day planned without a time stays a day in the legs (plannedDays), and its instant in etd and eta.
  const events = plannedDays(await bookingEvents(trx, bookingId), row.legs)
  const legs = legsWithTimes(row.legs, events)
  const departure = legs[0]?.from.code ?? row.origin
  const etdText = bestTime(events, 'DEPA', departure)
  const etaText = bestTime(events, 'ARRI', row.destination)
  const etd = etdText ? plannedInstant(etdText) : row.etd
  const eta = etaText ? plannedInstant(etaText) : row.eta
  const [origin, destination] = await Promise.all([
    placeRef(deps.places, row.origin),
    placeRef(deps.places, row.destination),
  ])
  const mailed = notified(row, {
    legs,
    etd,
    eta,
    origin,
    destination,
    statusReason: row.status_reason,
    status: row.status,
  })
  for (const kind of mails) await notify(trx, deps.mailer, kind, mailed, at)
  // Once arrived, the arrival mail says it all: the ETA is only followed while the cargo is on its way.
  const stillComing = !['Arrived', 'Delivered', 'Cancelled'].includes(row.status)
  const notifiedEta = stillComing
    ? await notifyEtaChange(trx, deps.mailer, mailed, row.notified_eta, at)
    : (eta ?? row.notified_eta)
  await updateBooking(
    trx,
    bookingId,
    {
      legs,
      etd,
      eta,
      notifiedEta,
      ...(row.original_eta === null && eta ? { originalEta: eta } : {}),
      // The desk's ETA queue: away from the ETA at confirmation since the first move, until it comes back.
      ...etaMoved(row, eta, at),
    },
    at,
  )
}

/** eta_moved_at for the booking's new ETA: kept while away from original_eta, set on leaving it, cleared back. */
function etaMoved(
  row: Pick<BookingRow, 'original_eta' | 'eta_moved_at'>,
  eta: Date | null,
  at: Date,
): { etaMovedAt?: Date | null } {
  const away = row.original_eta !== null && eta !== null && eta.getTime() !== row.original_eta.getTime()
  if (away) return row.eta_moved_at ? {} : { etaMovedAt: at }
  return row.eta_moved_at ? { etaMovedAt: null } : {}
}
