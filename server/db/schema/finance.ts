import type { ColumnType, Generated } from 'kysely'
import type { ChargeSource, ChargeStatus, GstCode } from '../../../contract/finance/charges'
import type { DocumentParty } from '../../../contract/finance/invoice-wire'
import type { DocumentKind, FrozenRate, SgdEquivalent } from '../../../contract/finance/invoices'
import type { PaymentMethod } from '../../../contract/finance/payments'
import type { DateColumn, Json, MaybeTimestamp, Timestamp } from './columns'

/** The money (migration 0028, server/finance/, docs/invoices.md). */

type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>

/** A line billed or to be billed on a booking. */
export interface BookingChargesTable {
  id: Generated<number>
  booking_id: number
  /** The bill-to company. */
  customer_id: number
  /** Order on the booking: quoted lines first, in the quote's order, then added ones. */
  position: number
  code: string
  description: string
  quantity_text: string
  currency: string
  /** Minor units excluding GST; negative only for a quoted discount. */
  amount: number
  gst_code: GstCode
  gst_reason: string
  source: ChargeSource
  status: ChargeStatus
  reason: Nullable<string>
  decision_reason: Nullable<string>
  requested_by: Nullable<number>
  requested_at: Timestamp
  decided_by_user: Nullable<number>
  decided_by_staff: Nullable<number>
  decided_at: MaybeTimestamp
  attachment_key: Nullable<string>
  attachment_name: Nullable<string>
  attachment_size: Nullable<number>
  attachment_type: Nullable<string>
  invoice_id: Nullable<number>
}

/** An issued invoice or credit note: written once, never updated (a trigger refuses it). */
export interface InvoicesTable {
  id: Generated<number>
  kind: DocumentKind
  number: string
  customer_id: number
  booking_id: number
  credits_invoice_id: number | null
  issued_at: Timestamp
  issue_day: DateColumn
  due_day: DateColumn | null
  payment_terms_days: number
  currency: string
  sr_amount: number
  zr_amount: number
  os_amount: number
  subtotal: number
  gst: number
  total: number
  gst_rate_bps: number
  /** A foreign-currency document: the frozen rate and the SGD totals. */
  fx: Json<(SgdEquivalent & { rate: FrozenRate }) | null>
  supplier: Json<DocumentParty>
  customer: Json<DocumentParty>
  reason: string | null
  rebill: ColumnType<boolean, boolean | undefined, boolean>
  issued_by: number | null
}

export interface InvoiceLinesTable {
  invoice_id: number
  line_no: number
  charge_id: number | null
  code: string
  description: string
  quantity_text: string
  amount: number
  gst_code: GstCode
  credits_line_no: number | null
}

/** Money received from a company (migration 0029, docs/payments.md). */
export interface PaymentsTable {
  id: Generated<number>
  customer_id: number
  received_day: DateColumn
  method: PaymentMethod
  currency: 'SGD' | 'USD'
  /** Minor units, above zero. */
  amount: number
  payer_reference: ColumnType<string, string | undefined, string>
  recorded_by: number | null
  recorded_at: Timestamp
  /** Paid back of its credit on account. */
  refunded: ColumnType<number, number | undefined, number>
  /** A bounced cheque: its allocations are out of force. */
  reversed_at: MaybeTimestamp
  reversed_by: Nullable<number>
  reversal_reason: Nullable<string>
}

export interface PaymentAllocationsTable {
  id: Generated<number>
  payment_id: number
  invoice_id: number
  amount: number
  allocated_by: number | null
  allocated_at: Timestamp
}

/** Money paid back of a payment's credit on account. */
export interface PaymentRefundsTable {
  id: Generated<number>
  payment_id: number
  amount: number
  /** The Singapore day it was paid back. */
  refunded_day: DateColumn
  reference: ColumnType<string, string | undefined, string>
  refunded_by: number | null
  refunded_at: Timestamp
}

export interface BankStatementsTable {
  id: Generated<number>
  account: string
  format: 'camt053' | 'csv'
  filename: string
  lines_in_file: number
  lines_added: number
  uploaded_by: number | null
  uploaded_at: Timestamp
}

/** A credit line of a bank statement, stored once per account and identity. */
export interface BankStatementLinesTable {
  id: Generated<number>
  statement_id: number
  account: string
  identity: string
  source: string
  booking_day: DateColumn
  value_day: DateColumn | null
  amount: number
  currency: string
  end_to_end_id: string | null
  structured_references: ColumnType<string[], string[] | undefined, string[]>
  unstructured: string | null
  counterparty: string | null
  account_servicer_reference: string | null
  status: ColumnType<'open' | 'matched' | 'ignored', 'open' | 'matched' | 'ignored' | undefined>
  payment_id: Nullable<number>
  decided_by: Nullable<number>
  decided_at: MaybeTimestamp
}

/** A reminder of an invoice, sent at most once per stage. */
export interface InvoiceRemindersTable {
  invoice_id: number
  stage: string
  sent_at: Timestamp
  recipients: string[]
}
