import { expect } from 'vitest'
import { messages } from '../../../contract/messages'
import { type InvitationView, teamMessages } from '../../../contract/team'
import type { LoginResponse } from '../../../contract/wire'
import { invitationMachine } from '../../../machines/invitation.machine'
import { type StateView, stateChecks } from '../model'

/** What a failed call said. */
const failure = ({ event }: StateView) =>
  (event.error ?? {}) as { status?: number; message?: string; errors?: Record<string, string[]> }

/** The messages that end an invitation link (contract/team.ts), each shown alone. */
const endings: string[] = [
  teamMessages.invitationInvalid,
  teamMessages.invitationExpired,
  teamMessages.invitationRevoked,
  teamMessages.invitationUsed,
  teamMessages.invitationEmailTaken,
]

/** No answer worth showing as the link's fate: offline, the server failing, too many tries. */
const unanswered = (status: number | undefined) => !status || status === 429 || status >= 500

/** The form as the invitation fills it: its token and invited email, which the invitee cannot change. */
const invitedForm = ({ context, requests }: StateView) => {
  const invitation = context.invitation as InvitationView
  expect(context.values.email).toBe(invitation.email)
  expect(context.values.token).not.toBe('')
  return { invitation, requests }
}

/** docs/teams.md "The invitation page": /join?token=…, what the link shows and what accepting does. */
export const invitationStates = stateChecks(invitationMachine, {
  // Someone is signed in in this browser: asked to log out first, and the link is not even checked.
  signedIn: ({ context, event, requests }) => {
    expect([event.type, context.signedIn, requests]).toEqual(['xstate.init', true, {}])
  },
  // The link's token is checked, as the mail gave it.
  checking: ({ context, requests }) => {
    expect(requests).toEqual({ checkInvitation: { token: context.values.token } })
    expect(context.values.token).not.toBe('')
    expect([context.signedIn, context.message]).toEqual([false, null])
  },
  // The check got no answer (offline, 5xx, 429): the reason and Try again.
  unavailable: (view) => {
    expect(view.requests).toEqual({})
    expect(view.event.type).toBe('xstate.error.actor.checkInvitation')
    expect(unanswered(failure(view).status)).toBe(true)
    expect(view.context.message).toBe(failure(view).message || messages.generic)
  },
  // The link cannot be used: one of the contract's messages alone; the server's own when it sent one of them.
  invalid: (view) => {
    const { context, event } = view
    expect(view.requests).toEqual({})
    expect(endings).toContain(context.message)
    if (event.type === 'xstate.init')
      expect([context.values.token, context.message]).toEqual(['', 'This invitation link is invalid.'])
    else {
      expect(unanswered(failure(view).status)).toBe(false)
      const said = failure(view).message ?? ''
      expect(context.message).toBe(endings.includes(said) ? said : 'This invitation link is invalid.')
    }
    if (event.type === 'xstate.error.actor.acceptInvitation')
      expect(context.message).toBe(failure(view).message)
  },
  // The form: the invited email read-only, the Admin's name to keep or change; a 422 puts the server's
  // messages under their fields and keeps what was typed; a refused submit shows every message.
  'form.editing': (view) => {
    const { context, event, before } = view
    const { invitation, requests } = invitedForm(view)
    expect(requests).toEqual({})
    if (event.type === 'xstate.done.actor.checkInvitation') {
      expect(event.output).toEqual(invitation)
      expect(context.values).toMatchObject({ esus_name: invitation.name, esus_phone: '', esus_password: '' })
    }
    if (event.type === 'xstate.error.actor.acceptInvitation') {
      expect([failure(view).status, context.values]).toEqual([422, before.context.values])
      expect(context.errors).toMatchObject(failure(view).errors ?? {})
    }
    if (event.type === 'user.submit')
      expect(Object.keys(context.errors).filter((field) => !context.shown[field])).toEqual([])
  },
  // The invitee's account as typed goes with the token and the invited email; only a form with no message.
  'form.submitting': (view) => {
    const { context } = view
    const { invitation, requests } = invitedForm(view)
    const { token, esus_name, esus_phone, esus_password, password_confirmation } = context.values
    expect(requests).toEqual({
      acceptInvitation: {
        token,
        email: invitation.email,
        esus_name: esus_name.trim(),
        esus_phone: esus_phone.trim(),
        esus_password,
        password_confirmation,
      },
    })
    expect([context.errors, esus_password]).toEqual([{}, password_confirmation])
  },
  // Accepting failed without ending the link: the reason above the form, what was typed kept.
  'form.failed': (view) => {
    const { context, event, before } = view
    invitedForm(view)
    expect(view.requests).toEqual({})
    expect(context.message).toBeTruthy()
    if (event.type === 'xstate.error.actor.acceptInvitation') {
      expect(endings).not.toContain(failure(view).message)
      expect(context.message).toBe(failure(view).message || messages.generic)
    }
    if (event.type === 'xstate.done.actor.acceptInvitation') {
      // An answer that starts no session (no token, no user) is not a login's.
      const answer = event.output as Partial<LoginResponse>
      expect([Boolean(answer.token && answer.user), context.message]).toEqual([false, messages.generic])
    }
    if (event.type.startsWith('xstate.')) expect(context.values).toEqual(before.context.values)
  },
  // Joined: the answer is the login's with a new session's token; the session starts and /user/home opens.
  done: ({ event, actions }) => {
    expect(event.type).toBe('xstate.done.actor.acceptInvitation')
    const answer = event.output as LoginResponse
    expect(answer.token).toBeTruthy()
    expect(answer.user).toBeDefined()
    expect(actions).toEqual(['startSession', 'goToUserHome'])
  },
})
