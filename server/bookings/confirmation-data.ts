/**
 * Every word of the booking confirmation PDF (confirmation-pdf.ts draws it): `bookingConfirmationData` decides
 * them from the booking as the API answers it (pure, unit-tested), headed by the company of the site
 * configuration.
 */

import { documentsStep, operationsStep, servicesText } from '../../contract/booking-confirmation'
import { type BookingDetail, bookingTimeText } from '../../contract/bookings'
import { singaporeDateOf } from '../../contract/dates'
import {
  type BookingEmissions,
  co2eText,
  emissionsReasonText,
  factorText,
  legTitle,
  massText,
  methodText,
} from '../../contract/emissions'
import { notifyPartyText, partyLines } from '../../contract/parties'
import { moneyText } from '../../contract/pricing/money'
import { freeTimeText } from '../../contract/pricing/schedule'
import type { PricedLine } from '../../contract/pricing/types'
import type { Party } from '../../contract/quotes'
import { countText, groupedNumber } from '../../contract/text'
import { ACCOUNT_TIME_ZONE, accountTime, calendarDay, dayIn } from '../../contract/times'
import { addressLine, mainPhone, type SiteConfig, siteConfig } from '../site-config'

export interface ConfirmationRow {
  label: string
  text: string
}

export interface ConfirmationSection {
  title: string
  rows: ConfirmationRow[]
}

export interface ConfirmationCharge {
  name: string
  quantity: string
  /** In the line's own currency. */
  amount: string
  usd: string
}

export interface ConfirmationDocumentDue {
  name: string
  /** "Required" or "Optional". */
  need: string
  /** "14 Jun 2026", or "Set once the departure is known". */
  due: string
  status: string
}

/** Every word of the PDF, in order. */
export interface BookingConfirmationData {
  /** The PDF's metadata. */
  title: string
  subject: string
  author: string
  createdAt: Date
  brand: string
  /** Under the brand: the tagline, the registered company and how to reach it. */
  issuer: string[]
  heading: string
  /** Beside the heading: the booking and quote numbers. */
  reference: string
  sections: ConfirmationSection[]
  charges: ConfirmationCharge[]
  /** "USD 2,345.00 (SGD 3,142.30)". */
  total: string
  /** Estimates not included in the total (GST payable to Singapore Customs). */
  chargeNotes: string[]
  documentsLead: string
  documents: ConfirmationDocumentDue[]
  nextSteps: string[]
  terms: string
  footer: string
}

export interface ConfirmationOptions {
  site?: SiteConfig | undefined
  /** The public origin of links (the terms page). */
  appUrl: string
  generatedAt: Date
}

/** The booking's emissions as its page shows them: each leg, the total, the method (docs/emissions.md). */
function emissionRows({ figure, factors, reason, countedAt }: BookingEmissions): ConfirmationRow[] {
  return [
    ...figure.legs.map((leg) => ({
      label: legTitle(leg),
      text:
        `${groupedNumber(leg.distanceKm)} km × ${massText(figure.mass.kg)} @ ` +
        `${factorText(factors.factors[leg.factor].wtwGPerTkm)} per t·km: ${co2eText(leg.wtwGrams)} ` +
        `(tank-to-wheel ${co2eText(leg.ttwGrams)})`,
    })),
    {
      label: 'Total, well-to-wheel',
      text: `${co2eText(figure.wtwGrams)} (tank-to-wheel ${co2eText(figure.ttwGrams)}), counted ${emissionsReasonText[reason]}, ${calendarDay(singaporeDateOf(countedAt))}`,
    },
    { label: 'Method', text: methodText(figure, factors) },
  ]
}

/** A shipper's or consignee's lines. */
const partyText = (party: Party) => partyLines(party).join('\n')

/** The charge lines of the confirmed price in the order the booking page groups them. */
function orderedLines(lines: PricedLine[]): PricedLine[] {
  const rank = (line: PricedLine) =>
    line.kind === 'discount'
      ? 4
      : ({ origin: 0, freight: 1, destination: 2, services: 3 } as const)[line.side]
  return [...lines].sort((a, b) => rank(a) - rank(b))
}

/** Every word of the confirmation of `booking` (as GET /api/bookings/{number} answers it). Pure. */
export function bookingConfirmationData(
  booking: BookingDetail,
  { site = siteConfig, appUrl, generatedAt }: ConfirmationOptions,
): BookingConfirmationData {
  const air = booking.mode === 'AIR'
  const place = (p: BookingDetail['origin']) => `${p.name} (${p.code})`
  const sailing = booking.plannedSailing
  const phone = mainPhone(site)

  const bookingRows: ConfirmationRow[] = [
    { label: 'Booking number', text: booking.number },
    { label: 'Quote', text: booking.quoteNumber },
    { label: 'Booked', text: accountTime(booking.createdAt) },
    { label: 'Status', text: booking.status },
    {
      label: 'Mode',
      text:
        booking.mode === 'FCL'
          ? 'Sea, full container (FCL)'
          : booking.mode === 'LCL'
            ? 'Sea, less than container (LCL)'
            : 'Air',
    },
    { label: air ? 'Airline' : 'Carrier', text: booking.carrier },
    ...(booking.hbl
      ? [{ label: air ? 'House air waybill' : 'House bill of lading', text: booking.hbl }]
      : []),
  ]
  const partyRows: ConfirmationRow[] = [
    { label: 'Shipper', text: partyText(booking.shipper) },
    { label: 'Consignee', text: partyText(booking.consignee) },
    { label: 'Notify party', text: notifyPartyText(booking.notifyParty) },
    ...(booking.pickupAddress ? [{ label: 'Pickup address', text: booking.pickupAddress }] : []),
    ...(booking.deliveryAddress ? [{ label: 'Delivery address', text: booking.deliveryAddress }] : []),
  ]
  const via = booking.legs.length > 1 ? booking.legs.slice(0, -1).map((leg) => place(leg.to)) : []
  const routeRows: ConfirmationRow[] = [
    { label: air ? 'Airport of departure' : 'Port of loading', text: place(booking.origin) },
    { label: air ? 'Airport of destination' : 'Port of discharge', text: place(booking.destination) },
    ...(via.length > 0 ? [{ label: 'Via', text: via.join(', ') }] : []),
  ]
  const cargoRows: ConfirmationRow[] = [
    { label: 'Description', text: booking.cargoDescription },
    { label: air ? 'Pieces, weight and volume' : 'Containers / packages', text: booking.cargoSummary },
    ...(booking.containerWeightsKg?.length
      ? [
          {
            label: 'Gross weight per container',
            text: booking.containerWeightsKg.map((kg) => `${kg.toLocaleString('en-US')} kg`).join(', '),
          },
        ]
      : []),
    {
      label: 'Dangerous goods',
      text: booking.hazardous
        ? `Yes: UN${booking.hazardous.unNumber}, class ${booking.hazardous.dgClass}, packing group ${booking.hazardous.packingGroup}`
        : 'No',
    },
  ]
  // ETD and ETA in the words of every screen (bookingTimeText): the planned sailing's days, "(planned)", until
  // operations confirm; then the confirmed times, the vessel, and the sailing as planned below them.
  const sailingRows: ConfirmationRow[] = []
  const etd = bookingTimeText(booking, 'etd', { named: true })
  const eta = bookingTimeText(booking, 'eta', { named: true })
  if (etd) sailingRows.push({ label: 'Departure (ETD)', text: etd })
  if (eta) sailingRows.push({ label: 'Arrival (ETA)', text: eta })
  if (etd && !booking.plannedTimes) {
    const first = booking.legs[0]
    const carriage = air ? first?.flight : [first?.vesselName, first?.voyage].filter(Boolean).join(' / ')
    if (carriage) sailingRows.push({ label: air ? 'Flight' : 'Vessel / voyage', text: carriage })
  }
  if (sailing) {
    sailingRows.push(
      { label: 'Cargo cut-off', text: calendarDay(sailing.cargoCutoff) },
      { label: 'Documents cut-off', text: calendarDay(sailing.docCutoff) },
      ...(booking.plannedTimes
        ? []
        : [
            { label: 'Departure (planned)', text: calendarDay(sailing.etd) },
            { label: 'Arrival (planned)', text: calendarDay(sailing.eta) },
          ]),
      { label: 'Transit', text: countText(sailing.transitDays, 'day') },
    )
    const free = freeTimeText(booking.mode, sailing.freeDays)
    if (free) sailingRows.push({ label: 'Free time', text: free })
  }
  if (sailingRows.length === 0) {
    sailingRows.push({ label: 'Departure', text: 'To be advised by our operations team' })
  }

  const price = booking.price
  const charges = orderedLines(price.lines).map((line) => ({
    name: line.name,
    quantity: line.quantityText,
    amount: moneyText(line.amount, line.currency),
    usd: moneyText(line.amountUsd, 'USD'),
  }))
  const chargeNotes = [
    'Charges are as confirmed; amounts in another currency are converted to USD at the rates of the quote.',
    ...price.estimates.map(
      (e) => `Not included: ${e.name}, about ${moneyText(e.amountUsd, 'USD')}, payable to ${e.payableTo}.`,
    ),
    ...(price.excluded.length > 0 ? [`Not included: ${price.excluded.join('; ')}.`] : []),
  ]

  const documents = booking.documents
    .filter((item) => item.kind !== 'hbl')
    .map((item) => ({
      name: item.name,
      need: item.required ? 'Required' : 'Optional',
      due: item.dueDate ? calendarDay(item.dueDate) : 'Set once the departure is known',
      status: item.status,
    }))

  const nextSteps = [
    operationsStep(booking, site.operationsDesk),
    `${documentsStep(booking)} Upload them on the booking's page: ${appUrl}/user/bookings/${booking.number}`,
    sailing && booking.plannedTimes
      ? `Deliver the cargo by ${calendarDay(sailing.cargoCutoff)} (cargo cut-off) for the planned departure on ${calendarDay(sailing.etd)}.`
      : 'Follow the shipment under My Bookings and HBL Tracking.',
  ]

  return {
    title: `Booking confirmation ${booking.number}`,
    subject: `Quote ${booking.quoteNumber}`,
    author: site.legalName,
    createdAt: generatedAt,
    brand: site.brand,
    issuer: [
      site.tagline,
      `${site.legalName}, UEN ${site.uen}`,
      [addressLine(site), site.supportEmail, phone?.display].filter(Boolean).join(' - '),
    ],
    heading: 'BOOKING CONFIRMATION',
    reference: `Booking ${booking.number}   Quote ${booking.quoteNumber}`,
    sections: [
      { title: 'Booking', rows: bookingRows },
      { title: 'Parties', rows: partyRows },
      { title: 'Route', rows: routeRows },
      { title: 'Cargo', rows: cargoRows },
      { title: air ? 'Planned flight' : 'Planned sailing', rows: sailingRows },
      {
        title: 'Services',
        rows: [{ label: 'Additional services', text: servicesText(booking.services).join('\n') }],
      },
      ...(booking.emissions ? [{ title: 'Emissions', rows: emissionRows(booking.emissions) }] : []),
    ],
    charges,
    total: `${moneyText(price.totalUsd, 'USD')} (${moneyText(price.totalSgd, 'SGD')})`,
    chargeNotes,
    documentsLead: documentsStep(booking),
    documents,
    nextSteps,
    terms:
      `This booking is subject to the Terms & Conditions of ${site.legalName} (${appUrl}/info/terms-conditions), ` +
      'under which our forwarding services are provided subject to the Standard Trading Conditions of the ' +
      'Singapore Logistics Association, and to the terms of the carrier. Sailings, cut-offs and free time are ' +
      "planned from the carrier's schedule and are confirmed by our operations team.",
    footer: `Generated by ${site.brand} on ${dayIn(generatedAt, ACCOUNT_TIME_ZONE)} for booking ${booking.number}. Not a bill of lading.`,
  }
}
