import { expect } from 'vitest'
import type { HeldBooking } from '../../../contract/finance/credit'
import { messages } from '../../../contract/messages'
import { creditHoldsMachine } from '../../../machines/credit-holds.machine'
import { type StateView, stateChecks } from '../model'

const told = ({ event }: StateView) => (event.error as { message?: string } | undefined)?.message

/**
 * docs/payments.md "Credit control": finance reads the bookings waiting for a credit release, releases one at a
 * time (only one listed), and reads the list again after a release, refused or not, and whenever a booking
 * changes.
 */
export const creditHoldsStates = stateChecks(creditHoldsMachine, {
  loading: ({ context, requests }) => {
    expect(requests).toEqual({ loadHolds: null })
    expect(context.message).toBeNull()
  },
  failed: (view) => {
    expect(view.requests).toEqual({})
    expect(view.context.message).toBe(told(view) || messages.generic)
  },
  'ready.idle': (view) => {
    const { context, event, before } = view
    expect(view.requests).toEqual({})
    expect(context.releasing).toBeNull()
    if (event.type === 'xstate.done.actor.loadHolds')
      expect(context.holds).toEqual(event.output as HeldBooking[])
    // A release of a booking not listed is not sent.
    if (event.type === 'hold.release') expect(context).toEqual(before.context)
    if (event.type === 'xstate.error.actor.loadHolds') {
      expect(context.holds).toEqual(before.context.holds)
      expect(context.message).toBe(told(view) || messages.generic)
    }
  },
  'ready.releasing': (view) => {
    const { context, event } = view
    expect(event.type).toBe('hold.release')
    expect((context.holds as HeldBooking[]).map((hold) => hold.bookingNumber)).toContain(event.bookingNumber)
    expect(context.releasing).toBe(event.bookingNumber)
    expect([context.notice, context.message]).toEqual([null, null])
    expect(view.requests).toEqual({ releaseHold: { bookingNumber: event.bookingNumber } })
  },
  // After a release (its message, or its refusal, said) or a change heard: the list read again.
  'ready.reloading': (view) => {
    const { context, event } = view
    expect(view.requests).toEqual({ loadHolds: null })
    expect(context.releasing).toBeNull()
    if (event.type === 'xstate.done.actor.releaseHold')
      expect(context.notice).toBe((event.output as { message: string }).message)
    if (event.type === 'xstate.error.actor.releaseHold') {
      expect(context.notice).toBeNull()
      expect(context.message).toBe(told(view) || messages.generic)
    }
    if (event.type !== 'holds.changed') {
      expect(['xstate.done.actor.releaseHold', 'xstate.error.actor.releaseHold']).toContain(event.type)
    }
  },
})
