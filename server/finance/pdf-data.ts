/**
 * Every word of a tax invoice or credit note PDF (invoice-pdf.ts draws it), decided from the document as the
 * API answers it (`InvoiceDetail`, frozen at issue) and the site configuration (brand, bank account): the
 * fields of GST (General) Regulations reg 11 (docs/invoices.md, "Tax invoices"). Pure.
 */
import { gstCodeNames, gstCodes } from '../../contract/finance/charges'
import type { DocumentParty, InvoiceDetail } from '../../contract/finance/invoice-wire'
import { paymentTermsText } from '../../contract/finance/invoices'
import { bpsText, moneyText } from '../../contract/pricing/money'
import { calendarDay } from '../../contract/times'
import type { SiteConfig } from '../site-config'

export interface PdfRow {
  label: string
  text: string
}

export interface PdfLine {
  no: string
  description: string
  quantity: string
  code: string
  amount: string
}

export interface PdfTotal {
  label: string
  amount: string
  strong?: boolean
}

export interface InvoicePdfData {
  /** The PDF's metadata. */
  title: string
  subject: string
  author: string
  createdAt: Date
  brand: string
  /** "Tax invoice" or "Credit note". */
  heading: string
  number: string
  /** Our name, address, UEN and GST registration number. */
  supplier: string[]
  /** The customer's name, billing address and UEN. */
  customer: string[]
  /** Beside the customer: the number, dates, terms, booking, currency (a credit note: the invoice it credits). */
  facts: PdfRow[]
  /** A credit note's reason. */
  reason: string | null
  /** The column head of the amounts. */
  amountHead: string
  lines: PdfLine[]
  /** Excluding GST by code, the subtotal, GST, the total including GST. */
  totals: PdfTotal[]
  /** A foreign-currency document: the SGD figures and the rate they were converted at. */
  sgd: { lead: string; totals: PdfTotal[] } | null
  /** What the codes mean. */
  codesNote: string
  /** An invoice answered since it was issued: its credit notes, payments and balance. */
  account: PdfRow[]
  /** An SGD invoice with a balance: the PayNow payload and what to say beside the QR. */
  paynow: { payload: string; heading: string; lines: string[] } | null
  /** An invoice: where a bank transfer goes. */
  bankTransfer: PdfRow[]
  footer: string
}

/** Millionths as a decimal, at least two places, trailing zeros dropped: 1345000 → "1.345". */
export function rateText(micro: number): string {
  const digits = String(micro).padStart(7, '0')
  const decimals = digits.slice(-6).replace(/0+$/, '').padEnd(2, '0')
  return `${digits.slice(0, -6)}.${decimals}`
}

/** The supplier's UEN and GST registration number as a document prints them (the statement's PDF too). */
export const registrationOf = (supplier: DocumentParty) => [
  `UEN ${supplier.uen}`,
  ...(supplier.gstRegistrationNumber ? [`GST registration number ${supplier.gstRegistrationNumber}`] : []),
]

/** Every word of the PDF of `detail`. */
export function invoicePdfData(detail: InvoiceDetail, config: SiteConfig): InvoicePdfData {
  const invoice = detail.kind === 'invoice'
  const heading = invoice ? 'Tax invoice' : 'Credit note'
  const money = (amount: number) => moneyText(amount, detail.currency)
  const sgd = (amount: number) => moneyText(amount, 'SGD')
  const issueDay = calendarDay(detail.issueDay)

  const registration = registrationOf(detail.supplier)
  const supplier = [detail.supplier.name, ...detail.supplier.addressLines, ...registration]
  const customer = [detail.customer.name, ...detail.customer.addressLines, `UEN ${detail.customer.uen}`]

  const facts: PdfRow[] = invoice
    ? [
        { label: 'Invoice number', text: detail.number },
        { label: 'Invoice date', text: issueDay },
        { label: 'Terms', text: paymentTermsText(detail.paymentTermsDays) },
        ...(detail.dueDay ? [{ label: 'Due date', text: calendarDay(detail.dueDay) }] : []),
      ]
    : [
        { label: 'Credit note number', text: detail.number },
        { label: 'Credit note date', text: issueDay },
        ...(detail.creditsNumber ? [{ label: 'Credits invoice', text: detail.creditsNumber }] : []),
        ...(detail.creditsIssueDay
          ? [{ label: 'Invoice date', text: calendarDay(detail.creditsIssueDay) }]
          : []),
      ]
  facts.push({ label: 'Booking', text: detail.bookingNumber }, { label: 'Currency', text: detail.currency })

  const lines = detail.lines.map((line) => ({
    no: String(line.lineNo),
    description:
      line.creditsLineNo === null
        ? line.description
        : `${line.description} (credits invoice line ${line.creditsLineNo})`,
    quantity: line.quantityText,
    code: line.gstCode,
    amount: money(line.amount),
  }))

  const present = gstCodes.filter((code) => detail.lines.some((line) => line.gstCode === code))
  const codeLabel = { SR: 'Standard-rated (SR)', ZR: 'Zero-rated (ZR)', OS: 'Out of scope (OS)' } as const
  const rate = bpsText(detail.gstRateBps)
  const totals: PdfTotal[] = [
    ...present.map((code) => ({
      label: `${codeLabel[code]}, excluding GST`,
      amount: money(detail.totals.byCode[code]),
    })),
    { label: 'Total excluding GST', amount: money(detail.totals.subtotal) },
    { label: `GST ${rate} on ${money(detail.totals.byCode.SR)}`, amount: money(detail.totals.gst) },
    { label: 'Total including GST', amount: money(detail.totals.total), strong: true },
  ]

  const sgdPart = detail.sgd
    ? {
        lead:
          `In Singapore dollars at ${detail.currency} 1 = SGD ${rateText(detail.sgd.rate.sgdPerUnitMicro)}, ` +
          `${detail.sgd.rate.source}, ${calendarDay(detail.sgd.rate.asOf)}:`,
        totals: [
          { label: 'Total excluding GST', amount: sgd(detail.sgd.subtotal) },
          { label: `GST ${rate}`, amount: sgd(detail.sgd.gst) },
          { label: 'Total including GST', amount: sgd(detail.sgd.total), strong: true },
        ],
      }
    : null

  const account: PdfRow[] = []
  if (invoice && (detail.credited > 0 || detail.paid > 0)) {
    for (const note of detail.creditNotes) {
      account.push({
        label: `Credit note ${note.number}`,
        text: `${money(-note.total)} (${calendarDay(note.issueDay)})`,
      })
    }
    if (detail.paid > 0) account.push({ label: 'Paid', text: money(-detail.paid) })
    account.push({ label: 'Balance due', text: money(detail.balance) })
  }

  const paynow =
    invoice && detail.paynow
      ? {
          payload: detail.paynow.payload,
          heading: 'Scan to pay with PayNow',
          lines: [
            sgd(detail.paynow.amount),
            `Bill number ${detail.number}`,
            `Valid until ${calendarDay(detail.paynow.expiryDay)}`,
          ],
        }
      : null

  const bank = config.billing.bankTransfer
  const bankTransfer: PdfRow[] = invoice
    ? [
        { label: 'Bank', text: bank.bank },
        { label: 'Account name', text: bank.accountName },
        { label: 'Account number', text: bank.accountNumber },
        { label: 'SWIFT', text: bank.swift },
        { label: 'Reference', text: detail.number },
      ]
    : []

  return {
    title: `${heading} ${detail.number}`,
    subject: `${heading} ${detail.number} for booking ${detail.bookingNumber}`,
    author: detail.supplier.name,
    createdAt: new Date(detail.issuedAt),
    brand: config.brand,
    heading,
    number: detail.number,
    supplier,
    customer,
    facts,
    reason: detail.reason,
    amountHead: 'Amount excl. GST',
    lines,
    totals,
    sgd: sgdPart,
    codesNote: `Tax codes: ${gstCodes.map((code) => `${code} ${gstCodeNames[code].toLowerCase()}`).join(', ')}.`,
    account,
    paynow,
    bankTransfer,
    footer: `${heading} ${detail.number}. ${[detail.supplier.name, ...registration].join(', ')}.`,
  }
}
