import { expect } from 'vitest'
import { messages } from '../../../contract/messages'
import { basicEmailPattern } from '../../../contract/rules'
import { activationMachine } from '../../../machines/activation.machine'
import { type StateView, stateChecks } from '../model'

/** What a failed call said. */
const failure = ({ event }: StateView) => (event.error ?? {}) as { status?: number; message?: string }

/** The page the activation link opens (/activate): the account is activated at once, a failed link offers a new one. */
export const activationStates = stateChecks(activationMachine, {
  // On arrival the link's token is sent at once; nothing is said yet.
  activating: ({ context, event, requests }) => {
    expect(event.type).toBe('xstate.init')
    expect(context.token).not.toBe('')
    expect(requests).toEqual({ activate: { token: context.token } })
    expect(context.message).toBeNull()
  },
  // The server's own words that the account is active, for the link's token; the way on is /login.
  activated: ({ context, event, answered, requests }) => {
    expect(event.type).toBe('xstate.done.actor.activate')
    expect(context.message).toBe((event.output as { message: string }).message)
    expect(answered?.input).toEqual({ token: context.token })
    expect(requests).toEqual({})
  },
  // The link did not work (no token, used, expired): why, in the server's words or the generic message, and a
  // form asking for a new link; a refused request for one says why and keeps the email typed.
  'failed.offering': (view) => {
    const { context, event, before, requests } = view
    expect(requests).toEqual({})
    expect(context.token === '' || context.message !== null).toBe(true)
    if (event.type === 'xstate.error.actor.activate') {
      expect(context.message).toBe(failure(view).message || messages.generic)
    }
    if (event.type === 'xstate.error.actor.resend') {
      expect(context.resendMessage).toBe(failure(view).message || messages.generic)
      expect(context.values).toEqual(before.context.values)
    }
    if (event.type === 'user.resend') {
      expect(basicEmailPattern.test(context.values.email)).toBe(false)
      expect(context.shown.email).toBe(true)
    }
  },
  // A new link is asked for with a well-formed email, the one typed.
  'failed.resending': ({ context, requests }) => {
    expect(requests).toEqual({ resend: { email: context.values.email } })
    expect(context.values.email).toMatch(basicEmailPattern)
  },
  // The server's answer to the request for a new link, for the email typed.
  'failed.resent': ({ context, event, answered, requests }) => {
    expect(event.type).toBe('xstate.done.actor.resend')
    expect(context.resendMessage).toBe((event.output as { message: string }).message)
    expect(answered?.input).toEqual({ email: context.values.email })
    expect(requests).toEqual({})
  },
})
