/**
 * The tax invoice and credit note PDF: every field of a Singapore tax invoice (GST (General) Regulations
 * reg 11), the SGD figures of a USD invoice, the PayNow QR drawn module by module from the payload, long
 * descriptions wrapped and many lines flowing to a second page with the totals after.
 */
import { inflateSync } from 'node:zlib'
import { PDFDocument } from 'pdf-lib'
import { encode } from 'uqr'
import { describe, expect, it } from 'vitest'
import { moneyText } from '../../contract/pricing/money'
import { renderInvoicePdf } from '../../server/finance/invoice-pdf'
import { invoicePdfData, rateText } from '../../server/finance/pdf-data'
import { QR_QUIET_MODULES } from '../../server/finance/qr'
import { siteConfig } from '../../site.config'
import {
  creditNoteOf,
  customer,
  invoiceOf,
  manyLines,
  mixedLines,
  supplier,
} from '../fixtures/invoice-documents'
import { pdfText } from './pdf-text'

const sgdInvoice = invoiceOf(mixedLines)
const usdInvoice = invoiceOf(mixedLines, { currency: 'USD', number: 'INV-2026-000043' })
const creditNote = creditNoteOf(sgdInvoice, [{ lineNo: 4, amount: 8_230 }])
const sgd = (amount: number) => moneyText(amount, 'SGD')
const usd = (amount: number) => moneyText(amount, 'USD')

/** Each page's content streams, inflated. */
async function pageContents(bytes: Uint8Array): Promise<string[]> {
  const doc = await PDFDocument.load(bytes)
  return doc.getPages().map((page) => {
    const contents = page.node.Contents()
    const streams = contents && 'asArray' in contents ? contents.asArray() : [contents]
    return streams
      .map((ref) => {
        const stream = doc.context.lookup(ref) as unknown as { getContents(): Uint8Array }
        return inflateSync(stream.getContents()).toString('latin1')
      })
      .join('\n')
  })
}

/** The QR drawn on a page, read back from its `re` operators into a matrix of modules. */
function drawnQr(content: string, size: number): boolean[][] {
  const rects = [...content.matchAll(/(-?[\d.]+) (-?[\d.]+) ([\d.]+) ([\d.]+) re/g)].map((m) =>
    m.slice(1, 5).map(Number),
  )
  expect(rects.length).toBeGreaterThan(20)
  const module = Math.min(...rects.map((r) => r[3] ?? 0))
  const left = Math.min(...rects.map((r) => r[0] ?? 0))
  const top = Math.max(...rects.map((r) => (r[1] ?? 0) + (r[3] ?? 0)))
  const matrix = Array.from({ length: size }, () => Array<boolean>(size).fill(false))
  for (const [x = 0, y = 0, w = 0] of rects) {
    const row = Math.round((top - y) / module) - 1
    const start = Math.round((x - left) / module)
    for (let c = start; c < start + Math.round(w / module); c++) (matrix[row] as boolean[])[c] = true
  }
  return matrix
}

describe('invoicePdfData', () => {
  it('writes every field of a tax invoice', () => {
    const data = invoicePdfData(sgdInvoice, siteConfig)
    expect(data.heading).toBe('Tax invoice')
    expect(data.supplier).toEqual([
      supplier.name,
      ...supplier.addressLines,
      `UEN ${supplier.uen}`,
      `GST registration number ${supplier.gstRegistrationNumber}`,
    ])
    expect(data.customer).toEqual([customer.name, ...customer.addressLines, `UEN ${customer.uen}`])
    expect(Object.fromEntries(data.facts.map((f) => [f.label, f.text]))).toEqual({
      'Invoice number': 'INV-2026-000042',
      'Invoice date': '28 Nov 2026',
      Terms: '30 days',
      'Due date': '28 Dec 2026',
      Booking: 'BK-2026-000123',
      Currency: 'SGD',
    })
    const t = sgdInvoice.totals
    expect(data.totals).toEqual([
      { label: 'Standard-rated (SR), excluding GST', amount: sgd(t.byCode.SR) },
      { label: 'Zero-rated (ZR), excluding GST', amount: sgd(t.byCode.ZR) },
      { label: 'Out of scope (OS), excluding GST', amount: sgd(t.byCode.OS) },
      { label: 'Total excluding GST', amount: sgd(t.subtotal) },
      { label: `GST 9% on ${sgd(t.byCode.SR)}`, amount: sgd(t.gst) },
      { label: 'Total including GST', amount: sgd(t.total), strong: true },
    ])
    expect(data.lines[3]).toEqual({
      no: '4',
      description: 'Storage outside a free trade zone',
      quantity: '3 days',
      code: 'SR',
      amount: 'SGD 123.45',
    })
    expect(data.sgd).toBeNull()
    expect(data.paynow?.lines).toEqual([
      sgd(t.total),
      'Bill number INV-2026-000042',
      'Valid until 11 Jan 2027',
    ])
    expect(data.bankTransfer.map((r) => r.text)).toEqual([
      ...Object.values(siteConfig.billing.bankTransfer),
      'INV-2026-000042',
    ])
  })

  it('shows only the codes a document has', () => {
    const data = invoicePdfData(invoiceOf(mixedLines.slice(0, 2)), siteConfig)
    expect(data.totals.map((t) => t.label)).toEqual([
      'Zero-rated (ZR), excluding GST',
      'Total excluding GST',
      'GST 9% on SGD 0.00',
      'Total including GST',
    ])
  })

  it("states a USD invoice's SGD figures with the frozen rate, its source and date", () => {
    const data = invoicePdfData(usdInvoice, siteConfig)
    const rate = usdInvoice.sgd
    if (!rate) throw new Error('no SGD figures')
    expect(data.sgd?.lead).toBe(
      `In Singapore dollars at USD 1 = SGD 1.345123, ${siteConfig.billing.fxRateSource}, 27 Nov 2026:`,
    )
    expect(data.sgd?.totals.map((t) => t.amount)).toEqual([
      sgd(rate.subtotal),
      sgd(rate.gst),
      sgd(rate.total),
    ])
    expect(data.paynow).toBeNull()
    expect(rateText(1_350_000)).toBe('1.35')
    expect(rateText(740_000)).toBe('0.74')
  })

  it('names the invoice a credit note credits, its date and the reason', () => {
    const data = invoicePdfData(creditNote, siteConfig)
    expect(data.heading).toBe('Credit note')
    expect(Object.fromEntries(data.facts.map((f) => [f.label, f.text]))).toMatchObject({
      'Credit note number': 'CN-2026-000007',
      'Credit note date': '2 Dec 2026',
      'Credits invoice': 'INV-2026-000042',
      'Invoice date': '28 Nov 2026',
    })
    expect(data.reason).toBe(creditNote.reason)
    expect(data.lines).toEqual([
      expect.objectContaining({
        description: 'Storage outside a free trade zone (credits invoice line 4)',
        amount: 'SGD 82.30',
      }),
    ])
    expect(data.paynow).toBeNull()
    expect(data.bankTransfer).toEqual([])
  })
})

describe('invoicePdfData, an answered invoice', () => {
  it('lists its credit notes and payments and the balance the QR asks for', () => {
    const balance = sgdInvoice.total - creditNote.total - 10_000
    const answered = {
      ...sgdInvoice,
      credited: creditNote.total,
      paid: 10_000,
      balance,
      creditNotes: [{ number: creditNote.number, issueDay: creditNote.issueDay, total: creditNote.total }],
    }
    expect(invoicePdfData(answered, siteConfig).account).toEqual([
      { label: 'Credit note CN-2026-000007', text: `${sgd(-creditNote.total)} (2 Dec 2026)` },
      { label: 'Paid', text: '-SGD 100.00' },
      { label: 'Balance due', text: sgd(balance) },
    ])
    expect(invoicePdfData(sgdInvoice, siteConfig).account).toEqual([])
  })
})

describe('renderInvoicePdf', () => {
  it('prints a tax invoice with the PayNow QR of its payload, module by module', async () => {
    const bytes = await renderInvoicePdf(sgdInvoice, siteConfig)
    const doc = await PDFDocument.load(bytes)
    expect(doc.getPageCount()).toBe(1)
    expect(doc.getTitle()).toBe('Tax invoice INV-2026-000042')
    const text = pdfText(bytes)
    for (const words of [
      'Tax invoice',
      'INV-2026-000042',
      `GST registration number ${supplier.gstRegistrationNumber}`,
      `UEN ${customer.uen}`,
      customer.name,
      'Ocean freight Singapore to Rotterdam',
      sgd(sgdInvoice.totals.total),
      'Scan to pay with PayNow',
      'Bill number INV-2026-000042',
      siteConfig.billing.bankTransfer.accountNumber,
    ]) {
      expect(text).toContain(words)
    }
    const [content = ''] = await pageContents(bytes)
    const expected = encode(sgdInvoice.paynow?.payload ?? '', { ecc: 'M', border: 0 }).data
    expect(drawnQr(content, expected.length)).toEqual(expected)
    expect(QR_QUIET_MODULES).toBe(4)
  })

  it('prints a USD invoice with its SGD figures and no QR', async () => {
    const bytes = await renderInvoicePdf(usdInvoice, siteConfig)
    const text = pdfText(bytes)
    expect(text).toContain(usd(usdInvoice.totals.total))
    expect(text).toContain(sgd(usdInvoice.sgd?.total ?? 0))
    expect(text).not.toContain('Scan to pay with PayNow')
    const [content = ''] = await pageContents(bytes)
    expect(content).not.toMatch(/ re\b/)
  })

  it('prints a credit note with its invoice and reason', async () => {
    const text = pdfText(await renderInvoicePdf(creditNote, siteConfig))
    expect(text).toContain('Credit note')
    expect(text).toContain('INV-2026-000042')
    expect(text).toContain('Storage charged for 3 days')
    expect(text).not.toContain('Tax invoice')
  })

  it('wraps long descriptions and flows many lines to more pages, the totals after the last line', async () => {
    const invoice = invoiceOf(manyLines(40))
    const bytes = await renderInvoicePdf(invoice, siteConfig)
    const doc = await PDFDocument.load(bytes)
    expect(doc.getPageCount()).toBeGreaterThan(1)
    const text = pdfText(bytes)
    expect(text).toContain('Line 40: waiting time')
    expect(text).not.toContain('billed per the agreed hourly rate Line')
    expect(text.indexOf('Total including GST')).toBeGreaterThan(text.indexOf('Line 40: waiting time'))
    expect(text).toContain(`Page ${doc.getPageCount()} of ${doc.getPageCount()}`)
    expect(text).toContain('Tax invoice INV-2026-000042 (continued)')
  })
})
