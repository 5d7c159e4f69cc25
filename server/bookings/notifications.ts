/**
 * Every mail a booking sends its customer after it is made, by kind, in one place, each as the user's
 * notification settings allow (My Profile: status mails are milestones, ETA changes their own). The person who
 * booked it gets them, and so does every active colleague who chose "All company bookings" (issue 24). Each is queued in the outbox in the transaction of its cause, so it exists
 * exactly when its cause does; status mails follow status changes, which the chart allows once each.
 */
import type { Kysely } from 'kysely'
import type { PlaceRef, RouteLeg } from '../../contract/bookings'
import { asPlannedDay, placeTime as timeAtPlace } from '../../contract/times'
import type { Database } from '../db/schema'
import { bookingCancelledMail, bookingHeldMail, bookingReleasedMail } from '../mail/booking-status-templates'
import {
  type BookingUpdateMailInput,
  bookingArrivedMail,
  bookingConfirmedMail,
  bookingDeliveredMail,
  bookingDepartedMail,
  etaChangedMail,
} from '../mail/booking-templates'
import type { Mailer } from '../mail/index'
import { bookingRecipients } from '../profile/notification-settings'

export const bookingNotificationKinds = [
  'bookingConfirmed',
  /** Operations put the booking on hold, released it, or cancelled it (the desk or the feed), with the reason. */
  'held',
  'released',
  'cancelled',
  'departed',
  'arrived',
  'delivered',
  /** Mailed by the documents feature. */
  'documentRejected',
  'etaChanged',
] as const
export type BookingNotificationKind = (typeof bookingNotificationKinds)[number]

/** The ETA moved by more than this from the last one notified: the customer is mailed. */
export const ETA_NOTIFY_THRESHOLD_HOURS = 24

export interface NotifiedBooking {
  number: string
  hbl: string | null
  mode: 'FCL' | 'LCL' | 'AIR'
  carrier: string
  origin: PlaceRef
  destination: PlaceRef
  legs: RouteLeg[]
  etd: Date | null
  eta: Date | null
  /** The company; its colleagues who chose "All company bookings" are mailed too (issue 24). */
  customerId: number
  /** The person who booked it. */
  userId: number
  /** A hold's or cancellation's reason; a release's status. */
  statusReason?: string | null | undefined
  status?: string | undefined
}

/**
 * A time at a place as the customer reads it (contract/times.ts): its local time, named, with the year, since
 * a mail is kept and read later: "23 Nov 2026, 14:30 at Nhava Sheva (GMT+5:30)".
 */
export function placeTime(at: Date | string | null, place: PlaceRef): string | null {
  return at ? timeAtPlace(at, place) : null
}

export function carriageOf(leg: RouteLeg | undefined): string | null {
  if (!leg) return null
  if (leg.flight) return `Flight ${leg.flight}`
  if (leg.vesselName) return `${leg.vesselName}${leg.voyage ? ` voyage ${leg.voyage}` : ''}`
  return null
}

function mailInput(
  mailer: Mailer,
  booking: NotifiedBooking,
  to: { email: string; name: string },
): BookingUpdateMailInput {
  return {
    to: to.email,
    name: to.name,
    bookingNumber: booking.number,
    hbl: booking.hbl,
    mode: booking.mode,
    lane: `${booking.origin.name} (${booking.origin.code}) to ${booking.destination.name} (${booking.destination.code})`,
    carrier: booking.carrier,
    carriage: carriageOf(booking.legs[0]),
    // A day planned without a time is mailed as the day (contract/times.ts asPlannedDay).
    etd: placeTime(asPlannedDay(booking.etd?.toISOString() ?? null, booking.legs[0]?.etd), booking.origin),
    eta: placeTime(
      asPlannedDay(booking.eta?.toISOString() ?? null, booking.legs.at(-1)?.eta),
      booking.destination,
    ),
    trackingLink: `${mailer.appUrl}/user/tracking${booking.hbl ? `?hbl=${encodeURIComponent(booking.hbl)}` : ''}`,
  }
}

export async function notify(
  db: Kysely<Database>,
  mailer: Mailer,
  kind: Exclude<BookingNotificationKind, 'documentRejected' | 'etaChanged'>,
  booking: NotifiedBooking,
  at: Date,
): Promise<void> {
  for (const to of await recipientsOf(db, booking, 'milestones')) {
    const input = mailInput(mailer, booking, to)
    const status = {
      ...input,
      reason: booking.statusReason ?? null,
      status: booking.status,
      bookingLink: `${mailer.appUrl}/user/bookings/${booking.number}`,
    }
    const mail = {
      bookingConfirmed: () => bookingConfirmedMail(input),
      held: () => bookingHeldMail(status),
      released: () => bookingReleasedMail(status),
      cancelled: () => bookingCancelledMail(status),
      departed: () => bookingDepartedMail(input),
      arrived: () => bookingArrivedMail(input),
      delivered: () => bookingDeliveredMail(input),
    }[kind]()
    await mailer.queue(db, mail, at)
  }
}

/** The booker and the colleagues who follow every booking of the company, as each one's settings allow. */
const recipientsOf = (db: Kysely<Database>, booking: NotifiedBooking, kind: 'milestones' | 'etaChanges') =>
  bookingRecipients(db, { customerId: booking.customerId, people: [booking.userId] }, kind)

/**
 * Mails the customer when the ETA moved more than the threshold from the one last notified; answers the
 * ETA now notified (unchanged when nothing was mailed).
 */
export async function notifyEtaChange(
  db: Kysely<Database>,
  mailer: Mailer,
  booking: NotifiedBooking,
  notifiedEta: Date | null,
  at: Date,
): Promise<Date | null> {
  const eta = booking.eta
  if (!eta) return notifiedEta
  if (!notifiedEta) return eta
  const hours = (eta.getTime() - notifiedEta.getTime()) / 3_600_000
  if (Math.abs(hours) <= ETA_NOTIFY_THRESHOLD_HOURS) return notifiedEta
  // Switched off for everyone, the change counts as told: switching ETA mails on later does not send an old one.
  // The ETA last told may be a day planned without a time (its noon-UTC instant): it is mailed as that day.
  const previous = notifiedEta.toISOString()
  for (const to of await recipientsOf(db, booking, 'etaChanges')) {
    await mailer.queue(
      db,
      etaChangedMail({
        ...mailInput(mailer, booking, to),
        previousEta: placeTime(asPlannedDay(previous, previous.slice(0, 10)), booking.destination) as string,
        later: hours > 0,
        hours: Math.round(Math.abs(hours)),
      }),
      at,
    )
  }
  return eta
}
