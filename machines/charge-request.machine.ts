/**
 * A charge's approval (issue 35, docs/invoices.md; pure: xstate and contract/ only):
 *
 *   pending ─customer.approve→ approved (final)
 *   pending ─customer.decline (a reason)→ declined (final)
 *   pending ─staff.withdraw (a reason)→ withdrawn (final)
 *
 * A charge added after booking (a change or a disbursement) starts `pending`; a quoted line starts
 * `approved` (the customer agreed to it by booking). Only an approved charge can be invoiced (`isBillable`).
 * The server accepts or refuses every decision through `nextChargeStatus` (computed by the machine, not a
 * second table); the browser offers Approve and Decline while `canDecide`.
 */
import { getNextSnapshot, setup } from 'xstate'
import type { ChargeStatus } from '../contract/finance/charges'

export type ChargeEvent =
  | { type: 'customer.approve' }
  | { type: 'customer.decline'; reason: string }
  | { type: 'staff.withdraw'; reason: string }
export type ChargeEventType = ChargeEvent['type']

const hasReason = ({ event }: { event: ChargeEvent }) =>
  'reason' in event && typeof event.reason === 'string' && event.reason.trim().length > 0

export const chargeRequestMachine = setup({
  types: { events: {} as ChargeEvent },
  guards: { hasReason },
}).createMachine({
  id: 'chargeRequest',
  initial: 'pending',
  states: {
    pending: {
      on: {
        'customer.approve': 'approved',
        'customer.decline': { target: 'declined', guard: 'hasReason' },
        'staff.withdraw': { target: 'withdrawn', guard: 'hasReason' },
      },
    },
    approved: { type: 'final' },
    declined: { type: 'final' },
    withdrawn: { type: 'final' },
  },
})

const snapshotOf = (status: ChargeStatus) => chargeRequestMachine.resolveState({ value: status, context: {} })

/** Where `event` takes a charge in `status`, or null when the chart refuses it. */
export function nextChargeStatus(status: ChargeStatus, event: ChargeEvent): ChargeStatus | null {
  const snapshot = snapshotOf(status)
  if (!snapshot.can(event)) return null
  return getNextSnapshot(chargeRequestMachine, snapshot, event).value as ChargeStatus
}

/** The customer may still approve or decline it. */
export const canDecide = (status: ChargeStatus) =>
  nextChargeStatus(status, { type: 'customer.approve' }) !== null

/** Only an approved charge is billed. */
export const isBillable = (status: ChargeStatus) => status === 'approved'
