/**
 * What happens to a booking after it is made, for the operations API: the dependencies its services share,
 * and confirming it (the HBL, the route, planned departure and arrival, PLN events), the status through the
 * booking chart and the customer's mail queued in the same transaction. Applying DCSA events to bookings is
 * apply-events.ts.
 */
import { randomUUID } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { BookingStatus, PlaceRef, RouteLeg, TrackingEvent } from '../../contract/bookings'
import { addDays } from '../../contract/dates'
import { creditMessages } from '../../contract/finance/credit'
import { plannedSailingOf } from '../../contract/pricing/planned-sailing'
import type { Mode, QuoteRequest } from '../../contract/pricing/types'
import { singaporeDate } from '../../contract/quotes'
import { isDay, localDateTimeIn, plannedInstant } from '../../contract/times'
import { nextBookingStatus } from '../../machines/booking.machine'
import { type AuditContext, appendAudit, changedFields } from '../audit/audit'
import type { Database } from '../db/schema'
import { countBookingEmissions } from '../emissions/bookings'
import { createQuotedCharges } from '../finance/charges'
import type { PlaceIndex } from '../locations/locations'
import type { Mailer } from '../mail/index'
import { nextNumber } from '../quotes/queries'
import { insertEvents, postedByOf } from '../tracking/events'
import { type NotifiedBooking, notify } from './notifications'
import { type BookingRow, lockBookings, optionTransit, updateBooking } from './queries'
import { transshipmentPort } from './transshipment'

export interface BookingDeps {
  db: Kysely<Database>
  now: () => Date
  mailer: Mailer
  places: PlaceIndex
}

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
  /** The carrier the booking was made with (the operations desk); the booked sheet's when not given. */
  carrier?: string | undefined
  /** The carrier's own booking reference. */
  carrierBookingRef?: string | undefined
  /** Cut-offs at the origin, ISO instants. */
  cargoCutoff?: string | undefined
  documentsCutoff?: string | undefined
  vgmCutoff?: string | undefined
  /** FCL: the container numbers known at confirmation (ISO 6346, checked by the caller). */
  containers?: string[] | undefined
}

export const confirmRefusal = (number: string, status: BookingStatus) =>
  `Booking ${number} is ${status}: it cannot be confirmed.`

/**
 * The planned route of a booking being confirmed: ETD from the options, else the booking's planned sailing
 * (unless it has gone), else two days after the later of the cargo-ready date and today; ETA from the
 * options, else the planned sailing's (with its ETD), else ETD plus the sheet's transit days; a transshipment
 * port from the options or the sheet's service ("Via Colombo"). A time operations gave is kept to the minute;
 * a day from the schedule, or counted from one, stays a day (contract/times.ts `isDay`: never a minute nobody
 * planned), and the times at a transshipment port are not known until operations or the carrier say them.
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
  const [origin, destination] = await Promise.all([
    placeRef(deps.places, booking.origin),
    placeRef(deps.places, booking.destination),
  ])
  // The sailing planned when the booking was made, unless it has already gone.
  const planned = plannedSailingOf(booking.details)
  const sailing = planned && planned.etd >= today && !options.etd ? planned : null
  const given = (time: string) => new Date(time).toISOString()
  const etd = options.etd ? given(options.etd) : sailing ? sailing.etd : addDays(from, 2)
  const etdDay = isDay(etd) ? etd : localDateTimeIn(etd, origin.time_zone).slice(0, 10)
  const eta = options.eta
    ? given(options.eta)
    : sailing
      ? sailing.eta
      : addDays(etdDay, transit?.transit_days ?? 7)
  const via =
    options.transshipment?.toUpperCase() ||
    (await transshipmentPort(deps.places, transit?.service ?? null, booking.mode as Mode))
  const mode = booking.mode === 'AIR' ? ('AIR' as const) : ('SEA' as const)
  const carriage = {
    ...(options.vesselName ? { vesselName: options.vesselName } : {}),
    ...(options.vesselIMONumber ? { vesselIMONumber: options.vesselIMONumber } : {}),
    ...(options.voyage ? { voyage: options.voyage } : {}),
    ...(options.flight ? { flight: options.flight } : {}),
  }
  let legs: RouteLeg[]
  if (via && via !== origin.code && via !== destination.code) {
    const hub = await placeRef(deps.places, via)
    legs = [
      { mode, from: origin, to: hub, ...carriage, etd, eta: null },
      { mode, from: hub, to: destination, etd: null, eta },
    ]
  } else {
    legs = [{ mode, from: origin, to: destination, ...carriage, etd, eta }]
  }
  return { legs, etd: plannedInstant(etd), eta: plannedInstant(eta), origin, destination }
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

/** The PLN departures and arrivals of each leg that are planned (a day at its plannedDayInstant). */
function plannedEvents(legs: RouteLeg[], at: Date): TrackingEvent[] {
  return legs.flatMap((leg) =>
    (
      [
        ['DEPA', leg.from.code, leg.etd],
        ['ARRI', leg.to.code, leg.eta],
      ] as const
    ).flatMap(([code, location, time]) =>
      time
        ? [
            ownEvent(
              {
                eventType: 'TRANSPORT',
                eventClassifierCode: 'PLN',
                transportEventTypeCode: code,
                location,
                eventDateTime: plannedInstant(time).toISOString(),
                ...carriageFields(leg),
              },
              at,
            ),
          ]
        : [],
    ),
  )
}

/** The booking as its mails show it, with what changed. */
export function notified(
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
    customerId: booking.customer_id,
    userId: booking.user_id,
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
  /** Who confirmed, for the events recorded (tracking/events.ts postedByOf); null: the server. */
  postedBy: string | null = null,
): Promise<{ hbl: string } | null> {
  const next = nextBookingStatus(
    booking.status as BookingStatus,
    booking.held_from,
    'ops.confirm',
    booking.credit_hold,
  )
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
    postedBy,
  )
  const when = (iso: string | undefined) => (iso ? new Date(iso) : null)
  const carrier = options.carrier ?? booking.carrier
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
      etaMovedAt: null,
      carrier,
      ...(options.carrierBookingRef !== undefined ? { carrierBookingRef: options.carrierBookingRef } : {}),
      ...(options.containers !== undefined ? { containers: options.containers } : {}),
      cargoCutoff: when(options.cargoCutoff),
      documentsCutoff: when(options.documentsCutoff),
      vgmCutoff: when(options.vgmCutoff),
    },
    at,
  )
  // Its quoted lines become its approved charges, in the company's currency (server/finance/charges.ts).
  await createQuotedCharges(trx, booking, at)
  // Its emissions counted again when the route confirmed calls elsewhere than the one quoted (docs/emissions.md).
  await countBookingEmissions(trx, deps.places, booking.id, 'route confirmed', at)
  await notify(
    trx,
    deps.mailer,
    'bookingConfirmed',
    notified(booking, {
      hbl,
      carrier,
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

/** Confirms a booking by number (operations): 404, 409 or the HBL; with `audit`, its audit row in the same transaction. */
export async function confirmBooking(
  deps: BookingDeps,
  number: string,
  options: ConfirmOptions,
  audit?: AuditContext,
  /** Who confirmed, for its events (tracking/events.ts postedByOf); by default what `audit` says. */
  postedBy: string | null = postedByOf(audit),
) {
  const at = deps.now()
  return deps.db.transaction().execute(async (trx) => {
    const [booking] = await lockBookings(trx, { numbers: [number], hbls: [] })
    if (!booking) return { status: 404 as const }
    const done = await confirmInTransaction(deps, trx, booking, options, at, 'record', postedBy)
    if (!done) {
      const message = booking.credit_hold
        ? creditMessages.confirmRefused(number)
        : confirmRefusal(number, booking.status as BookingStatus)
      return { status: 409 as const, message }
    }
    if (audit) {
      await appendAudit(
        trx,
        {
          ...audit,
          action: 'booking.confirmed',
          recordType: 'booking',
          recordId: number,
          customerId: booking.customer_id,
          changes: changedFields(
            {
              status: booking.status,
              hbl: booking.hbl,
              carrier: booking.carrier,
              carrierBookingRef: booking.carrier_booking_ref,
              containers: booking.containers,
              cargoCutoff: booking.cargo_cutoff,
              documentsCutoff: booking.documents_cutoff,
              vgmCutoff: booking.vgm_cutoff,
            },
            {
              status: 'Confirmed',
              hbl: done.hbl,
              carrier: options.carrier ?? booking.carrier,
              carrierBookingRef: options.carrierBookingRef ?? booking.carrier_booking_ref,
              containers: options.containers ?? booking.containers,
              cargoCutoff: options.cargoCutoff ?? null,
              documentsCutoff: options.documentsCutoff ?? null,
              vgmCutoff: options.vgmCutoff ?? null,
            },
            [
              'status',
              'hbl',
              'carrier',
              'carrierBookingRef',
              'containers',
              'cargoCutoff',
              'documentsCutoff',
              'vgmCutoff',
            ],
          ),
        },
        at,
      )
    }
    return { status: 200 as const, hbl: done.hbl, bookingNumber: number, customerId: booking.customer_id }
  })
}
