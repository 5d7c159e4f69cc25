/**
 * The tax invoice or credit note as a PDF (docs/invoices.md): `invoicePdfData` (pdf-data.ts) decides every
 * word from the document as issued; this draws it with pdf-lib in the style of the booking confirmation
 * (server/documents/pdf-kit.ts): A4, the standard Helvetica fonts, as many pages as the lines need with the
 * table's head repeated and the totals after the last line. An SGD invoice with a balance carries its PayNow
 * QR (server/finance/qr.ts).
 */
import { PDFDocument, type PDFFont, type PDFPage, StandardFonts } from 'pdf-lib'
import type { InvoiceDetail } from '../../contract/finance/invoice-wire'
import { A4, brandColour, ink, MARGIN, muted, printable, rule, wrap } from '../documents/pdf-kit'
import type { SiteConfig } from '../site-config'
import { type InvoicePdfData, invoicePdfData, type PdfRow, type PdfTotal } from './pdf-data'
import { drawQr, qrMatrix } from './qr'

/** The PDF of `detail` (as GET /api/invoices/{number} answers it). */
export function renderInvoicePdf(detail: InvoiceDetail, config: SiteConfig): Promise<Uint8Array> {
  return invoicePdf(invoicePdfData(detail, config))
}

const QR_SIZE = 118

/** The PDF of `data`. */
export async function invoicePdf(data: InvoicePdfData): Promise<Uint8Array> {
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

  const text = (t: string, x: number, at: number, size: number, font: PDFFont = regular, color = ink) =>
    page.drawText(printable(t), { x, y: at, size, font, color })
  const rightText = (t: string, x: number, at: number, size: number, font: PDFFont = regular, color = ink) =>
    text(t, x - font.widthOfTextAtSize(printable(t), size), at, size, font, color)
  const hr = (at: number, from = MARGIN, thickness = 0.6) =>
    page.drawLine({ start: { x: from, y: at }, end: { x: right, y: at }, thickness, color: rule })
  /** A new page when fewer than `height` points are left; `then` draws what a new page repeats. */
  const room = (height: number, then?: () => void) => {
    if (y - height >= MARGIN + 16) return
    page = pdf.addPage([A4.width, A4.height])
    y = A4.height - MARGIN
    text(`${data.title} (continued)`, MARGIN, y - 10, 8, bold, muted)
    y -= 20
    then?.()
  }
  const heading = (title: string, height = 40) => {
    room(height)
    y -= 16
    text(title.toUpperCase(), MARGIN, y, 9, bold, brandColour)
    y -= 6
    hr(y)
  }

  // Heading: the brand and the supplier on the left, the document's kind and number on the right.
  text(data.brand, MARGIN, y - 20, 22, bold, brandColour)
  rightText(data.heading, right, y - 20, 16, bold)
  rightText(data.number, right, y - 34, 10, bold)
  const supplier = data.supplier.flatMap((line) => wrap(line, regular, 8, width / 2))
  supplier.forEach((line, i) => {
    text(line, MARGIN, y - 36 - i * 10, 8, i === 0 ? bold : regular, i === 0 ? ink : muted)
  })
  y -= 42 + supplier.length * 10
  hr(y, MARGIN, 1.2)

  // The customer on the left, the document's facts on the right.
  const factsX = MARGIN + width * 0.55
  const labelWidth = 92
  y -= 16
  text('BILL TO', MARGIN, y, 8, bold, muted)
  const customer = data.customer.flatMap((line) => wrap(line, regular, 9, factsX - MARGIN - 16))
  customer.forEach((line, i) => {
    text(line, MARGIN, y - 13 - i * 11.5, 9, i === 0 ? bold : regular)
  })
  let factsY = y
  for (const row of data.facts) {
    const lines = wrap(row.text, regular, 9, right - factsX - labelWidth)
    text(row.label, factsX, factsY, 8, bold, muted)
    lines.forEach((line, i) => {
      text(line, factsX + labelWidth, factsY - i * 11.5, 9)
    })
    factsY -= lines.length * 11.5 + 1
  }
  y = Math.min(y - 13 - customer.length * 11.5, factsY) - 4
  if (data.reason) {
    const lines = wrap(data.reason, regular, 9, width - labelWidth)
    room(8 + lines.length * 11.5)
    y -= 12
    text('Reason', MARGIN, y, 8, bold, muted)
    lines.forEach((line, i) => {
      text(line, MARGIN + labelWidth, y - i * 11.5, 9)
    })
    y -= (lines.length - 1) * 11.5 + 4
  }

  // The lines: number, description (wrapped), quantity, tax code, amount; the head on every page.
  const col = { description: MARGIN + 20, quantity: MARGIN + 290, code: right - 118, amount: right }
  const tableHead = () => {
    y -= 12
    text('#', MARGIN, y, 7.5, bold, muted)
    text('Description', col.description, y, 7.5, bold, muted)
    text('Quantity', col.quantity, y, 7.5, bold, muted)
    text('Tax code', col.code, y, 7.5, bold, muted)
    rightText(data.amountHead, col.amount, y, 7.5, bold, muted)
    y -= 5
    hr(y)
  }
  heading('Charges', 80)
  tableHead()
  for (const line of data.lines) {
    const description = wrap(line.description, regular, 8.5, col.quantity - col.description - 10)
    const quantity = wrap(line.quantity, regular, 8.5, col.code - col.quantity - 10)
    const rows = Math.max(description.length, quantity.length)
    room(5 + rows * 11, tableHead)
    y -= 12
    text(line.no, MARGIN, y, 8.5, regular, muted)
    description.forEach((l, i) => {
      text(l, col.description, y - i * 11, 8.5)
    })
    quantity.forEach((l, i) => {
      text(l, col.quantity, y - i * 11, 8.5, regular, muted)
    })
    text(line.code, col.code, y, 8.5)
    rightText(line.amount, col.amount, y, 8.5)
    y -= (rows - 1) * 11
  }

  // The totals, right-aligned under the amounts; a foreign-currency document's SGD figures after them.
  const totalsX = right - 280
  const totalRows = (rows: PdfTotal[]) => {
    for (const row of rows) {
      room(16)
      y -= row.strong ? 15 : 12
      if (row.strong) hr(y + 10, totalsX)
      const size = row.strong ? 10 : 8.5
      text(row.label, totalsX, y, size, row.strong ? bold : regular)
      rightText(row.amount, right, y, size, row.strong ? bold : regular)
    }
  }
  room(30 + data.totals.length * 12)
  y -= 8
  hr(y, totalsX)
  totalRows(data.totals)
  if (data.sgd) {
    const lead = wrap(data.sgd.lead, regular, 8, right - totalsX)
    room(12 + lead.length * 10 + data.sgd.totals.length * 13)
    y -= 10
    for (const line of lead) {
      y -= 10
      text(line, totalsX, y, 8, regular, muted)
    }
    totalRows(data.sgd.totals)
  }
  for (const line of wrap(data.codesNote, regular, 7.5, width)) {
    room(12)
    y -= 14
    text(line, MARGIN, y, 7.5, regular, muted)
  }

  const rowsAt = (rows: PdfRow[], x: number, to: number, label = 100) => {
    for (const row of rows) {
      const lines = wrap(row.text, regular, 9, to - x - label)
      room(4 + lines.length * 11.5)
      y -= 12
      text(row.label, x, y, 8, bold, muted)
      lines.forEach((line, i) => {
        text(line, x + label, y - i * 11.5, 9)
      })
      y -= (lines.length - 1) * 11.5
    }
  }
  if (data.account.length > 0) {
    heading('Account')
    rowsAt(data.account, MARGIN, right, 160)
  }

  // How to pay: the bank transfer's details on the left, the PayNow QR on the right.
  if (data.bankTransfer.length > 0 || data.paynow) {
    const qrBlock = data.paynow ? QR_SIZE + 16 + data.paynow.lines.length * 11 : 0
    heading('How to pay', 30 + Math.max(qrBlock, data.bankTransfer.length * 12 + 14))
    const top = y
    if (data.bankTransfer.length > 0) {
      y -= 14
      text('Bank transfer', MARGIN, y, 9, bold)
      rowsAt(data.bankTransfer, MARGIN, right - QR_SIZE - 20)
    }
    const bankBottom = y
    if (data.paynow) {
      const x = right - QR_SIZE
      y = top - 14
      text(data.paynow.heading, x, y, 9, bold)
      drawQr(page, qrMatrix(data.paynow.payload), x, y - 4 - QR_SIZE, QR_SIZE)
      y -= 4 + QR_SIZE
      data.paynow.lines.forEach((line, i) => {
        y -= 11
        text(line, x, y, 8.5, i === 0 ? bold : regular, i === 0 ? ink : muted)
      })
    }
    y = Math.min(y, bankBottom)
  }

  // The footer of every page.
  const pages = pdf.getPages()
  pages.forEach((p, i) => {
    const footer = printable(`${data.footer}   Page ${i + 1} of ${pages.length}`)
    p.drawText(footer, { x: MARGIN, y: MARGIN - 12, size: 7, font: regular, color: muted })
  })
  return pdf.save()
}
