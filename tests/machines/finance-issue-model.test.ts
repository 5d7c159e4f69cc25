import type { AnyMachineSnapshot } from 'xstate'
import type { ChargeItem } from '../../contract/finance/charges'
import { invoiceMessages } from '../../contract/finance/invoices'
import { financeIssueMachine } from '../../machines/finance-issue.machine'
import { quotedCharge, sgdInvoice, storageCharge } from '../fixtures/invoices'
import { modelSuite } from './model-suite'
import { financeIssueStates } from './states/finance-issue'

const freight: ChargeItem = { ...quotedCharge, invoiceNumber: null }
const storage: ChargeItem = { ...storageCharge, status: 'approved' }
const discount: ChargeItem = { ...quotedCharge, id: 9, code: 'DSC', amount: -5_000, invoiceNumber: null }
const waiting: ChargeItem = { ...storageCharge, id: 8 }
const invoiced: ChargeItem = { ...quotedCharge, id: 2 }

modelSuite('issuing a booking’s invoice', financeIssueMachine, {
  promises: ['loadCharges', 'issueInvoice'],
  events: [
    { type: 'xstate.done.actor.loadCharges', output: [freight, storage, discount, waiting, invoiced] },
    { type: 'xstate.done.actor.loadCharges', output: [invoiced] },
    { type: 'xstate.error.actor.loadCharges', error: { status: 500 } },
    {
      type: 'xstate.done.actor.issueInvoice',
      output: { message: '', invoice: { ...sgdInvoice, number: 'INV-2026-000002' } },
    },
    {
      type: 'xstate.error.actor.issueInvoice',
      error: { status: 409, message: invoiceMessages.chargeInvoiced(7) },
    },
    { type: 'xstate.error.actor.issueInvoice', error: { status: 0 } },
    { type: 'charge.toggled', id: 1 },
    { type: 'charge.toggled', id: 7 },
    { type: 'charge.toggled', id: 8 },
  ],
  inputs: [{ bookingNumber: 'ESB-2026000004' }],
  serializeState: (snapshot: AnyMachineSnapshot, event, previous) =>
    JSON.stringify([
      previous?.value,
      event?.type,
      snapshot.value,
      [...snapshot.context.chosen].sort(),
      snapshot.context.charges.length,
      Boolean(snapshot.context.message),
    ]),
  states: financeIssueStates,
})
