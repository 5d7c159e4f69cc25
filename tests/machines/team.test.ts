import { describe, expect, it, vi } from 'vitest'
import { type AnyMachineSnapshot, createActor, type EventObject } from 'xstate'
import { messages } from '../../contract/messages'
import { ruleMessages } from '../../contract/rules'
import { type TeamMember, type TeamView, teamMessages } from '../../contract/team'
import { teamMachine } from '../../machines/team.machine'
import {
  adminsOf,
  doneMessages,
  refusal,
  rowKey,
  type TeamAction,
  type TeamEvent,
} from '../../machines/team-actions'
import { controllablePromises } from './model'
import { allChecks, formChecks, modelSuite } from './model-suite'
import { teamStates } from './states/team'

const member = (over: Partial<TeamMember> & Pick<TeamMember, 'id' | 'name'>): TeamMember => ({
  email: `${over.name.split(' ')[0]?.toLowerCase()}@acme.example`,
  role: 'member',
  status: 'Active',
  lastSignInAt: '2025-11-20T06:30:00.000Z',
  isMe: false,
  ...over,
})

const me = member({ id: 1, name: 'Aisha Rahman', role: 'admin', isMe: true })
const lee = member({ id: 5, name: 'Lee Kok Wah', role: 'admin' })
const priya = member({ id: 2, name: 'Priya Tan' })
const vik = member({ id: 3, name: 'Vikram Nair', role: 'viewer', status: 'Deactivated' })
const ang = member({ id: 4, name: 'Ang Mei Ling', status: 'Awaiting activation', lastSignInAt: null })

const adminTeam: TeamView = {
  company: { name: 'Acme Imports', regnNo: '201912345K' },
  myRole: 'admin',
  members: [me, lee, priya, vik, ang],
  invitations: [
    {
      id: 10,
      email: 'bala@acme.example',
      name: 'Bala Kumar',
      role: 'member',
      status: 'Invited',
      sentAt: '2025-11-24T02:00:00.000Z',
      expiresAt: '2025-12-01T02:00:00.000Z',
      invitedBy: 'Aisha Rahman',
    },
    {
      id: 11,
      email: 'chen@acme.example',
      name: 'Chen Jia Hui',
      role: 'viewer',
      status: 'Expired',
      sentAt: '2025-11-01T02:00:00.000Z',
      expiresAt: '2025-11-08T02:00:00.000Z',
      invitedBy: 'Lee Kok Wah',
    },
  ],
  joinRequests: [
    { id: 20, name: 'Daniel Lim', email: 'daniel@acme.example', requestedAt: '2025-11-25T01:00:00Z' },
  ],
}

/** The same team as a Member sees it: no join requests, no management. */
const memberTeam: TeamView = {
  ...adminTeam,
  myRole: 'member',
  members: adminTeam.members.map((one) => ({ ...one, isMe: one.id === priya.id })),
  joinRequests: [],
}

/** A company of one active Admin: they cannot step down. */
const soloTeam: TeamView = { ...adminTeam, members: [me, priya, vik] }

/** The team after an invitation went out. */
const invitedTeam: TeamView = {
  ...adminTeam,
  invitations: [
    ...adminTeam.invitations,
    {
      id: 12,
      email: 'mei@acme.example',
      name: 'Mei Tan',
      role: 'viewer',
      status: 'Invited',
      sentAt: '2025-11-26T02:00:00.000Z',
      expiresAt: '2025-12-03T02:00:00.000Z',
      invitedBy: 'Aisha Rahman',
    },
  ],
}

/** The team as the server answers any action (its content is the server's business; it replaces the list). */
const afterAction: TeamView = {
  ...adminTeam,
  joinRequests: [],
  invitations: adminTeam.invitations.slice(0, 1),
}

const names = ['loadTeam', 'invite', 'teamAction'] as const

const adminEvents: TeamEvent[] = [
  { type: 'invitation.resend', id: 10 },
  { type: 'invitation.revoke', id: 11 },
  { type: 'member.changeRole', id: 2, role: 'viewer' },
  { type: 'member.changeRole', id: 1, role: 'member' },
  { type: 'member.deactivate', id: 1 },
  { type: 'member.deactivate', id: 2 },
  { type: 'member.reactivate', id: 3 },
  { type: 'request.approve', id: 20, role: 'member' },
  { type: 'request.decline', id: 20 },
]

const teamName = (team: TeamView | null) =>
  team === null
    ? null
    : team === adminTeam
      ? 'admin'
      : team === memberTeam
        ? 'member'
        : team === invitedTeam
          ? 'invited'
          : team === soloTeam
            ? 'solo'
            : 'after'

/** Vertices by state, which team is shown, the form, the action and what is said where. */
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
    teamName(c.team),
    Object.keys(c.errors),
    Object.keys(c.shown).length,
    c.values.email !== '',
    c.action,
    c.rowMessage?.row ?? null,
    Boolean(c.notice),
    Boolean(c.message),
    Boolean(c.inviteMessage),
  ])
}

modelSuite('my team', teamMachine, {
  promises: names,
  events: [
    { type: 'xstate.done.actor.loadTeam', output: adminTeam },
    { type: 'xstate.done.actor.loadTeam', output: memberTeam },
    { type: 'xstate.done.actor.loadTeam', output: soloTeam },
    { type: 'xstate.error.actor.loadTeam', error: { status: 500 } },
    { type: 'field.changed', field: 'email', value: 'Mei@Acme.example' },
    { type: 'field.changed', field: 'name', value: 'Mei Tan' },
    { type: 'field.changed', field: 'role', value: 'viewer' },
    { type: 'field.blurred', field: 'email' },
    { type: 'xstate.done.actor.invite', output: invitedTeam },
    { type: 'xstate.error.actor.invite', error: { status: 409, message: teamMessages.alreadyInvited } },
    {
      type: 'xstate.error.actor.invite',
      error: { status: 422, message: 'Invalid input.', errors: { name: [ruleMessages.max100] } },
    },
    { type: 'xstate.error.actor.invite', error: { status: 500 } },
    ...adminEvents,
    { type: 'xstate.done.actor.teamAction', output: afterAction },
    { type: 'xstate.error.actor.teamAction', error: { status: 409, message: teamMessages.lastAdmin } },
    { type: 'xstate.error.actor.teamAction', error: { status: 409 } },
  ],
  inputs: [undefined],
  serializeState: serializer,
  states: teamStates,
  // The invite form and the rows' actions are explored apart (their states multiply); a refreshed or answered
  // team is not explored further (it is the same page again).
  filterEvents: (snapshot, event) => {
    const c = snapshot.context
    // The company of one Admin is there for the Admin who tries to step down.
    if (c.team === soloTeam) return event.type === 'member.changeRole'
    if (c.team !== null && c.team !== adminTeam && c.team !== memberTeam) return false
    if (c.rowMessage !== null || c.notice !== null) return event.type === 'user.refresh'
    if (event.type.startsWith('xstate.done.actor.loadTeam') && snapshot.matches({ ready: 'refreshing' }))
      return (event as { output?: TeamView }).output === adminTeam
    return true
  },
  check: allChecks(formChecks(['invite'], { submit: 'invite.submit' }), (actor, step, before, answered) => {
    const after = actor.getSnapshot() as AnyMachineSnapshot
    const event = step.event as EventObject & Record<string, unknown>
    // One request at a time.
    expect(names.filter((id) => after.children[id] !== undefined).length).toBeLessThanOrEqual(1)
    // A Member or Viewer manages nothing: no form, no confirmation, no action.
    if (after.context.team?.myRole !== 'admin') {
      expect(after.matches({ ready: 'inviting' }) || after.matches({ ready: 'confirming' })).toBe(false)
      expect(after.children.teamAction).toBeUndefined()
    }
    switch (event.type) {
      case 'xstate.done.actor.invite':
        // The invitation is listed, the dialog closed and empty, and the page says it went.
        expect(after.context.team).toBe(invitedTeam)
        expect(after.matches({ ready: 'idle' })).toBe(true)
        expect(after.context.values).toEqual({ email: '', name: '', role: '' })
        expect(after.context.notice).toBe(teamMessages.invited)
        expect(answered?.input).toEqual({ email: 'mei@acme.example', name: 'Mei Tan', role: 'viewer' })
        break
      case 'xstate.error.actor.invite': {
        const status = (event.error as { status: number }).status
        expect(after.matches({ ready: { inviting: 'editing' } })).toBe(true)
        if (status === 409) expect(after.context.errors.email).toEqual([teamMessages.alreadyInvited])
        if (status === 422) expect(after.context.errors).toEqual({ name: [ruleMessages.max100] })
        if (status === 500) expect(after.context.inviteMessage).toBe(messages.generic)
        expect(after.context.team).toBe(before.context.team)
        break
      }
      case 'member.deactivate':
        // Never sent before a confirmation; oneself is refused in one's own row.
        expect(after.children.teamAction).toBeUndefined()
        if (event.id === me.id && before.matches({ ready: 'idle' }) && before.context.team === adminTeam) {
          expect(after.matches({ ready: 'idle' })).toBe(true)
          expect(after.context.rowMessage).toEqual({ row: 'member-1', text: teamMessages.notYourself })
        }
        break
      case 'invitation.revoke':
      case 'member.reactivate':
      case 'request.decline':
        expect(after.children.teamAction).toBeUndefined()
        break
      case 'member.changeRole':
        // Giving up one's own Admin role asks first; another's role goes at once; the last Admin cannot.
        if (before.matches({ ready: 'idle' }) && before.context.team === adminTeam) {
          expect(after.matches({ ready: event.id === me.id ? 'confirming' : 'acting' })).toBe(true)
        }
        if (before.context.team === soloTeam && event.id === me.id) {
          expect(after.matches({ ready: 'idle' })).toBe(true)
          expect(after.context.rowMessage).toEqual({ row: 'member-1', text: teamMessages.lastAdmin })
        }
        break
      case 'xstate.done.actor.teamAction': {
        const action = answered?.input as TeamAction
        expect(after.context.team).toBe(afterAction)
        expect(after.context.notice).toBe(doneMessages[action.kind])
        expect(after.context.action).toBeNull()
        break
      }
      case 'xstate.error.actor.teamAction': {
        const action = answered?.input as TeamAction
        const said = (event.error as { message?: string }).message ?? teamMessages.stale
        expect(after.context.rowMessage).toEqual({ row: rowKey(action), text: said })
        expect(after.context.team).toBe(before.context.team)
        break
      }
      case 'xstate.error.actor.loadTeam':
        expect(after.context.message).toBe(messages.generic)
        break
    }
  }),
})

describe('my team', () => {
  const settle = async () => {
    for (let i = 0; i < 3; i += 1) await Promise.resolve()
  }
  async function ready(team: TeamView = adminTeam) {
    const { actors, pending } = controllablePromises(names)
    const announceRole = vi.fn()
    const actor = createActor(teamMachine.provide({ actors, actions: { announceRole } })).start()
    pending.get('loadTeam')?.resolve(team)
    pending.delete('loadTeam')
    await settle()
    return { actor, pending, announceRole }
  }

  it("tells the session the signed-in user's role as the server has it", async () => {
    const { announceRole } = await ready(memberTeam)
    expect(announceRole).toHaveBeenCalledWith(expect.anything(), 'member')
  })

  it('offers a Member or Viewer nothing to change', async () => {
    const { actor } = await ready(memberTeam)
    const snapshot = actor.getSnapshot()
    expect(snapshot.can({ type: 'invite.open' })).toBe(false)
    for (const event of adminEvents) expect(snapshot.can(event)).toBe(false)
    expect(adminsOf(memberTeam)).toEqual(['Aisha Rahman', 'Lee Kok Wah'])
  })

  it('keeps an active Admin and never lets an Admin deactivate themself', () => {
    const alone: TeamView = { ...adminTeam, members: [me, priya, vik] }
    expect(refusal(alone, { kind: 'changeRole', id: me.id, role: 'member' })).toBe(teamMessages.lastAdmin)
    expect(refusal(alone, { kind: 'deactivate', id: me.id })).toBe(teamMessages.notYourself)
    // With a second Admin either may step down, and the other Admin may be deactivated.
    expect(refusal(adminTeam, { kind: 'changeRole', id: me.id, role: 'viewer' })).toBeNull()
    expect(refusal(adminTeam, { kind: 'deactivate', id: lee.id })).toBeNull()
    // A deactivated Admin does not count: the last active one stays.
    const deactivatedLee = { ...lee, status: 'Deactivated' as const }
    const withGoneAdmin: TeamView = { ...adminTeam, members: [me, deactivatedLee, priya] }
    expect(refusal(withGoneAdmin, { kind: 'changeRole', id: me.id, role: 'member' })).toBe(
      teamMessages.lastAdmin,
    )
    // Making someone Admin, or reactivating a deactivated Admin, is always possible.
    expect(refusal(withGoneAdmin, { kind: 'changeRole', id: priya.id, role: 'admin' })).toBeNull()
    expect(refusal(withGoneAdmin, { kind: 'reactivate', id: lee.id })).toBeNull()
  })

  it('offers what the lifecycles allow, and nothing on rows that are not there', () => {
    expect(refusal(adminTeam, { kind: 'reactivate', id: priya.id })).toBeUndefined()
    expect(refusal(adminTeam, { kind: 'deactivate', id: vik.id })).toBeUndefined()
    expect(refusal(adminTeam, { kind: 'deactivate', id: ang.id })).toBeNull()
    expect(refusal(adminTeam, { kind: 'changeRole', id: priya.id, role: 'member' })).toBeUndefined()
    expect(refusal(adminTeam, { kind: 'resend', id: 11 })).toBeNull()
    expect(refusal(adminTeam, { kind: 'revoke', id: 10 })).toBeNull()
    expect(refusal(adminTeam, { kind: 'revoke', id: 99 })).toBeUndefined()
    expect(refusal(adminTeam, { kind: 'approve', id: 20, role: 'viewer' })).toBeNull()
    expect(refusal(memberTeam, { kind: 'resend', id: 10 })).toBeUndefined()
  })

  it('sends an invitation as typed, lower-casing the email, and keeps it on a refusal', async () => {
    const { actor, pending } = await ready()
    actor.send({ type: 'invite.open' })
    actor.send({ type: 'invite.submit' })
    expect(pending.has('invite')).toBe(false)
    expect(actor.getSnapshot().context.errors.role).toEqual([teamMessages.roleRequired])
    expect(actor.getSnapshot().context.shown.role).toBe(true)
    actor.send({ type: 'field.changed', field: 'email', value: 'Priya@Acme.example' })
    actor.send({ type: 'field.changed', field: 'name', value: 'Priya Tan' })
    actor.send({ type: 'field.changed', field: 'role', value: 'member' })
    actor.send({ type: 'invite.submit' })
    expect(pending.get('invite')?.input).toEqual({
      email: 'priya@acme.example',
      name: 'Priya Tan',
      role: 'member',
    })
    pending.get('invite')?.reject({ status: 409, message: teamMessages.emailTaken })
    pending.delete('invite')
    await settle()
    const { context } = actor.getSnapshot()
    expect(actor.getSnapshot().matches({ ready: { inviting: 'editing' } })).toBe(true)
    expect(context.errors).toEqual({ email: [teamMessages.emailTaken] })
    expect(context.values).toEqual({ email: 'Priya@Acme.example', name: 'Priya Tan', role: 'member' })
    // Cancelling closes the dialog; opening it again starts empty.
    actor.send({ type: 'invite.cancel' })
    actor.send({ type: 'invite.open' })
    expect(actor.getSnapshot().context.values).toEqual({ email: '', name: '', role: '' })
  })

  it('asks before revoking, and sends nothing when cancelled', async () => {
    const { actor, pending } = await ready()
    actor.send({ type: 'invitation.revoke', id: 10 })
    expect(actor.getSnapshot().matches({ ready: 'confirming' })).toBe(true)
    expect(actor.getSnapshot().context.confirming).toBe(true)
    actor.send({ type: 'user.cancel' })
    expect(pending.has('teamAction')).toBe(false)
    expect(actor.getSnapshot().context.action).toBeNull()
    actor.send({ type: 'invitation.revoke', id: 10 })
    actor.send({ type: 'user.confirm' })
    expect(pending.get('teamAction')?.input).toEqual({ kind: 'revoke', id: 10 })
    // While it is on its way nothing else starts.
    actor.send({ type: 'invitation.resend', id: 11 })
    actor.send({ type: 'invite.open' })
    expect([...pending.keys()]).toEqual(['teamAction'])
    pending.get('teamAction')?.resolve(afterAction)
    await settle()
    expect(actor.getSnapshot().context.notice).toBe(teamMessages.revoked)
    expect(actor.getSnapshot().context.team).toBe(afterAction)
  })

  it('approves a join request with the role chosen, at once', async () => {
    const { actor, pending } = await ready()
    actor.send({ type: 'request.approve', id: 20, role: 'viewer' })
    expect(pending.get('teamAction')?.input).toEqual({ kind: 'approve', id: 20, role: 'viewer' })
    expect(actor.getSnapshot().context.confirming).toBe(false)
  })

  it('keeps the list and offers Try again when the team cannot be loaded', async () => {
    const { actors, pending } = controllablePromises(names)
    const actor = createActor(teamMachine.provide({ actors })).start()
    pending.get('loadTeam')?.reject({ status: 0 })
    pending.delete('loadTeam')
    await settle()
    expect(actor.getSnapshot().matches('failed')).toBe(true)
    expect(actor.getSnapshot().context.message).toBe(messages.generic)
    actor.send({ type: 'user.retry' })
    expect(pending.has('loadTeam')).toBe(true)
  })
})
