/**
 * The booking confirmation PDF (GET /api/bookings/{number}/confirmation.pdf): what the customer booked, as a
 * document to keep and forward. `bookingConfirmationData` decides every word from the booking as the API
 * answers it (pure, unit-tested); `bookingConfirmationPdf` draws it with pdf-lib like the house bill
 * (server/documents/house-bill.ts), headed by the company of the site configuration.
 */
import { PDFDocument, type PDFPage, StandardFonts } from 'pdf-lib'
import { documentsStep, operationsStep, servicesText } from '../../contract/booking-confirmation'
import type { BookingDetail } from '../../contract/bookings'
import { moneyText } from '../../contract/pricing/money'
import { freeTimeText } from '../../contract/pricing/schedule'
import type { PricedLine } from '../../contract/pricing/types'
import type { Party } from '../../contract/quotes'
import { ACCOUNT_TIME_ZONE, accountTime, calendarDay, dayIn } from '../../contract/times'
import { A4, brandColour, ink, MARGIN, muted, printable, rule, wrap } from '../documents/pdf-kit'
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

const partyText = (party: Party | null, none = 'None') =>
  party ? [party.name, party.address, ...(party.contact ? [party.contact] : [])].join('\n') : none

/** A date-time at the origin's port or airport, as its own calendar day. */
const dayAt = (iso: string, timeZone: string | null) => dayIn(iso, timeZone)

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
  const originZone = booking.origin.time_zone
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
    { label: 'Notify party', text: partyText(booking.notifyParty, 'Same as consignee') },
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
  const sailingRows: ConfirmationRow[] = []
  if (booking.etd) {
    sailingRows.push({ label: 'Departure (confirmed)', text: dayAt(booking.etd, originZone) })
    if (booking.eta) {
      sailingRows.push({
        label: 'Arrival (confirmed)',
        text: dayIn(booking.eta, booking.destination.time_zone),
      })
    }
    const first = booking.legs[0]
    const carriage = air ? first?.flight : [first?.vesselName, first?.voyage].filter(Boolean).join(' / ')
    if (carriage) sailingRows.push({ label: air ? 'Flight' : 'Vessel / voyage', text: carriage })
  }
  if (sailing) {
    sailingRows.push(
      { label: 'Cargo cut-off', text: calendarDay(sailing.cargoCutoff) },
      { label: 'Documents cut-off', text: calendarDay(sailing.docCutoff) },
      { label: booking.etd ? 'Departure (planned)' : 'Departure (ETD)', text: calendarDay(sailing.etd) },
      { label: booking.etd ? 'Arrival (planned)' : 'Arrival (ETA)', text: calendarDay(sailing.eta) },
      { label: 'Transit', text: `${sailing.transitDays} ${sailing.transitDays === 1 ? 'day' : 'days'}` },
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
    sailing && !booking.etd
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

// ── Drawing ──────────────────────────────────────────────────────────────────────────────────────────

/** The confirmation as an A4 PDF: as many pages as its charges and documents need. */
export async function bookingConfirmationPdf(data: BookingConfirmationData): Promise<Uint8Array> {
  const pdf = await PDFDocument.create()
  pdf.setTitle(data.title)
  pdf.setAuthor(data.author)
  pdf.setSubject(data.subject)
  pdf.setCreationDate(data.createdAt)
  pdf.setModificationDate(data.createdAt)
  const regular = await pdf.embedFont(StandardFonts.Helvetica)
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold)
  const width = A4.width - 2 * MARGIN
  const right = A4.width - MARGIN
  let page: PDFPage = pdf.addPage([A4.width, A4.height])
  let y = A4.height - MARGIN

  const text = (t: string, x: number, at: number, size: number, font = regular, color = ink) =>
    page.drawText(printable(t), { x, y: at, size, font, color })
  const rightText = (t: string, x: number, at: number, size: number, font = regular, color = ink) =>
    text(t, x - font.widthOfTextAtSize(printable(t), size), at, size, font, color)
  const hr = (at: number, thickness = 0.6) =>
    page.drawLine({ start: { x: MARGIN, y: at }, end: { x: right, y: at }, thickness, color: rule })
  /** A new page when fewer than `height` points are left. */
  const room = (height: number) => {
    if (y - height >= MARGIN + 16) return
    page = pdf.addPage([A4.width, A4.height])
    y = A4.height - MARGIN
    text(`${data.title} (continued)`, MARGIN, y - 10, 8, bold, muted)
    y -= 20
  }

  // Heading: the brand and the issuer on the left, the title and the reference on the right.
  text(data.brand, MARGIN, y - 20, 22, bold, brandColour)
  rightText(data.heading, right, y - 20, 16, bold)
  rightText(data.reference, right, y - 34, 9)
  const issuer = data.issuer.flatMap((line, i) => wrap(line, regular, 8, i === 0 ? width / 2 : width))
  issuer.forEach((line, i) => {
    text(line, MARGIN, y - 34 - i * 10, 8, regular, muted)
  })
  y -= 40 + issuer.length * 10
  hr(y, 1.2)
  y -= 6

  const heading = (title: string) => {
    room(40)
    y -= 14
    text(title.toUpperCase(), MARGIN, y, 9, bold, brandColour)
    y -= 6
    hr(y)
  }

  // The sections: a label column and its text.
  const labelWidth = 150
  for (const section of data.sections) {
    heading(section.title)
    for (const row of section.rows) {
      const lines = wrap(row.text, regular, 9, width - labelWidth)
      room(8 + lines.length * 11.5)
      y -= 12
      text(row.label, MARGIN, y, 8, bold, muted)
      lines.forEach((line, i) => {
        text(line, MARGIN + labelWidth, y - i * 11.5, 9)
      })
      y -= (lines.length - 1) * 11.5 + 2
    }
  }

  // The charges: name and quantity, the amount in its currency, in USD; then the total.
  heading('Charges')
  const columns = { quantity: MARGIN + 220, amount: right - 90, usd: right }
  room(16)
  y -= 12
  text('Charge', MARGIN, y, 7.5, bold, muted)
  text('Quantity', columns.quantity, y, 7.5, bold, muted)
  rightText('Amount', columns.amount, y, 7.5, bold, muted)
  rightText('USD', columns.usd, y, 7.5, bold, muted)
  for (const charge of data.charges) {
    const names = wrap(charge.name, regular, 8.5, columns.quantity - MARGIN - 8)
    const quantities = wrap(charge.quantity, regular, 8.5, columns.amount - columns.quantity - 80)
    const lines = Math.max(names.length, quantities.length)
    room(4 + lines * 11)
    y -= 11
    names.forEach((line, i) => {
      text(line, MARGIN, y - i * 11, 8.5)
    })
    quantities.forEach((line, i) => {
      text(line, columns.quantity, y - i * 11, 8.5, regular, muted)
    })
    rightText(charge.amount, columns.amount, y, 8.5)
    rightText(charge.usd, columns.usd, y, 8.5)
    y -= (lines - 1) * 11
  }
  room(24)
  y -= 6
  hr(y)
  y -= 14
  text('Total', MARGIN, y, 10, bold)
  rightText(data.total, right, y, 10, bold)
  for (const note of data.chargeNotes) {
    const lines = wrap(note, regular, 7.5, width)
    room(4 + lines.length * 9.5)
    y -= 11
    lines.forEach((line, i) => {
      text(line, MARGIN, y - i * 9.5, 7.5, regular, muted)
    })
    y -= (lines.length - 1) * 9.5
  }

  // The documents due.
  heading('Documents due')
  for (const line of wrap(data.documentsLead, regular, 8.5, width)) {
    room(12)
    y -= 11
    text(line, MARGIN, y, 8.5, regular, muted)
  }
  for (const item of data.documents) {
    room(14)
    y -= 12
    text(item.name, MARGIN, y, 9)
    text(item.need, MARGIN + 220, y, 8.5, regular, muted)
    text(`Due ${item.due}`, MARGIN + 300, y, 9)
    rightText(item.status, right, y, 8.5, regular, muted)
  }

  // What happens next, numbered; then the terms.
  heading('What happens next')
  data.nextSteps.forEach((step, index) => {
    const lines = wrap(step, regular, 9, width - 16)
    room(6 + lines.length * 11.5)
    y -= 12
    text(`${index + 1}.`, MARGIN, y, 9, bold)
    lines.forEach((line, i) => {
      text(line, MARGIN + 16, y - i * 11.5, 9)
    })
    y -= (lines.length - 1) * 11.5
  })
  heading('Terms')
  for (const line of wrap(data.terms, regular, 8, width)) {
    room(11)
    y -= 10
    text(line, MARGIN, y, 8, regular, muted)
  }

  // The footer of every page.
  const pages = pdf.getPages()
  pages.forEach((p, i) => {
    const footer = printable(`${data.footer}   Page ${i + 1} of ${pages.length}`)
    p.drawText(footer, { x: MARGIN, y: MARGIN - 12, size: 7, font: regular, color: muted })
  })
  return pdf.save()
}

/** The PDF of `booking` (as GET /api/bookings/{number} answers it). */
export function bookingConfirmationOf(booking: BookingDetail, options: ConfirmationOptions) {
  return bookingConfirmationPdf(bookingConfirmationData(booking, options))
}
