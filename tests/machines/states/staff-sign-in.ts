import { expect } from 'vitest'
import { messages } from '../../../contract/messages'
import { type StaffLoginStep, type StaffSignedIn, staffMessages } from '../../../contract/staff'
import { staffSignInMachine } from '../../../machines/staff-sign-in.machine'
import { type StateView, stateChecks } from '../model'

/** What a failed call said: its status and the server's message. */
const refusal = ({ event }: StateView) => event.error as { status?: number; message?: string }

/** The code sent, as the server reads it: spaces (and a recovery code's dash) do not count. */
const sentCode = (code: string, recovery: boolean) =>
  recovery ? code.replace(/[\s-]+/g, '').toLowerCase() : code.replace(/\s+/g, '')

/** docs/staff.md "The second factor": what /staff/login shows and sends at each step. */
export const staffSignInStates = stateChecks(staffSignInMachine, {
  // Email and password: nothing on its way and no challenge held; a refused password says the server's words,
  // and only a challenge that ran out (400) sends the person back here from the code.
  credentials: (view) => {
    const { context, event } = view
    expect(view.requests).toEqual({})
    expect(context.challenge).toBeNull()
    expect(context.code).toBe('')
    if (event.type === 'user.submit') {
      expect(Object.keys(context.errors).length).toBeGreaterThan(0)
      expect(context.shown).toMatchObject({ email: true, password: true })
    }
    if (event.type === 'xstate.error.actor.checkPassword') {
      expect(context.notice).toBe(refusal(view).message || messages.generic)
    }
    if (event.type === 'xstate.error.actor.verifyCode') {
      expect(refusal(view).status).toBe(400)
      expect(context.notice).toBe(refusal(view).message || staffMessages.challengeExpired)
    }
  },
  // The email and password as typed, and only a form with no message.
  checkingPassword: (view) => {
    const { values, errors } = view.context
    expect(view.requests).toEqual({ checkPassword: { email: values.email, password: values.password } })
    expect(errors).toEqual({})
  },
  // First sign-in: the QR code and the key to type, from the server's 'enrol' answer; a refused code says why.
  'secondStep.enrolling': (view) => {
    const { context, event } = view
    expect(view.requests).toEqual({})
    expect(context.enrolment?.uri).toMatch(/^otpauth:\/\//)
    expect(context.useRecovery).toBe(false)
    if (event.type === 'xstate.done.actor.checkPassword') {
      const { step, challenge, ...enrolment } = event.output as Extract<StaffLoginStep, { step: 'enrol' }>
      expect(step).toBe('enrol')
      expect({ challenge: context.challenge, enrolment: context.enrolment }).toEqual({ challenge, enrolment })
    }
    if (event.type === 'xstate.error.actor.verifyCode') {
      expect(refusal(view).status).not.toBe(400)
      expect([context.codeError, context.code]).toEqual([refusal(view).message || messages.generic, ''])
    }
    if (event.type === 'user.verify') expect(context.codeError).toBe(staffMessages.codeRequired)
  },
  // The authenticator's first code confirms the secret: six digits, never a recovery code.
  'secondStep.verifyingEnrolment': (view) => {
    const sent = view.requests.verifyCode as { challenge: string; code: string; recovery: boolean }
    expect(Object.keys(view.requests)).toEqual(['verifyCode'])
    expect(sent).toMatchObject({ challenge: view.context.challenge, recovery: false })
    expect(sentCode(sent.code, false)).toMatch(/^\d{6}$/)
    if (view.event.type === 'user.verify') expect(sent.code).toBe(view.context.code)
  },
  // The code step of an enrolled person ('code' answer): no QR code; a refused or malformed code says why.
  'secondStep.code': (view) => {
    const { context, event } = view
    expect(view.requests).toEqual({})
    expect(context.enrolment).toBeNull()
    expect(context.challenge).toBeTruthy()
    if (event.type === 'xstate.done.actor.checkPassword') {
      expect(event.output).toEqual({ step: 'code', challenge: context.challenge })
    }
    if (event.type === 'xstate.error.actor.verifyCode') {
      expect(refusal(view).status).not.toBe(400)
      expect([context.codeError, context.code]).toEqual([refusal(view).message || messages.generic, ''])
    }
    if (event.type === 'user.verify') {
      const told = context.useRecovery
        ? [staffMessages.recoveryRequired, staffMessages.recoveryInvalid]
        : [staffMessages.codeRequired]
      expect(told).toContain(context.codeError)
    }
    if (event.type === 'user.useRecovery' || event.type === 'user.useCode') {
      expect([context.useRecovery, context.code]).toEqual([event.type === 'user.useRecovery', ''])
    }
  },
  // The challenge with a well-formed code, or a recovery code when the person chose one.
  'secondStep.verifying': (view) => {
    const sent = view.requests.verifyCode as { challenge: string; code: string; recovery: boolean }
    expect(Object.keys(view.requests)).toEqual(['verifyCode'])
    expect(sent).toMatchObject({ challenge: view.context.challenge, recovery: view.context.useRecovery })
    expect(sentCode(sent.code, sent.recovery)).toMatch(sent.recovery ? /^[a-z0-9]{10}$/ : /^\d{6}$/)
    if (view.event.type === 'user.verify') expect(sent.code).toBe(view.context.code)
  },
  // After the enrolment's first right code: the recovery codes the server made, shown once before the console
  // opens (not yet signed in), and the password no longer kept.
  recoveryCodes: (view) => {
    const { context, event, answered } = view
    expect(event.type).toBe('xstate.done.actor.verifyCode')
    const answer = event.output as StaffSignedIn
    expect(answered?.input).toMatchObject({ recovery: false })
    expect(view.before.matches({ secondStep: 'verifyingEnrolment' })).toBe(true)
    expect(context.recoveryCodes).toEqual(answer.recoveryCodes ?? null)
    expect(view.actions).not.toContain('signIn')
    expect(context.values.password).toBe('')
  },
  // Signed in: the session starts with the server's answer, after the code step or once the codes were kept.
  signedIn: (view) => {
    const { context, event, before } = view
    expect(view.actions).toContain('signIn')
    expect(context.signedIn?.token).toBeTruthy()
    expect(context.values.password).toBe('')
    if (event.type === 'xstate.done.actor.verifyCode') {
      expect(before.matches({ secondStep: 'verifying' })).toBe(true)
      expect(context.signedIn).toEqual(event.output)
    } else {
      expect([event.type, before.matches('recoveryCodes')]).toEqual(['user.continue', true])
    }
  },
})
