/**
 * Joining a company that already has an account, through the HTTP API and the outbox: a second registration
 * with the company's number in its country answers exactly as any registration, mails the person and the
 * company's Admins, and becomes a request the Admins approve (as Member or Viewer) or decline; one company
 * (docs/teams.md "Joining a company that already has an account").
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { customerDirectoryMessages, customerDirectoryPaths } from '../../contract/customer-directory'
import { messages } from '../../contract/messages'
import { teamMessages, teamPaths } from '../../contract/team'
import { apiPaths } from '../../contract/wire'
import { authMessages } from '../../server/auth/messages'
import { registerMessages } from '../../server/register/messages'
import { createTestUser, postJson, registrationPayload } from './helpers'
import { createTestStaff, staffToken } from './staff-helpers'
import {
  activationTokenIn,
  newEmail,
  nextIp,
  type Signed,
  setupTeamServer,
  type TeamServer,
} from './team-helpers'

let server: TeamServer
let sg: { mcou_rid: number; mcou_country_dialing_code: string; eshp_mcpy: number }

beforeAll(async () => {
  server = await setupTeamServer()
  sg = await server.db
    .selectFrom('countries')
    .select(['mcou_rid', 'mcou_country_dialing_code', 'eshp_mcpy'])
    .where('mcou_code', '=', 'SG')
    .executeTakeFirstOrThrow()
}, 60_000)

afterAll(async () => {
  await server?.database.close()
})

async function regnNoOf(admin: Signed) {
  const row = await server.db
    .selectFrom('customers')
    .select('regn_no')
    .where('id', '=', admin.customerId)
    .executeTakeFirstOrThrow()
  return row.regn_no
}

/** POST /api/register, and its work after the answer. */
async function register(body: unknown) {
  const res = await server.app.request(apiPaths.register, postJson(body, { 'X-Forwarded-For': nextIp() }))
  const text = await res.text()
  await server.settled()
  return { status: res.status, text }
}

/** A registration with the company's number (lower case, as typed) by a new person. */
async function askToJoin(admin: Signed, email = newEmail('joiner')) {
  const body = {
    ...registrationPayload(sg, email),
    esus_name: 'Jo Joiner',
    esus_regn_no: (await regnNoOf(admin)).toLowerCase(),
  }
  return { ...(await register(body)), email, password: body.esus_password }
}

const requestsOf = async (admin: Signed) => (await server.team(admin.token)).joinRequests

describe('a registration with the number of a company that has an account', () => {
  it('answers exactly as a new registration, mails the person and the Admins, and waits for them', async () => {
    const admin = await server.newAdmin()
    const fresh = await register(registrationPayload(sg, newEmail('fresh')))
    const joining = await askToJoin(admin)
    expect(joining.status).toBe(fresh.status)
    expect(joining.text).toBe(fresh.text)
    expect(JSON.parse(joining.text)).toEqual({ message: messages.registered })

    const [toPerson, ...more] = await server.mailsTo(joining.email)
    expect(more).toEqual([])
    expect(toPerson?.text).toContain('Test Trading Pte Ltd already has an account with us')
    expect(toPerson?.text).toContain('has gone to its Admins')
    expect(activationTokenIn(toPerson?.text)).toBeUndefined()
    const [toAdmin] = await server.mailsTo(admin.email)
    expect(toAdmin?.text).toContain(`Jo Joiner (${joining.email}) registered`)
    expect(toAdmin?.text).toContain('https://app.eship.test/user/team')

    const requests = await requestsOf(admin)
    expect(requests).toEqual([expect.objectContaining({ name: 'Jo Joiner', email: joining.email })])
    // Not a member yet, and only Admins see requests.
    const member = await server.colleague(admin, 'member')
    const asMember = await server.team(member.token)
    expect(asMember.joinRequests).toEqual([])
    expect(asMember.members.map((m) => m.email)).not.toContain(joining.email)
    const [row] = await server.auditOf('team.join_requested', requests[0]?.id)
    expect(row).toMatchObject({ customer_id: admin.customerId, actor_kind: 'system' })

    // The pending person cannot log in (told so after the right password) nor get an activation link.
    const login = await server.login(joining.email, joining.password)
    expect(login.status).toBe(403)
    expect(login.body.message).toBe(teamMessages.joinPending)
    const wrong = await server.login(joining.email, 'Wrong#12345')
    expect(wrong.status).toBe(401)
    expect(wrong.body.message).toBe(authMessages.invalidCredentials)
    const before = (await server.mailsTo(joining.email)).length
    const resend = await server.app.request(
      apiPaths.resendActivation,
      postJson({ email: joining.email }, { 'X-Forwarded-For': nextIp() }),
    )
    expect(await resend.json()).toEqual({ message: registerMessages.activationResent })
    expect(await server.mailsTo(joining.email)).toHaveLength(before)
    // Registering again with the email: a reminder that it waits, with no link.
    const again = await askToJoin(admin, joining.email)
    expect(again.text).toBe(fresh.text)
    const [reminder] = await server.mailsTo(joining.email)
    expect(reminder?.subject).toContain('still waiting')
    expect(activationTokenIn(reminder?.text)).toBeUndefined()
    expect(await requestsOf(admin)).toHaveLength(1)
  })

  it('approved as Viewer: mailed an activation link, activates, logs in to the same company; one company', async () => {
    const admin = await server.newAdmin()
    const joining = await askToJoin(admin)
    const [request] = await requestsOf(admin)
    const res = await server.call(admin.token, 'POST', teamPaths.approveJoin(request?.id as number), {
      role: 'viewer',
    })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ message: teamMessages.approved })
    const team = await server.team(admin.token)
    expect(team.joinRequests).toEqual([])
    expect(team.members.find((m) => m.email === joining.email)).toMatchObject({
      role: 'viewer',
      status: 'Awaiting activation',
    })

    const [mail] = await server.mailsTo(joining.email)
    expect(mail?.text).toContain('was approved')
    const token = activationTokenIn(mail?.text) as string
    const activated = await server.app.request(apiPaths.activate, postJson({ token }))
    expect(activated.status).toBe(200)
    const login = await server.login(joining.email, joining.password)
    expect(login.status).toBe(200)
    expect(login.body.user?.company_role).toBe('viewer')
    const user = await server.db
      .selectFrom('users')
      .select('customer_id')
      .where('esus_email_id', '=', joining.email)
      .executeTakeFirstOrThrow()
    expect(user.customer_id).toBe(admin.customerId)
    const companies = await server.db
      .selectFrom('customers')
      .select('id')
      .where('regn_no', '=', await regnNoOf(admin))
      .execute()
    expect(companies).toHaveLength(1)
    expect((await server.team(admin.token)).members.find((m) => m.email === joining.email)?.status).toBe(
      'Active',
    )
    const [row] = await server.auditOf('team.join_approved', request?.id)
    expect(row?.changes).toMatchObject({ role: { after: 'viewer' } })
    // Decided: a second decision is refused.
    const twice = await server.call(admin.token, 'POST', teamPaths.declineJoin(request?.id as number))
    expect(twice.status).toBe(409)
    expect(await twice.json()).toEqual({ message: teamMessages.stale })
  })

  it('declined: mailed, no account is left, and the email may register again', async () => {
    const admin = await server.newAdmin()
    const joining = await askToJoin(admin)
    const [request] = await requestsOf(admin)
    const res = await server.call(admin.token, 'POST', teamPaths.declineJoin(request?.id as number))
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ message: teamMessages.declined })
    const [mail] = await server.mailsTo(joining.email)
    expect(mail?.text).toContain('declined your request')
    expect(
      await server.db.selectFrom('users').select('id').where('esus_email_id', '=', joining.email).execute(),
    ).toEqual([])
    expect(await server.auditOf('team.join_declined', request?.id)).toHaveLength(1)
    expect(await requestsOf(admin)).toEqual([])
    // A registration of a company of its own with the email now makes an account.
    const fresh = await register(registrationPayload(sg, joining.email))
    expect(fresh.status).toBe(200)
    const [activation] = await server.mailsTo(joining.email)
    expect(activationTokenIn(activation?.text)).toBeDefined()
  })

  it('goes to a company with an active Admin only: a company whose only user never activated gets none', async () => {
    const inactive = await createTestUser(server.db, { activated_at: null, esus_regn_no: 'T0INACTIVE1' })
    const body = { ...registrationPayload(sg, newEmail('second')), esus_regn_no: 't0inactive1' }
    expect((await register(body)).status).toBe(200)
    const [mail] = await server.mailsTo(body.esus_email_id)
    expect(activationTokenIn(mail?.text)).toBeDefined()
    const first = await server.db
      .selectFrom('users')
      .select('customer_id')
      .where('id', '=', inactive.id)
      .executeTakeFirstOrThrow()
    const second = await server.db
      .selectFrom('users')
      .select('customer_id')
      .where('esus_email_id', '=', body.esus_email_id)
      .executeTakeFirstOrThrow()
    expect(second.customer_id).not.toBe(first.customer_id)
  })

  it('is not let in past its Admins by the forwarder either: the staff resend of an activation link is refused', async () => {
    const admin = await server.newAdmin()
    const joining = await askToJoin(admin)
    const { id } = await server.db
      .selectFrom('users')
      .select('id')
      .where('esus_email_id', '=', joining.email)
      .executeTakeFirstOrThrow()
    const sales = await createTestStaff(server.db, ['sales'], server.clock.now())
    const token = await staffToken(server.app, sales, server.clock.now())
    const mailsBefore = (await server.mailsTo(joining.email)).length
    const res = await server.call(token, 'POST', customerDirectoryPaths.resendActivation(id))
    expect(res.status).toBe(409)
    expect(await res.json()).toEqual({ message: customerDirectoryMessages.joinPending })
    expect(await server.mailsTo(joining.email)).toHaveLength(mailsBefore)
  })

  it("answers 404 to another company's Admin for the request", async () => {
    const admin = await server.newAdmin()
    await askToJoin(admin)
    const [request] = await requestsOf(admin)
    const stranger = await server.newAdmin()
    for (const res of [
      await server.call(stranger.token, 'POST', teamPaths.approveJoin(request?.id as number), {
        role: 'member',
      }),
      await server.call(stranger.token, 'POST', teamPaths.declineJoin(request?.id as number)),
    ]) {
      expect(res.status).toBe(404)
      expect(await res.json()).toEqual({ message: teamMessages.notFound })
    }
    expect(await requestsOf(admin)).toHaveLength(1)
    // An Admin cannot be made by an approval: the role is member or viewer.
    const asAdmin = await server.call(admin.token, 'POST', teamPaths.approveJoin(request?.id as number), {
      role: 'admin',
    })
    expect(asAdmin.status).toBe(422)
  })

  it('makes one request of two registrations with the number at once, and one company', async () => {
    const admin = await server.newAdmin()
    const regnNo = (await regnNoOf(admin)).toLowerCase()
    const [a, b] = [newEmail('twin'), newEmail('twin')]
    await Promise.all([
      register({ ...registrationPayload(sg, a), esus_regn_no: regnNo }),
      register({ ...registrationPayload(sg, b), esus_regn_no: regnNo }),
    ])
    expect((await requestsOf(admin)).map((r) => r.email).sort()).toEqual([a, b].sort())
    const companies = await server.db
      .selectFrom('customers')
      .select('id')
      .where('regn_no', '=', regnNo.toUpperCase())
      .execute()
    expect(companies).toHaveLength(1)
  })
})
