/**
 * A QR code on a PDF page (the PayNow QR of invoices, docs/invoices.md): the matrix of a payload from `uqr`,
 * drawn as filled rectangles (one per run of dark modules in a row) in one path, so it prints sharp at any
 * size and needs no image.
 */
import {
  fill,
  type PDFPage,
  popGraphicsState,
  pushGraphicsState,
  rectangle,
  rgb,
  setFillingRgbColor,
} from 'pdf-lib'
import { encode } from 'uqr'

/** ISO 18004's quiet zone: four light modules around the symbol. */
export const QR_QUIET_MODULES = 4

/**
 * The QR matrix of `payload` (rows top to bottom, `true` dark), without its quiet zone. Error correction M
 * (15%): SGQR payloads are short, so the symbol stays small while a crease or smudge still scans.
 */
export function qrMatrix(payload: string): boolean[][] {
  return encode(payload, { ecc: 'M', border: 0 }).data
}

/**
 * Draws `matrix` on `page` in a square of `size` points whose lower-left corner is (`x`, `y`), the quiet zone
 * included (white, so it holds on any background).
 */
export function drawQr(page: PDFPage, matrix: boolean[][], x: number, y: number, size: number): void {
  const count = matrix.length + 2 * QR_QUIET_MODULES
  const module = size / count
  page.drawRectangle({ x, y, width: size, height: size, color: rgb(1, 1, 1) })
  const operators = [pushGraphicsState(), setFillingRgbColor(0, 0, 0)]
  matrix.forEach((row, r) => {
    const top = y + size - (QR_QUIET_MODULES + r) * module
    let c = 0
    while (c < row.length) {
      if (!row[c]) {
        c += 1
        continue
      }
      const start = c
      while (c < row.length && row[c]) c += 1
      operators.push(
        rectangle(x + (QR_QUIET_MODULES + start) * module, top - module, (c - start) * module, module),
      )
    }
  })
  operators.push(fill(), popGraphicsState())
  page.pushOperators(...operators)
}
