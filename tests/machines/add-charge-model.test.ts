import type { AnyMachineSnapshot } from 'xstate'
import { chargeMessages } from '../../contract/finance/charges'
import { addChargeMachine } from '../../machines/add-charge.machine'
import { storageCharge } from '../fixtures/invoices'
import { formChecks, modelSuite } from './model-suite'
import { addChargeStates } from './states/add-charge'

const receipt = new File(['%PDF'], 'receipt.pdf', { type: 'application/pdf' })

modelSuite('adding a charge', addChargeMachine, {
  promises: ['addCharge'],
  events: [
    { type: 'field.changed', field: 'code', value: 'STO' },
    { type: 'field.changed', field: 'code', value: 'IGS' },
    { type: 'field.changed', field: 'description', value: 'Storage at Jurong warehouse' },
    { type: 'field.changed', field: 'amount', value: '1,234.5' },
    { type: 'field.changed', field: 'amount', value: '12.345' },
    { type: 'field.changed', field: 'reason', value: 'The consignee could not take delivery.' },
    { type: 'zone.changed', value: true },
    { type: 'file.chosen', file: receipt },
    { type: 'field.blurred', field: 'amount' },
    {
      type: 'xstate.done.actor.addCharge',
      output: { message: chargeMessages.requested, charge: storageCharge },
    },
    {
      type: 'xstate.error.actor.addCharge',
      error: {
        status: 422,
        message: 'Check the charge.',
        errors: {
          currency: [chargeMessages.currencyNotBookings('USD')],
          amount: [chargeMessages.amountTooLarge],
        },
      },
    },
    {
      type: 'xstate.error.actor.addCharge',
      error: { status: 409, message: chargeMessages.bookingCancelled },
    },
    { type: 'xstate.error.actor.addCharge', error: { status: 0 } },
  ],
  inputs: [{ bookingNumber: 'ESB-2026000004', currency: 'SGD' }],
  serializeState: (snapshot: AnyMachineSnapshot, event, previous) => {
    const { values, file, errors, message } = snapshot.context
    return JSON.stringify([
      previous?.value,
      event?.type,
      snapshot.value,
      values.code,
      values.inFreeTradeZone,
      values.description !== '' &&
        values.description !== 'Storage' &&
        !values.description.startsWith('Import'),
      values.amount,
      values.reason !== '',
      file !== null,
      Object.keys(errors).sort(),
      Boolean(message),
    ])
  },
  // A field is left once (its message shows); the page offers the free trade zone for storage only.
  filterEvents: (snapshot, event) =>
    (event.type !== 'field.blurred' || !snapshot.context.shown.amount) &&
    (event.type !== 'zone.changed' || snapshot.context.values.code === 'STO'),
  states: addChargeStates,
  check: formChecks(['addCharge']),
})
