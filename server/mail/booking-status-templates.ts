/**
 * The customer's mails when operations hold, release or cancel a booking (issue 23, the operations desk; the
 * feed's SHIPMENT HOLD, RELS and CANC events alike): each says why, in the operations team's words, and links
 * the booking's page, where the same reason is shown. Queued by server/bookings/notifications.ts in the
 * transaction of the change.
 */
import { type SiteConfig, siteConfig } from '../site-config'
import type { BookingUpdateMailInput } from './booking-templates'
import { compose, linkPara, para } from './compose'
import type { Mail } from './index'

export interface BookingStatusMailInput extends BookingUpdateMailInput {
  /** The hold's or cancellation's reason as operations gave it; null for a release. */
  reason: string | null
  /** The booking's page. */
  bookingLink: string
  /** A release: the status the booking is back at. */
  status?: string | undefined
}

const reference = (input: BookingUpdateMailInput) =>
  input.hbl ? `${input.bookingNumber} (${input.hbl})` : input.bookingNumber

const page = (input: BookingStatusMailInput) =>
  linkPara('See the booking in My Bookings:', 'View booking', input.bookingLink)

export function bookingHeldMail(input: BookingStatusMailInput, site: SiteConfig = siteConfig): Mail {
  return compose(site, input.to, `Booking ${input.bookingNumber} is on hold`, [
    para(`Hello ${input.name},`),
    para(`Our operations team has put your booking ${reference(input)} on hold: ${input.lane}.`),
    para(`The reason: ${input.reason ?? 'No reason was given.'}`),
    para('Reply in the booking’s conversation, or contact us, if you can help us release it.'),
    page(input),
  ])
}

export function bookingReleasedMail(input: BookingStatusMailInput, site: SiteConfig = siteConfig): Mail {
  return compose(site, input.to, `Booking ${input.bookingNumber} is no longer on hold`, [
    para(`Hello ${input.name},`),
    para(
      `The hold on your booking ${reference(input)} has been released${input.status ? `: it is ${input.status} again` : ''}. ${input.lane}.`,
    ),
    page(input),
  ])
}

export function bookingCancelledMail(input: BookingStatusMailInput, site: SiteConfig = siteConfig): Mail {
  return compose(site, input.to, `Booking ${input.bookingNumber} has been cancelled`, [
    para(`Hello ${input.name},`),
    para(`Our operations team has cancelled your booking ${reference(input)}: ${input.lane}.`),
    para(`The reason: ${input.reason ?? 'No reason was given.'}`),
    page(input),
  ])
}
