/**
 * The booking confirmation PDF (GET /api/bookings/{number}/confirmation.pdf): what the customer booked, as a
 * document to keep and forward. `bookingConfirmationData` (confirmation-data.ts) decides every word from the
 * booking as the API answers it; `bookingConfirmationPdf` draws it with pdf-lib like the house bill
 * (server/documents/house-bill.ts).
 */
import { PDFDocument, type PDFPage, StandardFonts } from 'pdf-lib'
import type { BookingDetail } from '../../contract/bookings'
import { A4, brandColour, ink, MARGIN, muted, printable, rule, wrap } from '../documents/pdf-kit'
import {
  type BookingConfirmationData,
  bookingConfirmationData,
  type ConfirmationOptions,
} from './confirmation-data'

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
