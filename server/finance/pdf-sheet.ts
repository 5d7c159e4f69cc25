/**
 * What the finance PDFs draw with (pdf-lib, docs/invoices.md and docs/payments.md): an A4 document in the
 * standard Helvetica fonts written top down, a new page when the next block does not fit (its title
 * "(continued)" on top and what it repeats, such as a table's head), the letterhead (brand and supplier on
 * the left, the document's kind and number on the right), section headings and the footer with page numbers
 * on every page. The statement of account (statement-pdf.ts) draws with it.
 */
import { type Color, PDFDocument, type PDFFont, type PDFPage, StandardFonts } from 'pdf-lib'
import { A4, brandColour, ink, MARGIN, muted, printable, rule, wrap } from '../documents/pdf-kit'

export interface SheetMeta {
  title: string
  subject: string
  author: string
  createdAt: Date
}

export type Sheet = Awaited<ReturnType<typeof pdfSheet>>

/** A new PDF with its first page, written from the top. */
export async function pdfSheet(meta: SheetMeta) {
  const pdf = await PDFDocument.create()
  pdf.setTitle(meta.title)
  pdf.setAuthor(meta.author)
  pdf.setSubject(meta.subject)
  pdf.setCreationDate(meta.createdAt)
  pdf.setModificationDate(meta.createdAt)
  const regular = await pdf.embedFont(StandardFonts.Helvetica)
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold)

  const sheet = {
    pdf,
    regular,
    bold,
    page: pdf.addPage([A4.width, A4.height]) as PDFPage,
    /** Where the next line goes (points from the bottom). */
    y: A4.height - MARGIN,
    left: MARGIN,
    right: A4.width - MARGIN,
    width: A4.width - 2 * MARGIN,

    text(t: string, x: number, at: number, size: number, font: PDFFont = regular, color: Color = ink) {
      sheet.page.drawText(printable(t), { x, y: at, size, font, color })
    },
    rightText(t: string, x: number, at: number, size: number, font: PDFFont = regular, color: Color = ink) {
      sheet.text(t, x - font.widthOfTextAtSize(printable(t), size), at, size, font, color)
    },
    hr(at: number, from = MARGIN, thickness = 0.6) {
      sheet.page.drawLine({
        start: { x: from, y: at },
        end: { x: sheet.right, y: at },
        thickness,
        color: rule,
      })
    },
    /** A new page when fewer than `height` points are left; `then` draws what a new page repeats. */
    room(height: number, then?: () => void) {
      if (sheet.y - height >= MARGIN + 16) return
      sheet.page = pdf.addPage([A4.width, A4.height])
      sheet.y = A4.height - MARGIN
      sheet.text(`${meta.title} (continued)`, MARGIN, sheet.y - 10, 8, bold, muted)
      sheet.y -= 20
      then?.()
    },
    /** A section's title in capitals over a rule. */
    heading(title: string, height = 40) {
      sheet.room(height)
      sheet.y -= 16
      sheet.text(title.toUpperCase(), MARGIN, sheet.y, 9, bold, brandColour)
      sheet.y -= 6
      sheet.hr(sheet.y)
    },
    /** The brand and the supplier's lines on the left, the document's kind and number on the right. */
    letterhead(brand: string, kind: string, number: string, supplier: string[]) {
      const y = sheet.y
      sheet.text(brand, MARGIN, y - 20, 22, bold, brandColour)
      sheet.rightText(kind, sheet.right, y - 20, 16, bold)
      sheet.rightText(number, sheet.right, y - 34, 10, bold)
      const lines = supplier.flatMap((line) => wrap(line, regular, 8, sheet.width / 2))
      lines.forEach((line, i) => {
        sheet.text(line, MARGIN, y - 36 - i * 10, 8, i === 0 ? bold : regular, i === 0 ? ink : muted)
      })
      sheet.y = y - 42 - lines.length * 10
      sheet.hr(sheet.y, MARGIN, 1.2)
    },
    /** Label and text rows (the text wrapped) from `x` to `to`. */
    rows(rows: readonly { label: string; text: string }[], x: number, to: number, label = 100) {
      for (const row of rows) {
        const lines = wrap(row.text, regular, 9, to - x - label)
        sheet.room(4 + lines.length * 11.5)
        sheet.y -= 12
        sheet.text(row.label, x, sheet.y, 8, bold, muted)
        lines.forEach((line, i) => {
          sheet.text(line, x + label, sheet.y - i * 11.5, 9)
        })
        sheet.y -= (lines.length - 1) * 11.5
      }
    },
    /** The footer and "Page n of m" on every page; the PDF's bytes. */
    finish(footer: string): Promise<Uint8Array> {
      const pages = pdf.getPages()
      pages.forEach((p, i) => {
        const line = printable(`${footer}   Page ${i + 1} of ${pages.length}`)
        p.drawText(line, { x: MARGIN, y: MARGIN - 12, size: 7, font: regular, color: muted })
      })
      return pdf.save()
    },
  }
  return sheet
}
