/**
 * Invitations into a company's account, through the HTTP API and the outbox: invite → mail → check → accept →
 * signed in to the same company; the link works once, for 7 days, for the invited email, until revoked or
 * replaced by a resend (docs/teams.md "My Team and invitations").
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  INVITATION_TTL_MS,
  type InvitationView,
  type TeamInvitation,
  teamMessages,
  teamPaths,
} from '../../contract/team'
import { apiPaths, type LoginResponse } from '../../contract/wire'
import { createTestUser } from './helpers'
import {
  APP_URL,
  DAY,
  invitationTokenIn,
  newEmail,
  type Signed,
  setupTeamServer,
  type TeamServer,
} from './team-helpers'

let server: TeamServer
let admin: Signed

beforeAll(async () => {
  server = await setupTeamServer()
  admin = await server.newAdmin()
}, 60_000)

afterAll(async () => {
  await server?.database.close()
})

const check = (token: string) => server.call(null, 'POST', teamPaths.invitationCheck, { token })

describe('inviting a colleague', () => {
  it('mails a link valid 7 days; the colleague accepts it and is signed in to the same company', async () => {
    const email = newEmail('priya')
    const res = await server.invite(admin, email.toUpperCase(), 'member', 'Priya Tan')
    expect(res.status).toBe(201)
    const body = (await res.json()) as { message: string; invitation: TeamInvitation }
    expect(body.message).toBe(teamMessages.invited)
    expect(body.invitation).toMatchObject({ email, name: 'Priya Tan', role: 'member', status: 'Invited' })
    expect(new Date(body.invitation.expiresAt).getTime() - server.clock.now().getTime()).toBe(
      INVITATION_TTL_MS,
    )

    const [mail] = await server.mailsTo(email)
    expect(mail?.text).toContain('Test Trading Pte Ltd')
    expect(mail?.text).toContain('as Member')
    expect(mail?.text).toContain('valid for 7 days')
    const token = invitationTokenIn(mail?.text) as string
    expect(mail?.text).toContain(`${APP_URL}/join?token=${token}`)

    const team = await server.team(admin.token)
    expect(team.invitations.map((i) => i.email)).toContain(email)

    const checked = await check(token)
    expect(checked.status).toBe(200)
    expect((await checked.json()) as InvitationView).toMatchObject({
      email,
      name: 'Priya Tan',
      role: 'member',
      companyName: 'Test Trading Pte Ltd',
      dialingCode: '+65',
    })

    const accepted = await server.accept(token, email, { esus_name: 'Priya Tan' })
    expect(accepted.status).toBe(200)
    const login = (await accepted.json()) as LoginResponse
    expect(login).toMatchObject({
      message: 'User authenticated',
      user_type: 'Customer',
      isLoggedIn: false,
      user: { esus_name: 'Priya Tan', esus_email_id: email, company_role: 'member' },
    })
    const session = await server.call(login.token as string, 'GET', apiPaths.authCheck)
    expect(session.status).toBe(200)
    const user = await server.db
      .selectFrom('users')
      .selectAll()
      .where('esus_email_id', '=', email)
      .executeTakeFirstOrThrow()
    expect(user.customer_id).toBe(admin.customerId)
    expect(user.activated_at).not.toBeNull()
    expect(user.code).toBe('+65')
    expect(user.esus_address1).toBe('1 Test Street, Singapore')

    const after = await server.team(admin.token)
    expect(after.invitations.map((i) => i.email)).not.toContain(email)
    expect(after.members.find((m) => m.email === email)).toMatchObject({ role: 'member', status: 'Active' })
    expect(await server.auditOf('team.invited', body.invitation.id)).toHaveLength(1)
    const [acceptedRow] = await server.auditOf('team.invitation_accepted', body.invitation.id)
    expect(acceptedRow).toMatchObject({ actor_user_id: user.id, actor_customer_id: admin.customerId })
  })

  it("refuses one of the company's own users and a second open invitation (409); an account elsewhere is invited as any email", async () => {
    const taken = await server.invite(admin, admin.email)
    expect(taken.status).toBe(409)
    expect(await taken.json()).toEqual({ message: teamMessages.emailTaken })
    // Issue 34: saying so would tell any company who has an account (team-invite-sameness.test.ts).
    const other = await createTestUser(server.db)
    expect((await server.invite(admin, other.email)).status).toBe(201)
    const email = newEmail()
    expect((await server.invite(admin, email)).status).toBe(201)
    const again = await server.invite(admin, email)
    expect(again.status).toBe(409)
    expect(await again.json()).toEqual({ message: teamMessages.alreadyInvited })
  })

  it('refuses a bad payload with the form’s messages (422)', async () => {
    const res = await server.call(admin.token, 'POST', teamPaths.invitations, {
      email: 'nope',
      name: '',
      role: 'boss',
    })
    expect(res.status).toBe(422)
    const body = (await res.json()) as { errors: Record<string, string[]> }
    expect(body.errors.role).toEqual([teamMessages.roleRequired])
    expect(Object.keys(body.errors).sort()).toEqual(['email', 'name', 'role'])
  })
})

describe('the link', () => {
  it('works once, even when used twice at once', async () => {
    const email = newEmail()
    await server.invite(admin, email)
    const token = await server.latestInvitationToken(email)
    const answers = await Promise.all([server.accept(token, email), server.accept(token, email)])
    const statuses = answers.map((res) => res.status).sort()
    expect(statuses[0]).toBe(200)
    expect([409, 410]).toContain(statuses[1])
    const again = await server.accept(token, email)
    expect(again.status).toBe(410)
    expect(await again.json()).toEqual({ message: teamMessages.invitationUsed })
    expect((await check(token)).status).toBe(410)
    const users = await server.db
      .selectFrom('users')
      .select('id')
      .where('esus_email_id', '=', email)
      .execute()
    expect(users).toHaveLength(1)
  })

  it('expires after 7 days, and an expired invitation can be sent again with a new link', async () => {
    const email = newEmail()
    const res = await server.invite(admin, email)
    const { invitation } = (await res.json()) as { invitation: TeamInvitation }
    const oldToken = await server.latestInvitationToken(email)
    server.clock.advance(7 * DAY)
    // The Admin's session lapsed with the days: they sign in again.
    admin = await server.signIn(admin)
    const expired = await check(oldToken)
    expect(expired.status).toBe(410)
    expect(await expired.json()).toEqual({ message: teamMessages.invitationExpired })
    expect((await server.accept(oldToken, email)).status).toBe(410)
    const listed = (await server.team(admin.token)).invitations.find((i) => i.id === invitation.id)
    expect(listed?.status).toBe('Expired')

    const resent = await server.call(admin.token, 'POST', teamPaths.resendInvitation(invitation.id))
    expect(resent.status).toBe(200)
    expect(((await resent.json()) as { message: string }).message).toBe(teamMessages.resent)
    const newToken = await server.latestInvitationToken(email)
    expect(newToken).not.toBe(oldToken)
    // The replaced link is no link any more.
    expect((await check(oldToken)).status).toBe(400)
    expect((await server.accept(newToken, email)).status).toBe(200)
    expect(await server.auditOf('team.invitation_resent', invitation.id)).toHaveLength(1)
  })

  it('inviting an email whose invitation expired sends it again, with the new name and role', async () => {
    const email = newEmail()
    const first = (await (await server.invite(admin, email, 'member', 'First Name')).json()) as {
      invitation: TeamInvitation
    }
    server.clock.advance(8 * DAY)
    admin = await server.signIn(admin)
    const again = await server.invite(admin, email, 'viewer', 'Second Name')
    expect(again.status).toBe(201)
    const { invitation } = (await again.json()) as { invitation: TeamInvitation }
    expect(invitation).toMatchObject({
      id: first.invitation.id,
      name: 'Second Name',
      role: 'viewer',
      status: 'Invited',
    })
    const view = (await (await check(await server.latestInvitationToken(email))).json()) as InvitationView
    expect(view).toMatchObject({ role: 'viewer', name: 'Second Name' })
  })

  it('stops working once the earlier link is replaced by a resend', async () => {
    const email = newEmail()
    const { invitation } = (await (await server.invite(admin, email)).json()) as {
      invitation: TeamInvitation
    }
    const oldToken = await server.latestInvitationToken(email)
    expect((await server.call(admin.token, 'POST', teamPaths.resendInvitation(invitation.id))).status).toBe(
      200,
    )
    const old = await server.accept(oldToken, email)
    expect(old.status).toBe(400)
    expect(await old.json()).toEqual({ message: teamMessages.invitationInvalid })
    expect((await server.accept(await server.latestInvitationToken(email), email)).status).toBe(200)
  })

  it('stops working after revocation, and a revoked invitation cannot be revoked or resent again', async () => {
    const email = newEmail()
    const { invitation } = (await (await server.invite(admin, email)).json()) as {
      invitation: TeamInvitation
    }
    const token = await server.latestInvitationToken(email)
    const revoked = await server.call(admin.token, 'DELETE', teamPaths.invitation(invitation.id))
    expect(revoked.status).toBe(200)
    expect(await revoked.json()).toEqual({ message: teamMessages.revoked })
    const res = await server.accept(token, email)
    expect(res.status).toBe(410)
    expect(await res.json()).toEqual({ message: teamMessages.invitationRevoked })
    expect((await check(token)).status).toBe(410)
    expect((await server.call(admin.token, 'DELETE', teamPaths.invitation(invitation.id))).status).toBe(409)
    expect((await server.call(admin.token, 'POST', teamPaths.resendInvitation(invitation.id))).status).toBe(
      409,
    )
    expect((await server.team(admin.token)).invitations.map((i) => i.id)).not.toContain(invitation.id)
    expect(await server.auditOf('team.invitation_revoked', invitation.id)).toHaveLength(1)
    // The email may be invited afresh.
    expect((await server.invite(admin, email)).status).toBe(201)
  })

  it('is refused for another email (403) and for an email that got an account meanwhile (409)', async () => {
    const email = newEmail()
    await server.invite(admin, email)
    const token = await server.latestInvitationToken(email)
    const other = await server.accept(token, newEmail('someone.else'))
    expect(other.status).toBe(403)
    expect(await other.json()).toEqual({ message: teamMessages.invitationOtherEmail })
    await createTestUser(server.db, { esus_email_id: email })
    const taken = await server.accept(token, email)
    expect(taken.status).toBe(409)
    expect(await taken.json()).toEqual({ message: teamMessages.invitationEmailTaken })
  })

  it('answers an unknown token 400, and a weak password with the registration messages (422)', async () => {
    const unknown = await check('A'.repeat(43))
    expect(unknown.status).toBe(400)
    expect(await unknown.json()).toEqual({ message: teamMessages.invitationInvalid })
    const email = newEmail()
    await server.invite(admin, email)
    const token = await server.latestInvitationToken(email)
    const weak = await server.accept(token, email, { esus_password: 'short', password_confirmation: 'short' })
    expect(weak.status).toBe(422)
    expect((await check(token)).status).toBe(200)
  })
})

describe("another company's records", () => {
  it('answers 404 for its invitations', async () => {
    const email = newEmail()
    const { invitation } = (await (await server.invite(admin, email)).json()) as {
      invitation: TeamInvitation
    }
    const stranger = await server.newAdmin()
    for (const [method, path] of [
      ['POST', teamPaths.resendInvitation(invitation.id)],
      ['DELETE', teamPaths.invitation(invitation.id)],
    ] as const) {
      const res = await server.call(stranger.token, method, path)
      expect(res.status, path).toBe(404)
      expect(await res.json()).toEqual({ message: teamMessages.notFound })
    }
    expect((await server.team(stranger.token)).invitations).toEqual([])
    expect((await check(await server.latestInvitationToken(email))).status).toBe(200)
  })
})
