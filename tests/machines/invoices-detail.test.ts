import type { AnyMachineSnapshot } from 'xstate'
import { invoiceMessages } from '../../contract/finance/invoices'
import { invoiceDetailMachine } from '../../machines/invoice-detail.machine'
import { sgdInvoice } from '../fixtures/invoices'
import { modelSuite } from './model-suite'
import { invoiceDetailStates } from './states/invoice-detail'

modelSuite('an invoice’s page', invoiceDetailMachine, {
  promises: ['getInvoice', 'downloadPdf'],
  events: [
    { type: 'xstate.done.actor.getInvoice', output: sgdInvoice },
    { type: 'xstate.error.actor.getInvoice', error: { status: 404, message: invoiceMessages.notFound } },
    { type: 'xstate.error.actor.getInvoice', error: { status: 500 } },
    { type: 'xstate.done.actor.downloadPdf', output: undefined },
    { type: 'xstate.error.actor.downloadPdf', error: { status: 0 } },
  ],
  inputs: [{ number: 'INV-2026-000001' }],
  serializeState: (snapshot: AnyMachineSnapshot, event, previous) =>
    JSON.stringify([previous?.value, event?.type, snapshot.value, Boolean(snapshot.context.dialog)]),
  states: invoiceDetailStates,
})
