import {
  type CustomerBilling,
  type InvoiceDetail,
  type InvoicePage,
  type IssuedDocument,
  invoicePaths,
  type UninvoicedBooking,
  type WaitingCharge,
} from '../../contract/finance/invoice-wire'
import type { CreditNoteInput, CustomerBillingInput } from '../../contract/finance/invoices'
import type { ApiClient } from './client'
import { downloadFile } from './documents'

/** The finance desk's calls (the console's Finance role, issue 35), one per operation of the OpenAPI document. */

/** listUninvoicedBookings: bookings with approved charges not invoiced yet, oldest first. */
export const listUninvoicedBookings = (api: ApiClient) =>
  api<UninvoicedBooking[]>(invoicePaths.staffUninvoiced)

/** listWaitingCharges: change requests waiting on customers, oldest first. */
export const listWaitingCharges = (api: ApiClient) => api<WaitingCharge[]>(invoicePaths.staffWaiting)

/** listStaffInvoices: a page of invoices and credit notes, newest first (the filters given, checked by invoiceListQuerySchema). */
export const listStaffInvoices = (api: ApiClient, query: Record<string, string>) =>
  api<InvoicePage>(invoicePaths.staffList, { query })

/** getStaffInvoice: one issued document, every field as issued; 404 when there is none. */
export const getStaffInvoice = (api: ApiClient, number: string) =>
  api<InvoiceDetail>(invoicePaths.staffDetail(number))

/** issueInvoice: the invoice of the chosen charges (409 or 422 with the reason when refused). */
export const issueInvoice = (api: ApiClient, bookingNumber: string, chargeIds: number[]) =>
  api<IssuedDocument>(invoicePaths.staffIssue(bookingNumber), { method: 'POST', body: { chargeIds } })

/** issueCreditNote: the credit note of an invoice's lines. */
export const issueCreditNote = (api: ApiClient, number: string, body: CreditNoteInput) =>
  api<IssuedDocument>(invoicePaths.staffCredit(number), { method: 'POST', body })

/** downloadStaffInvoicePdf: the document's PDF, fetched with the staff session and saved. */
export const downloadStaffInvoicePdf = (api: ApiClient, number: string) =>
  downloadFile(api, invoicePaths.staffPdf(number), `${number}.pdf`)

/** exportInvoiceUbl: the Peppol PINT-SG UBL 2.1 XML of an invoice or credit note. */
export const exportInvoiceUbl = (api: ApiClient, number: string) =>
  downloadFile(api, invoicePaths.staffUbl(number), `${number}.xml`)

/** exportInvoiceJournal: the CSV journal of the documents issued from `from` to `to` (ISO days). */
export const exportInvoiceJournal = (api: ApiClient, period: { from: string; to: string }) =>
  downloadFile(
    api,
    `${invoicePaths.staffJournal}?${new URLSearchParams(period)}`,
    `journal-${period.from}-${period.to}.csv`,
  )

/** getCustomerBilling: a company's terms, currency and billing address (finance, admin). */
export const getCustomerBilling = (api: ApiClient, customerId: number) =>
  api<CustomerBilling>(invoicePaths.staffBilling(customerId))

/** updateCustomerBilling: finance sets them; the answer is what is stored. */
export const updateCustomerBilling = (api: ApiClient, customerId: number, body: CustomerBillingInput) =>
  api<{ message: string; billing: CustomerBilling }>(invoicePaths.staffBilling(customerId), {
    method: 'PUT',
    body,
  }).then((answer) => answer.billing)
