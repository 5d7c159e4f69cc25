/** The payment form's effects (`paymentRecordMachine`), one wiring for every page that records or matches. */
import { fromPromise } from 'xstate'
import type { OpenInvoiceView } from '../../../contract/finance/payment-wire'
import { paymentRecordMachine } from '../../../machines/payment-record.machine'
import type { ApiClient } from '../../api/client'
import { listCustomers } from '../../api/customer-directory'
import { listStaffInvoices } from '../../api/finance'
import { matchBankLine, recordPayment } from '../../api/payments'

/** At most this many pages of a customer's invoices are read for the allocation lines. */
const INVOICE_PAGES_MAX = 10

/** A customer's invoices that still owe, oldest due first. */
export async function openInvoicesOf(api: ApiClient, customerId: number): Promise<OpenInvoiceView[]> {
  const open: OpenInvoiceView[] = []
  let after: string | null = null
  for (let page = 0; page < INVOICE_PAGES_MAX; page++) {
    const query: Record<string, string> = { customerId: String(customerId), kind: 'invoice', limit: '100' }
    if (after) query.after = after
    const answer = await listStaffInvoices(api, query)
    for (const invoice of answer.invoices)
      if (
        invoice.balance > 0 &&
        invoice.dueDay !== null &&
        invoice.state !== null &&
        invoice.state !== 'paid' &&
        invoice.state !== 'credited'
      )
        open.push({
          state: invoice.state,
          number: invoice.number,
          bookingNumber: invoice.bookingNumber,
          issueDay: invoice.issueDay,
          dueDay: invoice.dueDay,
          currency: invoice.currency,
          total: invoice.total,
          balance: invoice.balance,
        })
    after = answer.next
    if (!after) break
  }
  return open.sort((a, b) => a.dueDay.localeCompare(b.dueDay) || a.number.localeCompare(b.number))
}

export const paymentRecordWith = (api: ApiClient) =>
  paymentRecordMachine.provide({
    actors: {
      findCustomers: fromPromise(async ({ input }) => {
        const page = await listCustomers(api, { q: input.q, page: 1 })
        return page.customers.map((company) => ({ id: company.id, name: company.name }))
      }),
      loadOpenInvoices: fromPromise(({ input }) => openInvoicesOf(api, input.customerId)),
      submitPayment: fromPromise(({ input }) =>
        input.kind === 'record'
          ? recordPayment(api, input.body)
          : matchBankLine(api, input.lineId, input.body),
      ),
    },
  })
