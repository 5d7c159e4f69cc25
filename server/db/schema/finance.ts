import type { ColumnType, Generated } from 'kysely'
import type { ChargeSource, ChargeStatus, GstCode } from '../../../contract/finance/charges'
import type { DocumentParty } from '../../../contract/finance/invoice-wire'
import type { DocumentKind, FrozenRate, SgdEquivalent } from '../../../contract/finance/invoices'
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
