import type { AnyMachineSnapshot } from 'xstate'
import { paymentListMachine } from '../../machines/payment-list.machine'
import { acme, payment } from '../fixtures/payment-desk'
import { modelSuite } from './model-suite'
import { paymentListStates } from './states/payment-list'

const { allocations: _a, openInvoices: _o, ...summary } = payment

modelSuite('the payments list', paymentListMachine, {
  promises: ['loadPayments', 'loadMore', 'record'],
  events: [
    { type: 'xstate.done.actor.loadPayments', output: { payments: [summary], next: 'p2' } },
    { type: 'xstate.done.actor.loadPayments', output: { payments: [], next: null } },
    { type: 'xstate.error.actor.loadPayments', error: { status: 500 } },
    { type: 'xstate.done.actor.loadMore', output: { payments: [{ ...summary, id: 10 }], next: null } },
    { type: 'xstate.error.actor.loadMore', error: { status: 0 } },
    { type: 'filter.customer', customer: acme },
    { type: 'filter.unallocated', value: true },
    { type: 'xstate.done.actor.record', output: { message: 'Payment recorded.', payment } },
    { type: 'xstate.done.actor.record', output: null },
  ],
  inputs: [{ today: '2026-11-29' }],
  serializeState: (snapshot: AnyMachineSnapshot, event, previous) =>
    JSON.stringify([
      previous?.value,
      event?.type,
      snapshot.value,
      snapshot.context.next,
      snapshot.context.recorded !== null,
      Boolean(snapshot.context.message),
    ]),
  states: paymentListStates,
})
