/**
 * Tax invoices and credit notes (issue 35, docs/invoices.md): their arithmetic, written once and read by the
 * server when it issues a document and by the browser when it previews one; their numbers, terms and states;
 * the API's inputs and answers.
 *
 * The rounding rule, the only one: GST is computed once per document on the total of its standard-rated
 * lines (taxable amount × 9%), rounded to the cent half away from zero (contract/pricing/money.ts roundDiv).
 * This is the rule of Peppol's BR-CO-17 (category tax = category taxable amount × rate, rounded to two
 * decimals), so the e-invoice and the PDF agree to the cent. A credit note's GST follows the same rule on
 * what it credits, except that the credit note which brings the invoice's standard-rated amount to zero takes
 * exactly the GST left, and none ever takes more than is left: credits never take GST below zero.
 */
import { z } from 'zod'
import { big, FX_SCALE, roundDiv } from '../pricing/money'
import { INT32_MAX, safeString } from '../text'
import { GST_RATE_BPS, type GstCode, gstCodes } from './charges'

// ── Arithmetic ─────────────────────────────────────────────────────────────────────────────────────────

export interface TaxedLine {
  /** Minor units excluding GST (negative for a discount). */
  amount: number
  gstCode: GstCode
}

export interface DocumentTotals {
  /** The lines' amounts excluding GST, by tax code: ZR and OS shown apart on the document. */
  byCode: Record<GstCode, number>
  /** Every line excluding GST. */
  subtotal: number
  /** GST on `byCode.SR`. */
  gst: number
  /** `subtotal + gst`. */
  total: number
}

/** 9% of a standard-rated amount, to the cent, half away from zero. */
export const gstOn = (taxable: number) =>
  roundDiv(big(taxable, 'Taxable amount') * BigInt(GST_RATE_BPS), 10_000n)

const byCodeOf = (lines: readonly TaxedLine[]) => {
  const byCode: Record<GstCode, number> = { SR: 0, ZR: 0, OS: 0 }
  for (const line of lines) byCode[line.gstCode] += line.amount
  return byCode
}

/** An invoice's totals: the sum of its lines, GST once on the standard-rated total. */
export function invoiceTotals(lines: readonly TaxedLine[]): DocumentTotals {
  const byCode = byCodeOf(lines)
  const subtotal = byCode.SR + byCode.ZR + byCode.OS
  const gst = gstOn(byCode.SR)
  return { byCode, subtotal, gst, total: subtotal + gst }
}

/** What is left of an invoice after its credit notes: per line, per code, GST. */
export interface CreditableInvoice {
  lines: readonly (TaxedLine & { lineNo: number })[]
  totals: DocumentTotals
  /** Amounts already credited, by invoice line number. */
  creditedByLine: Readonly<Record<number, number>>
  /** GST already credited. */
  creditedGst: number
}

export const creditMessages = {
  noLines: 'Choose at least one line to credit.',
  unknownLine: (lineNo: number) => `The invoice has no line ${lineNo}.`,
  lineTwice: (lineNo: number) => `Line ${lineNo} is chosen twice.`,
  discountLine: (lineNo: number) => `Line ${lineNo} is a discount: it cannot be credited.`,
  overLine: (lineNo: number, left: string) => `Line ${lineNo} has only ${left} left to credit.`,
  belowZero: 'The credit would take the invoice below zero.',
  reasonRequired: 'Say why the invoice is credited.',
  notInvoice: 'Only an invoice can be credited.',
} as const

/** A credit of `amount` (minor units, above zero) of invoice line `lineNo`. */
export interface CreditLine {
  lineNo: number
  amount: number
}

export type CreditOutcome =
  | { ok: true; lines: (TaxedLine & { lineNo: number })[]; totals: DocumentTotals }
  | { ok: false; message: string; lineNo?: number }

/**
 * A credit note's lines and totals, or why it is refused: each line at most what is left of it, no discount
 * line, nothing below zero by code or in total; GST by the rule above (the last standard-rated credit takes
 * exactly what is left). `moneyText` writes the amounts in messages.
 */
export function creditNoteTotals(
  invoice: CreditableInvoice,
  credits: readonly CreditLine[],
  moneyText: (amount: number) => string,
): CreditOutcome {
  if (credits.length === 0) return { ok: false, message: creditMessages.noLines }
  const seen = new Set<number>()
  const lines: (TaxedLine & { lineNo: number })[] = []
  for (const credit of credits) {
    const line = invoice.lines.find((l) => l.lineNo === credit.lineNo)
    if (!line) return { ok: false, message: creditMessages.unknownLine(credit.lineNo), lineNo: credit.lineNo }
    if (seen.has(credit.lineNo))
      return { ok: false, message: creditMessages.lineTwice(credit.lineNo), lineNo: credit.lineNo }
    seen.add(credit.lineNo)
    if (line.amount <= 0)
      return { ok: false, message: creditMessages.discountLine(credit.lineNo), lineNo: credit.lineNo }
    const left = line.amount - (invoice.creditedByLine[credit.lineNo] ?? 0)
    if (credit.amount > left) {
      return {
        ok: false,
        message: creditMessages.overLine(credit.lineNo, moneyText(Math.max(left, 0))),
        lineNo: credit.lineNo,
      }
    }
    lines.push({ lineNo: credit.lineNo, amount: credit.amount, gstCode: line.gstCode })
  }
  const credited = byCodeOf(lines)
  const before = remainingByCode(invoice)
  for (const code of gstCodes) {
    if (before[code] - credited[code] < 0) return { ok: false, message: creditMessages.belowZero }
  }
  const gstLeft = invoice.totals.gst - invoice.creditedGst
  const srLeftAfter = before.SR - credited.SR
  const gst = srLeftAfter === 0 ? gstLeft : Math.min(gstOn(credited.SR), gstLeft)
  const subtotal = credited.SR + credited.ZR + credited.OS
  return { ok: true, lines, totals: { byCode: credited, subtotal, gst, total: subtotal + gst } }
}

/** A credit note as `creditedSoFar` reads it: its GST and, per line, the invoice line it credits and how much. */
export interface CreditNoteTaken {
  gst: number
  lines: readonly { creditsLineNo: number | null; amount: number }[]
}

/** What an invoice's credit notes took so far, by invoice line and in GST: the sums `creditNoteTotals` needs. */
export function creditedSoFar(
  notes: readonly CreditNoteTaken[],
): Pick<CreditableInvoice, 'creditedByLine' | 'creditedGst'> {
  const creditedByLine: Record<number, number> = {}
  let creditedGst = 0
  for (const note of notes) {
    creditedGst += note.gst
    for (const line of note.lines) {
      if (line.creditsLineNo !== null)
        creditedByLine[line.creditsLineNo] = (creditedByLine[line.creditsLineNo] ?? 0) + line.amount
    }
  }
  return { creditedByLine, creditedGst }
}

/** What is left of an invoice by tax code after its credit notes (excluding GST). */
export function remainingByCode(invoice: CreditableInvoice): Record<GstCode, number> {
  const left: Record<GstCode, number> = { ...invoice.totals.byCode }
  for (const line of invoice.lines) left[line.gstCode] -= invoice.creditedByLine[line.lineNo] ?? 0
  return left
}

// ── Foreign currency ───────────────────────────────────────────────────────────────────────────────────

/** The currencies a company is billed in: SGD (PayNow) or USD (the quotes' currency). */
export const billingCurrencies = ['SGD', 'USD'] as const
export type BillingCurrency = (typeof billingCurrencies)[number]

/** A company's billing currency: as finance set it, else SGD for a Singapore company and USD for others. */
export const billingCurrencyOf = (stored: BillingCurrency | null, countryCode: string): BillingCurrency =>
  stored ?? (countryCode.toUpperCase() === 'SG' ? 'SGD' : 'USD')

/** The SGD rate frozen on a foreign-currency document: millionths of SGD per unit, its source and date. */
export interface FrozenRate {
  sgdPerUnitMicro: number
  source: string
  /** ISO date the rate was set. */
  asOf: string
}

export interface SgdEquivalent {
  subtotal: number
  gst: number
  total: number
}

/** A foreign-currency document's totals in SGD at its frozen rate (each rounded once; the total is their sum). */
export function sgdEquivalent(
  totals: Pick<DocumentTotals, 'subtotal' | 'gst'>,
  rate: FrozenRate,
): SgdEquivalent {
  const at = (amount: number) =>
    roundDiv(big(amount, 'Amount') * BigInt(rate.sgdPerUnitMicro), BigInt(FX_SCALE))
  const subtotal = at(totals.subtotal)
  const gst = at(totals.gst)
  return { subtotal, gst, total: subtotal + gst }
}

// ── Terms, numbers, states ─────────────────────────────────────────────────────────────────────────────

/** Payment terms: days after the invoice date; 0 is prepaid (due on the invoice date). */
export const paymentTermsDays = [0, 7, 14, 30, 60] as const
export type PaymentTermsDays = (typeof paymentTermsDays)[number]
export const DEFAULT_PAYMENT_TERMS_DAYS: PaymentTermsDays = 30

export const paymentTermsText = (days: number) => (days === 0 ? 'Prepaid' : `${days} days`)

/** The due date (ISO day) of an invoice dated `issueDay` (ISO day, Singapore) on `days` terms. */
export function dueDay(issueDay: string, days: number): string {
  const at = new Date(`${issueDay}T00:00:00Z`)
  at.setUTCDate(at.getUTCDate() + days)
  return at.toISOString().slice(0, 10)
}

export const documentKinds = ['invoice', 'credit_note'] as const
export type DocumentKind = (typeof documentKinds)[number]

export const documentPrefixes: Record<DocumentKind, 'INV' | 'CN'> = { invoice: 'INV', credit_note: 'CN' }

/** `INV-2026-000001`: the kind's prefix, the year, six digits counted from 1 each year without gaps. */
export function documentNumber(kind: DocumentKind, year: number, n: number): string {
  return `${documentPrefixes[kind]}-${year}-${String(n).padStart(6, '0')}`
}
export const documentNumberPattern = /^(INV|CN)-\d{4}-\d{6}$/

/** An invoice's state, derived, never stored: from its balance, its payments and its due date. */
export const invoiceStates = ['issued', 'part_paid', 'paid', 'overdue', 'credited'] as const
export type InvoiceState = (typeof invoiceStates)[number]

export const invoiceStateNames: Record<InvoiceState, string> = {
  issued: 'Issued',
  part_paid: 'Part paid',
  paid: 'Paid',
  overdue: 'Overdue',
  credited: 'Credited',
}

/**
 * The state of an invoice of `total` with `credited` by credit notes and `paid` by payments (issue 36), due
 * on `dueDay`, on `today` (ISO days, Singapore). The balance is `total - credited - paid`.
 */
export function invoiceState(
  invoice: { total: number; credited: number; paid: number; dueDay: string },
  today: string,
): InvoiceState {
  const balance = invoice.total - invoice.credited - invoice.paid
  if (balance <= 0) return invoice.paid > 0 ? 'paid' : 'credited'
  if (invoice.dueDay < today) return 'overdue'
  if (invoice.paid > 0) return 'part_paid'
  return 'issued'
}

// ── Input ──────────────────────────────────────────────────────────────────────────────────────────────

export const invoiceMessages = {
  chargesRequired: 'Choose at least one approved charge to invoice.',
  chargeNotBillable: (id: number) => `Charge ${id} is not an approved charge of this booking.`,
  chargeInvoiced: (id: number) => `Charge ${id} is already invoiced.`,
  totalNotPositive: 'An invoice must come to more than zero.',
  codeBelowZero: 'Invoice a discount with the charges it reduces: no tax code may come to less than zero.',
  billingAddressMissing: "Add the company's billing address in the customer directory first.",
  notFound: 'No such invoice.',
  bookingNotFound: 'No such booking.',
  fxRateMissing: 'The pricing team has no SGD rate yet: a USD invoice states its SGD amounts at one.',
  badCursor: 'That page is not one of this list: start from the first page.',
  periodReversed: 'The period ends before it starts.',
  issued: (number: string) => `Invoice ${number} issued.`,
  credited: (number: string) => `Credit note ${number} issued.`,
  termsSaved: 'Billing details saved.',
} as const

const id = z.number().int().positive().max(INT32_MAX)

/** Issue an invoice for some or all of a booking's approved, not yet invoiced charges. */
export const issueInvoiceSchema = z.object({
  chargeIds: z
    .array(id, { error: invoiceMessages.chargesRequired })
    .min(1, invoiceMessages.chargesRequired)
    .max(200),
})
export type IssueInvoiceInput = z.input<typeof issueInvoiceSchema>

/**
 * A credit note: lines of the invoice and how much of each, its reason, and whether charges credited in full
 * become billable again (`rebill`: a corrected invoice follows) or are waived.
 */
export const creditNoteSchema = z.object({
  lines: z
    .array(
      z.object({
        lineNo: z.number().int().positive().max(1000),
        amount: z
          .number({ error: 'The amount must be a whole number of cents.' })
          .int('The amount must be a whole number of cents.')
          .positive('Enter an amount above zero.')
          .max(1_000_000_000, 'The amount is too large.'),
      }),
      { error: creditMessages.noLines },
    )
    .min(1, creditMessages.noLines)
    .max(200),
  reason: safeString({ error: creditMessages.reasonRequired })
    .trim()
    .min(1, creditMessages.reasonRequired)
    .max(1000, 'At most 1,000 characters.'),
  rebill: z.boolean().default(false),
})
export type CreditNoteInput = z.input<typeof creditNoteSchema>

const paymentTermsMessage = 'Choose prepaid, 7, 14, 30 or 60 days.'
const creditLimitMessage =
  'Enter the credit limit as an amount of zero or more, or leave it empty for the default.'

/** Finance's billing details of a customer company (the customer directory). */
export const customerBillingSchema = z.object({
  paymentTermsDays: z
    .number({ error: paymentTermsMessage })
    .refine((days) => (paymentTermsDays as readonly number[]).includes(days), paymentTermsMessage),
  currency: z.enum(billingCurrencies, { error: 'Choose SGD or USD.' }),
  /** The address printed on invoices: lines, the postcode in them. */
  address: safeString({ error: 'Enter the billing address.' })
    .trim()
    .min(10, 'Enter the billing address (at least 10 characters).')
    .max(500, 'At most 500 characters.'),
  /**
   * Credit control (docs/payments.md): the limit in minor units of the billing currency; null: site.config's
   * default; absent: unchanged.
   */
  creditLimit: z
    .number({ error: creditLimitMessage })
    .int(creditLimitMessage)
    .min(0, creditLimitMessage)
    .max(INT32_MAX, 'The credit limit is too large.')
    .nullable()
    .optional(),
})
export type CustomerBillingInput = z.input<typeof customerBillingSchema>

/** Lists' filters, customer's and finance's (GET query; every one optional). */
export const invoiceListQuerySchema = z.object({
  kind: z.enum(documentKinds).optional(),
  state: z.enum(invoiceStates).optional(),
  /** Issued on or after / before or on (ISO days, Singapore). */
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  /** A document number or a booking number, whole or its start. */
  q: safeString().trim().max(40).optional(),
  /** Finance only: one company. */
  customerId: z.coerce.number().int().positive().max(INT32_MAX).optional(),
  /** Paging: the opaque cursor of the previous page's `next`. */
  after: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
})
export type InvoiceListQuery = z.output<typeof invoiceListQuerySchema>

/** The journal's period (ISO days, Singapore, inclusive). */
export const journalQuerySchema = z.object({ from: z.iso.date(), to: z.iso.date() })
