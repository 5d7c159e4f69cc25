/**
 * What the house bill (server/documents/house-bill.ts) and the booking confirmation
 * (server/bookings/confirmation-pdf.ts) draw with: the page, the colours, and text made printable and wrapped
 * in pdf-lib's standard fonts.
 */
import { type PDFFont, rgb } from 'pdf-lib'

export const A4 = { width: 595.28, height: 841.89 }
export const MARGIN = 36
export const ink = rgb(0.1, 0.12, 0.16)
export const muted = rgb(0.35, 0.38, 0.43)
export const rule = rgb(0.6, 0.63, 0.68)
export const brandColour = rgb(0.05, 0.27, 0.55)

/** The standard PDF fonts only encode WinAnsi: anything else is shown as '?', never an error. */
export function printable(text: string): string {
  return text
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[\u2013\u2014]/g, '-')
    .replace(/\u00d7/g, 'x')
    .replace(/\s+/g, ' ')
    .replace(/[^\x20-\x7e\xa0-\xff]/g, '?')
    .trim()
}

/** `text` in lines of at most `width` points; a word longer than the line is cut. */
export function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = []
  for (const paragraph of text.split('\n')) {
    let line = ''
    for (const word of printable(paragraph).split(' ')) {
      const candidate = line ? `${line} ${word}` : word
      if (font.widthOfTextAtSize(candidate, size) <= width) {
        line = candidate
        continue
      }
      if (line) lines.push(line)
      let rest = word
      while (font.widthOfTextAtSize(rest, size) > width && rest.length > 1) {
        let cut = rest.length - 1
        while (cut > 1 && font.widthOfTextAtSize(rest.slice(0, cut), size) > width) cut -= 1
        lines.push(rest.slice(0, cut))
        rest = rest.slice(cut)
      }
      line = rest
    }
    if (line) lines.push(line)
  }
  return lines
}
