/**
 * Tax invoices' and credit notes' wire (issue 35, docs/invoices.md): what the API answers and where. The
 * arithmetic, numbers, terms, states and inputs are in ./invoices.ts.
 */
import type { GstCode } from './charges'
import type {
  BillingCurrency,
  DocumentKind,
  DocumentTotals,
  FrozenRate,
  InvoiceState,
  SgdEquivalent,
} from './invoices'

/** The supplier and customer as printed on a document, frozen at issue. */
export interface DocumentParty {
  name: string
  addressLines: string[]
  /** UEN (the customer's company registration number). */
  uen: string
  /** The supplier's GST registration number; absent for the customer. */
  gstRegistrationNumber?: string
  /** ISO 3166-1 alpha-2 country of the address (the e-invoice's party country); absent on older documents. */
  countryCode?: string
}

export interface DocumentLine {
  lineNo: number
  code: string
  description: string
  quantityText: string
  amount: number
  gstCode: GstCode
  /** A credit note's line: the invoice line it credits. */
  creditsLineNo: number | null
}

/** A row of the invoices lists (customer's and finance's). */
export interface InvoiceSummary {
  number: string
  kind: DocumentKind
  bookingNumber: string
  customerId: number
  customerName: string
  issueDay: string
  dueDay: string | null
  currency: string
  total: number
  /** Invoices: what is still owed (total − credited − paid); credit notes: their total. */
  balance: number
  state: InvoiceState | null
  /** A credit note's invoice, and that invoice's date. */
  creditsNumber: string | null
  creditsIssueDay: string | null
}

/** One issued document, every field as issued (never edited). */
export interface InvoiceDetail extends InvoiceSummary {
  supplier: DocumentParty
  customer: DocumentParty
  lines: DocumentLine[]
  totals: DocumentTotals
  gstRateBps: number
  paymentTermsDays: number
  /** A foreign-currency document: the rate and the SGD totals. */
  sgd: (SgdEquivalent & { rate: FrozenRate }) | null
  /** A credit note's reason. */
  reason: string | null
  credited: number
  paid: number
  /** Credit notes of this invoice. */
  creditNotes: { number: string; issueDay: string; total: number }[]
  /** SGD invoices with a balance: the PayNow payload for the balance (contract/finance/paynow.ts). */
  paynow: { payload: string; amount: number; expiryDay: string } | null
  issuedAt: string
}

/** The answer of issuing an invoice or a credit note (201): the message and the document as issued. */
export interface IssuedDocument {
  message: string
  invoice: InvoiceDetail
}

export interface InvoicePage {
  invoices: InvoiceSummary[]
  /** Pass as `after` for the next page; null on the last. */
  next: string | null
}

/** Finance's queue: a booking with approved charges not yet invoiced. */
export interface UninvoicedBooking {
  bookingNumber: string
  customerId: number
  customerName: string
  currency: string
  /** Approved, not invoiced: how many and their sum excluding GST. */
  charges: number
  amount: number
  /** The oldest of them was approved then. */
  since: string
  /** The company has no billing address yet: invoicing it is refused until finance adds one. */
  billingAddressMissing: boolean
}

/** A change request waiting on a customer, for finance (with its age) and operations. */
export interface WaitingCharge {
  id: number
  bookingNumber: string
  customerId: number
  customerName: string
  code: string
  description: string
  currency: string
  amount: number
  requestedAt: string
  requestedBy: string | null
}

/** A company's billing details as finance keeps them. */
export interface CustomerBilling {
  paymentTermsDays: number
  currency: BillingCurrency
  address: string | null
  /** Credit control (docs/payments.md): minor units of the currency; null: site.config's default. */
  creditLimit: number | null
  /** What the company owes now: its invoices' balances plus approved charges not invoiced (minor units). */
  openBalance: number
}

export const invoicePaths = {
  /** Customer: invoices and credit notes (GET invoiceListQuerySchema) */
  list: '/api/invoices',
  detail: (number: string) => `/api/invoices/${encodeURIComponent(number)}`,
  pdf: (number: string) => `/api/invoices/${encodeURIComponent(number)}/pdf`,
  /** Finance */
  staffList: '/api/staff/invoices',
  staffDetail: (number: string) => `/api/staff/invoices/${encodeURIComponent(number)}`,
  staffPdf: (number: string) => `/api/staff/invoices/${encodeURIComponent(number)}/pdf`,
  /** Peppol PINT-SG UBL 2.1 XML of an invoice or credit note */
  staffUbl: (number: string) => `/api/staff/invoices/${encodeURIComponent(number)}/ubl`,
  /** POST creditNoteSchema */
  staffCredit: (number: string) => `/api/staff/invoices/${encodeURIComponent(number)}/credit-notes`,
  /** POST issueInvoiceSchema */
  staffIssue: (bookingNumber: string) => `/api/staff/bookings/${encodeURIComponent(bookingNumber)}/invoices`,
  /** GET UninvoicedBooking[] */
  staffUninvoiced: '/api/staff/finance/uninvoiced',
  /** GET WaitingCharge[] */
  staffWaiting: '/api/staff/finance/waiting-charges',
  /** GET journalQuerySchema → text/csv */
  staffJournal: '/api/staff/finance/journal.csv',
  /** GET / PUT customerBillingSchema */
  staffBilling: (customerId: number) => `/api/staff/customers/${customerId}/billing`,
} as const
