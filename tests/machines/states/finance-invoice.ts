import { expect } from 'vitest'
import type { InvoiceDetail } from '../../../contract/finance/invoice-wire'
import { invoiceMessages } from '../../../contract/finance/invoices'
import { messages } from '../../../contract/messages'
import { financeInvoiceMachine, type LoadedInvoice } from '../../../machines/finance-invoice.machine'
import { type StateView, stateChecks } from '../model'

const told = ({ event }: StateView) => (event.error as { message?: string } | undefined)?.message
const status = ({ event }: StateView) => (event.error as { status?: number } | undefined)?.status

/** An invoice with something left to credit (a credit note credits nothing). */
const creditable = (detail: InvoiceDetail | undefined) =>
  detail?.kind === 'invoice' && detail.total > detail.credited

/** docs/invoices.md "The finance desk": an invoice's page, its files, and its credit notes. */
export const financeInvoiceStates = stateChecks(financeInvoiceMachine, {
  loading: ({ context, event, requests }) => {
    expect(requests).toEqual({ loadInvoice: { number: context.number } })
    if (event.type === 'user.retry') expect([context.message, context.notice]).toEqual([null, null])
  },
  // An unknown number: said as such, nothing to retry.
  notFound: (view) => {
    expect(view.requests).toEqual({})
    expect(status(view)).toBe(404)
    expect(view.context.detail).toBeUndefined()
  },
  failed: (view) => {
    expect(view.requests).toEqual({})
    expect(status(view)).not.toBe(404)
    expect(view.context.message).toBe(told(view) || messages.generic)
  },
  // The document and its credit notes as read; a failed reread keeps them and says why.
  'ready.view.idle': (view) => {
    const { context, event, before } = view
    expect(view.requests.loadInvoice ?? view.requests.reloadInvoice).toBeUndefined()
    if (event.type === 'xstate.done.actor.loadInvoice' || event.type === 'xstate.done.actor.reloadInvoice') {
      const loaded = event.output as LoadedInvoice
      expect([context.detail, context.creditNotes, context.message]).toEqual([
        loaded.detail,
        loaded.creditNotes,
        null,
      ])
    }
    if (event.type === 'xstate.error.actor.reloadInvoice') {
      expect([context.detail, context.creditNotes]).toEqual([
        before.context.detail,
        before.context.creditNotes,
      ])
      expect(context.message).toBe(told(view) || messages.generic)
    }
  },
  // Read again, this document; after a credit note, its number is said meanwhile.
  'ready.view.reloading': (view) => {
    const { context, event } = view
    expect(view.requests.reloadInvoice).toEqual({ number: context.number })
    expect(context.detail).toBeDefined()
    const issued =
      event.type === 'xstate.done.actor.creditNote' && (event.output as { number: string } | null)
    if (issued) expect(context.notice).toBe(invoiceMessages.credited(issued.number))
  },
  'ready.download.idle': (view) => {
    expect(view.requests.download).toBeUndefined()
    if (view.event.type === 'xstate.error.actor.download')
      expect(view.context.downloadMessage).toBe(told(view) || messages.generic)
    if (view.event.type === 'xstate.done.actor.download') expect(view.context.downloadMessage).toBeNull()
  },
  // One file at a time, of this document, in the format asked; what was said before is gone.
  'ready.download.downloading': (view) => {
    const { context, event } = view
    const asked = view.requests.download as { number: string; format: string }
    expect(asked.number).toBe(context.number)
    expect(['pdf', 'ubl']).toContain(asked.format)
    if (event.type === 'download.requested') {
      expect(asked.format).toBe(event.format)
      expect([context.notice, context.downloadMessage]).toEqual([null, null])
    }
  },
  // No form. Credit is refused on a credit note or an invoice credited in full; Cancel says nothing; an issued
  // credit note is said.
  'ready.credit.closed': (view) => {
    const { context, event, before } = view
    expect(view.requests.creditNote).toBeUndefined()
    if (event.type === 'credit.open') expect(creditable(context.detail)).toBe(false)
    if (event.type === 'xstate.done.actor.creditNote') {
      const output = event.output as { number: string } | null
      expect(context.notice).toBe(output ? invoiceMessages.credited(output.number) : before.context.notice)
    }
  },
  // The credit note form, on an invoice with something left, from its lines and what its credit notes took.
  'ready.credit.open': (view) => {
    const { context, event } = view
    const detail = context.detail as InvoiceDetail
    const notes = (context.creditNotes ?? []) as InvoiceDetail[]
    const { invoice } = view.requests.creditNote as { invoice: Record<string, unknown> }
    expect(creditable(detail)).toBe(true)
    expect(invoice).toMatchObject({
      number: detail.number,
      currency: detail.currency,
      lines: detail.lines,
      totals: detail.totals,
      creditedGst: notes.reduce((sum, note) => sum + note.totals.gst, 0),
    })
    if (event.type === 'credit.open')
      expect([context.notice, context.message, context.downloadMessage]).toEqual([null, null, null])
  },
})
