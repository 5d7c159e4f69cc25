import { expect } from 'vitest'
import type { InvoiceDetail } from '../../../contract/finance/invoice-wire'
import { invoiceMessages } from '../../../contract/finance/invoices'
import { messages } from '../../../contract/messages'
import { invoiceDetailMachine } from '../../../machines/invoice-detail.machine'
import { type StateView, stateChecks } from '../model'

const told = ({ event }: StateView) => (event.error as { message?: string } | undefined)?.message

/** docs/invoices.md: one invoice or credit note as issued, and its PDF. */
export const invoiceDetailStates = stateChecks(invoiceDetailMachine, {
  loading: ({ context, requests }) => {
    expect(requests).toEqual({ getInvoice: { number: context.number } })
  },
  failed: (view) => {
    expect(view.requests).toEqual({})
    expect((view.event.error as { status?: number }).status).not.toBe(404)
    expect(view.context.message).toBe(told(view) || messages.generic)
  },
  // Another company's or an unknown number: said, nothing to retry.
  notFound: (view) => {
    expect((view.event.error as { status?: number }).status).toBe(404)
    expect(view.context.message).toBe(invoiceMessages.notFound)
  },
  'ready.idle': (view) => {
    const { context, event } = view
    expect(view.requests).toEqual({})
    if (event.type === 'xstate.done.actor.getInvoice')
      expect(context.invoice).toEqual(event.output as InvoiceDetail)
    if (event.type === 'xstate.error.actor.downloadPdf')
      expect(context.dialog).toBe(told(view) || messages.generic)
    if (event.type === 'dialog.acknowledged') expect(context.dialog).toBeNull()
  },
  // One download at a time, of this document.
  'ready.downloading': ({ context, requests }) => {
    expect(requests).toEqual({ downloadPdf: { number: context.number } })
  },
})
