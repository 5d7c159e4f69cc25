import type { AnyMachineSnapshot } from 'xstate'
import type { HeldBooking } from '../../contract/finance/credit'
import { creditHoldMessages } from '../../contract/finance/credit'
import { creditHoldsMachine } from '../../machines/credit-holds.machine'
import { modelSuite } from './model-suite'
import { creditHoldsStates } from './states/credit-holds'

const held: HeldBooking = {
  bookingNumber: 'ESB-2026000042',
  status: 'Booking Received',
  customerId: 7,
  customerName: 'Lion City Exports Pte Ltd',
  reason: creditHoldMessages.limit,
  since: '2026-11-20T02:00:00.000Z',
  currency: 'SGD',
  bookingValue: 1_200_000,
  openBalance: 4_500_000,
  creditLimit: 5_000_000,
  oldestOverdueDays: 0,
  bookedBy: 'Ada Tan',
}

modelSuite('finance’s bookings waiting for a credit release', creditHoldsMachine, {
  promises: ['loadHolds', 'releaseHold'],
  events: [
    { type: 'xstate.done.actor.loadHolds', output: [held] },
    { type: 'xstate.done.actor.loadHolds', output: [] },
    { type: 'xstate.error.actor.loadHolds', error: { status: 500 } },
    { type: 'xstate.done.actor.releaseHold', output: { message: 'Booking ESB-2026000042 is released.' } },
    {
      type: 'xstate.error.actor.releaseHold',
      error: { status: 409, message: 'Booking ESB-2026000042 is not waiting for a credit release.' },
    },
    { type: 'hold.release', bookingNumber: held.bookingNumber },
    { type: 'hold.release', bookingNumber: 'ESB-2026000001' },
  ],
  inputs: [undefined],
  serializeState: (snapshot: AnyMachineSnapshot, event, previous) =>
    JSON.stringify([
      previous?.value,
      event?.type,
      snapshot.value,
      snapshot.context.holds.length,
      Boolean(snapshot.context.notice),
      Boolean(snapshot.context.message),
    ]),
  states: creditHoldsStates,
})
