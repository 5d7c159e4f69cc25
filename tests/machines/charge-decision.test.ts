import { describe, expect, it } from 'vitest'
import { type AnyMachineSnapshot, createActor, type EventObject } from 'xstate'
import { chargeMessages } from '../../contract/finance/charges'
import {
  chargeDecisionMachine,
  chargeListMachine,
  pendingFirst,
} from '../../machines/charge-decision.machine'
import { quotedCharge, storageCharge } from '../fixtures/invoices'
import { controllablePromises } from './model'
import { formChecks, modelSuite } from './model-suite'
import { chargeDecisionStates, chargeListStates } from './states/charge-decision'

const flush = () => new Promise((resolve) => setImmediate(resolve))

const approved = {
  message: chargeMessages.approved,
  charge: { ...storageCharge, status: 'approved' as const },
}
const declined = {
  message: chargeMessages.declined,
  charge: { ...storageCharge, status: 'declined' as const, decisionReason: 'Not agreed.' },
}

modelSuite('a change request’s decision', chargeDecisionMachine, {
  promises: ['decideCharge', 'downloadAttachment'],
  events: [
    { type: 'xstate.done.actor.decideCharge', output: approved },
    { type: 'xstate.done.actor.decideCharge', output: declined },
    { type: 'xstate.error.actor.decideCharge', error: { status: 422, message: 'Say why.' } },
    { type: 'xstate.error.actor.decideCharge', error: { status: 409, message: chargeMessages.notPending } },
    { type: 'xstate.done.actor.downloadAttachment', output: undefined },
    { type: 'xstate.error.actor.downloadAttachment', error: { status: 0 } },
    { type: 'field.changed', field: 'reason', value: '  ' },
    { type: 'field.changed', field: 'reason', value: ' Not agreed. ' },
    { type: 'charge.read', status: 'pending' },
    { type: 'charge.read', status: 'approved' },
  ],
  inputs: [
    { id: 7, status: 'pending', attachmentName: 'warehouse-log.pdf' },
    { id: 1, status: 'approved', attachmentName: null },
  ],
  serializeState: (snapshot, event, previous) =>
    JSON.stringify([
      previous?.value,
      event?.type,
      snapshot.value,
      snapshot.context.values.reason.trim() !== '',
      Boolean(snapshot.context.message),
    ]),
  // A decided reply fits the decision asked.
  filterEvents: (snapshot, event) =>
    event.type !== 'xstate.done.actor.decideCharge' ||
    ((event as EventObject & { output: typeof approved }).output.charge.status === 'approved') ===
      snapshot.matches({ decision: 'approving' }),
  states: chargeDecisionStates,
  // The decline form's rules (formChecks) hold for the decline; an approval sends no form.
  check: (actor, step, before) => {
    const after = actor.getSnapshot() as AnyMachineSnapshot
    if (after.matches({ decision: 'approving' }) || before.matches({ decision: 'approving' })) return
    formChecks(['decideCharge'])(actor, step, before)
  },
})

modelSuite('a booking’s charges', chargeListMachine, {
  promises: ['listCharges'],
  events: [
    { type: 'xstate.done.actor.listCharges', output: [quotedCharge, storageCharge] },
    { type: 'xstate.error.actor.listCharges', error: { status: 500 } },
    { type: 'charges.reload' },
  ],
  inputs: [{ number: 'ESB-2026000004' }],
  serializeState: (snapshot: AnyMachineSnapshot, event, previous) =>
    JSON.stringify([previous?.value, event?.type, snapshot.value]),
  states: chargeListStates,
})

describe('a change request’s decision', () => {
  it('keeps a refused reason as typed and sends it trimmed when tried again', async () => {
    const { actors, pending } = controllablePromises(['decideCharge', 'downloadAttachment'])
    const actor = createActor(chargeDecisionMachine.provide({ actors }), {
      input: { id: 7, status: 'pending' },
    }).start()
    actor.send({ type: 'user.decline' })
    actor.send({ type: 'user.submit' })
    expect(pending.has('decideCharge')).toBe(false)
    expect(actor.getSnapshot().context.errors.reason).toEqual([chargeMessages.declineReasonRequired])
    actor.send({ type: 'field.changed', field: 'reason', value: '  Not agreed with us. ' })
    actor.send({ type: 'user.submit' })
    expect(pending.get('decideCharge')?.input).toEqual({
      id: 7,
      input: { decision: 'decline', reason: 'Not agreed with us.' },
    })
    pending.get('decideCharge')?.reject({ status: 0 })
    await flush()
    expect(actor.getSnapshot().matches({ decision: { declining: 'editing' } })).toBe(true)
    expect(actor.getSnapshot().context.values.reason).toBe('  Not agreed with us. ')
  })

  it('closes when the charge read again was decided by someone else, unless its own decision is on its way', () => {
    const { actors } = controllablePromises(['decideCharge', 'downloadAttachment'])
    const open = () =>
      createActor(chargeDecisionMachine.provide({ actors }), { input: { id: 7, status: 'pending' } }).start()
    const reading = open()
    reading.send({ type: 'charge.read', status: 'withdrawn' })
    expect(reading.getSnapshot().matches({ decision: 'closed' })).toBe(true)
    const deciding = open()
    deciding.send({ type: 'user.approve' })
    deciding.send({ type: 'charge.read', status: 'approved' })
    expect(deciding.getSnapshot().matches({ decision: 'approving' })).toBe(true)
  })

  it('offers nothing to decide on a charge no longer pending', () => {
    const actor = createActor(chargeDecisionMachine, { input: { id: 1, status: 'declined' } }).start()
    actor.send({ type: 'user.approve' })
    expect(actor.getSnapshot().matches({ decision: 'closed' })).toBe(true)
  })

  it('puts the waiting charges first, oldest first', () => {
    const older = { ...storageCharge, id: 8, requestedAt: '2026-03-04T00:00:00.000Z' }
    expect(pendingFirst([quotedCharge, storageCharge, older]).map((c) => c.id)).toEqual([8, 7, 1])
  })
})
