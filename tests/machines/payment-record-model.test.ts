import type { AnyMachineSnapshot } from 'xstate'
import { paymentRecordMachine } from '../../machines/payment-record.machine'
import { acme, bankLine, openInvoices, payment } from '../fixtures/payment-desk'
import { formChecks, modelSuite } from './model-suite'
import { paymentRecordStates } from './states/payment-record'

const answer = { message: 'Payment recorded.', payment }

modelSuite('recording a payment', paymentRecordMachine, {
  promises: ['findCustomers', 'loadOpenInvoices', 'submitPayment'],
  events: [
    { type: 'customer.query', value: ' Acme ' },
    { type: 'customer.query', value: '  ' },
    { type: 'xstate.done.actor.findCustomers', output: [acme] },
    { type: 'xstate.done.actor.findCustomers', output: [] },
    { type: 'xstate.error.actor.findCustomers', error: { status: 0 } },
    { type: 'customer.chosen', customer: acme },
    { type: 'xstate.done.actor.loadOpenInvoices', output: openInvoices },
    { type: 'xstate.error.actor.loadOpenInvoices', error: { status: 500 } },
    { type: 'field.changed', field: 'amount', value: '1,000.00' },
    { type: 'field.changed', field: 'amount', value: '12.345' },
    { type: 'field.changed', field: 'method', value: 'cheque' },
    { type: 'allocation.chosen', number: 'INV-2026-000001', value: true },
    { type: 'allocation.changed', number: 'INV-2026-000001', value: '700' },
    { type: 'xstate.done.actor.submitPayment', output: answer },
    {
      type: 'xstate.error.actor.submitPayment',
      error: {
        status: 422,
        message: 'Check the payment.',
        errors: { 'allocations.0.amount': ['INV-2026-000001 owes 600.00: allocate no more than that.'] },
      },
    },
    {
      type: 'xstate.error.actor.submitPayment',
      error: { status: 409, message: 'Someone allocated it first.' },
    },
  ],
  inputs: [
    { today: '2026-11-29' },
    {
      today: '2026-11-29',
      line: bankLine,
      preset: { customer: acme, allocations: bankLine.suggestion?.allocations },
    },
  ],
  serializeState: (snapshot: AnyMachineSnapshot, event, previous) =>
    JSON.stringify([
      previous?.value,
      event?.type,
      snapshot.value,
      snapshot.context.customer !== null,
      snapshot.context.draft.invoices.length > 0,
      Object.keys(snapshot.context.errors).sort(),
      snapshot.context.submitted,
      Boolean(snapshot.context.message),
    ]),
  states: paymentRecordStates,
  check: formChecks(['submitPayment'], {
    form: (context) => ({
      values: [context.values, context.customer, context.draft],
      errors: context.errors,
      shown: context.submitted ? context.errors : {},
    }),
  }),
})
