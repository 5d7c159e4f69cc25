import { expect } from 'vitest'
import { messages } from '../../../contract/messages'
import { loginMachine } from '../../../machines/login.machine'
import { type StateView, stateChecks } from '../model'

/** The answer the step brought, when it answered the login request. */
const loginAnswer = ({ event }: StateView) =>
  event.type === 'xstate.done.actor.login' ? (event.output as Record<string, unknown>) : undefined

/** Spec sections 4, 5 and 8: what the login page shows, sends and does in each state. */
export const loginStates = stateChecks(loginMachine, {
  // The form: nothing in flight, no dialog; a submit that stayed here sent nothing and shows every message.
  editing: ({ context, event, requests }) => {
    expect(requests).toEqual({})
    expect(context.dialogMessage).toBeNull()
    if (event.type === 'user.submit') {
      expect(Object.keys(context.errors).length).toBeGreaterThan(0)
      expect(context.shown).toMatchObject({ email: true, password: true })
    }
  },
  // The email and password typed, sent as they are; the button waits.
  submitting: ({ context, requests }) => {
    expect(requests).toEqual({ login: { email: context.values.email, password: context.values.password } })
    expect(context.dialogMessage).toBeNull()
  },
  // Any answer but a Customer's 'User authenticated' is the generic message; a failed call shows the server's
  // message when it has one.
  failed: (view) => {
    const { context, event } = view
    const answer = loginAnswer(view)
    if (answer) {
      expect(answer.message === 'User authenticated' && answer.user_type === 'Customer').toBe(false)
      expect(context.dialogMessage).toBe(messages.generic)
    } else if (event.type === 'xstate.error.actor.login') {
      const told = (event.error as { message?: string } | undefined)?.message
      expect(context.dialogMessage).toBe(told || messages.generic)
    }
    expect(context.dialogMessage).toBeTruthy()
  },
  // isLoggedIn true: the spec's words, and the way out offered.
  'elsewhere.offered': (view) => {
    const answer = loginAnswer(view)
    if (answer) expect(answer.isLoggedIn).toBe(true)
    expect(view.context.dialogMessage).toBe(
      'You are currently logged in on another device. Please log out from the other device to continue.',
    )
    expect(view.context.release.sent).toBeNull()
  },
  // The link that ends the other session is asked for with the email and password typed.
  'elsewhere.requesting': ({ context, requests }) => {
    expect(requests).toEqual({
      requestRelease: { email: context.values.email, password: context.values.password },
    })
  },
  'elsewhere.sent': ({ context, event }) => {
    if (event.type === 'xstate.done.actor.requestRelease') {
      expect(context.release.sent).toBe((event.output as { message: string }).message)
    }
    expect(context.release.sent).toBeTruthy()
  },
  // Signed in only on 'User authenticated' with user_type Customer: the session is stored at once, the page
  // moves on 300 ms later (not yet), and the password is not kept on screen.
  redirecting: (view) => {
    const answer = loginAnswer(view)
    expect(answer).toMatchObject({ message: 'User authenticated', user_type: 'Customer' })
    expect(view.actions).toContain('startSession')
    expect(view.actions).not.toContain('goToUserHome')
    expect(view.context.values.password).toBe('')
  },
  done: ({ actions, event }) => {
    expect(event.type).toBe('xstate.after.redirect.login.redirecting')
    expect(actions).toEqual(['goToUserHome'])
  },
})
