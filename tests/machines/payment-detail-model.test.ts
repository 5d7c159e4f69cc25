import type { AnyMachineSnapshot } from 'xstate'
import { paymentDetailMachine } from '../../machines/payment-detail.machine'
import { payment, reversedPayment } from '../fixtures/payment-desk'
import { modelSuite } from './model-suite'
import { paymentDetailStates } from './states/payment-detail'

const answer = {
  message: 'Payment allocated.',
  payment: { ...payment, allocated: 70_000, unallocated: 10_000 },
}
const refused = { status: 409, message: 'Only 100.00 of this payment is left to allocate.' }

modelSuite('a payment on the finance desk', paymentDetailMachine, {
  promises: ['loadPayment', 'allocatePayment', 'reversePayment', 'refundPayment'],
  events: [
    { type: 'xstate.done.actor.loadPayment', output: payment },
    { type: 'xstate.done.actor.loadPayment', output: reversedPayment },
    { type: 'xstate.error.actor.loadPayment', error: { status: 404, message: 'No such payment.' } },
    { type: 'xstate.error.actor.loadPayment', error: { status: 0 } },
    { type: 'allocation.chosen', number: 'INV-2026-000002', value: true },
    { type: 'allocation.changed', number: 'INV-2026-000002', value: '600' },
    { type: 'xstate.done.actor.allocatePayment', output: answer },
    { type: 'xstate.error.actor.allocatePayment', error: refused },
    { type: 'reason.changed', value: 'The cheque bounced.' },
    { type: 'reason.changed', value: ' ' },
    {
      type: 'xstate.done.actor.reversePayment',
      output: { message: 'Payment reversed: its allocations are undone.', payment: reversedPayment },
    },
    {
      type: 'xstate.error.actor.reversePayment',
      error: { status: 409, message: 'This payment is already reversed.' },
    },
    { type: 'refund.changed', value: '600.01' },
    { type: 'refund.changed', value: '100' },
    {
      type: 'xstate.done.actor.refundPayment',
      output: { message: 'Refund recorded.', payment: { ...payment, refunded: 10_000, unallocated: 40_000 } },
    },
    {
      type: 'xstate.error.actor.refundPayment',
      error: {
        status: 422,
        message: 'Check the refund.',
        errors: { amount: ['Enter an amount above zero.'] },
      },
    },
  ],
  inputs: [{ id: payment.id }],
  serializeState: (snapshot: AnyMachineSnapshot, event, previous) =>
    JSON.stringify([
      previous?.value,
      event?.type,
      snapshot.value,
      snapshot.context.payment?.reversed !== null,
      snapshot.context.payment?.unallocated,
      Object.keys(snapshot.context.errors).sort(),
      snapshot.context.submitted,
      Boolean(snapshot.context.message),
    ]),
  states: paymentDetailStates,
})
