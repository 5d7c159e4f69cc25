import type { AnyMachineSnapshot } from 'xstate'
import type { InvoiceDetail } from '../../contract/finance/invoice-wire'
import { invoiceMessages } from '../../contract/finance/invoices'
import { financeInvoiceMachine } from '../../machines/finance-invoice.machine'
import { sgdInvoice } from '../fixtures/invoices'
import { modelSuite } from './model-suite'
import { financeInvoiceStates } from './states/finance-invoice'

/** A credit note of the storage line, half of it. */
const creditNote: InvoiceDetail = {
  ...sgdInvoice,
  number: 'CN-2026-000001',
  kind: 'credit_note',
  lines: [
    {
      ...(sgdInvoice.lines[1] as InvoiceDetail['lines'][number]),
      lineNo: 1,
      amount: 9_000,
      creditsLineNo: 2,
    },
  ],
  // As the server stores and sends it: a credit note's amounts are positive (what it takes down).
  totals: { byCode: { SR: 9_000, ZR: 0, OS: 0 }, subtotal: 9_000, gst: 810, total: 9_810 },
  total: 9_810,
  creditsNumber: sgdInvoice.number,
}
const partCredited = { detail: { ...sgdInvoice, credited: 9_810 }, creditNotes: [creditNote] }
const allCredited = { detail: { ...sgdInvoice, credited: sgdInvoice.total }, creditNotes: [] }

modelSuite('an invoice on the finance desk', financeInvoiceMachine, {
  promises: ['loadInvoice', 'download', 'creditNote'],
  events: [
    { type: 'xstate.done.actor.loadInvoice', output: partCredited },
    { type: 'xstate.done.actor.loadInvoice', output: allCredited },
    { type: 'xstate.done.actor.loadInvoice', output: { detail: creditNote, creditNotes: [] } },
    { type: 'xstate.error.actor.loadInvoice', error: { status: 404, message: invoiceMessages.notFound } },
    { type: 'xstate.error.actor.loadInvoice', error: { status: 500 } },
    { type: 'xstate.done.actor.reloadInvoice', output: partCredited },
    { type: 'xstate.error.actor.reloadInvoice', error: { status: 0 } },
    { type: 'xstate.done.actor.download', output: undefined },
    { type: 'xstate.error.actor.download', error: { status: 500, message: 'The PDF could not be made.' } },
    { type: 'xstate.done.actor.creditNote', output: { number: 'CN-2026-000002' } },
    { type: 'xstate.done.actor.creditNote', output: null },
    { type: 'download.requested', format: 'pdf' },
    { type: 'download.requested', format: 'ubl' },
  ],
  inputs: [{ number: sgdInvoice.number }],
  serializeState: (snapshot: AnyMachineSnapshot, event, previous) =>
    JSON.stringify([
      previous?.value,
      event?.type,
      snapshot.value,
      snapshot.context.detail?.number,
      snapshot.context.detail?.credited,
      Boolean(snapshot.context.notice),
      Boolean(snapshot.context.message),
    ]),
  states: financeInvoiceStates,
})
