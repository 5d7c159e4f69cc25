import { type InvoiceDetail, type InvoicePage, invoicePaths } from '../../contract/finance/invoice-wire'
import type { InvoiceListQuery } from '../../contract/finance/invoices'
import type { ApiClient } from './client'
import { downloadFile } from './documents'

/** The list's query as the API takes it: what is not set is left out. */
export type InvoiceListRequest = Partial<Omit<InvoiceListQuery, 'customerId'>>

/** listInvoices: the company's invoices and credit notes, newest first, a page at a time (`next`). */
export const listInvoices = (api: ApiClient, query: InvoiceListRequest) =>
  api<InvoicePage>(invoicePaths.list, {
    query: Object.fromEntries(
      Object.entries(query).filter(([, value]) => value !== undefined && value !== ''),
    ),
  })

/** getInvoice: one invoice or credit note as issued; 404 for another company's or an unknown number. */
export const getInvoice = (api: ApiClient, number: string) => api<InvoiceDetail>(invoicePaths.detail(number))

/** downloadInvoicePdf: the document's PDF, fetched with the session and saved as `INV-….pdf`. */
export const downloadInvoicePdf = (api: ApiClient, number: string) =>
  downloadFile(api, invoicePaths.pdf(number), `${number}.pdf`)
