import { describe, expect, it } from 'vitest'
import { type AnyMachineSnapshot, createActor, type EventObject } from 'xstate'
import { messages } from '../../contract/messages'
import { ruleMessages } from '../../contract/rules'
import { type StaffMember, staffMessages } from '../../contract/staff'
import { staffTeamMachine } from '../../machines/staff-team.machine'
import { controllablePromises } from './model'
import { allChecks, formChecks, modelSuite } from './model-suite'
import { staffTeamStates } from './states/staff-team'

const admin: StaffMember = {
  id: 1,
  email: 'admin@eship.example',
  name: 'Aisha Rahman',
  roles: ['admin'],
  enrolled: true,
  active: true,
}
const daniel: StaffMember = {
  id: 2,
  email: 'daniel@eship.example',
  name: 'Daniel Lim',
  roles: ['sales'],
  enrolled: true,
  active: true,
}
const invited: StaffMember = {
  id: 3,
  email: 'mei@eship.example',
  name: 'Mei Tan',
  roles: ['operations'],
  enrolled: false,
  active: true,
}
const added: StaffMember = {
  id: 4,
  email: 'bala@eship.example',
  name: 'Bala Kumar',
  roles: ['sales'],
  enrolled: false,
  active: true,
}
const danielMoreRoles: StaffMember = { ...daniel, roles: ['sales', 'operations'] }
const danielGone: StaffMember = { ...daniel, active: false }

const names = ['listStaff', 'addStaff', 'updateStaff', 'deactivateStaff', 'resendStaffInvite'] as const
const input = { selfId: admin.id }

/** Vertices by state, what is listed (and how), the form's validity, and what is said where. */
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
    c.staff.map((m: StaffMember) => [m.id, m.roles.length, m.active]),
    Object.keys(c.errors),
    Object.keys(c.shown).length,
    c.memberId,
    c.memberMessage?.id ?? null,
    Boolean(c.notice),
    Boolean(c.message),
  ])
}

const memberOf = (snapshot: AnyMachineSnapshot, id: number) =>
  snapshot.context.staff.find((m: StaffMember) => m.id === id) as StaffMember | undefined

modelSuite('staff team', staffTeamMachine, {
  promises: names,
  events: [
    { type: 'xstate.done.actor.listStaff', output: [admin, daniel, invited] },
    { type: 'xstate.error.actor.listStaff', error: { status: 403, message: 'This needs the Admin role.' } },
    { type: 'field.changed', field: 'email', value: 'bala@eship.example' },
    { type: 'field.changed', field: 'name', value: 'Bala Kumar' },
    { type: 'field.changed', field: 'roles', value: ['sales'] },
    { type: 'field.blurred', field: 'email' },
    { type: 'xstate.done.actor.addStaff', output: added },
    { type: 'xstate.error.actor.addStaff', error: { status: 409, message: staffMessages.emailTaken } },
    {
      type: 'xstate.error.actor.addStaff',
      error: { status: 422, message: 'Invalid input.', errors: { name: [ruleMessages.max100] } },
    },
    { type: 'xstate.error.actor.addStaff', error: { status: 500 } },
    { type: 'member.setRoles', id: 2, roles: ['operations', 'sales'] },
    { type: 'member.setRoles', id: 2, roles: [] },
    { type: 'member.setRoles', id: 99, roles: ['sales'] },
    { type: 'xstate.done.actor.updateStaff', output: danielMoreRoles },
    { type: 'xstate.error.actor.updateStaff', error: { status: 409, message: staffMessages.lastAdmin } },
    { type: 'member.deactivate', id: 1 },
    { type: 'member.deactivate', id: 2 },
    { type: 'xstate.done.actor.deactivateStaff', output: danielGone },
    {
      type: 'xstate.error.actor.deactivateStaff',
      error: { status: 409, message: staffMessages.lastAdmin },
    },
    { type: 'member.resendInvite', id: 3 },
    { type: 'xstate.done.actor.resendStaffInvite', output: invited },
    { type: 'xstate.error.actor.resendStaffInvite', error: { status: 500 } },
  ],
  inputs: [input],
  serializeState: serializer,
  states: staffTeamStates,
  // The add form and the rows' actions are explored apart (their states multiply): a member's action from an
  // untouched form, typing while no member has changed.
  filterEvents: (snapshot, event) => {
    const c = snapshot.context
    if (event.type.startsWith('member.')) return Object.keys(c.shown).length === 0 && c.values.email === ''
    if (event.type.startsWith('field.') || event.type === 'user.submit')
      return snapshot.matches({ ready: 'idle' }) || snapshot.matches({ ready: 'adding' })
        ? c.memberMessage === null && c.staff.every((m: StaffMember) => m.id !== daniel.id || m === daniel)
        : false
    return true
  },
  check: allChecks(formChecks(['addStaff']), (actor, step, before, answered) => {
    const after = actor.getSnapshot() as AnyMachineSnapshot
    const event = step.event as EventObject & Record<string, unknown>
    // One request at a time.
    expect(names.filter((id) => after.children[id] !== undefined).length).toBeLessThanOrEqual(1)
    switch (event.type) {
      case 'xstate.done.actor.addStaff':
        // The new member is listed once, the form is empty again, and the page says the invitation went.
        expect(after.context.staff.filter((m: StaffMember) => m.id === added.id)).toEqual([added])
        expect(after.context.values).toEqual({ email: '', name: '', roles: [] })
        expect(after.context.notice).toBe(staffMessages.invited)
        break
      case 'xstate.error.actor.addStaff': {
        const status = (event.error as { status: number }).status
        if (status === 409) expect(after.context.errors.email).toEqual([staffMessages.emailTaken])
        if (status === 422) expect(after.context.errors).toEqual({ name: [ruleMessages.max100] })
        if (status === 500) expect(after.context.message).toBe(messages.generic)
        expect(after.context.staff).toEqual(before.context.staff)
        break
      }
      case 'xstate.done.actor.updateStaff':
        expect(answered?.input).toEqual({ id: 2, roles: ['sales', 'operations'] })
        expect(memberOf(after, 2)).toEqual(danielMoreRoles)
        expect(after.context.notice).toBe(staffMessages.saved)
        break
      case 'xstate.error.actor.updateStaff':
        // The last admin's refusal is said by the member, whose roles stay as they were.
        expect(after.context.memberMessage).toEqual({ id: 2, text: staffMessages.lastAdmin })
        expect(after.context.staff).toEqual(before.context.staff)
        break
      case 'member.setRoles':
        if ((event.roles as unknown[]).length === 0 && before.matches({ ready: 'idle' })) {
          expect(after.context.memberMessage).toEqual({ id: event.id, text: staffMessages.rolesRequired })
          expect(after.children.updateStaff).toBeUndefined()
        }
        break
      case 'member.deactivate':
        // Nothing is sent before the confirmation, and the signed-in person is told they cannot.
        expect(after.children.deactivateStaff).toBeUndefined()
        if (event.id === input.selfId) {
          expect(after.matches({ ready: 'confirming' })).toBe(false)
          expect(after.context.memberMessage).toEqual({ id: input.selfId, text: staffMessages.notYourself })
        }
        break
      case 'xstate.done.actor.deactivateStaff':
        expect(answered?.input).toEqual({ id: 2 })
        expect(memberOf(after, 2)?.active).toBe(false)
        expect(after.context.notice).toBe(staffMessages.deactivated)
        break
      case 'xstate.error.actor.deactivateStaff':
        expect(after.context.memberMessage).toEqual({ id: 2, text: staffMessages.lastAdmin })
        expect(memberOf(after, 2)?.active).toBe(true)
        break
      case 'xstate.done.actor.resendStaffInvite':
        expect(answered?.input).toEqual({ id: 3 })
        expect(after.context.notice).toBe(staffMessages.invited)
        break
      case 'xstate.error.actor.resendStaffInvite':
        expect(after.context.memberMessage).toEqual({ id: 3, text: messages.generic })
        break
    }
    if (after.matches('failed')) expect(after.context.message).toBeTruthy()
  }),
})

describe('staff team', () => {
  const settle = async () => {
    for (let i = 0; i < 3; i += 1) await Promise.resolve()
  }
  async function ready() {
    const { actors, pending } = controllablePromises(names)
    const actor = createActor(staffTeamMachine.provide({ actors }), { input }).start()
    pending.get('listStaff')?.resolve([admin, daniel, invited])
    pending.delete('listStaff')
    await settle()
    return { actor, pending }
  }

  it('sends the typed member and lists them in order once added', async () => {
    const { actor, pending } = await ready()
    actor.send({ type: 'user.submit' })
    expect(pending.has('addStaff')).toBe(false)
    expect(actor.getSnapshot().context.errors.roles).toEqual([staffMessages.rolesRequired])
    actor.send({ type: 'field.changed', field: 'email', value: 'bala@eship.example' })
    actor.send({ type: 'field.changed', field: 'name', value: 'Bala Kumar' })
    actor.send({ type: 'field.changed', field: 'roles', value: ['sales'] })
    actor.send({ type: 'user.submit' })
    expect(pending.get('addStaff')?.input).toEqual({
      email: 'bala@eship.example',
      name: 'Bala Kumar',
      roles: ['sales'],
    })
    pending.get('addStaff')?.resolve(added)
    await settle()
    expect(actor.getSnapshot().context.staff.map((m) => m.name)).toEqual([
      'Aisha Rahman',
      'Bala Kumar',
      'Daniel Lim',
      'Mei Tan',
    ])
  })

  it('puts a taken email under the email and keeps what was typed', async () => {
    const { actor, pending } = await ready()
    actor.send({ type: 'field.changed', field: 'email', value: 'daniel@eship.example' })
    actor.send({ type: 'field.changed', field: 'name', value: 'Daniel L.' })
    actor.send({ type: 'field.changed', field: 'roles', value: ['pricing'] })
    actor.send({ type: 'user.submit' })
    pending.get('addStaff')?.reject({ status: 409, message: staffMessages.emailTaken })
    await settle()
    const { context } = actor.getSnapshot()
    expect(context.errors).toEqual({ email: [staffMessages.emailTaken] })
    expect(context.shown.email).toBe(true)
    expect(context.values).toEqual({ email: 'daniel@eship.example', name: 'Daniel L.', roles: ['pricing'] })
    // Typing again checks the field anew.
    actor.send({ type: 'field.changed', field: 'email', value: 'daniel.lim@eship.example' })
    expect(actor.getSnapshot().context.errors).toEqual({})
  })

  it('does not start a second request while one is on its way', async () => {
    const { actor, pending } = await ready()
    actor.send({ type: 'member.setRoles', id: 2, roles: ['pricing'] })
    actor.send({ type: 'member.resendInvite', id: 3 })
    actor.send({ type: 'member.deactivate', id: 2 })
    expect([...pending.keys()]).toEqual(['updateStaff'])
    pending.get('updateStaff')?.resolve({ ...daniel, roles: ['pricing'] })
    await settle()
    expect(actor.getSnapshot().context.staff[1]?.roles).toEqual(['pricing'])
    actor.send({ type: 'member.deactivate', id: 2 })
    actor.send({ type: 'user.cancel' })
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true)
    expect(pending.has('deactivateStaff')).toBe(false)
  })
})
