import { expect } from 'vitest'
import { messages } from '../../../contract/messages'
import { resetPasswordMachine } from '../../../machines/reset-password.machine'
import { type StateView, stateChecks } from '../model'

/** What a failed call said. */
const failure = ({ event }: StateView) => (event.error ?? {}) as { status?: number; message?: string }

/** Spec section 5's password rules: 8 to 100 characters, an uppercase letter, a digit and a special character. */
const isStrong = (password: string) =>
  password.length >= 8 &&
  password.length <= 100 &&
  /[A-Z]/.test(password) &&
  /\d/.test(password) &&
  /[^A-Za-z0-9]/.test(password)

/** /reset-password?token=…, the emailed link's page: a new password, by registration's rules. */
export const resetPasswordStates = stateChecks(resetPasswordMachine, {
  // A link without a token: no form, nothing sent.
  invalidLink: ({ context, event, requests }) => {
    expect(event.type).toBe('xstate.init')
    expect(context.values.token).toBe('')
    expect(requests).toEqual({})
  },
  // The form of a link with a token: nothing in flight, no dialog; a submit that stayed here shows every message.
  editing: ({ context, event, before, requests }) => {
    expect(requests).toEqual({})
    expect(context.dialogMessage).toBeNull()
    expect(context.values.token).not.toBe('')
    if (event.type === 'user.submit') {
      const { esus_password, password_confirmation } = context.values
      expect(isStrong(esus_password) && esus_password === password_confirmation).toBe(false)
      for (const field of Object.keys(context.errors)) expect(context.shown).toHaveProperty(field, true)
    }
    if (event.type === 'dialog.acknowledged') expect(context.values).toEqual(before.context.values)
  },
  // The link's token with a strong password, typed twice the same.
  submitting: ({ context, requests }) => {
    expect(requests).toEqual({ resetPassword: context.values })
    expect(context.values.token).not.toBe('')
    expect(isStrong(context.values.esus_password)).toBe(true)
    expect(context.values.password_confirmation).toBe(context.values.esus_password)
  },
  // The server's reason (an expired link) or the generic message; what was typed stays.
  failed: (view) => {
    expect(view.event.type).toBe('xstate.error.actor.resetPassword')
    expect(view.context.dialogMessage).toBe(failure(view).message || messages.generic)
    expect(view.answered?.input).toEqual(view.context.values)
  },
  // The server's confirmation, for the password sent.
  done: ({ context, event, answered, requests }) => {
    expect(event.type).toBe('xstate.done.actor.resetPassword')
    expect(context.doneMessage).toBe((event.output as { message: string }).message)
    expect(answered?.input).toEqual(context.values)
    expect(requests).toEqual({})
  },
})
