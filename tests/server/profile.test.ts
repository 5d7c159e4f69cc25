import { sql } from 'kysely'
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
import { apiPaths, type LoginResponse } from '../../contract/wire'
import { QuoteReminderJob } from '../../server/jobs/quote-reminders'
import { createMailer } from '../../server/mail/index'
import { notificationAllowed, usersAllowing } from '../../server/profile/notification-settings'
import { registerMessages } from '../../server/register/messages'
import { bearer, createTestUser, postJson, setupAuthServer, type TestUser } from './helpers'

let server: Awaited<ReturnType<typeof setupAuthServer>>
let my: { mcou_rid: number; mcou_country_dialing_code: string; eshp_mcpy: number }

beforeAll(async () => {
  server = await setupAuthServer({ appUrl: 'https://app.eship.test' })
  my = await server.db
    .selectFrom('countries')
    .select(['mcou_rid', 'mcou_country_dialing_code', 'eshp_mcpy'])
    .where('mcou_code', '=', 'MY')
    .executeTakeFirstOrThrow()
}, 60_000)

afterAll(async () => {
  await server?.database.close()
})

/** A fresh customer, logged in: its id, email, password and bearer header. */
async function signedIn(overrides: Parameters<typeof createTestUser>[1] = {}) {
  const user = await createTestUser(server.db, overrides)
  const auth = await logIn(user, user.password)
  return { ...user, auth }
}

async function logIn(user: TestUser, password: string) {
  const res = await server.app.request(apiPaths.login, postJson({ email: user.email, password }))
  const body = (await res.json()) as LoginResponse
  expect(res.status, JSON.stringify(body)).toBe(200)
  return bearer(body.token as string)
}

const send = (method: string, path: string, auth: Record<string, string>, body?: unknown) =>
  server.app.request(path, {
    method,
    headers: { 'Content-Type': 'application/json', ...auth },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })

async function profileOf(auth: Record<string, string>) {
  const res = await send('GET', profilePaths.profile, auth)
  expect(res.status).toBe(200)
  return (await res.json()) as ProfileResponse
}

function editOf(profile: ProfileResponse['profile'], patch: Record<string, unknown> = {}) {
  const { esus_name, esus_company_name, esus_mcou, code, esus_phone, esus_address1, esus_mcpy } = profile
  return { esus_name, esus_company_name, esus_mcou, code, esus_phone, esus_address1, esus_mcpy, ...patch }
}

describe('getProfile', () => {
  it("answers the user's and the company's details and every notification on", async () => {
    const user = await signedIn({ esus_name: 'Tan Wei Ming', esus_regn_no: '201912345k' })
    const body = await profileOf(user.auth)
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
    const user = await signedIn()
    const { profile } = await profileOf(user.auth)
    const res = await send(
      'PUT',
      profilePaths.profile,
      user.auth,
      editOf(profile, { esus_name: 'Changed Name', esus_phone: '12345' }),
    )
    expect(res.status).toBe(422)
    expect(((await res.json()) as { errors: Record<string, string[]> }).errors).toEqual({
      esus_phone: [ruleMessages.phoneMin],
    })
    expect((await profileOf(user.auth)).profile.esus_name).toBe(profile.esus_name)
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
    const user = await signedIn()
    const { profile } = await profileOf(user.auth)
    const res = await send('PUT', profilePaths.profile, user.auth, editOf(profile, patch))
    expect(res.status).toBe(422)
    const body = (await res.json()) as { errors: Record<string, string[]> }
    expect(body.errors[field]?.[0]).toBe(message)
  })

  it('saves an edit, ignores the read-only email and registration number, and the session user follows', async () => {
    const user = await signedIn()
    const { profile } = await profileOf(user.auth)
    const res = await send('PUT', profilePaths.profile, user.auth, {
      ...editOf(profile),
      esus_name: 'Nur Aisyah',
      esus_company_name: 'Straits Cargo Sdn Bhd',
      esus_mcou: my.mcou_rid,
      code: my.mcou_country_dialing_code,
      esus_mcpy: my.eshp_mcpy,
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
      esus_mcou: my.mcou_rid,
      code: '+60',
      esus_phone: '0123456789',
      esus_address1: '12 Jalan Pelabuhan, Port Klang',
    })
    expect(body.user).toEqual({
      esus_name: 'Nur Aisyah',
      esus_email_id: user.email,
      esus_company_name: 'Straits Cargo Sdn Bhd',
      esus_mcou: my.mcou_rid,
      mcou_code: 'MY',
    })
    // The session's user (the auth check, what a reload stores as eshipUser) has the new name at once.
    const check = await send('GET', apiPaths.authCheck, user.auth)
    expect(((await check.json()) as { user: unknown }).user).toEqual(body.user)
    const company = await server.db
      .selectFrom('customers')
      .innerJoin('users', 'users.customer_id', 'customers.id')
      .select(['customers.name', 'customers.country_id', 'customers.regn_no'])
      .where('users.id', '=', user.id)
      .executeTakeFirstOrThrow()
    expect(company).toEqual({
      name: 'Straits Cargo Sdn Bhd',
      country_id: my.mcou_rid,
      regn_no: profile.esus_regn_no,
    })
  })

  it("edits only the caller's own user and company", async () => {
    const alice = await signedIn({ esus_name: 'Alice Lim', esus_company_name: 'Alice Exports' })
    const bob = await signedIn({ esus_name: 'Bob Tan', esus_company_name: 'Bob Imports' })
    const bobs = await profileOf(bob.auth)
    const res = await send(
      'PUT',
      profilePaths.profile,
      bob.auth,
      editOf(bobs.profile, { esus_name: 'Bob Renamed' }),
    )
    expect(res.status).toBe(200)
    const alices = await profileOf(alice.auth)
    expect(alices.profile).toMatchObject({ esus_name: 'Alice Lim', esus_company_name: 'Alice Exports' })
    expect((await profileOf(bob.auth)).profile.esus_name).toBe('Bob Renamed')
  })
})

describe('changePassword', () => {
  const strong = 'Harbour#2026'

  it('refuses a wrong current password with its message; the session stays', async () => {
    const user = await signedIn()
    const res = await send('POST', profilePaths.password, user.auth, {
      current_password: 'Wrong#1234',
      esus_password: strong,
      password_confirmation: strong,
    })
    expect(res.status).toBe(422)
    expect(await res.json()).toEqual({
      message: profileMessages.currentWrong,
      errors: { current_password: [profileMessages.currentWrong] },
    })
    expect((await send('GET', profilePaths.profile, user.auth)).status).toBe(200)
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
    const user = await signedIn()
    const res = await send('POST', profilePaths.password, user.auth, {
      current_password: user.password,
      esus_password: strong,
      password_confirmation: strong,
      ...patch,
    })
    expect(res.status).toBe(422)
    expect(((await res.json()) as { errors: Record<string, string[]> }).errors[field]?.[0]).toBe(message)
  })

  it('replaces the token: the old one answers 401, the new one works, only the new password logs in, a notice is mailed', async () => {
    const user = await signedIn()
    const res = await send('POST', profilePaths.password, user.auth, {
      current_password: user.password,
      esus_password: strong,
      password_confirmation: strong,
    })
    expect(res.status).toBe(200)
    const body = (await res.json()) as ChangePasswordResponse
    expect(body.message).toBe(profileMessages.passwordChanged)
    const old = await send('GET', profilePaths.profile, user.auth)
    expect(old.status).toBe(401)
    expect(await old.json()).toEqual({ message: messages.unauthenticated })
    const fresh = bearer(body.token)
    expect((await send('GET', profilePaths.profile, fresh)).status).toBe(200)
    expect((await send('POST', apiPaths.logout, fresh)).status).toBe(200)
    const withOld = await server.app.request(
      apiPaths.login,
      postJson({ email: user.email, password: user.password }),
    )
    expect(withOld.status).toBe(401)
    await logIn(user, strong)
    const mail = await server.db
      .selectFrom('outbox')
      .select(['subject', 'text'])
      .where('to', '=', user.email)
      .executeTakeFirstOrThrow()
    expect(mail.subject).toBe('Your eShip password was changed')
    expect(mail.text).toContain('https://app.eship.test/login?forgot=1')
  })

  it('allows 5 attempts a minute, then 429 with Retry-After, then again after the minute', async () => {
    const user = await signedIn()
    const wrong = { current_password: 'Wrong#1234', esus_password: strong, password_confirmation: strong }
    for (let i = 0; i < 5; i++) {
      expect((await send('POST', profilePaths.password, user.auth, wrong)).status).toBe(422)
    }
    const limited = await send('POST', profilePaths.password, user.auth, {
      ...wrong,
      current_password: user.password,
    })
    expect(limited.status).toBe(429)
    expect(Number(limited.headers.get('Retry-After'))).toBeGreaterThan(0)
    server.clock.advance(60_000)
    const right = await send('POST', profilePaths.password, user.auth, {
      ...wrong,
      current_password: user.password,
    })
    expect(right.status).toBe(200)
  })
})

describe('updateNotificationSettings', () => {
  it('saves the four switches; notificationAllowed and usersAllowing read them', async () => {
    const user = await signedIn()
    const other = await signedIn()
    const settings = { milestones: false, etaChanges: true, documents: false, quoteExpiry: true }
    const res = await send('PUT', profilePaths.notifications, user.auth, settings)
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ message: profileMessages.notificationsSaved, notifications: settings })
    expect((await profileOf(user.auth)).notifications).toEqual(settings)
    expect(await notificationAllowed(server.db, user.id, 'milestones')).toBe(false)
    expect(await notificationAllowed(server.db, user.id, 'etaChanges')).toBe(true)
    expect(await notificationAllowed(server.db, other.id, 'milestones')).toBe(true)
    expect(await notificationAllowed(server.db, 999_999, 'milestones')).toBe(false)
    expect([...(await usersAllowing(server.db, [user.id, other.id], 'documents'))]).toEqual([other.id])
    expect((await profileOf(other.auth)).notifications).toEqual(defaultNotificationSettings)
  })

  it('refuses a missing or non-boolean switch', async () => {
    const user = await signedIn()
    const res = await send('PUT', profilePaths.notifications, user.auth, {
      milestones: 'no',
      etaChanges: true,
    })
    expect(res.status).toBe(422)
    const body = (await res.json()) as { errors: Record<string, string[]> }
    expect(Object.keys(body.errors).sort()).toEqual(['documents', 'milestones', 'quoteExpiry'])
  })
})

describe('quote expiry reminders', () => {
  let seq = 0
  async function quote(userId: number, validTo: string, extra: { kind?: 'priced' | 'requested' } = {}) {
    seq += 1
    const customer = await server.db
      .selectFrom('users')
      .select('customer_id')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow()
    const number = `ESQ-2025${String(900000 + seq)}`
    const row = await server.db
      .insertInto('quotes')
      .values({
        number,
        customer_id: customer.customer_id,
        user_id: userId,
        kind: extra.kind ?? 'priced',
        mode: 'FCL',
        origin: 'SGSIN',
        destination: 'INNSA',
        request: '{}',
        services: '{}',
        first_lcl_eligible: false,
        fx: '{}',
        service_tariffs: '{}',
        valid_to: extra.kind === 'requested' ? null : validTo,
        created_at: server.clock.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    return { id: row.id, number, customerId: customer.customer_id }
  }

  async function book(q: { id: number; customerId: number; number: string }, userId: number) {
    const option = await server.db
      .insertInto('quote_options')
      .values({
        quote_id: q.id,
        lane: '{}',
        carrier: 'Maersk',
        transit_days: 9,
        valid_to: '2025-06-03',
        total_usd: 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await server.db
      .insertInto('bookings')
      .values({
        number: q.number.replace('ESQ', 'ESB'),
        customer_id: q.customerId,
        user_id: userId,
        quote_id: q.id,
        option_id: option.id,
        mode: 'FCL',
        status: 'Booking Received',
        details: '{}',
        price: '{}',
        total_usd: 1,
        created_at: server.clock.now(),
      })
      .execute()
  }

  const reminders = (number: string) =>
    server.db
      .selectFrom('outbox')
      .select(['to', 'subject', 'text'])
      .where('subject', 'like', `Quote ${number} expires tomorrow%`)
      .execute()

  const job = () =>
    new QuoteReminderJob({
      db: server.db,
      mailer: createMailer({ appUrl: 'https://app.eship.test' }),
      now: server.clock.now,
    })

  it('reminds once, the day before (Singapore date), only priced quotes not booked, only when enabled', async () => {
    // 2025-06-10 15:59 UTC is 23:59 in Singapore on the 10th: "tomorrow" is the 11th.
    const start = new Date('2025-06-10T15:59:00Z').getTime() - server.clock.now().getTime()
    server.clock.advance(start)
    const user = await signedIn()
    const quiet = await signedIn()
    await send('PUT', profilePaths.notifications, quiet.auth, {
      ...defaultNotificationSettings,
      quoteExpiry: false,
    })

    const due = await quote(user.id, '2025-06-11')
    const later = await quote(user.id, '2025-06-12')
    const booked = await quote(user.id, '2025-06-11')
    await book(booked, user.id)
    const requested = await quote(user.id, '2025-06-11', { kind: 'requested' })
    const disabled = await quote(quiet.id, '2025-06-11')

    // Two processes at once: each quote is claimed by one of them.
    const [a, b] = [job(), job()]
    await Promise.all([a.runOnce(), b.runOnce()])
    const mails = await reminders(due.number)
    expect(mails).toHaveLength(1)
    expect(mails[0]?.to).toBe(user.email)
    expect(mails[0]?.text).toContain('valid until the end of 2025-06-11')
    expect(mails[0]?.text).toContain(`https://app.eship.test/user/getquote?quote=${due.number}`)
    for (const other of [later, booked, requested, disabled])
      expect(await reminders(other.number)).toEqual([])

    // Again in the same hour: nothing new.
    await a.runOnce()
    expect(await reminders(due.number)).toHaveLength(1)

    // One minute later it is the 11th in Singapore: the quote valid to the 12th is due.
    server.clock.advance(60_000)
    await b.runOnce()
    expect(await reminders(later.number)).toHaveLength(1)
    expect(await reminders(due.number)).toHaveLength(1)

    // The disabled user's quote was claimed without a mail: turning reminders on later sends nothing for it.
    await send('PUT', profilePaths.notifications, quiet.auth, defaultNotificationSettings)
    await a.runOnce()
    expect(await reminders(disabled.number)).toEqual([])
    const marked = await sql<{
      n: number
    }>`select count(*)::int as n from quotes where id = ${disabled.id} and expiry_reminded_at is not null`.execute(
      server.db,
    )
    expect(marked.rows[0]?.n).toBe(1)
  })
})
