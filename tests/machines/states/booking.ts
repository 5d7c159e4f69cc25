import { expect } from 'vitest'
import { bookingMachine } from '../../../machines/booking.machine'
import { type StateView, stateChecks } from '../model'

/** How the booking got to its status: the event, and the status it was in (`{ 'On Hold': X }` while held). */
const cameBy = ({ event, before }: StateView) => [event.type, before.value]

const held = (status: string) => ({ 'On Hold': status })

/**
 * Put on hold by operations, with the reason the customer reads, from a live status it remembers and returns
 * to on release.
 */
const heldFrom = (status: string) => (view: StateView) => {
  if (view.event.type === 'finance.release') {
    // Finance released the credit hold of a booking operations hold: the operations hold stays.
    expect(cameBy(view)).toEqual(['finance.release', held(status)])
    creditReleased(view)
  } else {
    expect(cameBy(view)).toEqual(['ops.hold', status])
    expect(String(view.event.reason ?? '').trim()).not.toBe('')
    // An operations hold leaves a credit hold as it was.
    expect(view.context.creditHold).toBe(view.before.context.creditHold)
  }
  expect(view.snapshot.status).toBe('active')
}

/** Finance's release clears a credit hold there was, and only that. */
const creditReleased = (view: StateView) => {
  expect(view.before.context.creditHold).not.toBeNull()
  expect(view.context.creditHold).toBeNull()
}

/** A booking confirmed or moved on never waits for credit (nothing but Booking Received can be held for it). */
const noCreditHold = (view: StateView) => expect(view.context.creditHold).toBeNull()

/**
 * docs/bookings.md "The lifecycle" (the server accepts each status change through this chart): each status is
 * reached by one step forward from the status before it, or by a release of a hold taken in it.
 */
export const bookingStates = stateChecks(bookingMachine, {
  // A new booking, or one released from a hold taken while it was received; docs/payments.md "Credit control":
  // held for credit once (with the reason the customer reads) when it is made, and released by finance.
  'Booking Received': (view) => {
    expect([
      ['xstate.init', 'Booking Received'],
      ['ops.release', held('Booking Received')],
      ['credit.hold', 'Booking Received'],
      ['finance.release', 'Booking Received'],
    ]).toContainEqual(cameBy(view))
    if (view.event.type === 'credit.hold') {
      expect(view.before.context.creditHold).toBeNull()
      expect(String(view.event.reason).trim()).not.toBe('')
      expect(view.context.creditHold).toBe(view.event.reason)
    } else if (view.event.type === 'finance.release') creditReleased(view)
    else expect(view.context.creditHold).toBe(view.before.context.creditHold)
  },
  // Operations confirm a received booking (the HBL is issued then) not waiting for credit; never twice, never
  // after a cancel.
  Confirmed: (view) => {
    expect([
      ['ops.confirm', 'Booking Received'],
      ['ops.release', held('Confirmed')],
    ]).toContainEqual(cameBy(view))
    expect(view.before.context.creditHold).toBeNull()
    noCreditHold(view)
  },
  // Gate-in at the origin of a confirmed booking.
  'Cargo Received': (view) => {
    noCreditHold(view)
    expect([
      ['cargo.received', 'Confirmed'],
      ['ops.release', held('Cargo Received')],
    ]).toContainEqual(cameBy(view))
  },
  // The vessel left with the cargo received.
  Departed: (view) => {
    noCreditHold(view)
    expect([
      ['vessel.departed', 'Cargo Received'],
      ['ops.release', held('Departed')],
    ]).toContainEqual(cameBy(view))
  },
  // Arrived at the final destination after departing.
  Arrived: (view) => {
    noCreditHold(view)
    expect([
      ['vessel.arrived', 'Departed'],
      ['ops.release', held('Arrived')],
    ]).toContainEqual(cameBy(view))
  },
  'On Hold.Booking Received': heldFrom('Booking Received'),
  'On Hold.Confirmed': heldFrom('Confirmed'),
  'On Hold.Cargo Received': heldFrom('Cargo Received'),
  'On Hold.Departed': heldFrom('Departed'),
  'On Hold.Arrived': heldFrom('Arrived'),
  // Delivered after arrival, not while held; nothing happens to it any more.
  Delivered: (view) => {
    noCreditHold(view)
    expect(cameBy(view)).toEqual(['cargo.delivered', 'Arrived'])
    expect(view.snapshot.status).toBe('done')
  },
  // The customer cancels only a booking still received (not held); operations, with a reason, until the cargo
  // has departed (also while held before it). Nothing happens to it any more.
  Cancelled: (view) => {
    const [type, from] = cameBy(view)
    const beforeDeparture = ['Booking Received', 'Confirmed', 'Cargo Received']
    if (type === 'customer.cancel') expect(from).toBe('Booking Received')
    else {
      expect(type).toBe('ops.cancel')
      expect(String(view.event.reason ?? '').trim()).not.toBe('')
      expect([...beforeDeparture, ...beforeDeparture.map(held)]).toContainEqual(from)
    }
    expect(view.snapshot.status).toBe('done')
  },
})
