import { expect } from 'vitest'
import { messages } from '../../../contract/messages'
import { basicEmailPattern } from '../../../contract/rules'
import { forgotPasswordMachine } from '../../../machines/forgot-password.machine'
import { type StateView, stateChecks } from '../model'

/** What a failed call said. */
const failure = ({ event }: StateView) => (event.error ?? {}) as { status?: number; message?: string }

/** Spec sections 4, 5 and 8: the Forgot Password modal of the login page. */
export const forgotPasswordStates = stateChecks(forgotPasswordMachine, {
  // No modal, nothing in flight; closed by Dismiss (the form reset) or by the exact 'link sent' answer.
  closed: ({ context, event, requests }) => {
    expect(requests).toEqual({})
    expect(context.dialogMessage).toBeNull()
    if (event.type === 'xstate.done.actor.requestReset') {
      expect((event.output as { message: string }).message).toBe(
        'Password Reset Link sent to your registered E-Mail.',
      )
      expect(context.sent).toBe(true)
    } else {
      expect(context.sent).toBe(false)
    }
    if (event.type === 'user.dismiss') expect([context.values, context.shown]).toEqual([{ email: '' }, {}])
  },
  // The modal's form: nothing in flight, no dialog; opened empty; a submit that stayed here shows why.
  'open.editing': ({ context, event, before, requests }) => {
    expect(requests).toEqual({})
    expect(context.dialogMessage).toBeNull()
    if (event.type === 'user.open') expect([context.values, context.shown]).toEqual([{ email: '' }, {}])
    if (event.type === 'user.submit') {
      expect(context.values.email).not.toMatch(basicEmailPattern)
      expect(context.shown.email).toBe(true)
    }
    if (event.type === 'dialog.acknowledged') expect(context.values).toEqual(before.context.values)
  },
  // The well-formed email typed is sent.
  'open.sending': ({ context, requests }) => {
    expect(requests).toEqual({ requestReset: { email: context.values.email } })
    expect(context.values.email).toMatch(basicEmailPattern)
    expect(context.dialogMessage).toBeNull()
  },
  // Any other answer, or an error, is the generic dialog; a rate limit (429) says how long to wait in the
  // server's words. What was typed stays.
  'open.failed': (view) => {
    const { context, event, answered } = view
    if (event.type === 'xstate.done.actor.requestReset') {
      expect((event.output as { message: string }).message).not.toBe(messages.resetLinkSent)
      expect(context.dialogMessage).toBe(messages.generic)
    } else {
      expect(event.type).toBe('xstate.error.actor.requestReset')
      const { status, message } = failure(view)
      expect(context.dialogMessage).toBe(status === 429 ? message || messages.generic : messages.generic)
    }
    expect(answered?.input).toEqual(context.values)
  },
})
