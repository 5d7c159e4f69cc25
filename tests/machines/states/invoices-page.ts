import { expect } from 'vitest'
import type { PendingChargeItem } from '../../../contract/finance/charges'
import type { InvoicePage } from '../../../contract/finance/invoice-wire'
import { messages } from '../../../contract/messages'
import { invoiceQuery, invoicesPageMachine } from '../../../machines/invoices-page.machine'
import { type StateView, stateChecks } from '../model'

const told = ({ event }: StateView) => (event.error as { message?: string } | undefined)?.message

/** docs/invoices.md: /user/invoices, its filters kept in the address, Show more, and what waits for approval. */
export const invoicesPageStates = stateChecks(invoicesPageMachine, {
  // The first page of the filters shown, and those filters written to the address when they changed.
  'list.loading': ({ context, event, requests, actions }) => {
    expect(requests.listInvoices).toEqual(invoiceQuery(context.filters, context.today))
    expect([context.invoices, context.next, context.message]).toEqual([[], null, null])
    if (event.type === 'filter.changed') expect(actions).toContain('filtersChanged')
  },
  // Typing: nothing asked until a pause; the address follows what is typed.
  'list.typing': ({ context, event, requests, actions }) => {
    expect(requests.listInvoices).toBeUndefined()
    if (event.type === 'search.changed') {
      expect(context.filters.q).toBe(event.q)
      expect(actions).toContain('filtersChanged')
    }
  },
  'list.failed': (view) => {
    expect(view.requests.listInvoices).toBeUndefined()
    expect(view.context.message).toBe(told(view) || messages.generic)
  },
  // The rows of the first page, then each next page appended; a failed next page keeps the rows.
  'list.ready.idle': (view) => {
    const { context, event, before, answered } = view
    expect(view.requests.listInvoices).toBeUndefined()
    if (event.type === 'xstate.done.actor.listInvoices') {
      const page = event.output as InvoicePage
      const more = (answered?.input as { after?: string } | undefined)?.after !== undefined
      expect(context.invoices).toEqual(more ? [...before.context.invoices, ...page.invoices] : page.invoices)
      expect(context.next).toBe(page.next)
    }
    if (event.type === 'xstate.error.actor.listInvoices') {
      expect(context.invoices).toEqual(before.context.invoices)
      expect(context.moreMessage).toBe(told(view) || messages.generic)
    }
  },
  // Show more asks for the page after the last one shown, with the same filters.
  'list.ready.loadingMore': ({ context, before, requests }) => {
    expect(before.context.next).not.toBeNull()
    expect(requests.listInvoices).toEqual(invoiceQuery(context.filters, context.today, before.context.next))
    expect(context.moreMessage).toBeNull()
  },
  'pending.loading': ({ requests }) => {
    expect(requests.listPendingCharges).toBeNull()
  },
  'pending.failed': (view) => {
    expect(view.context.pendingMessage).toBe(told(view) || messages.generic)
  },
  'pending.ready': ({ context, event }) => {
    if (event.type === 'xstate.done.actor.listPendingCharges') {
      expect(context.pending).toEqual(event.output as PendingChargeItem[])
    }
    expect(context.pendingMessage).toBeNull()
  },
})
