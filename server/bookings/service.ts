/**
 * What happens to a booking after it is made, for the operations API: confirming it (the HBL, the route,
 * planned departure and arrival) and applying a batch of DCSA events, all or nothing, each status change
 * through the booking chart, its mails queued in the same transaction.
 */
import { randomUUID } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { BookingStatus, PlaceRef, RouteLeg, TrackingEvent } from '../../contract/bookings'
import type { QuoteRequest } from '../../contract/pricing/types'
import { singaporeDate } from '../../contract/quotes'
import { type BookingEvent, nextBookingStatus } from '../../machines/booking.machine'
import type { Database } from '../db/schema'
import type { PlaceIndex } from '../locations/locations'
import type { Mailer } from '../mail/index'
import { nextNumber } from '../quotes/queries'
import { eventCode, eventEffect, mayHaveMovedStatus, toTrackingEvent } from '../tracking/dcsa'
import type { PostedEvent } from '../tracking/dcsa-input'
import {
  bookingEvents,
  deleteEvents,
  insertEvents,
  storedEventIds,
  storedEventsById,
} from '../tracking/events'
import { bestTime, legsWithTimes } from '../tracking/milestones'
import { type NotifiedBooking, notify, notifyEtaChange } from './notifications'
import { type BookingRow, findBookingById, lockBookings, optionTransit, updateBooking } from './queries'

export interface BookingDeps {
  db: Kysely<Database>
  now: () => Date
  mailer: Mailer
  places: PlaceIndex
}

const DAY = 86_400_000

export async function placeRef(places: PlaceIndex, code: string): Promise<PlaceRef> {
  const row = await places.get(code)
  return row
    ? { code: row.code, name: row.name, country_code: row.country_code, time_zone: row.time_zone }
    : { code, name: code, country_code: '', time_zone: null }
}

/** What the operations team may say when confirming; the rest comes from the booked rate sheet. */
export interface ConfirmOptions {
  etd?: string | undefined
  eta?: string | undefined
  vesselName?: string | undefined
  vesselIMONumber?: string | undefined
  voyage?: string | undefined
  flight?: string | undefined
  /** A port (or airport) between: the route then has two legs. */
  transshipment?: string | undefined
}

export const confirmRefusal = (number: string, status: BookingStatus) =>
  `Booking ${number} is ${status}: it cannot be confirmed.`

/**
 * The planned route of a booking being confirmed: ETD from the options or two days after the later of the
 * cargo-ready date and today (noon UTC); ETA from the options or ETD plus the sheet's transit days; a
 * transshipment port from the options or the sheet's service ("Via Colombo").
 */
async function plannedRoute(
  deps: BookingDeps,
  trx: Kysely<Database>,
  booking: BookingRow,
  options: ConfirmOptions,
  at: Date,
) {
  const transit = await optionTransit(trx, booking.option_id)
  const request = booking.request as QuoteRequest
  const today = singaporeDate(at)
  const from = request.readyDate > today ? request.readyDate : today
  const etd = options.etd ? new Date(options.etd) : new Date(Date.parse(`${from}T12:00:00Z`) + 2 * DAY)
  const eta = options.eta
    ? new Date(options.eta)
    : new Date(etd.getTime() + (transit?.transit_days ?? 7) * DAY)
  let via = options.transshipment?.toUpperCase()
  const named = /^Via (.+)$/.exec(transit?.service ?? '')?.[1]
  if (!via && named) {
    const [found] = await deps.places.search({
      query: named,
      kind: booking.mode === 'AIR' ? 'airport' : 'port',
      limit: 1,
    })
    via = found?.code
  }
  const [origin, destination] = await Promise.all([
    placeRef(deps.places, booking.origin),
    placeRef(deps.places, booking.destination),
  ])
  const mode = booking.mode === 'AIR' ? ('AIR' as const) : ('SEA' as const)
  const carriage = {
    ...(options.vesselName ? { vesselName: options.vesselName } : {}),
    ...(options.vesselIMONumber ? { vesselIMONumber: options.vesselIMONumber } : {}),
    ...(options.voyage ? { voyage: options.voyage } : {}),
    ...(options.flight ? { flight: options.flight } : {}),
  }
  const iso = (d: Date) => d.toISOString()
  let legs: RouteLeg[]
  if (via && via !== origin.code && via !== destination.code) {
    const hub = await placeRef(deps.places, via)
    const span = eta.getTime() - etd.getTime()
    const hubArrival = new Date(etd.getTime() + span * 0.45)
    const hubDeparture = new Date(etd.getTime() + span * 0.55)
    legs = [
      { mode, from: origin, to: hub, ...carriage, etd: iso(etd), eta: iso(hubArrival) },
      { mode, from: hub, to: destination, etd: iso(hubDeparture), eta: iso(eta) },
    ]
  } else {
    legs = [{ mode, from: origin, to: destination, ...carriage, etd: iso(etd), eta: iso(eta) }]
  }
  return { legs, etd, eta, origin, destination }
}

/** A PLN (or other) event the server itself records for a booking. */
function ownEvent(
  fields: Pick<TrackingEvent, 'eventType' | 'eventClassifierCode' | 'location' | 'eventDateTime'> &
    Partial<TrackingEvent>,
  at: Date,
): TrackingEvent {
  return { eventID: randomUUID(), eventCreatedDateTime: at.toISOString(), ...fields }
}

function carriageFields(leg: RouteLeg): Partial<TrackingEvent> {
  return {
    ...(leg.vesselName ? { vesselName: leg.vesselName } : {}),
    ...(leg.vesselIMONumber ? { vesselIMONumber: leg.vesselIMONumber } : {}),
    ...(leg.voyage ? { voyage: leg.voyage } : {}),
    ...(leg.flight ? { flight: leg.flight } : {}),
  }
}

/** The PLN departures and arrivals of each leg. */
function plannedEvents(legs: RouteLeg[], at: Date): TrackingEvent[] {
  return legs.flatMap((leg) => [
    ownEvent(
      {
        eventType: 'TRANSPORT',
        eventClassifierCode: 'PLN',
        transportEventTypeCode: 'DEPA',
        location: leg.from.code,
        eventDateTime: leg.etd as string,
        ...carriageFields(leg),
      },
      at,
    ),
    ownEvent(
      {
        eventType: 'TRANSPORT',
        eventClassifierCode: 'PLN',
        transportEventTypeCode: 'ARRI',
        location: leg.to.code,
        eventDateTime: leg.eta as string,
        ...carriageFields(leg),
      },
      at,
    ),
  ])
}

function notified(
  booking: BookingRow,
  extra: Partial<NotifiedBooking> & Pick<NotifiedBooking, 'origin' | 'destination'>,
): NotifiedBooking {
  return {
    number: booking.number,
    hbl: booking.hbl,
    mode: booking.mode,
    carrier: booking.carrier,
    legs: booking.legs,
    etd: booking.etd,
    eta: booking.eta,
    userId: booking.user_id,
    userEmail: booking.user_email,
    userName: booking.user_name,
    ...extra,
  }
}

/**
 * Confirms a locked booking in the caller's transaction: issues the HBL (`ESHBL` + year + 6 digits),
 * sets the route and its planned times (with PLN events, and a CONF event unless the feed posted one),
 * moves the status through the chart and mails the customer. Null when the chart refuses.
 */
export async function confirmInTransaction(
  deps: BookingDeps,
  trx: Kysely<Database>,
  booking: BookingRow,
  options: ConfirmOptions,
  at: Date,
  conf: 'record' | 'posted' = 'record',
): Promise<{ hbl: string } | null> {
  const next = nextBookingStatus(booking.status as BookingStatus, booking.held_from, 'ops.confirm')
  if (!next) return null
  const hbl = (await nextNumber(trx, 'ESHBL', at.getUTCFullYear())).replace('-', '')
  const route = await plannedRoute(deps, trx, booking, options, at)
  const events = plannedEvents(route.legs, at)
  if (conf === 'record') {
    events.unshift(
      ownEvent(
        {
          eventType: 'SHIPMENT',
          eventClassifierCode: 'ACT',
          shipmentEventTypeCode: 'CONF',
          location: booking.origin,
          eventDateTime: at.toISOString(),
        },
        at,
      ),
    )
  }
  await insertEvents(
    trx,
    events.map((event) => ({ bookingId: booking.id, event })),
    at,
  )
  await updateBooking(
    trx,
    booking.id,
    {
      status: next.status,
      heldFrom: next.heldFrom,
      statusReason: null,
      hbl,
      legs: route.legs,
      etd: route.etd,
      eta: route.eta,
      originalEta: route.eta,
      notifiedEta: route.eta,
      confirmedAt: at,
    },
    at,
  )
  await notify(
    trx,
    deps.mailer,
    'bookingConfirmed',
    notified(booking, {
      hbl,
      legs: route.legs,
      etd: route.etd,
      eta: route.eta,
      origin: route.origin,
      destination: route.destination,
    }),
    at,
  )
  return { hbl }
}

/** Confirms a booking by number (operations): 404, 409 or the HBL. */
export async function confirmBooking(deps: BookingDeps, number: string, options: ConfirmOptions) {
  const at = deps.now()
  return deps.db.transaction().execute(async (trx) => {
    const [booking] = await lockBookings(trx, { numbers: [number], hbls: [] })
    if (!booking) return { status: 404 as const }
    const done = await confirmInTransaction(deps, trx, booking, options, at)
    if (!done)
      return { status: 409 as const, message: confirmRefusal(number, booking.status as BookingStatus) }
    return { status: 200 as const, hbl: done.hbl, bookingNumber: number }
  })
}

export type ApplyOutcome =
  | { status: 200; applied: number; skipped: number; ignored: Record<string, string> }
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
export async function applyEvents(deps: BookingDeps, posted: PostedEvent[]): Promise<ApplyOutcome> {
  const at = deps.now()
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
    const touched = new Map<
      number,
      { booking: BookingRow; mails: ('departed' | 'arrived' | 'delivered')[] }
    >()
    await deleteEvents(trx, [...retractions.keys()])
    for (const booking of retractions.values()) touched.set(booking.id, { booking, mails: [] })
    const live = new Map(bookings.map((b) => [b.id, { ...b }]))
    for (const { booking, event, transition } of planned) {
      const entry = touched.get(booking.id) ?? { booking, mails: [] }
      touched.set(booking.id, entry)
      const row = live.get(booking.id) as BookingRow
      if (!transition) continue
      if (transition.type === 'ops.confirm') {
        const done = await confirmInTransaction(deps, trx, row, {}, at, 'posted')
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
        },
        at,
      )
      row.status = next.status
      row.held_from = next.heldFrom
      if (transition.type === 'vessel.departed') entry.mails.push('departed')
      if (transition.type === 'vessel.arrived') entry.mails.push('arrived')
      if (transition.type === 'cargo.delivered') entry.mails.push('delivered')
    }
    await insertEvents(
      trx,
      planned.map(({ booking, event }) => ({ bookingId: booking.id, event })),
      at,
    )
    for (const { booking, mails } of touched.values()) {
      await settleDates(deps, trx, booking.id, mails, at)
    }
    return { status: 200, applied: planned.length + retractions.size, skipped, ignored }
  })
}

/**
 * A booking's ETD, ETA and legs from its events (the ACT, else the newest EST, else the newest PLN
 * departure from the origin and arrival at the destination); then its status mails, and the ETA mail when
 * the ETA moved more than 24 hours from the one last notified.
 */
async function settleDates(
  deps: BookingDeps,
  trx: Kysely<Database>,
  bookingId: number,
  mails: ('departed' | 'arrived' | 'delivered')[],
  at: Date,
) {
  const row = await findBookingById(trx, bookingId)
  if (!row) return
  const events = await bookingEvents(trx, bookingId)
  const legs = legsWithTimes(row.legs, events)
  const departure = legs[0]?.from.code ?? row.origin
  const etdText = bestTime(events, 'DEPA', departure)
  const etaText = bestTime(events, 'ARRI', row.destination)
  const etd = etdText ? new Date(etdText) : row.etd
  const eta = etaText ? new Date(etaText) : row.eta
  const [origin, destination] = await Promise.all([
    placeRef(deps.places, row.origin),
    placeRef(deps.places, row.destination),
  ])
  const mailed = notified(row, { legs, etd, eta, origin, destination })
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
    },
    at,
  )
}
