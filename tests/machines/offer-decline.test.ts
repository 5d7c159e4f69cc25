import { expect } from 'vitest'
import type { AnyMachineSnapshot, EventObject } from 'xstate'
import { deskMessages } from '../../contract/quote-desk'
import { offerDeclineMachine } from '../../machines/offer-decline.machine'
import { allChecks, formChecks, modelSuite } from './model-suite'
import { offerDeclineStates } from './states/offer-decline'

modelSuite('declining a sales offer', offerDeclineMachine, {
  promises: ['decline'],
  events: [
    { type: 'user.open' },
    { type: 'user.cancel' },
    { type: 'field.changed', field: 'reason', value: 'Too dear for this lane.' },
    { type: 'field.changed', field: 'reason', value: '   ' },
    { type: 'user.submit' },
    { type: 'xstate.done.actor.decline', output: { message: deskMessages.declined } },
    {
      type: 'xstate.error.actor.decline',
      error: { status: 409, message: 'Not possible while the request is Expired.' },
    },
  ],
  inputs: [{ number: 'ESQ-2026000042' }],
  serializeState: (snapshot, event, previous) =>
    JSON.stringify([
      previous?.value,
      event?.type,
      snapshot.value,
      snapshot.context.values,
      snapshot.context.message,
    ]),
  states: offerDeclineStates,
  check: allChecks(formChecks(['decline']), (actor, step: { event: EventObject }) => {
    const after = actor.getSnapshot() as AnyMachineSnapshot
    // A refusal is said in the dialog, which stays open with the reason typed.
    if (step.event.type === 'xstate.error.actor.decline') {
      expect(after.matches('editing')).toBe(true)
      expect(after.context.message).toBe('Not possible while the request is Expired.')
    }
  }),
})
