import { expect } from 'vitest'
import { messages } from '../../../contract/messages'
import { deskMessages } from '../../../contract/quote-desk'
import { offerDeclineMachine } from '../../../machines/offer-decline.machine'
import { type StateView, stateChecks } from '../model'

/** What a failed call said. */
const failure = ({ event }: StateView) => (event.error ?? {}) as { status?: number; message?: string }

/** Issue 22: declining the sales team's offer asks why; the reason goes to the sales person. */
export const offerDeclineStates = stateChecks(offerDeclineMachine, {
  // No dialog; once declined (with a reason), the page reads the quote again.
  closed: ({ event, actions, answered, requests }) => {
    expect(requests).toEqual({})
    if (event.type === 'xstate.done.actor.decline') {
      expect(answered?.input).toMatchObject({ reason: expect.stringMatching(/\S/) })
      expect(actions).toContain('declined')
    } else expect(actions).not.toContain('declined')
  },
  // The dialog: nothing sent; a Decline without a reason says to give one; a refusal says why and keeps it.
  editing: (view) => {
    const { context, event, before } = view
    expect(view.requests).toEqual({})
    if (event.type === 'user.open') expect([context.message, context.shown]).toEqual([null, {}])
    if (event.type === 'user.submit') {
      expect(context.values.reason.trim()).toBe('')
      expect([context.errors.reason, context.shown.reason]).toEqual([[deskMessages.reasonRequired], true])
    }
    if (event.type === 'xstate.error.actor.decline') {
      expect(context.message).toBe(failure(view).message || messages.generic)
      expect(context.values).toEqual(before.context.values)
    }
  },
  // The reason typed goes with the quote's number.
  sending: ({ context, event, requests }) => {
    expect(event.type).toBe('user.submit')
    expect(requests).toEqual({ decline: { number: context.number, reason: context.values.reason } })
    expect(context.values.reason.trim()).not.toBe('')
  },
})
