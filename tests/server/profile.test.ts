/**
 * My Profile's details and password: getProfile, updateProfile (the field rules and their messages, the
 * read-only email and registration number, only the caller's own user and company) and changePassword
 * (its rules, the old token refused after a change, a notice mailed, at most 5 attempts a minute).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { messages } from '../../contract/messages'
import {
  type ChangePasswordResponse,
  defaultNotificationSettings,
  type ProfileResponse,
  profileMessages,
  profilePaths,
} from '../../contract/profile'
import { ruleMessages } from '../../contract/rules'
import { type CompanyRole, teamMessages } from '../../contract/team'
import { apiPaths } from '../../contract/wire'
import { registerMessages } from '../../server/register/messages'
import { bearer, postJson } from './helpers'
import { editOf, type ProfileServer, setupProfileServer } from './profile-helpers'

let server: ProfileServer

beforeAll(async () => {
  server = await setupProfileServer()
}, 60_000)

afterAll(async () => {
  await server?.database.close()
})

describe('getProfile', () => {
  it("answers the user's and the company's details and every notification on", async () => {
    const user = await server.signedIn({ esus_name: 'Tan Wei Ming', esus_regn_no: '201912345k' })
    const body = await server.profileOf(user.auth)
    expect(body.profile).toMatchObject({
      esus_name: 'Tan Wei Ming',
      esus_email_id: user.email,
      code: '+65',
      esus_phone: '61234567',
      esus_company_name: 'Test Trading Pte Ltd',
      esus_regn_no: '201912345K',
    })
    expect(body.notifications).toEqual(defaultNotificationSettings)
    expect(body.user).toMatchObject({ esus_name: 'Tan Wei Ming', mcou_code: 'SG' })
  })

  it('answers 401 Unauthenticated. without a live session', async () => {
    const res = await server.app.request(profilePaths.profile)
    expect(res.status).toBe(401)
    expect(await res.json()).toEqual({ message: messages.unauthenticated })
  })
})

describe('updateProfile', () => {
  it('refuses a bad phone with the section 5 message and changes nothing, not even the valid fields', async () => {
    const user = await server.signedIn()
    const { profile } = await server.profileOf(user.auth)
    const res = await server.send(
      'PUT',
      profilePaths.profile,
      user.auth,
      editOf(profile, { esus_name: 'Changed Name', esus_phone: '12345' }),
    )
    expect(res.status).toBe(422)
    expect(((await res.json()) as { errors: Record<string, string[]> }).errors).toEqual({
      esus_phone: [ruleMessages.phoneMin],
    })
    expect((await server.profileOf(user.auth)).profile.esus_name).toBe(profile.esus_name)
  })

  it.each([
    [{ esus_name: ' ' }, 'esus_name', ruleMessages.nameRequired],
    [{ esus_name: 'x'.repeat(101) }, 'esus_name', ruleMessages.max100],
    [{ esus_company_name: '' }, 'esus_company_name', ruleMessages.companyRequired],
    [{ esus_phone: '' }, 'esus_phone', ruleMessages.phoneRequired],
    [{ esus_phone: '6123abcd' }, 'esus_phone', ruleMessages.digitsOnly],
    [{ esus_phone: '12345678901' }, 'esus_phone', ruleMessages.phoneMax],
    [{ esus_address1: '' }, 'esus_address1', ruleMessages.addressRequired],
    [{ esus_address1: 'Short rd' }, 'esus_address1', ruleMessages.addressMin],
    [{ esus_mcou: null }, 'esus_mcou', ruleMessages.countryRequired],
    [{ code: '' }, 'code', ruleMessages.codeRequired],
    [{ code: '+1' }, 'code', registerMessages.codeMismatch],
    [{ esus_mcou: 999_999 }, 'esus_mcou', registerMessages.unknownCountry],
  ])('refuses %j: %s says %s', async (patch, field, message) => {
    const user = await server.signedIn()
    const { profile } = await server.profileOf(user.auth)
    const res = await server.send('PUT', profilePaths.profile, user.auth, editOf(profile, patch))
    expect(res.status).toBe(422)
    const body = (await res.json()) as { errors: Record<string, string[]> }
    expect(body.errors[field]?.[0]).toBe(message)
  })

  it('saves an edit, ignores the read-only email and registration number, and the session user follows', async () => {
    const user = await server.signedIn()
    const { profile } = await server.profileOf(user.auth)
    const res = await server.send('PUT', profilePaths.profile, user.auth, {
      ...editOf(profile),
      esus_name: 'Nur Aisyah',
      esus_company_name: 'Straits Cargo Sdn Bhd',
      esus_mcou: server.my.mcou_rid,
      code: server.my.mcou_country_dialing_code,
      esus_mcpy: server.my.eshp_mcpy,
      esus_phone: '0123456789',
      esus_address1: '12 Jalan Pelabuhan, Port Klang',
      esus_email_id: 'someone.else@example.com',
      esus_regn_no: 'HIJACKED',
    })
    expect(res.status).toBe(200)
    const body = (await res.json()) as ProfileResponse & { message: string }
    expect(body.message).toBe(profileMessages.saved)
    expect(body.profile).toMatchObject({
      esus_name: 'Nur Aisyah',
      esus_email_id: user.email,
      esus_regn_no: profile.esus_regn_no,
      esus_company_name: 'Straits Cargo Sdn Bhd',
      esus_mcou: server.my.mcou_rid,
      code: '+60',
      esus_phone: '0123456789',
      esus_address1: '12 Jalan Pelabuhan, Port Klang',
    })
    expect(body.user).toEqual({
      esus_name: 'Nur Aisyah',
      esus_email_id: user.email,
      esus_company_name: 'Straits Cargo Sdn Bhd',
      esus_mcou: server.my.mcou_rid,
      mcou_code: 'MY',
      company_role: 'admin',
    })
    // The session's user (the auth check, what a reload stores as eshipUser) has the new name at once.
    const check = await server.send('GET', apiPaths.authCheck, user.auth)
    expect(((await check.json()) as { user: unknown }).user).toEqual(body.user)
    const company = await server.db
      .selectFrom('customers')
      .innerJoin('users', 'users.customer_id', 'customers.id')
      .select(['customers.name', 'customers.country_id', 'customers.regn_no'])
      .where('users.id', '=', user.id)
      .executeTakeFirstOrThrow()
    expect(company).toEqual({
      name: 'Straits Cargo Sdn Bhd',
      country_id: server.my.mcou_rid,
      regn_no: profile.esus_regn_no,
    })
  })

  it("edits only the caller's own user and company", async () => {
    const alice = await server.signedIn({ esus_name: 'Alice Lim', esus_company_name: 'Alice Exports' })
    const bob = await server.signedIn({ esus_name: 'Bob Tan', esus_company_name: 'Bob Imports' })
    const bobs = await server.profileOf(bob.auth)
    const res = await server.send(
      'PUT',
      profilePaths.profile,
      bob.auth,
      editOf(bobs.profile, { esus_name: 'Bob Renamed' }),
    )
    expect(res.status).toBe(200)
    const alices = await server.profileOf(alice.auth)
    expect(alices.profile).toMatchObject({ esus_name: 'Alice Lim', esus_company_name: 'Alice Exports' })
    expect((await server.profileOf(bob.auth)).profile.esus_name).toBe('Bob Renamed')
  })
})

describe("updateProfile: the company's details are its Admins' (issue 24)", () => {
  /** An Admin and a colleague of theirs with `role`, both signed in. */
  async function team(role: CompanyRole) {
    const admin = await server.signedIn({ esus_name: 'Ada Admin', esus_company_name: 'Team Trading Pte Ltd' })
    const colleague = await server.signedIn({ esus_name: 'Cole League' })
    const { customer_id } = await server.db
      .selectFrom('users')
      .select('customer_id')
      .where('id', '=', admin.id)
      .executeTakeFirstOrThrow()
    await server.db
      .updateTable('users')
      .set({ customer_id, company_role: role, esus_company_name: 'Team Trading Pte Ltd' })
      .where('id', '=', colleague.id)
      .execute()
    return { admin, colleague, customerId: customer_id }
  }
  const companyRow = (customerId: number) =>
    server.db
      .selectFrom('customers')
      .select(['name', 'country_id'])
      .where('id', '=', customerId)
      .executeTakeFirstOrThrow()
  const userRow = (id: number) =>
    server.db
      .selectFrom('users')
      .select([
        'esus_name',
        'esus_phone',
        'esus_company_name',
        'esus_address1',
        'esus_mcou',
        'code',
        'esus_mcpy',
      ])
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  const auditCount = async (userId: number) =>
    (await server.db.selectFrom('audit_events').select('id').where('actor_user_id', '=', userId).execute())
      .length

  it.each<[CompanyRole, Record<string, unknown>]>([
    ['member', { esus_company_name: 'Renamed By Member Pte Ltd' }],
    ['viewer', { esus_address1: '99 Somewhere Else Road, Singapore' }],
    ['member', { esus_mcou: 'MY' }],
  ])(
    'refuses a %s who changes %j with 403 and saves nothing, not even their own name',
    async (role, patch) => {
      const { colleague, customerId } = await team(role)
      const { profile } = await server.profileOf(colleague.auth)
      const country =
        patch.esus_mcou === 'MY'
          ? {
              esus_mcou: server.my.mcou_rid,
              code: server.my.mcou_country_dialing_code,
              esus_mcpy: server.my.eshp_mcpy,
            }
          : {}
      const beforeUser = await userRow(colleague.id)
      const beforeCompany = await companyRow(customerId)
      const audits = await auditCount(colleague.id)
      const res = await server.send(
        'PUT',
        profilePaths.profile,
        colleague.auth,
        editOf(profile, { esus_name: 'Changed Too', ...patch, ...country }),
      )
      expect(res.status).toBe(403)
      expect(await res.json()).toEqual({ message: teamMessages.companyDetailsAdminOnly })
      expect(await userRow(colleague.id)).toEqual(beforeUser)
      expect(await companyRow(customerId)).toEqual(beforeCompany)
      expect(await auditCount(colleague.id)).toBe(audits)
    },
  )

  it.each<CompanyRole>(['member', 'viewer'])(
    "saves a %s's own name and phone when the company's details are sent as they are",
    async (role) => {
      const { colleague } = await team(role)
      const { profile } = await server.profileOf(colleague.auth)
      const res = await server.send(
        'PUT',
        profilePaths.profile,
        colleague.auth,
        editOf(profile, { esus_name: 'Own Name', esus_phone: '69990000' }),
      )
      expect(res.status).toBe(200)
      expect((await res.json()) as ProfileResponse).toMatchObject({
        profile: { esus_name: 'Own Name', esus_phone: '69990000' },
        user: { company_role: role },
      })
    },
  )

  it("saves an Admin's change of them on the company and every colleague's copy, with one audit row", async () => {
    const { admin, colleague, customerId } = await team('viewer')
    const { profile } = await server.profileOf(admin.auth)
    const colleagueBefore = await userRow(colleague.id)
    const audits = await auditCount(admin.id)
    const res = await server.send(
      'PUT',
      profilePaths.profile,
      admin.auth,
      editOf(profile, {
        esus_company_name: 'Straits Team Sdn Bhd',
        esus_address1: '12 Jalan Pelabuhan, Port Klang',
        esus_mcou: server.my.mcou_rid,
        code: server.my.mcou_country_dialing_code,
        esus_mcpy: server.my.eshp_mcpy,
      }),
    )
    expect(res.status).toBe(200)
    expect(await companyRow(customerId)).toEqual({
      name: 'Straits Team Sdn Bhd',
      country_id: server.my.mcou_rid,
    })
    expect(await userRow(colleague.id)).toEqual({
      esus_name: colleagueBefore.esus_name,
      esus_phone: colleagueBefore.esus_phone,
      esus_company_name: 'Straits Team Sdn Bhd',
      esus_address1: '12 Jalan Pelabuhan, Port Klang',
      esus_mcou: server.my.mcou_rid,
      code: server.my.mcou_country_dialing_code,
      esus_mcpy: server.my.eshp_mcpy,
    })
    // The colleague's profile and session user show it at once.
    expect((await server.profileOf(colleague.auth)).profile).toMatchObject({
      esus_company_name: 'Straits Team Sdn Bhd',
      esus_address1: '12 Jalan Pelabuhan, Port Klang',
      code: '+60',
    })
    const check = await server.send('GET', apiPaths.authCheck, colleague.auth)
    expect(
      ((await check.json()) as { user: { esus_company_name: string; mcou_code: string } }).user,
    ).toMatchObject({
      esus_company_name: 'Straits Team Sdn Bhd',
      mcou_code: 'MY',
    })
    expect(await auditCount(admin.id)).toBe(audits + 1)
    // A colleague now sends the new details as stored: no change of them, their own name saves.
    const { profile: theirs } = await server.profileOf(colleague.auth)
    const own = await server.send(
      'PUT',
      profilePaths.profile,
      colleague.auth,
      editOf(theirs, { esus_name: 'Vic Viewer' }),
    )
    expect(own.status).toBe(200)
  })
})

describe('changePassword', () => {
  const strong = 'Harbour#2026'

  it('refuses a wrong current password with its message; the session stays', async () => {
    const user = await server.signedIn()
    const res = await server.send('POST', profilePaths.password, user.auth, {
      current_password: 'Wrong#1234',
      esus_password: strong,
      password_confirmation: strong,
    })
    expect(res.status).toBe(422)
    expect(await res.json()).toEqual({
      message: profileMessages.currentWrong,
      errors: { current_password: [profileMessages.currentWrong] },
    })
    expect((await server.send('GET', profilePaths.profile, user.auth)).status).toBe(200)
  })

  it.each([
    [{ current_password: '' }, 'current_password', profileMessages.currentRequired],
    [
      { esus_password: 'weakpassword', password_confirmation: 'weakpassword' },
      'esus_password',
      ruleMessages.passwordStrength,
    ],
    [{ esus_password: 'Sh#1', password_confirmation: 'Sh#1' }, 'esus_password', ruleMessages.passwordMin],
    [{ password_confirmation: 'Harbour#2027' }, 'password_confirmation', ruleMessages.passwordsDiffer],
    [
      { esus_password: 'Secret#123', password_confirmation: 'Secret#123' },
      'esus_password',
      profileMessages.sameAsCurrent,
    ],
  ])('refuses %j: %s says %s', async (patch, field, message) => {
    const user = await server.signedIn()
    const res = await server.send('POST', profilePaths.password, user.auth, {
      current_password: user.password,
      esus_password: strong,
      password_confirmation: strong,
      ...patch,
    })
    expect(res.status).toBe(422)
    expect(((await res.json()) as { errors: Record<string, string[]> }).errors[field]?.[0]).toBe(message)
  })

  it('replaces the token: the old one answers 401, the new one works, only the new password logs in, a notice is mailed', async () => {
    const user = await server.signedIn()
    const res = await server.send('POST', profilePaths.password, user.auth, {
      current_password: user.password,
      esus_password: strong,
      password_confirmation: strong,
    })
    expect(res.status).toBe(200)
    const body = (await res.json()) as ChangePasswordResponse
    expect(body.message).toBe(profileMessages.passwordChanged)
    const old = await server.send('GET', profilePaths.profile, user.auth)
    expect(old.status).toBe(401)
    expect(await old.json()).toEqual({ message: messages.unauthenticated })
    const fresh = bearer(body.token)
    expect((await server.send('GET', profilePaths.profile, fresh)).status).toBe(200)
    expect((await server.send('POST', apiPaths.logout, fresh)).status).toBe(200)
    const withOld = await server.app.request(
      apiPaths.login,
      postJson({ email: user.email, password: user.password }),
    )
    expect(withOld.status).toBe(401)
    await server.logIn(user, strong)
    const mail = await server.db
      .selectFrom('outbox')
      .select(['subject', 'text'])
      .where('to', '=', user.email)
      .executeTakeFirstOrThrow()
    expect(mail.subject).toBe('Your eShip password was changed')
    expect(mail.text).toContain('https://app.eship.test/login?forgot=1')
  })

  it('allows 5 attempts a minute, then 429 with Retry-After, then again after the minute', async () => {
    const user = await server.signedIn()
    const wrong = { current_password: 'Wrong#1234', esus_password: strong, password_confirmation: strong }
    for (let i = 0; i < 5; i++) {
      expect((await server.send('POST', profilePaths.password, user.auth, wrong)).status).toBe(422)
    }
    const limited = await server.send('POST', profilePaths.password, user.auth, {
      ...wrong,
      current_password: user.password,
    })
    expect(limited.status).toBe(429)
    expect(Number(limited.headers.get('Retry-After'))).toBeGreaterThan(0)
    server.clock.advance(60_000)
    const right = await server.send('POST', profilePaths.password, user.auth, {
      ...wrong,
      current_password: user.password,
    })
    expect(right.status).toBe(200)
  })
})
