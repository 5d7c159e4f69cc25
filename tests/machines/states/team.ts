import { expect } from 'vitest'
import { messages } from '../../../contract/messages'
import { type TeamView, teamMessages } from '../../../contract/team'
import { teamMachine } from '../../../machines/team.machine'
import type { TeamAction } from '../../../machines/team-actions'
import { type StateView, stateChecks } from '../model'

/** What a failed call said. */
const failure = ({ event }: StateView) =>
  (event.error ?? {}) as { status?: number; message?: string; errors?: Record<string, string[]> }

/** The change a row's button asks for, or undefined for any other event. */
function asked(event: StateView['event']): TeamAction | undefined {
  const kinds: Record<string, TeamAction['kind']> = {
    'invitation.resend': 'resend',
    'invitation.revoke': 'revoke',
    'member.changeRole': 'changeRole',
    'member.deactivate': 'deactivate',
    'member.reactivate': 'reactivate',
    'request.approve': 'approve',
    'request.decline': 'decline',
  }
  const kind = kinds[event.type]
  return kind && ({ kind, id: event.id, ...(event.role ? { role: event.role } : {}) } as TeamAction)
}

/** The row a change is about, where its refusal is said. */
const rowOf = (action: TeamAction) =>
  `${['resend', 'revoke'].includes(action.kind) ? 'invitation' : ['approve', 'decline'].includes(action.kind) ? 'request' : 'member'}-${action.id}`

/** Whether the company still has an active Admin once a member's change is made (docs/teams.md). */
const keepsActiveAdmin = (team: TeamView, action: TeamAction) =>
  team.members.some((one) => {
    if (one.id !== action.id) return one.role === 'admin' && one.status === 'Active'
    if (action.kind === 'changeRole') return action.role === 'admin' && one.status === 'Active'
    return action.kind === 'reactivate' && one.role === 'admin'
  })

/**
 * A change an Admin may make to this team: a row that is there, never one that leaves the company without an
 * active Admin, never deactivating oneself; approving gives Member or Viewer.
 */
function expectAllowed(team: TeamView, action: TeamAction) {
  expect(team.myRole).toBe('admin')
  if (action.kind === 'resend' || action.kind === 'revoke') {
    expect(team.invitations.find((one) => one.id === action.id)?.status).toMatch(/^(Invited|Expired)$/)
  } else if (action.kind === 'approve' || action.kind === 'decline') {
    expect(team.joinRequests.some((one) => one.id === action.id)).toBe(true)
    if (action.kind === 'approve') expect(['member', 'viewer']).toContain(action.role)
  } else {
    const member = team.members.find((one) => one.id === action.id)
    expect(keepsActiveAdmin(team, action)).toBe(true)
    if (action.kind === 'deactivate')
      expect([member?.status !== 'Deactivated', member?.isMe]).toEqual([true, false])
    if (action.kind === 'reactivate') expect(member?.status).toBe('Deactivated')
    if (action.kind === 'changeRole') expect(member?.role).not.toBe(action.role)
  }
}

/** Revoking, deactivating, reactivating, declining and giving up one's own Admin role ask first. */
const asksFirst = (team: TeamView, action: TeamAction) =>
  ['revoke', 'deactivate', 'reactivate', 'decline'].includes(action.kind) ||
  (action.kind === 'changeRole' &&
    action.role !== 'admin' &&
    team.members.some((one) => one.id === action.id && one.isMe))

const done: Record<TeamAction['kind'], string> = {
  resend: teamMessages.resent,
  revoke: teamMessages.revoked,
  changeRole: teamMessages.roleChanged,
  deactivate: teamMessages.deactivated,
  reactivate: teamMessages.reactivated,
  approve: teamMessages.approved,
  decline: teamMessages.declined,
}

/** docs/teams.md "My Team": /user/team, one request at a time, the list always the server's. */
export const teamStates = stateChecks(teamMachine, {
  // The team is asked for; nothing shown yet.
  loading: ({ context, requests }) => {
    expect(Object.keys(requests)).toEqual(['loadTeam'])
    expect(context.team).toBeNull()
  },
  // It could not be loaded: the server's message or the generic one, and Try again.
  failed: (view) => {
    expect(Object.keys(view.requests)).toEqual([])
    expect([view.event.type, view.context.team]).toEqual(['xstate.error.actor.loadTeam', null])
    expect(view.context.message).toBe(failure(view).message || messages.generic)
  },
  // The team as the server last answered, nothing on its way; the outcome in the status line, a refusal in
  // its row; and a company is never left without an active Admin, nor an Admin deactivating themself.
  'ready.idle': (view) => {
    const { context, event, before, answered, actions } = view
    const team = context.team as TeamView
    expect(Object.keys(view.requests)).toEqual([])
    expect(context.action).toBeNull()
    if (event.type.startsWith('xstate.done.actor.')) {
      expect([team, actions.includes('announceRole')]).toEqual([event.output, true])
    }
    if (event.type === 'xstate.done.actor.invite') {
      expect([context.notice, context.values]).toEqual([
        teamMessages.invited,
        { email: '', name: '', role: '' },
      ])
    }
    if (event.type === 'xstate.done.actor.teamAction') {
      expect(context.notice).toBe(done[(answered as { input: TeamAction }).input.kind])
    }
    if (event.type === 'xstate.error.actor.teamAction') {
      const stale = [404, 409].includes(failure(view).status ?? 0) ? teamMessages.stale : messages.generic
      const text = failure(view).message || stale
      expect(context.rowMessage).toEqual({ row: rowOf(answered?.input as TeamAction), text })
    }
    if (event.type.startsWith('xstate.error.actor.')) expect(team).toBe(before.context.team)
    if (event.type === 'xstate.error.actor.loadTeam')
      expect(context.message).toBe(failure(view).message || messages.generic)
    const action = asked(event)
    if (action && (action.kind === 'changeRole' || action.kind === 'deactivate') && team.myRole === 'admin') {
      const me = team.members.some((one) => one.id === action.id && one.isMe)
      if (action.kind === 'deactivate' && me) {
        expect(context.rowMessage).toEqual({ row: rowOf(action), text: 'You cannot deactivate yourself.' })
      } else if (!keepsActiveAdmin(team, action)) {
        expect(context.rowMessage).toEqual({
          row: rowOf(action),
          text: 'Your company must keep at least one active Admin.',
        })
      }
    }
  },
  // The page stays shown while the team is read again; what was said before goes.
  'ready.refreshing': ({ context, event, requests }) => {
    expect(Object.keys(requests)).toEqual(['loadTeam'])
    expect(context.team).not.toBeNull()
    expect([event.type, context.notice, context.rowMessage]).toEqual(['user.refresh', null, null])
  },
  // The invite dialog, an Admin's only: opened empty; a refusal keeps what was typed and says why where it
  // belongs (a taken email under the email, other fields under theirs, anything else above the form).
  'ready.inviting.editing': (view) => {
    const { context, event, before } = view
    expect(Object.keys(view.requests)).toEqual([])
    expect(context.team?.myRole).toBe('admin')
    if (event.type === 'invite.open')
      expect([context.values, context.inviteMessage]).toEqual([{ email: '', name: '', role: '' }, null])
    if (event.type === 'invite.submit')
      expect(Object.keys(context.errors).filter((field) => !context.shown[field])).toEqual([])
    if (event.type === 'xstate.error.actor.invite') {
      const { status, message, errors } = failure(view)
      expect(context.values).toEqual(before.context.values)
      if (status === 409) expect(context.errors.email).toEqual([message || teamMessages.emailTaken])
      else if (status === 422) expect(context.errors).toMatchObject(errors ?? {})
      else expect(context.inviteMessage).toBe(message || messages.generic)
    }
  },
  // The invitation as typed (the email trimmed and in lower case), with a role; the dialog waits.
  'ready.inviting.sending': ({ context, event, requests }) => {
    const { email, name, role } = context.values
    expect(requests).toEqual({ invite: { email: email.trim().toLowerCase(), name: name.trim(), role } })
    expect(['admin', 'member', 'viewer']).toContain(role)
    expect(event.type).toBe('invite.submit')
  },
  // "Are you sure?": a change that asks first, allowed by the rules; nothing sent yet.
  'ready.confirming': ({ context, event, requests }) => {
    const team = context.team as TeamView
    expect(Object.keys(requests)).toEqual([])
    expect([context.action, context.confirming]).toEqual([asked(event), true])
    expectAllowed(team, context.action)
    expect(asksFirst(team, context.action)).toBe(true)
  },
  // The change goes: at once for what needs no confirmation, else the one confirmed.
  'ready.acting': ({ context, event, before, requests }) => {
    const team = context.team as TeamView
    const action = event.type === 'user.confirm' ? before.context.action : asked(event)
    expect(requests).toEqual({ teamAction: action })
    expectAllowed(team, action)
    expect(asksFirst(team, action)).toBe(event.type === 'user.confirm')
  },
})
