import { expect } from 'vitest'
import { chargeRequestMachine } from '../../../machines/charge-request.machine'
import { type StateView, stateChecks } from '../model'

/** How the charge got to its state: the event, and the state it was in. */
const cameBy = ({ event, before }: StateView) => [event.type, before.value]

/** A decision that ends the request, with the reason the other side reads. */
const endedBy = (type: string) => (view: StateView) => {
  expect(cameBy(view)).toEqual([type, 'pending'])
  expect(String(view.event.reason ?? '').trim()).not.toBe('')
  expect(view.snapshot.status).toBe('done')
}

/**
 * docs/invoices.md "Charges" (the server takes every decision through this chart): a change request waits
 * until the customer approves or declines it, or staff withdraw it; each ends it for good.
 */
export const chargeRequestStates = stateChecks(chargeRequestMachine, {
  // Added by operations or finance: waiting for the customer's answer.
  pending: (view) => {
    expect(cameBy(view)).toEqual(['xstate.init', 'pending'])
    expect(view.snapshot.status).toBe('active')
  },
  // The customer's Admin or Member agreed: billable from now on.
  approved: (view) => {
    expect(cameBy(view)).toEqual(['customer.approve', 'pending'])
    expect(view.snapshot.status).toBe('done')
  },
  declined: endedBy('customer.decline'),
  withdrawn: endedBy('staff.withdraw'),
})
