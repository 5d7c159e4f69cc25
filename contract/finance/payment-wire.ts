/**
 * Payments' and bank statements' wire (issue 36, docs/payments.md): what the API answers and where, shared by
 * the server's routes and the finance desk. The rules are in ./payments.ts, ./bank-statements.ts and
 * ./statement-matching.ts.
 */
import { z } from 'zod'
import { moneyText } from '../pricing/money'
import { INT32_MAX, safeString } from '../text'
import type { InvoiceState } from './invoices'
import type { PaymentMethod } from './payments'
import { paymentMethods } from './payments'

/** A row of finance's payments list. */
export interface PaymentSummary {
  id: number
  customerId: number
  customerName: string
  receivedDay: string
  method: PaymentMethod
  currency: string
  /** Minor units. */
  amount: number
  /** Allocated to invoices (allocations in force; 0 once reversed). */
  allocated: number
  refunded: number
  /** The customer's credit on account from this payment: amount − allocated − refunded (0 once reversed). */
  unallocated: number
  payerReference: string
  /** A bank statement's line it was matched from. */
  bankLineId: number | null
  reversed: { at: string; reason: string; by: string | null } | null
  recordedAt: string
  recordedBy: string | null
}

export interface PaymentAllocationView {
  invoiceNumber: string
  amount: number
  allocatedAt: string
  allocatedBy: string | null
}

/** An invoice of the payment's customer and currency that still owes: what the allocation form offers. */
export interface OpenInvoiceView {
  number: string
  bookingNumber: string
  issueDay: string
  dueDay: string
  currency: string
  total: number
  balance: number
  /** Derived today: issued, part paid or overdue. */
  state: InvoiceState
}

export interface PaymentDetail extends PaymentSummary {
  allocations: PaymentAllocationView[]
  /** The customer's open invoices in the payment's currency, oldest due first (empty once reversed). */
  openInvoices: OpenInvoiceView[]
}

export interface PaymentPage {
  payments: PaymentSummary[]
  next: string | null
}

/** The answer of recording, allocating, reversing or refunding: the message and the payment as it now is. */
export interface PaymentAnswer {
  message: string
  payment: PaymentDetail
}

export const paymentListQuerySchema = z.object({
  customerId: z.coerce.number().int().positive().max(INT32_MAX).optional(),
  /** Only payments with something left to allocate. */
  unallocated: z.enum(['true', 'false']).optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  after: safeString().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
})
export type PaymentListQuery = z.output<typeof paymentListQuerySchema>

/** What the payment operations answer beyond contract `paymentMessages`. */
export const paymentDeskMessages = {
  notFound: 'No such payment.',
  noCompany: 'No such company.',
  alreadyReversed: 'This payment is already reversed.',
  refundReversed: 'This payment was reversed: nothing of it can be refunded.',
  overRefund: (left: number, currency: string) =>
    `Only ${moneyText(left, currency)} of this payment is credit on account: refund no more than that.`,
  refunded: 'Refund recorded.',
} as const

/** Finance pays back (part of) a payment's credit on account. */
export const refundPaymentSchema = z.object({
  amount: z
    .number({ error: 'The amount must be a whole number of cents.' })
    .int('The amount must be a whole number of cents.')
    .positive('Enter an amount above zero.'),
  reference: safeString().trim().max(140, "At most 140 characters (the bank's reference field).").default(''),
})
export type RefundPaymentInput = z.input<typeof refundPaymentSchema>

// ── Bank statements ────────────────────────────────────────────────────────────────────────────────────

export type BankLineStatus = 'open' | 'matched' | 'ignored'

/** What the desk suggests for a line (contract `suggestMatches`), with the customer's name. */
export interface BankLineSuggestion {
  rule: 'reference' | 'sum'
  customerId: number
  customerName: string
  allocations: { invoiceNumber: string; amount: number }[]
  /** What would be left: a credit on the customer's account. */
  credit: number
}

export interface BankLineView {
  id: number
  statementId: number
  account: string
  /** Where it was in the file (`entry 3`, `line 5`). */
  source: string
  bookingDay: string
  valueDay: string | null
  amount: number
  currency: string
  endToEndId: string | null
  structuredReferences: string[]
  unstructured: string | null
  counterparty: string | null
  status: BankLineStatus
  /** Matched: the payment it became. */
  paymentId: number | null
  /** Open lines: the desk's suggestion, or null when none. */
  suggestion: BankLineSuggestion | null
  decidedAt: string | null
  decidedBy: string | null
}

export interface BankLinePage {
  lines: BankLineView[]
  next: string | null
}

/** The answer of an upload (201): how many credit lines the file had and how many were new. */
export interface BankStatementUploaded {
  message: string
  statementId: number
  format: 'camt053' | 'csv'
  linesInFile: number
  linesAdded: number
  /** Debit lines and lines that are not booked, which are not money received. */
  skipped: number
}

export const bankLineListQuerySchema = z.object({
  status: z.enum(['open', 'matched', 'ignored']).default('open'),
  statementId: z.coerce.number().int().positive().max(INT32_MAX).optional(),
  after: safeString().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(100),
})
export type BankLineListQuery = z.output<typeof bankLineListQuerySchema>

/**
 * Finance confirms a line's suggestion or matches it otherwise: the line becomes a payment of `customerId`
 * (method FAST unless said), allocated as given; what is left is a credit on account.
 */
export const matchBankLineSchema = z.object({
  customerId: z.number().int().positive().max(INT32_MAX),
  method: z.enum(paymentMethods).default('fast'),
  allocations: z
    .array(
      z.object({
        invoiceNumber: z.string().trim().toUpperCase().max(20),
        amount: z.number().int().positive(),
      }),
    )
    .max(200)
    .default([]),
})
export type MatchBankLineInput = z.input<typeof matchBankLineSchema>

export const paymentPaths = {
  /** GET paymentListQuerySchema → PaymentPage; POST recordPaymentSchema → 201 PaymentAnswer */
  staffList: '/api/staff/payments',
  staffDetail: (id: number) => `/api/staff/payments/${id}`,
  /** POST allocatePaymentSchema → PaymentAnswer */
  staffAllocate: (id: number) => `/api/staff/payments/${id}/allocations`,
  /** POST reversePaymentSchema → PaymentAnswer */
  staffReverse: (id: number) => `/api/staff/payments/${id}/reversal`,
  /** POST refundPaymentSchema → PaymentAnswer */
  staffRefund: (id: number) => `/api/staff/payments/${id}/refunds`,
  /** POST multipart (file, account for a CSV) → 201 BankStatementUploaded */
  staffBankStatements: '/api/staff/bank-statements',
  /** GET bankLineListQuerySchema → BankLinePage */
  staffBankLines: '/api/staff/bank-lines',
  /** POST matchBankLineSchema → 201 PaymentAnswer */
  staffBankLineMatch: (id: number) => `/api/staff/bank-lines/${id}/match`,
  /** POST → BankLineView (ignored) */
  staffBankLineIgnore: (id: number) => `/api/staff/bank-lines/${id}/ignore`,
  /** POST → BankLineView (open again; an ignored line only) */
  staffBankLineReopen: (id: number) => `/api/staff/bank-lines/${id}/reopen`,
} as const
