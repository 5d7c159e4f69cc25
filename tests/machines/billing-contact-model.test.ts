import type { AnyMachineSnapshot } from 'xstate'
import { billingContactMachine } from '../../machines/billing-contact.machine'
import { formChecks, modelSuite } from './model-suite'
import { billingContactStates } from './states/billing-contact'

const saved = (email: string | null) => ({
  message: email ? 'Billing contact saved.' : 'Billing contact removed.',
  billingContact: { email },
})

modelSuite('the billing contact', billingContactMachine, {
  promises: ['loadContact', 'saveContact'],
  events: [
    { type: 'xstate.done.actor.loadContact', output: { email: 'ap@example.com' } },
    { type: 'xstate.done.actor.loadContact', output: { email: null } },
    { type: 'xstate.error.actor.loadContact', error: { status: 500 } },
    { type: 'xstate.done.actor.saveContact', output: saved('finance@example.com') },
    { type: 'xstate.done.actor.saveContact', output: saved(null) },
    {
      type: 'xstate.error.actor.saveContact',
      error: { status: 422, message: 'Check the email.', errors: { email: ['Invalid Email Format.'] } },
    },
    { type: 'xstate.error.actor.saveContact', error: { status: 403, message: 'Only an Admin.' } },
    { type: 'xstate.error.actor.saveContact', error: { status: 0 } },
    { type: 'field.changed', field: 'email', value: 'finance@example.com' },
    { type: 'field.changed', field: 'email', value: 'not an email' },
    { type: 'field.changed', field: 'email', value: '' },
    { type: 'field.blurred', field: 'email' },
  ],
  inputs: [{ mayEdit: true }, { mayEdit: false }],
  serializeState: (snapshot: AnyMachineSnapshot, event, previous) =>
    JSON.stringify([
      previous?.value,
      event?.type,
      snapshot.value,
      snapshot.context.mayEdit,
      snapshot.context.values,
      Object.keys(snapshot.context.errors).sort(),
      Boolean(snapshot.context.shown.email),
      Boolean(snapshot.context.notice),
      Boolean(snapshot.context.message),
    ]),
  states: billingContactStates,
  check: formChecks(['saveContact'], { submit: 'user.save' }),
})
