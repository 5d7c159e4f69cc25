/**
 * The tax invoice or credit note as a PDF (docs/invoices.md): `invoicePdfData` (pdf-data.ts) decides every
 * word from the document as issued; this draws it with pdf-lib in the style of the booking confirmation
 * (server/documents/pdf-kit.ts): A4, the standard Helvetica fonts, as many pages as the lines need with the
 * table's head repeated and the totals after the last line. An SGD invoice with a balance carries its PayNow
 * QR (server/finance/qr.ts).
 */
import type { InvoiceDetail } from '../../contract/finance/invoice-wire'
import { ink, MARGIN, muted, wrap } from '../documents/pdf-kit'
import type { SiteConfig } from '../site-config'
import { type InvoicePdfData, invoicePdfData, type PdfTotal } from './pdf-data'
import { pdfSheet } from './pdf-sheet'
import { drawQr, qrMatrix } from './qr'

/** The PDF of `detail` (as GET /api/invoices/{number} answers it). */
export function renderInvoicePdf(detail: InvoiceDetail, config: SiteConfig): Promise<Uint8Array> {
  return invoicePdf(invoicePdfData(detail, config))
}

const QR_SIZE = 118

/** The PDF of `data`. */
export async function invoicePdf(data: InvoicePdfData): Promise<Uint8Array> {
  const s = await pdfSheet(data)
  const { regular, bold, width, right, text, rightText, hr, room, heading } = s

  // Heading: the brand and the supplier on the left, the document's kind and number on the right.
  s.letterhead(data.brand, data.heading, data.number, data.supplier)

  // The customer on the left, the document's facts on the right.
  const factsX = MARGIN + width * 0.55
  const labelWidth = 92
  s.y -= 16
  text('BILL TO', MARGIN, s.y, 8, bold, muted)
  const customer = data.customer.flatMap((line) => wrap(line, regular, 9, factsX - MARGIN - 16))
  customer.forEach((line, i) => {
    text(line, MARGIN, s.y - 13 - i * 11.5, 9, i === 0 ? bold : regular)
  })
  let factsY = s.y
  for (const row of data.facts) {
    const lines = wrap(row.text, regular, 9, right - factsX - labelWidth)
    text(row.label, factsX, factsY, 8, bold, muted)
    lines.forEach((line, i) => {
      text(line, factsX + labelWidth, factsY - i * 11.5, 9)
    })
    factsY -= lines.length * 11.5 + 1
  }
  s.y = Math.min(s.y - 13 - customer.length * 11.5, factsY) - 4
  if (data.reason) {
    const lines = wrap(data.reason, regular, 9, width - labelWidth)
    room(8 + lines.length * 11.5)
    s.y -= 12
    text('Reason', MARGIN, s.y, 8, bold, muted)
    lines.forEach((line, i) => {
      text(line, MARGIN + labelWidth, s.y - i * 11.5, 9)
    })
    s.y -= (lines.length - 1) * 11.5 + 4
  }

  // The lines: number, description (wrapped), quantity, tax code, amount; the head on every page.
  const col = { description: MARGIN + 20, quantity: MARGIN + 290, code: right - 118, amount: right }
  const tableHead = () => {
    s.y -= 12
    text('#', MARGIN, s.y, 7.5, bold, muted)
    text('Description', col.description, s.y, 7.5, bold, muted)
    text('Quantity', col.quantity, s.y, 7.5, bold, muted)
    text('Tax code', col.code, s.y, 7.5, bold, muted)
    rightText(data.amountHead, col.amount, s.y, 7.5, bold, muted)
    s.y -= 5
    hr(s.y)
  }
  heading('Charges', 80)
  tableHead()
  for (const line of data.lines) {
    const description = wrap(line.description, regular, 8.5, col.quantity - col.description - 10)
    const quantity = wrap(line.quantity, regular, 8.5, col.code - col.quantity - 10)
    const rows = Math.max(description.length, quantity.length)
    room(5 + rows * 11, tableHead)
    s.y -= 12
    text(line.no, MARGIN, s.y, 8.5, regular, muted)
    description.forEach((l, i) => {
      text(l, col.description, s.y - i * 11, 8.5)
    })
    quantity.forEach((l, i) => {
      text(l, col.quantity, s.y - i * 11, 8.5, regular, muted)
    })
    text(line.code, col.code, s.y, 8.5)
    rightText(line.amount, col.amount, s.y, 8.5)
    s.y -= (rows - 1) * 11
  }

  // The totals, right-aligned under the amounts; a foreign-currency document's SGD figures after them.
  const totalsX = right - 280
  const totalRows = (rows: PdfTotal[]) => {
    for (const row of rows) {
      room(16)
      s.y -= row.strong ? 15 : 12
      if (row.strong) hr(s.y + 10, totalsX)
      const size = row.strong ? 10 : 8.5
      text(row.label, totalsX, s.y, size, row.strong ? bold : regular)
      rightText(row.amount, right, s.y, size, row.strong ? bold : regular)
    }
  }
  room(30 + data.totals.length * 12)
  s.y -= 8
  hr(s.y, totalsX)
  totalRows(data.totals)
  if (data.sgd) {
    const lead = wrap(data.sgd.lead, regular, 8, right - totalsX)
    room(12 + lead.length * 10 + data.sgd.totals.length * 13)
    s.y -= 10
    for (const line of lead) {
      s.y -= 10
      text(line, totalsX, s.y, 8, regular, muted)
    }
    totalRows(data.sgd.totals)
  }
  for (const line of wrap(data.codesNote, regular, 7.5, width)) {
    room(12)
    s.y -= 14
    text(line, MARGIN, s.y, 7.5, regular, muted)
  }

  if (data.account.length > 0) {
    heading('Account')
    s.rows(data.account, MARGIN, right, 160)
  }

  // How to pay: the bank transfer's details on the left, the PayNow QR on the right.
  if (data.bankTransfer.length > 0 || data.paynow) {
    const qrBlock = data.paynow ? QR_SIZE + 16 + data.paynow.lines.length * 11 : 0
    heading('How to pay', 30 + Math.max(qrBlock, data.bankTransfer.length * 12 + 14))
    const top = s.y
    if (data.bankTransfer.length > 0) {
      s.y -= 14
      text('Bank transfer', MARGIN, s.y, 9, bold)
      s.rows(data.bankTransfer, MARGIN, right - QR_SIZE - 20)
    }
    const bankBottom = s.y
    if (data.paynow) {
      const x = right - QR_SIZE
      s.y = top - 14
      text(data.paynow.heading, x, s.y, 9, bold)
      drawQr(s.page, qrMatrix(data.paynow.payload), x, s.y - 4 - QR_SIZE, QR_SIZE)
      s.y -= 4 + QR_SIZE
      data.paynow.lines.forEach((line, i) => {
        s.y -= 11
        text(line, x, s.y, 8.5, i === 0 ? bold : regular, i === 0 ? ink : muted)
      })
    }
    s.y = Math.min(s.y, bankBottom)
  }

  return s.finish(data.footer)
}
