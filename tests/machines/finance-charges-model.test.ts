import type { AnyMachineSnapshot } from 'xstate'
import { type ChargeItem, chargeMessages } from '../../contract/finance/charges'
import { bookingChargesMachine } from '../../machines/finance-charges.machine'
import { quotedCharge, storageCharge } from '../fixtures/invoices'
import { modelSuite } from './model-suite'
import { financeChargesStates } from './states/finance-charges'

const withdrawn: ChargeItem = { ...storageCharge, status: 'withdrawn', decisionReason: 'Billed by mistake' }

modelSuite('a booking’s charges on the console', bookingChargesMachine, {
  promises: ['loadCharges', 'withdrawCharge', 'downloadAttachment', 'addCharge'],
  events: [
    { type: 'xstate.done.actor.loadCharges', output: [quotedCharge, storageCharge] },
    { type: 'xstate.done.actor.loadCharges', output: [] },
    { type: 'xstate.error.actor.loadCharges', error: { status: 500 } },
    {
      type: 'xstate.done.actor.addCharge',
      output: { message: chargeMessages.requested, charge: storageCharge },
    },
    { type: 'xstate.done.actor.addCharge', output: null },
    {
      type: 'xstate.done.actor.withdrawCharge',
      output: { message: chargeMessages.withdrawn, charge: withdrawn },
    },
    { type: 'xstate.error.actor.withdrawCharge', error: { status: 409, message: chargeMessages.notPending } },
    { type: 'xstate.error.actor.withdrawCharge', error: { status: 0 } },
    { type: 'xstate.done.actor.downloadAttachment', output: undefined },
    { type: 'xstate.error.actor.downloadAttachment', error: { status: 404, message: 'No such file.' } },
    { type: 'charge.withdraw', id: quotedCharge.id },
    { type: 'charge.withdraw', id: storageCharge.id },
    { type: 'attachment.download', id: quotedCharge.id },
    { type: 'attachment.download', id: storageCharge.id },
    { type: 'reason.changed', value: '   ' },
    { type: 'reason.changed', value: ' Billed by mistake ' },
  ],
  inputs: [{ bookingNumber: storageCharge.bookingNumber }],
  serializeState: (snapshot: AnyMachineSnapshot, event, previous) =>
    JSON.stringify([
      previous?.value,
      event?.type,
      snapshot.value,
      snapshot.context.charges.length,
      snapshot.context.withdraw?.reason.trim() !== '',
      Boolean(snapshot.context.withdraw?.error),
      Boolean(snapshot.context.notice),
      Boolean(snapshot.context.message),
    ]),
  states: financeChargesStates,
})
