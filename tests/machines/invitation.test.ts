import { describe, expect, it, vi } from 'vitest'
import { type AnyMachineSnapshot, createActor, type EventObject } from 'xstate'
import { CUSTOMER_USER_TYPE, messages } from '../../contract/messages'
import { ruleMessages } from '../../contract/rules'
import { type InvitationView, teamMessages } from '../../contract/team'
import type { LoginResponse } from '../../contract/wire'
import { endingsWithLogin, invitationEndings, invitationMachine } from '../../machines/invitation.machine'
import { controllablePromises } from './model'
import { allChecks, formChecks, modelSuite } from './model-suite'
import { invitationStates } from './states/invitation'

const view: InvitationView = {
  email: 'mei@acme.example',
  name: 'Mei Tan',
  role: 'viewer',
  companyName: 'Acme Imports',
  dialingCode: '+65',
  expiresAt: '2025-12-03T02:00:00.000Z',
}

const signedIn: LoginResponse = {
  message: messages.userAuthenticated,
  user_type: CUSTOMER_USER_TYPE,
  isLoggedIn: false,
  token: 'a-new-session-token',
  user: {
    esus_name: 'Mei Tan',
    esus_email_id: 'mei@acme.example',
    esus_company_name: 'Acme Imports',
    esus_mcou: 196,
    mcou_code: 'SG',
    company_role: 'viewer',
  },
}

const names = ['checkInvitation', 'acceptInvitation'] as const
const token = 'tok-0123456789abcdef'

const serializer = (
  snapshot: AnyMachineSnapshot,
  event: EventObject | undefined,
  previous?: AnyMachineSnapshot,
) => {
  const c = snapshot.context
  return JSON.stringify([
    previous?.value,
    event?.type,
    snapshot.value,
    c.values,
    Object.keys(c.errors),
    Object.keys(c.shown).length,
    c.message,
  ])
}

const password = 'Harbour#2025'

modelSuite('invitation page', invitationMachine, {
  promises: names,
  events: [
    { type: 'xstate.done.actor.checkInvitation', output: view },
    {
      type: 'xstate.error.actor.checkInvitation',
      error: { status: 410, message: teamMessages.invitationExpired },
    },
    { type: 'xstate.error.actor.checkInvitation', error: { status: 400, message: 'Invalid input.' } },
    { type: 'xstate.error.actor.checkInvitation', error: { status: 0 } },
    { type: 'user.retry' },
    { type: 'field.changed', field: 'esus_phone', value: '91234567' },
    { type: 'field.changed', field: 'esus_password', value: password },
    { type: 'field.changed', field: 'password_confirmation', value: password },
    { type: 'field.changed', field: 'email', value: 'someone.else@acme.example' },
    { type: 'field.changed', field: 'esus_name', value: '' },
    { type: 'field.blurred', field: 'esus_phone' },
    { type: 'user.submit' },
    { type: 'xstate.done.actor.acceptInvitation', output: signedIn },
    { type: 'xstate.done.actor.acceptInvitation', output: { message: 'Something else' } },
    {
      type: 'xstate.error.actor.acceptInvitation',
      error: { status: 410, message: teamMessages.invitationRevoked },
    },
    {
      type: 'xstate.error.actor.acceptInvitation',
      error: { status: 422, message: 'Invalid input.', errors: { esus_phone: [ruleMessages.phoneMin] } },
    },
    {
      type: 'xstate.error.actor.acceptInvitation',
      error: { status: 403, message: teamMessages.invitationOtherEmail },
    },
  ],
  inputs: [
    { token, signedIn: false },
    { token: '', signedIn: false },
    { token, signedIn: true },
  ],
  serializeState: serializer,
  states: invitationStates,
  // Typing is explored until the form is complete; a failed accept is not explored further.
  filterEvents: (snapshot, event) => {
    if (event.type === 'field.changed') {
      const { values } = snapshot.context
      const field = (event as unknown as { field: string }).field
      // The name, given by the Admin, is cleared after a failed accept (the form is invalid again).
      if (field === 'esus_name') return snapshot.matches({ form: 'failed' }) && values.esus_name !== ''
      return field === 'email' ? values.esus_phone === '' : values[field] === ''
    }
    return !(
      snapshot.matches({ form: 'failed' }) &&
      event.type === 'user.submit' &&
      snapshot.context.message === messages.generic
    )
  },
  check: allChecks(formChecks(['acceptInvitation']), (actor, step, _before, answered) => {
    const after = actor.getSnapshot() as AnyMachineSnapshot
    const event = step.event as EventObject & Record<string, unknown>
    // The invited email and the token are never the invitee's to change.
    expect(after.context.values.email).toBe(after.context.invitation?.email ?? '')
    // An unusable link shows one of the contract's messages and no form.
    if (after.matches('invalid')) expect(invitationEndings).toContain(after.context.message)
    switch (event.type) {
      case 'xstate.done.actor.checkInvitation':
        // The form starts from the invitation: its email, and the name the Admin gave.
        expect(after.context.values).toMatchObject({ token, email: view.email, esus_name: view.name })
        break
      case 'xstate.error.actor.checkInvitation': {
        const status = (event.error as { status: number }).status
        if (status === 410) expect(after.context.message).toBe(teamMessages.invitationExpired)
        if (status === 400) expect(after.context.message).toBe(teamMessages.invitationInvalid)
        if (status === 0) expect(after.matches('unavailable')).toBe(true)
        break
      }
      case 'xstate.done.actor.acceptInvitation':
        if ((event.output as LoginResponse).token) expect(after.matches('done')).toBe(true)
        else expect(after.context.message).toBe(messages.generic)
        expect(answered?.input).toEqual({
          token,
          email: view.email,
          esus_name: view.name,
          esus_phone: '91234567',
          esus_password: password,
          password_confirmation: password,
        })
        break
      case 'xstate.error.actor.acceptInvitation': {
        const status = (event.error as { status: number }).status
        if (status === 410) {
          expect(after.matches('invalid')).toBe(true)
          expect(after.context.message).toBe(teamMessages.invitationRevoked)
        }
        if (status === 422) expect(after.context.errors.esus_phone).toEqual([ruleMessages.phoneMin])
        if (status === 403) {
          expect(after.matches({ form: 'failed' })).toBe(true)
          expect(after.context.message).toBe(teamMessages.invitationOtherEmail)
        }
        break
      }
    }
  }),
})

describe('invitation page', () => {
  const settle = async () => {
    for (let i = 0; i < 3; i += 1) await Promise.resolve()
  }
  function start(input = { token, signedIn: false }) {
    const { actors, pending } = controllablePromises(names)
    const startSession = vi.fn()
    const goToUserHome = vi.fn()
    const actor = createActor(
      invitationMachine.provide({ actors, actions: { startSession, goToUserHome } }),
      {
        input,
      },
    ).start()
    return { actor, pending, startSession, goToUserHome }
  }

  it('checks nothing without a token, or while someone is signed in here', () => {
    const bare = start({ token: '', signedIn: false })
    expect(bare.actor.getSnapshot().matches('invalid')).toBe(true)
    expect(bare.actor.getSnapshot().context.message).toBe(teamMessages.invitationInvalid)
    expect(bare.pending.size).toBe(0)
    const busy = start({ token, signedIn: true })
    expect(busy.actor.getSnapshot().matches('signedIn')).toBe(true)
    expect(busy.pending.size).toBe(0)
  })

  it('shows a used link as used, with the way to the login', async () => {
    const { actor, pending } = start()
    expect(pending.get('checkInvitation')?.input).toEqual({ token })
    pending.get('checkInvitation')?.reject({ status: 410, message: teamMessages.invitationUsed })
    await settle()
    expect(actor.getSnapshot().matches('invalid')).toBe(true)
    expect(actor.getSnapshot().context.message).toBe(teamMessages.invitationUsed)
    expect(endingsWithLogin).toContain(actor.getSnapshot().context.message)
    expect(actor.getSnapshot().can({ type: 'user.submit' })).toBe(false)
  })

  it('holds the registration rules and starts the session as the login does', async () => {
    const { actor, pending, startSession, goToUserHome } = start()
    pending.get('checkInvitation')?.resolve(view)
    pending.delete('checkInvitation')
    await settle()
    actor.send({ type: 'field.changed', field: 'esus_password', value: 'short' })
    actor.send({ type: 'field.changed', field: 'password_confirmation', value: 'other' })
    actor.send({ type: 'user.submit' })
    expect(pending.has('acceptInvitation')).toBe(false)
    const { errors, shown } = actor.getSnapshot().context
    expect(errors.esus_phone?.[0]).toBe(ruleMessages.phoneRequired)
    expect(errors.esus_password?.[0]).toBe(ruleMessages.passwordMin)
    expect(errors.password_confirmation).toEqual([ruleMessages.passwordsDiffer])
    expect(shown.esus_phone).toBe(true)
    actor.send({ type: 'field.changed', field: 'esus_name', value: 'Tan Mei' })
    actor.send({ type: 'field.changed', field: 'esus_phone', value: '91234567' })
    actor.send({ type: 'field.changed', field: 'esus_password', value: password })
    actor.send({ type: 'field.changed', field: 'password_confirmation', value: password })
    actor.send({ type: 'user.submit' })
    expect(pending.get('acceptInvitation')?.input).toMatchObject({ esus_name: 'Tan Mei', email: view.email })
    pending.get('acceptInvitation')?.resolve(signedIn)
    await settle()
    expect(startSession).toHaveBeenCalledWith(expect.anything(), signedIn)
    expect(goToUserHome).toHaveBeenCalledOnce()
    expect(actor.getSnapshot().matches('done')).toBe(true)
  })

  it('offers Try again when the check got no answer', async () => {
    const { actor, pending } = start()
    pending.get('checkInvitation')?.reject({ status: 503, message: 'Please try again in a moment.' })
    pending.delete('checkInvitation')
    await settle()
    expect(actor.getSnapshot().matches('unavailable')).toBe(true)
    expect(actor.getSnapshot().context.message).toBe('Please try again in a moment.')
    actor.send({ type: 'user.retry' })
    expect(pending.get('checkInvitation')?.input).toEqual({ token })
  })
})
