import { expect } from 'vitest'
import { messages } from '../../../contract/messages'
import { staffRoles } from '../../../contract/permissions'
import { addStaffSchema, type StaffMember, staffMessages } from '../../../contract/staff'
import { staffTeamMachine } from '../../../machines/staff-team.machine'
import { type StateView, stateChecks } from '../model'

/** The request on its way, by name. */
const sent = ({ requests }: StateView, name: string) => requests[name] as { id: number; roles?: string[] }

/** A listed member who is still active: the only ones whose roles, link or account an admin may change. */
const activeMember = ({ context }: StateView, id: number | null) =>
  (context.staff as StaffMember[]).find((member) => member.id === id && member.active)

/** What a failed call said. */
const told = ({ event }: StateView) => (event.error as { status?: number; message?: string }).message

/** docs/staff.md "Team": /staff/team, one request at a time, outcomes in the status line, refusals in the row. */
export const staffTeamStates = stateChecks(staffTeamMachine, {
  // The team is asked for; nothing is listed yet.
  loading: ({ context, requests }) => {
    expect(Object.keys(requests)).toEqual(['listStaff'])
    expect(context.staff).toEqual([])
    expect(context.message).toBeNull()
  },
  // The list could not be loaded: the server's message, or the generic one, and Try again.
  failed: (view) => {
    expect(Object.keys(view.requests)).toEqual([])
    expect(view.context.staff).toEqual([])
    expect(view.event.type).toBe('xstate.error.actor.listStaff')
    expect(view.context.message).toBe(told(view) || messages.generic)
  },
  // The list and the add form, nothing on its way and no confirmation open; each answer said where it belongs.
  'ready.idle': (view) => {
    const { context, event, before, answered } = view
    expect(Object.keys(view.requests)).toEqual([])
    expect(context.memberId).toBeNull()
    const output = event.output as StaffMember
    const id = (answered?.input as { id?: number } | undefined)?.id
    if (event.type === 'xstate.done.actor.listStaff') expect(context.staff).toEqual(event.output)
    if (event.type === 'xstate.done.actor.addStaff') {
      expect([context.staff.filter((one: StaffMember) => one.id === output.id), context.notice]).toEqual([
        [output],
        staffMessages.invited,
      ])
      expect(context.values).toEqual({ email: '', name: '', roles: [] })
    }
    if (event.type === 'xstate.error.actor.addStaff') {
      expect(context.values).toEqual(answered?.input)
      if ((event.error as { status: number }).status === 409) {
        expect(context.errors.email).toEqual([staffMessages.emailTaken])
      }
    }
    if (event.type.startsWith('xstate.done.actor.') && id !== undefined) {
      expect(context.staff.find((one: StaffMember) => one.id === id)).toEqual(output)
      const said = { updateStaff: staffMessages.saved, deactivateStaff: staffMessages.deactivated }
      expect(context.notice).toBe(said[event.type.slice(18) as keyof typeof said] ?? staffMessages.invited)
      // Nobody deactivates themselves.
      if (event.type.endsWith('deactivateStaff')) expect(id).not.toBe(context.selfId)
    }
    if (event.type.startsWith('xstate.error.actor.') && id !== undefined) {
      const lastAdmin =
        event.type.endsWith('updateStaff') && (event.error as { status: number }).status === 409
      const fallback = lastAdmin
        ? 'The last active admin cannot lose the admin role or be deactivated.'
        : messages.generic
      expect(context.memberMessage).toEqual({ id, text: told(view) || fallback })
      expect(context.staff).toEqual(before.context.staff)
    }
    if (event.type === 'member.setRoles' && activeMember(view, event.id as number)) {
      expect(event.roles).toEqual([])
      expect(context.memberMessage).toEqual({ id: event.id, text: staffMessages.rolesRequired })
    }
    if (event.type === 'member.deactivate' && event.id === context.selfId) {
      expect(context.memberMessage).toEqual({ id: event.id, text: 'You cannot deactivate yourself.' })
    }
  },
  // The member as typed goes, and only a complete one: a work email, a name and at least one role.
  'ready.adding': (view) => {
    expect(Object.keys(view.requests)).toEqual(['addStaff'])
    expect(addStaffSchema.safeParse(view.requests.addStaff).success).toBe(true)
    if (view.event.type === 'user.submit') expect(view.requests.addStaff).toEqual(view.context.values)
  },
  // An active member's roles, at least one, in the contract's order, as the row's checkboxes say.
  'ready.updating': (view) => {
    const { id, roles } = sent(view, 'updateStaff')
    expect(Object.keys(view.requests)).toEqual(['updateStaff'])
    expect(activeMember(view, id)).toBeDefined()
    expect(roles?.length).toBeGreaterThan(0)
    if (view.event.type === 'member.setRoles') {
      const ticked = view.event.roles as string[]
      expect({ id, roles }).toEqual({
        id: view.event.id,
        roles: staffRoles.filter((role) => ticked.includes(role)),
      })
    }
  },
  // "Deactivate?" asked about an active member other than oneself; nothing sent yet.
  'ready.confirming': (view) => {
    const { context, event } = view
    expect(Object.keys(view.requests)).toEqual([])
    expect(activeMember(view, context.memberId)).toBeDefined()
    expect(context.memberId).not.toBe(context.selfId)
    if (event.type === 'member.deactivate') expect(context.memberId).toBe(event.id)
  },
  // Confirmed: that member, never oneself, is deactivated.
  'ready.deactivating': (view) => {
    const { id } = sent(view, 'deactivateStaff')
    expect(view.requests).toEqual({ deactivateStaff: { id: view.context.memberId } })
    expect(activeMember(view, id)).toBeDefined()
    expect(id).not.toBe(view.context.selfId)
    if (view.event.type === 'user.confirm') expect(view.before.matches({ ready: 'confirming' })).toBe(true)
  },
  // A new set-password link for an active member (a deactivated one is refused by the server).
  'ready.inviting': (view) => {
    const { id } = sent(view, 'resendStaffInvite')
    expect(Object.keys(view.requests)).toEqual(['resendStaffInvite'])
    expect(activeMember(view, id)).toBeDefined()
    if (view.event.type === 'member.resendInvite') expect(id).toBe(view.event.id)
  },
})
