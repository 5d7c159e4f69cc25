import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { messages } from '../../contract/messages'
import { type StaffMember, staffApiPaths, staffMessages } from '../../contract/staff'
import { apiPaths } from '../../contract/wire'
import { runStaff } from '../../scripts/staff'
import { createApp } from '../../server/app'
import { bearer, createTestUser, postJson, setupAuthServer, waitFor } from './helpers'
import {
  codeAt,
  createTestStaff,
  nextStaffIp,
  staffPassword,
  staffToken,
  staffVerify,
  type TestStaff,
} from './staff-helpers'

const APP_URL = 'https://app.eship.test'
const OPS_KEY = 'deployer-key-for-tests'
const STEP = 30_000
const MINUTE = 60_000

let server: Awaited<ReturnType<typeof setupAuthServer>>

beforeAll(async () => {
  server = await setupAuthServer({ appUrl: APP_URL, opsApiKey: OPS_KEY, listen: undefined })
}, 60_000)

afterAll(async () => {
  await server?.database.close()
})

const at = () => server.clock.now()
/** Moves to the next 30-second step, so a new code exists. */
const nextStep = () => server.clock.advance(STEP)
const check = (token: string) => server.app.request(staffApiPaths.check, { headers: bearer(token) })

async function mailsTo(email: string) {
  await server.settled()
  return server.db.selectFrom('outbox').selectAll().where('to', '=', email).orderBy('id', 'desc').execute()
}

const linkToken = (text: string) => {
  const match = /\/staff\/set-password\?token=([A-Za-z0-9_%-]+)/.exec(text)
  return match ? decodeURIComponent(match[1] as string) : undefined
}

describe('the first admin, from invitation to a session', () => {
  it('is added with the deployer key, sets a password by mail, enrols an authenticator and gets recovery codes', async () => {
    const email = 'Founder@Eship.test'
    const add = await server.app.request(
      staffApiPaths.team,
      postJson({ email, name: 'Nur Aisyah', roles: ['admin'] }, { 'X-API-Key': OPS_KEY }),
    )
    expect(add.status).toBe(201)
    const { staff } = (await add.json()) as { staff: StaffMember }
    expect(staff).toMatchObject({
      email: 'founder@eship.test',
      roles: ['admin'],
      enrolled: false,
      active: true,
    })

    // No password yet: the sign-in says only that email or password is wrong.
    expect((await staffPassword(server.app, staff.email, 'Anything#1')).status).toBe(401)

    const [mail] = await mailsTo('founder@eship.test')
    const token = linkToken(mail?.text ?? '')
    expect(mail?.text).toContain(`${APP_URL}/staff/set-password?token=`)
    expect(token).toBeDefined()
    const password = 'Founder#2026'
    const set = await server.app.request(
      staffApiPaths.setPassword,
      postJson({ token, esus_password: password, password_confirmation: password }),
    )
    expect(set.status).toBe(200)
    // The link works once.
    const again = await server.app.request(
      staffApiPaths.setPassword,
      postJson({ token, esus_password: password, password_confirmation: password }),
    )
    expect(again.status).toBe(400)
    expect(await again.json()).toEqual({ message: staffMessages.linkInvalid })

    const first = await staffPassword(server.app, staff.email, password)
    expect(first.status).toBe(200)
    if (first.body.step !== 'enrol') throw new Error('expected enrolment')
    expect(first.body.uri).toMatch(/^otpauth:\/\/totp\/eShip%20staff:founder%40eship\.test\?secret=/)
    expect(first.body.qrSvg).toMatch(/^<svg /)
    const secret = first.body.secret.replace(/ /g, '')

    const wrong = await staffVerify(server.app, { challenge: first.body.challenge, code: '000000' })
    expect(wrong.status).toBe(401)
    expect(wrong.body.message).toBe(staffMessages.codeInvalid)
    const right = await staffVerify(server.app, {
      challenge: first.body.challenge,
      code: await codeAt(secret, at()),
    })
    expect(right.status).toBe(200)
    expect(right.body.staff).toEqual({
      id: staff.id,
      email: 'founder@eship.test',
      name: 'Nur Aisyah',
      roles: ['admin'],
    })
    expect(right.body.recoveryCodes).toHaveLength(10)
    expect(new Set(right.body.recoveryCodes).size).toBe(10)
    expect((await check(right.body.token)).status).toBe(200)

    // Only hashes of the recovery codes are kept.
    const stored = JSON.stringify(await server.db.selectFrom('staff_recovery_codes').selectAll().execute())
    for (const code of right.body.recoveryCodes ?? []) expect(stored).not.toContain(code.replace('-', ''))

    // Enrolled: the next sign-in asks for a code, and the team lists them as enrolled.
    nextStep()
    const next = await staffPassword(server.app, staff.email, password)
    expect(next.body).toEqual({ step: 'code', challenge: expect.any(String) })
    const team = await server.app.request(staffApiPaths.team, { headers: bearer(right.body.token) })
    const list = (await team.json()) as { staff: StaffMember[] }
    expect(list.staff.find((member) => member.id === staff.id)?.enrolled).toBe(true)
  })

  it('refuses the deployer route with a wrong key, and a wrong key is not an admin', async () => {
    const res = await server.app.request(
      staffApiPaths.team,
      postJson({ email: 'x@eship.test', name: 'X', roles: ['admin'] }, { 'X-API-Key': 'wrong' }),
    )
    expect(res.status).toBe(401)
  })
})

describe('the second factor', () => {
  let person: TestStaff
  beforeAll(async () => {
    person = await createTestStaff(server.db, ['sales'])
  })

  it('accepts a code once: the same code again is refused, the next step’s is accepted', async () => {
    nextStep()
    const code = await codeAt(person.secret, at())
    const first = await staffPassword(server.app, person.email, person.password)
    expect((await staffVerify(server.app, { challenge: first.body.challenge, code })).status).toBe(200)
    const second = await staffPassword(server.app, person.email, person.password)
    const replay = await staffVerify(server.app, { challenge: second.body.challenge, code })
    expect(replay.status).toBe(401)
    expect(replay.body.message).toBe(staffMessages.codeInvalid)
    nextStep()
    const fresh = await staffVerify(server.app, {
      challenge: second.body.challenge,
      code: await codeAt(person.secret, at()),
    })
    expect(fresh.status).toBe(200)
  })

  it('allows one step of clock drift either way, not two', async () => {
    nextStep()
    nextStep()
    const first = await staffPassword(server.app, person.email, person.password)
    const twoAhead = await codeAt(person.secret, new Date(at().getTime() + 2 * STEP))
    expect((await staffVerify(server.app, { challenge: first.body.challenge, code: twoAhead })).status).toBe(
      401,
    )
    const oneAhead = await codeAt(person.secret, new Date(at().getTime() + STEP))
    expect((await staffVerify(server.app, { challenge: first.body.challenge, code: oneAhead })).status).toBe(
      200,
    )
    server.clock.advance(3 * STEP)
  })

  it('ends a challenge after 5 wrong codes: the password must be given again', async () => {
    const person = await createTestStaff(server.db, ['sales'])
    const first = await staffPassword(server.app, person.email, person.password)
    for (let i = 0; i < 5; i++) {
      expect(
        (await staffVerify(server.app, { challenge: first.body.challenge, code: '000000' })).status,
      ).toBe(401)
    }
    const late = await staffVerify(server.app, {
      challenge: first.body.challenge,
      code: await codeAt(person.secret, at()),
    })
    expect(late.status).toBe(400)
    expect(late.body.message).toBe(staffMessages.challengeExpired)
  })

  it('ends a challenge after 10 minutes', async () => {
    const person = await createTestStaff(server.db, ['sales'])
    const first = await staffPassword(server.app, person.email, person.password)
    server.clock.advance(10 * MINUTE + 1)
    const late = await staffVerify(server.app, {
      challenge: first.body.challenge,
      code: await codeAt(person.secret, at()),
    })
    expect(late.status).toBe(400)
  })

  it('gives a clear message for a code that is not 6 digits', async () => {
    const first = await staffPassword(server.app, person.email, person.password)
    const bad = await staffVerify(server.app, { challenge: first.body.challenge, code: '12ab' })
    expect(bad.status).toBe(422)
    expect(bad.body.message).toBe(staffMessages.codeRequired)
  })

  it('lets a recovery code in once', async () => {
    const enrolling = await createTestStaff(server.db, ['operations'])
    // Enrol afresh through the API to get recovery codes: clear the secret first.
    await server.db
      .updateTable('staff_members')
      .set({ totp_secret: null })
      .where('id', '=', enrolling.id)
      .execute()
    const first = await staffPassword(server.app, enrolling.email, enrolling.password)
    if (first.body.step !== 'enrol') throw new Error('expected enrolment')
    // No recovery code is accepted before enrolment is confirmed.
    const early = await staffVerify(server.app, {
      challenge: first.body.challenge,
      recoveryCode: 'abcde-fghjk',
    })
    expect(early.status).toBe(401)
    const secret = first.body.secret.replace(/ /g, '')
    const done = await staffVerify(server.app, {
      challenge: first.body.challenge,
      code: await codeAt(secret, at()),
    })
    const recovery = done.body.recoveryCodes?.[3] as string

    const use = async (code: string) => {
      const step = await staffPassword(server.app, enrolling.email, enrolling.password)
      return staffVerify(server.app, { challenge: step.body.challenge, recoveryCode: code })
    }
    // Typed in upper case with spaces, as people do.
    const ok = await use(` ${recovery.toUpperCase().replace('-', ' ')} `)
    expect(ok.status).toBe(200)
    expect((await check(ok.body.token)).status).toBe(200)
    const twice = await use(recovery)
    expect(twice.status).toBe(401)
    expect(twice.body.message).toBe(staffMessages.recoveryInvalid)
  })

  it('counts at most 10 second-step attempts per 15 minutes per person', async () => {
    const target = await createTestStaff(server.db, ['pricing'])
    const statuses: number[] = []
    for (let i = 0; i < 3; i++) {
      const first = await staffPassword(server.app, target.email, target.password)
      for (let j = 0; j < 4; j++) {
        statuses.push(
          (await staffVerify(server.app, { challenge: first.body.challenge, code: '000000' })).status,
        )
      }
    }
    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true)
    expect(statuses.slice(10)).toEqual([429, 429])
  })
})

describe('the password step', () => {
  it('answers every wrong email or password alike, and limits attempts like the customers’ login', async () => {
    const person = await createTestStaff(server.db, ['sales'])
    const unknown = await staffPassword(server.app, 'nobody@eship.test', 'Whatever#1')
    const wrong = await staffPassword(server.app, person.email, 'Wrong#Pass1')
    expect(unknown).toEqual({ status: 401, body: { message: staffMessages.invalidCredentials } })
    expect(wrong).toEqual(unknown)
    const ip = nextStaffIp()
    const statuses: number[] = []
    for (let i = 0; i < 6; i++)
      statuses.push((await staffPassword(server.app, person.email, 'Wrong#Pass1', ip)).status)
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429])
  })

  it('refuses a customer’s email and password (staff are not customers, and customers are not staff)', async () => {
    const customer = await createTestUser(server.db)
    expect((await staffPassword(server.app, customer.email, customer.password)).status).toBe(401)
  })
})

describe('sessions', () => {
  it('keeps customer and staff tokens apart', async () => {
    const person = await createTestStaff(server.db, ['admin'])
    nextStep()
    const staff = await staffToken(server.app, person, at())
    const customer = await createTestUser(server.db)
    const login = await server.app.request(
      apiPaths.login,
      postJson({ email: customer.email, password: customer.password }, { 'X-Forwarded-For': nextStaffIp() }),
    )
    const { token: customerToken } = (await login.json()) as { token: string }
    expect((await server.app.request(apiPaths.authCheck, { headers: bearer(staff) })).status).toBe(401)
    expect((await server.app.request('/api/quotes', { headers: bearer(staff) })).status).toBe(401)
    const refused = await check(customerToken)
    expect(refused.status).toBe(401)
    expect(await refused.json()).toEqual({ message: messages.unauthenticated })
    expect((await server.app.request(staffApiPaths.team, { headers: bearer(customerToken) })).status).toBe(
      401,
    )
  })

  it('ends after 15 idle minutes, and a newer sign-in of the same person ends the older session', async () => {
    const person = await createTestStaff(server.db, ['sales'])
    nextStep()
    const first = await staffToken(server.app, person, at())
    server.clock.advance(14 * MINUTE)
    expect((await check(first)).status).toBe(200)
    nextStep()
    const second = await staffToken(server.app, person, at())
    expect((await check(first)).status).toBe(401)
    expect((await check(second)).status).toBe(200)
    server.clock.advance(16 * MINUTE)
    expect((await check(second)).status).toBe(401)
  })

  it('signs out', async () => {
    const person = await createTestStaff(server.db, ['sales'])
    nextStep()
    const token = await staffToken(server.app, person, at())
    const out = await server.app.request(staffApiPaths.logout, { method: 'POST', headers: bearer(token) })
    expect(await out.json()).toEqual({ message: staffMessages.signedOut })
    expect((await check(token)).status).toBe(401)
  })
})

describe('the team (admin)', () => {
  let admin: TestStaff
  let adminToken: string
  beforeAll(async () => {
    admin = await createTestStaff(server.db, ['admin'])
    nextStep()
    adminToken = await staffToken(server.app, admin, at())
  })
  const asAdmin = (path: string, init: RequestInit = {}) =>
    server.app.request(path, { ...init, headers: { ...(init.headers as object), ...bearer(adminToken) } })

  it('refuses the team to a staff member without the admin role, with the role it needs', async () => {
    const ops = await createTestStaff(server.db, ['operations', 'sales'])
    nextStep()
    const token = await staffToken(server.app, ops, at())
    const res = await server.app.request(staffApiPaths.team, { headers: bearer(token) })
    expect(res.status).toBe(403)
    expect(await res.json()).toEqual({ message: 'This needs the Admin role.' })
    const add = await server.app.request(
      staffApiPaths.team,
      postJson({ email: 'y@eship.test', name: 'Y', roles: ['sales'] }, bearer(token)),
    )
    expect(add.status).toBe(403)
  })

  it('adds, changes roles, refuses duplicates, and refuses leaving no admin', async () => {
    const add = await asAdmin(
      staffApiPaths.team,
      postJson({ email: 'ops.lead@eship.test', name: 'Ravi', roles: ['operations'] }),
    )
    expect(add.status).toBe(201)
    const { staff } = (await add.json()) as { staff: StaffMember }
    const dup = await asAdmin(
      staffApiPaths.team,
      postJson({ email: 'OPS.lead@eship.test', name: 'R', roles: ['sales'] }),
    )
    expect(dup.status).toBe(409)
    const bad = await asAdmin(staffApiPaths.team, postJson({ email: 'z@eship.test', name: 'Z', roles: [] }))
    expect(bad.status).toBe(422)
    expect(((await bad.json()) as { errors: Record<string, string[]> }).errors.roles).toEqual([
      staffMessages.rolesRequired,
    ])
    const patch = await asAdmin(staffApiPaths.member(staff.id), {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ roles: ['operations', 'pricing'] }),
    })
    expect(((await patch.json()) as { staff: StaffMember }).staff.roles).toEqual(['operations', 'pricing'])
    expect(
      (
        await asAdmin(staffApiPaths.member(99_999), {
          method: 'PATCH',
          headers: { 'Content-Type': 'application/json' },
          body: '{"name":"Q"}',
        })
      ).status,
    ).toBe(404)
    expect((await asAdmin(staffApiPaths.deactivate(admin.id), { method: 'POST' })).status).toBe(409)
  })

  it('refuses taking the admin role from the last active admin', async () => {
    await server.db
      .updateTable('staff_members')
      .set({ deactivated_at: new Date() })
      .where('id', '!=', admin.id)
      .where('deactivated_at', 'is', null)
      .execute()
    const res = await asAdmin(staffApiPaths.member(admin.id), {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ roles: ['sales'] }),
    })
    expect(res.status).toBe(409)
    expect(await res.json()).toEqual({ message: staffMessages.lastAdmin })
  })
})

describe('deactivation, seen by another server process', () => {
  it('answers 401 on the other process at once, though it held the session', async () => {
    const database = server.database
    const clock = server.clock
    const processA = createApp({ db: database.db, now: clock.now, trustProxy: 1, listen: database.listen })
    const processB = createApp({ db: database.db, now: clock.now, trustProxy: 1, listen: database.listen })
    const admin = await createTestStaff(server.db, ['admin'])
    const member = await createTestStaff(server.db, ['sales'])
    nextStep()
    const adminToken = await staffToken(processA, admin, at())
    const memberToken = await staffToken(processA, member, at())
    // Process B has looked the session up, and would hold it for 10 seconds.
    await waitFor(async () => {
      expect((await processB.request(staffApiPaths.check, { headers: bearer(memberToken) })).status).toBe(200)
    })
    const off = await processA.request(staffApiPaths.deactivate(member.id), {
      method: 'POST',
      headers: bearer(adminToken),
    })
    expect(off.status).toBe(200)
    expect(((await off.json()) as { staff: StaffMember }).staff.active).toBe(false)
    await waitFor(
      async () => {
        expect((await processB.request(staffApiPaths.check, { headers: bearer(memberToken) })).status).toBe(
          401,
        )
      },
      { interval: 20 },
    )
    // Nor can they sign in again.
    expect((await staffPassword(processB, member.email, member.password)).status).toBe(401)
  })
})

describe('npm run staff -- add (scripts/staff.ts)', () => {
  const run = async (args: string[], key: string | undefined = OPS_KEY) => {
    const lines = { out: [] as string[], err: [] as string[] }
    const code = await runStaff([...args, '--url', 'http://eship.test'], {
      env: { OPS_API_KEY: key },
      fetch: ((url: string, init?: RequestInit) =>
        server.app.request(new URL(url).pathname, init)) as typeof fetch,
      out: (line) => lines.out.push(line),
      err: (line) => lines.err.push(line),
    })
    return { code, ...lines }
  }

  it('adds a person with their roles and the server mails their link', async () => {
    const done = await run([
      'add',
      'Pricing.Lead@eship.test',
      '--name',
      'Mei Ling Tan',
      '--roles',
      'pricing,admin',
    ])
    expect(done).toEqual({
      code: 0,
      out: [
        'Added pricing.lead@eship.test (pricing, admin): a link to set their password is on its way by mail.',
      ],
      err: [],
    })
    const [mail] = await mailsTo('pricing.lead@eship.test')
    expect(mail?.subject).toBe('Your eShip staff account')
  })

  it('says what is wrong: usage, a bad role, a wrong key', async () => {
    expect((await run(['add', 'x@eship.test'])).code).toBe(2)
    const badRole = await run(['add', 'x@eship.test', '--name', 'X', '--roles', 'boss'])
    expect(badRole.code).toBe(1)
    expect(badRole.err[0]).toMatch(/^Refused \(422\)/)
    const wrongKey = await run(['add', 'x@eship.test', '--name', 'X', '--roles', 'sales'], 'nope')
    expect(wrongKey.err).toEqual([
      'Refused (401): OPS_API_KEY is not the key the server has (or the server has none).',
    ])
  })
})

describe('the audit trail of staff actions', () => {
  it('records sign-ins, additions, role changes and deactivations, newest first, filtered by action', async () => {
    const admin = await createTestStaff(server.db, ['admin'])
    nextStep()
    const token = await staffToken(server.app, admin, at())
    const add = await server.app.request(
      staffApiPaths.team,
      postJson({ email: 'audited@eship.test', name: 'Audited Person', roles: ['sales'] }, bearer(token)),
    )
    const { staff: added } = (await add.json()) as { staff: StaffMember }
    const patched = await server.app.request(staffApiPaths.member(added.id), {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json', ...bearer(token) },
      body: JSON.stringify({ roles: ['sales', 'pricing'] }),
    })
    expect(patched.status, await patched.clone().text()).toBe(200)
    await server.app.request(staffApiPaths.deactivate(added.id), { method: 'POST', headers: bearer(token) })
    const res = await server.app.request(`/api/staff/audit?recordType=staff&recordId=${added.id}`, {
      headers: bearer(token),
    })
    const { events } = (await res.json()) as {
      events: { action: string; actor: { staffId: number; role: string }; changes: Record<string, unknown> }[]
    }
    expect(events.map((event) => event.action)).toEqual(['staff.deactivated', 'staff.updated', 'staff.added'])
    expect(events[1]?.changes).toEqual({ roles: { before: ['sales'], after: ['sales', 'pricing'] } })
    expect(events.every((event) => event.actor.staffId === admin.id && event.actor.role === 'admin')).toBe(
      true,
    )
    const signIns = await server.app.request(`/api/staff/audit?action=staff.signed_in&staffId=${admin.id}`, {
      headers: bearer(token),
    })
    expect(((await signIns.json()) as { events: unknown[] }).events).toHaveLength(1)
  })
})
