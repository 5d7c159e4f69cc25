import { describe, expect, it } from 'vitest'
import { type AnyMachineSnapshot, createActor, type EventObject } from 'xstate'
import { bookingMessages } from '../../contract/bookings'
import { messages } from '../../contract/messages'
import { bookingConfirmedMachine } from '../../machines/booking-confirmed.machine'
import { detail } from '../fixtures/bookings'
import { controllablePromises } from './model'
import { modelSuite } from './model-suite'
import { bookingConfirmedStates } from './states/booking-confirmed'

const flush = () => new Promise((resolve) => setImmediate(resolve))

modelSuite('booking confirmed', bookingConfirmedMachine, {
  promises: ['getBooking', 'downloadConfirmation'],
  events: [
    { type: 'xstate.done.actor.getBooking', output: detail },
    { type: 'xstate.error.actor.getBooking', error: { status: 404, message: bookingMessages.notFound } },
    { type: 'xstate.error.actor.getBooking', error: { status: 500 } },
    { type: 'xstate.done.actor.downloadConfirmation', output: undefined },
    { type: 'xstate.error.actor.downloadConfirmation', error: { status: 0 } },
    { type: 'user.retry' },
    { type: 'pdf.download' },
    { type: 'dialog.acknowledged' },
  ],
  inputs: [{ number: detail.number }],
  states: bookingConfirmedStates,
  serializeState: (
    snapshot: AnyMachineSnapshot,
    event: EventObject | undefined,
    previous?: AnyMachineSnapshot,
  ) => JSON.stringify([previous?.value, event?.type, snapshot.value, snapshot.context.dialog !== null]),
  check: (actor, step, before, answered) => {
    const after = actor.getSnapshot() as AnyMachineSnapshot
    const { type } = step.event
    // The booking shown is the one asked for, and the PDF downloaded is its own.
    if (type === 'xstate.done.actor.getBooking' || type === 'xstate.done.actor.downloadConfirmation') {
      expect(answered?.input).toEqual({ number: after.context.number })
    }
    // A failed download says why in a dialog, and the booking stays on screen.
    if (type === 'xstate.error.actor.downloadConfirmation') {
      expect(after.context.dialog).toBeTruthy()
      expect(after.context.booking).toBe(before.context.booking)
    }
    // Only a shown booking offers its PDF.
    if (after.children.downloadConfirmation) expect(after.context.booking).not.toBeNull()
  },
})

describe('booking confirmed', () => {
  it('fetches the PDF once for a double click, and says why when it fails', async () => {
    const { actors, pending } = controllablePromises(['getBooking', 'downloadConfirmation'])
    const actor = createActor(bookingConfirmedMachine.provide({ actors } as never), {
      input: { number: detail.number },
    }).start()
    pending.get('getBooking')?.resolve(detail)
    await flush()
    actor.send({ type: 'pdf.download' })
    const first = pending.get('downloadConfirmation')
    actor.send({ type: 'pdf.download' })
    expect(pending.get('downloadConfirmation')).toBe(first)
    first?.reject({ status: 500 })
    await flush()
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true)
    expect(actor.getSnapshot().context.dialog).toBe(messages.generic)
    actor.send({ type: 'dialog.acknowledged' })
    expect(actor.getSnapshot().context.dialog).toBeNull()
  })
})
