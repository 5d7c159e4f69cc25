import type { AnyMachineSnapshot } from 'xstate'
import { customerBillingMachine } from '../../machines/customer-billing.machine'
import { formChecks, modelSuite } from './model-suite'
import { customerBillingStates } from './states/customer-billing'

const stored = {
  paymentTermsDays: 30,
  currency: 'SGD',
  address: '8 Orchard Road, #05-01, Singapore 238801',
  creditLimit: 7_500_050,
  openBalance: 1_234_500,
}

modelSuite('a company’s billing details', customerBillingMachine, {
  promises: ['loadBilling', 'saveBilling'],
  events: [
    { type: 'xstate.done.actor.loadBilling', output: stored },
    {
      type: 'xstate.done.actor.loadBilling',
      output: { paymentTermsDays: 30, currency: 'USD', address: null, creditLimit: null, openBalance: 0 },
    },
    { type: 'xstate.error.actor.loadBilling', error: { status: 500 } },
    { type: 'xstate.done.actor.saveBilling', output: { ...stored, paymentTermsDays: 14 } },
    {
      type: 'xstate.error.actor.saveBilling',
      error: { status: 422, message: 'Check the details.', errors: { address: ['At most 500 characters.'] } },
    },
    { type: 'xstate.error.actor.saveBilling', error: { status: 0 } },
    { type: 'field.changed', field: 'paymentTermsDays', value: '14' },
    { type: 'field.changed', field: 'paymentTermsDays', value: '45' },
    { type: 'field.changed', field: 'address', value: 'Short' },
    { type: 'field.changed', field: 'creditLimit', value: '12,000.5' },
    { type: 'field.changed', field: 'creditLimit', value: '' },
    { type: 'field.changed', field: 'creditLimit', value: 'lots' },
    { type: 'field.blurred', field: 'address' },
  ],
  inputs: [
    { customerId: 3, mayEdit: true },
    { customerId: 3, mayEdit: false },
  ],
  serializeState: (snapshot: AnyMachineSnapshot, event, previous) =>
    JSON.stringify([
      previous?.value,
      event?.type,
      snapshot.value,
      snapshot.context.mayEdit,
      snapshot.context.values,
      Object.keys(snapshot.context.errors).sort(),
      Boolean(snapshot.context.shown.address),
      Boolean(snapshot.context.notice),
      Boolean(snapshot.context.message),
    ]),
  states: customerBillingStates,
  check: formChecks(['saveBilling'], { submit: 'user.save' }),
})
