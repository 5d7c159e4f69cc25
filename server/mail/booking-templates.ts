/**
 * The customer's mails about a booking: its receipt when it is made (queued by server/bookings/create.ts),
 * then confirmed (with the HBL), departed, arrived, delivered, and the ETA moved (queued by
 * server/bookings/notifications.ts in the transaction of their cause).
 */
import { moneyText } from '../../contract/pricing/money'
import { type SiteConfig, siteConfig } from '../site-config'
import { compose, linkPara, oneLine, para } from './compose'
import type { Mail } from './index'

const money = (minorUsd: number) => moneyText(minorUsd, 'USD')

export interface BookingMailInput {
  to: string
  name: string
  bookingNumber: string
  quoteNumber: string
  lane: string
  mode: string
  carrier: string
  totalUsd: number
  bookingsLink: string
}

/** The customer's receipt of a new booking (status Booking Received). */
export function bookingReceivedMail(input: BookingMailInput, site: SiteConfig = siteConfig): Mail {
  return compose(site, input.to, oneLine(`Booking ${input.bookingNumber} received: ${input.lane}`), [
    para(`Hello ${input.name},`),
    para(
      `Thank you for your booking. We have received booking ${input.bookingNumber} (from quote ${input.quoteNumber}) and will confirm it with ${input.carrier} shortly.`,
    ),
    para(`${input.mode}, ${input.lane}. Total as confirmed: ${money(input.totalUsd)}.`),
    linkPara('Follow it in My Bookings:', 'My Bookings', input.bookingsLink),
    para('Please have the commercial invoice and packing list ready: we will ask for them before departure.'),
  ])
}

export interface BookingUpdateMailInput {
  to: string
  name: string
  bookingNumber: string
  hbl: string | null
  mode: 'FCL' | 'LCL' | 'AIR'
  /** "Singapore (SGSIN) to Nhava Sheva (INNSA)". */
  lane: string
  carrier: string
  /** Vessel and voyage, or flight, when known. */
  carriage: string | null
  /** Already formatted in the place's time zone. */
  etd: string | null
  eta: string | null
  trackingLink: string
}

const documentName = (mode: BookingUpdateMailInput['mode']) =>
  mode === 'AIR' ? 'house air waybill' : 'house bill of lading'

const track = (input: BookingUpdateMailInput) =>
  linkPara('Follow the shipment in Tracking:', 'Track shipment', input.trackingLink)

const line = (...parts: (string | null | false)[]) => parts.filter(Boolean).join(' ')

export function bookingConfirmedMail(input: BookingUpdateMailInput, site: SiteConfig = siteConfig): Mail {
  return compose(site, input.to, `Booking ${input.bookingNumber} confirmed: ${input.hbl ?? ''}`.trim(), [
    para(`Hello ${input.name},`),
    para(
      `Your booking ${input.bookingNumber} is confirmed with ${input.carrier}. Your ${documentName(input.mode)} number is ${input.hbl}.`,
    ),
    para(
      line(
        `${input.mode}, ${input.lane}.`,
        input.carriage && `${input.carriage}.`,
        input.etd && `Departure planned ${input.etd}.`,
        input.eta && `Arrival planned ${input.eta}.`,
      ),
    ),
    track(input),
    para('Please upload the commercial invoice and packing list in My Bookings before departure.'),
  ])
}

export function bookingDepartedMail(input: BookingUpdateMailInput, site: SiteConfig = siteConfig): Mail {
  return compose(site, input.to, `Shipment ${input.hbl ?? input.bookingNumber} has departed`, [
    para(`Hello ${input.name},`),
    para(
      line(
        `Your shipment ${input.hbl} (booking ${input.bookingNumber}) has departed: ${input.lane}.`,
        input.carriage && `${input.carriage}.`,
        input.eta && `Expected arrival ${input.eta}.`,
      ),
    ),
    track(input),
  ])
}

export function bookingArrivedMail(input: BookingUpdateMailInput, site: SiteConfig = siteConfig): Mail {
  return compose(site, input.to, `Shipment ${input.hbl ?? input.bookingNumber} has arrived`, [
    para(`Hello ${input.name},`),
    para(
      `Your shipment ${input.hbl} (booking ${input.bookingNumber}) has arrived at its destination: ${input.lane}. We will let you know when it is delivered.`,
    ),
    track(input),
  ])
}

export function bookingDeliveredMail(input: BookingUpdateMailInput, site: SiteConfig = siteConfig): Mail {
  return compose(site, input.to, `Shipment ${input.hbl ?? input.bookingNumber} delivered`, [
    para(`Hello ${input.name},`),
    para(
      `Your shipment ${input.hbl} (booking ${input.bookingNumber}) has been delivered: ${input.lane}. Thank you for shipping with us.`,
    ),
    track(input),
  ])
}

export function etaChangedMail(
  input: BookingUpdateMailInput & { previousEta: string; later: boolean; hours: number },
  site: SiteConfig = siteConfig,
): Mail {
  const moved = `${input.later ? 'later' : 'earlier'} by about ${input.hours} hours`
  return compose(site, input.to, `New arrival time for shipment ${input.hbl ?? input.bookingNumber}`, [
    para(`Hello ${input.name},`),
    para(
      `The expected arrival of your shipment ${input.hbl} (booking ${input.bookingNumber}, ${input.lane}) has moved ${moved}: it is now ${input.eta}, it was ${input.previousEta}.`,
    ),
    track(input),
  ])
}
