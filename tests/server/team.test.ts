/**
 * My Team's members, through the HTTP API: the team as everyone sees it, role changes, deactivation and
 * reactivation, the company's last active Admin, and another company's ids (docs/teams.md).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { teamMessages, teamPaths } from '../../contract/team'
import { apiPaths } from '../../contract/wire'
import { authMessages } from '../../server/auth/messages'
import { demoColleagues, demoCustomer, ensureDemoCustomer, ensureDemoTeam } from '../../server/demo/customer'
import { type Signed, setupTeamServer, type TeamServer } from './team-helpers'

let server: TeamServer

beforeAll(async () => {
  server = await setupTeamServer()
}, 60_000)

afterAll(async () => {
  await server?.database.close()
})

const role = (actor: Signed, member: Signed | number, to: string) =>
  server.call(actor.token, 'PUT', teamPaths.memberRole(typeof member === 'number' ? member : member.id), {
    role: to,
  })
const deactivate = (actor: Signed, member: Signed) =>
  server.call(actor.token, 'POST', teamPaths.deactivate(member.id))
const reactivate = (actor: Signed, member: Signed) =>
  server.call(actor.token, 'POST', teamPaths.reactivate(member.id))

describe('GET /api/team', () => {
  it('shows everyone the members and open invitations, with roles, statuses and last sign-in', async () => {
    const admin = await server.newAdmin()
    const member = await server.colleague(admin, 'member')
    const viewer = await server.colleague(admin, 'viewer')
    await server.invite(admin, 'open.invite@example.com', 'viewer', 'Open Invite')
    const team = await server.team(viewer.token)
    expect(team.myRole).toBe('viewer')
    expect(team.company).toEqual({ name: 'Test Trading Pte Ltd', regnNo: expect.any(String) })
    const byEmail = Object.fromEntries(team.members.map((m) => [m.email, m]))
    expect(byEmail[admin.email]).toMatchObject({ role: 'admin', status: 'Active', isMe: false })
    expect(byEmail[member.email]).toMatchObject({ role: 'member', status: 'Active', isMe: false })
    expect(byEmail[viewer.email]).toMatchObject({ role: 'viewer', status: 'Active', isMe: true })
    expect(byEmail[viewer.email]?.lastSignInAt).toBe(server.clock.now().toISOString())
    expect(team.members).toHaveLength(3)
    expect(team.invitations).toEqual([
      expect.objectContaining({
        email: 'open.invite@example.com',
        status: 'Invited',
        invitedBy: expect.any(String),
      }),
    ])
    expect(team.joinRequests).toEqual([])
  })
})

describe('changing a role', () => {
  it("changes it, records before and after, and the member's open session reads the new role", async () => {
    const admin = await server.newAdmin()
    const member = await server.colleague(admin, 'member')
    const res = await role(admin, member, 'viewer')
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ message: teamMessages.roleChanged })
    const check = await server.call(member.token, 'GET', apiPaths.authCheck)
    expect(check.status).toBe(200)
    expect(((await check.json()) as { user: { company_role: string } }).user.company_role).toBe('viewer')
    const [row] = await server.auditOf('team.role_changed', member.id)
    expect(row).toMatchObject({ actor_user_id: admin.id, actor_customer_id: admin.customerId })
    expect(row?.changes).toEqual({ company_role: { before: 'member', after: 'viewer' } })
    // Demoted to Viewer, their token may no longer change the team (the session gate checks the role).
    const refused = await server.invite(member, 'x.demoted@example.com')
    expect(refused.status).toBe(403)
  })

  it('keeps an active Admin: the last one cannot demote themself; with a second Admin they may', async () => {
    const admin = await server.newAdmin()
    const refused = await role(admin, admin, 'member')
    expect(refused.status).toBe(409)
    expect(await refused.json()).toEqual({ message: teamMessages.lastAdmin })
    const second = await server.colleague(admin, 'admin')
    expect((await role(admin, admin, 'member')).status).toBe(200)
    expect((await role(second, second, 'viewer')).status).toBe(409)
  })

  it('lets only one of two Admins demoting each other at once succeed', async () => {
    const admin = await server.newAdmin()
    const second = await server.colleague(admin, 'admin')
    const answers = await Promise.all([role(admin, second, 'member'), role(second, admin, 'member')])
    const statuses = answers.map((res) => res.status).sort()
    // The loser is refused by the role check (403, its caller is no Admin any more) or by the last-Admin rule.
    expect(statuses[0]).toBe(200)
    expect([403, 409]).toContain(statuses[1])
    const admins = await server.db
      .selectFrom('users')
      .select('id')
      .where('customer_id', '=', admin.customerId)
      .where('company_role', '=', 'admin')
      .execute()
    expect(admins).toHaveLength(1)
  })
})

describe('deactivating and reactivating', () => {
  it("ends the member's session at once (401), refuses their login, and reactivation lets them in again", async () => {
    const admin = await server.newAdmin()
    const member = await server.colleague(admin, 'member')
    expect((await server.call(member.token, 'GET', teamPaths.team)).status).toBe(200)
    const res = await deactivate(admin, member)
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ message: teamMessages.deactivated })
    const next = await server.call(member.token, 'GET', teamPaths.team)
    expect(next.status).toBe(401)
    const login = await server.login(member.email, member.password)
    expect(login.status).toBe(403)
    expect(login.body.message).toBe(authMessages.deactivated)
    expect((await server.team(admin.token)).members.find((m) => m.id === member.id)?.status).toBe(
      'Deactivated',
    )
    expect((await deactivate(admin, member)).status).toBe(409)

    const back = await reactivate(admin, member)
    expect(back.status).toBe(200)
    expect(await back.json()).toEqual({ message: teamMessages.reactivated })
    expect((await server.login(member.email, member.password)).status).toBe(200)
    expect((await reactivate(admin, member)).status).toBe(409)
    expect(await server.auditOf('team.member_deactivated', member.id)).toHaveLength(1)
    expect(await server.auditOf('team.member_reactivated', member.id)).toHaveLength(1)
    const user = await server.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', member.id)
      .executeTakeFirstOrThrow()
    expect(user.deactivated_by_user).toBeNull()
  })

  it('refuses deactivating oneself and the last active Admin', async () => {
    const admin = await server.newAdmin()
    const self = await deactivate(admin, admin)
    expect(self.status).toBe(409)
    expect(await self.json()).toEqual({ message: teamMessages.notYourself })
    const second = await server.colleague(admin, 'admin')
    expect((await deactivate(admin, second)).status).toBe(200)
    // `second` is deactivated: demoting `admin` would leave no active Admin.
    const demote = await role(admin, admin, 'member')
    expect(demote.status).toBe(409)
    expect(await demote.json()).toEqual({ message: teamMessages.lastAdmin })
  })

  it('does not reactivate a user the forwarder deactivated', async () => {
    const admin = await server.newAdmin()
    const member = await server.colleague(admin, 'member')
    const staff = await server.db
      .insertInto('staff_members')
      .values({
        email: `ops.${member.id}@eship.example`,
        name: 'Ops',
        roles: ['admin'],
        created_at: server.clock.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    // The customer directory's deactivation (server/customers/users.ts) sets these.
    await server.db
      .updateTable('users')
      .set({ deactivated_at: server.clock.now(), deactivated_by: staff.id })
      .where('id', '=', member.id)
      .execute()
    const res = await reactivate(admin, member)
    expect(res.status).toBe(409)
    expect(await res.json()).toEqual({ message: teamMessages.deactivatedByForwarder })
  })
})

describe("another company's members", () => {
  it('answer 404 to every change', async () => {
    const admin = await server.newAdmin()
    const member = await server.colleague(admin, 'member')
    const stranger = await server.newAdmin()
    for (const res of [
      await role(stranger, member, 'viewer'),
      await deactivate(stranger, member),
      await reactivate(stranger, member),
      await role(stranger, 2_147_483_647, 'viewer'),
    ]) {
      expect(res.status).toBe(404)
      expect(await res.json()).toEqual({ message: teamMessages.notFound })
    }
    expect((await server.team(stranger.token)).members.map((m) => m.id)).toEqual([stranger.id])
    expect((await server.call(member.token, 'GET', teamPaths.team)).status).toBe(200)
  })
})

describe('the demo company', () => {
  it('has a Member and a Viewer who sign in with the demo password; seeding again changes nothing', async () => {
    await ensureDemoCustomer(server.db)
    expect(await ensureDemoTeam(server.db)).toBe(2)
    expect(await ensureDemoTeam(server.db)).toBe(0)
    const demo = await server.login(demoCustomer.email, demoCustomer.password)
    expect(demo.status).toBe(200)
    const team = await server.team(demo.body.token as string)
    for (const colleague of demoColleagues) {
      const login = await server.login(colleague.email, demoCustomer.password)
      expect(login.status).toBe(200)
      expect(login.body.user).toMatchObject({
        company_role: colleague.role,
        esus_company_name: demoCustomer.company,
      })
      expect(team.members.find((m) => m.email === colleague.email)).toMatchObject({
        role: colleague.role,
        status: 'Active',
      })
    }
  })
})
