import { expect } from 'vitest'
import { type ChargeItem, chargeMessages } from '../../../contract/finance/charges'
import { messages } from '../../../contract/messages'
import {
  chargeDecisionMachine,
  chargeListMachine,
  pendingFirst,
} from '../../../machines/charge-decision.machine'
import { type StateView, stateChecks } from '../model'

/** What a failed call said. */
const told = ({ event }: StateView) => (event.error as { message?: string } | undefined)?.message

/** The decision on its way, if any. */
const decisionAsked = ({ requests }: StateView) =>
  requests.decideCharge as { id: number; input: { decision: string; reason?: string } } | undefined

/** docs/invoices.md "Charges": a customer's Admin or Member approves or declines a change request. */
export const chargeDecisionStates = stateChecks(chargeDecisionMachine, {
  // Open: Approve and Decline are offered; nothing is on its way. Back from a refusal, the server's words.
  'decision.idle': (view) => {
    const { context, event } = view
    expect(decisionAsked(view)).toBeUndefined()
    expect(context.status).toBe('pending')
    expect(context.decided).toBeNull()
    if (event.type === 'xstate.error.actor.decideCharge')
      expect(context.message).toBe(told(view) || messages.generic)
  },
  // An approval of this charge, nothing more.
  'decision.approving': (view) => {
    expect(decisionAsked(view)).toEqual({ id: view.context.id, input: { decision: 'approve' } })
    expect(view.context.message).toBeNull()
  },
  // The reason is asked; a submit with none says so under the field and sends nothing; a refusal keeps it.
  'decision.declining.editing': (view) => {
    const { context, event, before } = view
    expect(decisionAsked(view)).toBeUndefined()
    if (event.type === 'user.submit') {
      expect(context.shown.reason).toBe(true)
      expect(context.errors.reason).toEqual([chargeMessages.declineReasonRequired])
    }
    if (event.type === 'xstate.error.actor.decideCharge') {
      expect(context.values).toEqual(before.context.values)
      expect(context.message).toBe(told(view) || messages.generic)
    }
    if (event.type === 'user.decline') expect([context.shown, context.message]).toEqual([{}, null])
  },
  // Only a decline with a reason is sent, trimmed.
  'decision.declining.sending': (view) => {
    const reason = view.context.values.reason.trim()
    expect(reason).not.toBe('')
    expect(decisionAsked(view)).toEqual({ id: view.context.id, input: { decision: 'decline', reason } })
  },
  // The charge as the server answered, and its words in the status line.
  'decision.decided': (view) => {
    const { context, event, actions } = view
    if (event.type === 'xstate.done.actor.decideCharge') {
      const answer = event.output as { charge: ChargeItem; message: string }
      expect([context.decided, context.status, context.notice]).toEqual([
        answer.charge,
        answer.charge.status,
        answer.message,
      ])
      expect(actions).toContain('decided')
    }
    expect(['approved', 'declined']).toContain(context.status)
  },
  // Decided or withdrawn meanwhile (409): said, and the page reads the charges again.
  'decision.stale': (view) => {
    if (view.event.type === 'xstate.error.actor.decideCharge') {
      expect((view.event.error as { status?: number }).status).toBe(409)
      expect(view.actions).toContain('chargeChanged')
    }
    expect(view.context.message).toBeTruthy()
  },
  // Not open (approved, declined, withdrawn), from the start or as read again: nothing to decide.
  'decision.closed': (view) => {
    expect(view.context.status).not.toBe('pending')
    if (view.event.type === 'charge.read') expect(view.context.status).toBe(view.event.status)
    expect(decisionAsked(view)).toBeUndefined()
  },
  'attachment.idle': (view) => {
    expect(view.requests.downloadAttachment).toBeUndefined()
    if (view.event.type === 'xstate.error.actor.downloadAttachment') {
      expect(view.context.attachmentMessage).toBe(told(view) || messages.generic)
    }
  },
  // Only a charge with a file downloads it, by its name.
  'attachment.downloading': (view) => {
    expect(view.context.attachmentName).not.toBeNull()
    expect(view.requests.downloadAttachment).toEqual({
      id: view.context.id,
      name: view.context.attachmentName,
    })
    expect(view.context.attachmentMessage).toBeNull()
  },
})

/** The booking page's charges. */
export const chargeListStates = stateChecks(chargeListMachine, {
  loading: ({ context, requests }) => {
    expect(requests).toEqual({ listCharges: { number: context.number } })
  },
  failed: (view) => {
    expect(view.requests).toEqual({})
    expect(view.context.message).toBe(told(view) || messages.generic)
  },
  // Waiting ones first, oldest first.
  ready: ({ context, event, requests }) => {
    expect(requests).toEqual({})
    if (event.type === 'xstate.done.actor.listCharges') {
      expect(context.charges).toEqual(pendingFirst(event.output as ChargeItem[]))
    }
    const statuses = context.charges.map((charge: ChargeItem) => charge.status === 'pending')
    expect(statuses).toEqual([...statuses].sort((a, b) => Number(b) - Number(a)))
  },
})
