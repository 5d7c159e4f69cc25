/**
 * Issue 19, section 4: register, login, forgot-password, reset-password (and the activation resend) do the
 * same work up to their answer for an email that has an account and one that has not: the same SQL
 * statements in the same order, the same scrypt derivations at the same cost, the same status, body and
 * headers, and no Server-Timing. What differs (a mail, a new account) happens after the answer.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { apiPaths } from '../../contract/wire'
import { createApp } from '../../server/app'
import { createPasswordReset } from '../../server/auth/password-resets'
import { hashToken } from '../../server/auth/tokens'
import type { CountryRow } from '../../server/db/schema'
import { AfterAnswer } from '../../server/jobs/after-answer'
import {
  createTestUser,
  openTestDatabase,
  postJson,
  registrationPayload,
  type TestDatabase,
  testClock,
} from './helpers'
import { recording } from './statement-recorder'

/** The cost parameter N of every scrypt derivation, in order. */
const scrypts = vi.hoisted(() => ({ costs: [] as number[] }))

vi.mock('node:crypto', async (importOriginal) => {
  const crypto = await importOriginal<typeof import('node:crypto')>()
  const scrypt = (...args: unknown[]) => {
    scrypts.costs.push((args[3] as { N: number }).N)
    return (crypto.scrypt as (...a: unknown[]) => void)(...args)
  }
  return { ...crypto, scrypt }
})

const MINUTE = 60_000
const ACCOUNT_LIMIT = 3
let database: TestDatabase
let statements: string[]
let app: ReturnType<typeof createApp>
let sg: CountryRow
const clock = testClock()
const afterAnswer = new AfterAnswer()
const logged: unknown[] = []

beforeAll(async () => {
  database = await openTestDatabase()
  const recorder = recording(database.db)
  statements = recorder.statements
  app = createApp({
    db: recorder.db,
    now: clock.now,
    trustProxy: 1,
    afterAnswer,
    logger: { error: (...args: unknown[]) => logged.push(args), info: () => {} },
    loginLimits: {
      perAddress: { max: 1000, windowMs: 15 * MINUTE },
      perAccount: { max: ACCOUNT_LIMIT, windowMs: 60 * MINUTE },
    },
  })
  sg = await database.db
    .selectFrom('countries')
    .selectAll()
    .where('mcou_code', '=', 'SG')
    .executeTakeFirstOrThrow()
  // The first requests pay for what is made once: the dummy hash, the first clean-ups of old windows.
  await work(apiPaths.login, { email: 'warm.up@example.com', password: 'Wrong#1234' })
  await work(apiPaths.forgotPassword, { email: 'warm.up@example.com' })
}, 60_000)

afterAll(async () => {
  await database?.close()
})

let ipCount = 0
const nextIp = () => {
  ipCount += 1
  return `192.0.2.${ipCount % 250}`
}

let emailCount = 0
const unknownEmail = () => {
  emailCount += 1
  return `nobody.${emailCount}@example.com`
}

interface Work {
  status: number
  body: string
  /** Header names, sorted. */
  headers: string[]
  serverTiming: string | null
  /** The SQL statements run before the answer, in order. */
  statements: string[]
  /** scrypt's N of each derivation before the answer. */
  scrypts: number[]
}

/** One request, from an address of its own: what was done up to its answer. */
async function work(path: string, body: unknown): Promise<Work> {
  await afterAnswer.idle()
  statements.length = 0
  scrypts.costs.length = 0
  const res = await app.request(path, postJson(body, { 'X-Forwarded-For': nextIp() }))
  const done: Work = {
    status: res.status,
    body: await res.text(),
    headers: [...res.headers.keys()].sort(),
    serverTiming: res.headers.get('server-timing'),
    statements: [...statements],
    scrypts: [...scrypts.costs],
  }
  await afterAnswer.idle()
  return done
}

async function mailsTo(email: string) {
  await afterAnswer.idle()
  return database.db.selectFrom('outbox').select('subject').where('to', '=', email).execute()
}

describe('login', () => {
  it('verifies a wrong password for an account and any password for an unknown email alike', async () => {
    const active = await createTestUser(database.db)
    const inactive = await createTestUser(database.db, { activated_at: null })
    const unknown = await work(apiPaths.login, { email: unknownEmail(), password: 'Wrong#1234' })
    expect(unknown).toMatchObject({ status: 401, body: '{"message":"Invalid email or password."}' })
    expect(unknown.scrypts).toEqual([2 ** 10])
    expect(unknown.serverTiming).toBeNull()
    for (const user of [active, inactive]) {
      expect(await work(apiPaths.login, { email: user.email, password: 'Wrong#1234' }), user.email).toEqual(
        unknown,
      )
    }
  })

  it('reaches the account limit and then refuses (429) an email with an account as one without', async () => {
    const user = await createTestUser(database.db)
    const other = unknownEmail()
    for (let attempt = 1; attempt <= ACCOUNT_LIMIT + 1; attempt += 1) {
      const known = await work(apiPaths.login, { email: user.email, password: 'Wrong#1234' })
      const unknown = await work(apiPaths.login, { email: other, password: 'Wrong#1234' })
      expect(known, `attempt ${attempt}`).toEqual(unknown)
      expect(known.status).toBe(attempt <= ACCOUNT_LIMIT ? 401 : 429)
    }
    // Only the owner of an account was told, after the answer.
    expect(await mailsTo(user.email)).toEqual([{ subject: 'Logins to your eShip account are paused' }])
    expect(await mailsTo(other)).toEqual([])
  })
})

describe('forgot-password', () => {
  it('answers an account and an unknown email after the same statements, mailing only the account after', async () => {
    const active = await createTestUser(database.db)
    const inactive = await createTestUser(database.db, { activated_at: null })
    const nobody = unknownEmail()
    const unknown = await work(apiPaths.forgotPassword, { email: nobody })
    expect(unknown).toMatchObject({
      status: 200,
      body: '{"message":"Password Reset Link sent to your registered E-Mail."}',
      serverTiming: null,
      scrypts: [],
    })
    for (const user of [active, inactive]) {
      expect(await work(apiPaths.forgotPassword, { email: user.email }), user.email).toEqual(unknown)
    }
    expect(await mailsTo(active.email)).toEqual([{ subject: 'Reset your eShip password' }])
    expect(await mailsTo(inactive.email)).toEqual([])
    expect(await mailsTo(nobody)).toEqual([])
  })
})

describe('register', () => {
  it('answers a new email and one with an account after the same statements and one hash', async () => {
    const owner = await createTestUser(database.db)
    const fresh = unknownEmail()
    const created = await work(apiPaths.register, registrationPayload(sg, fresh))
    expect(created).toMatchObject({ status: 200, serverTiming: null, scrypts: [2 ** 10] })
    const repeated = await work(apiPaths.register, registrationPayload(sg, owner.email))
    expect(repeated).toEqual(created)
    expect(await mailsTo(fresh)).toEqual([{ subject: 'Activate your eShip account' }])
    expect(await mailsTo(owner.email)).toEqual([
      { subject: 'Someone tried to register with your email address' },
    ])
  })
})

describe('resend-activation', () => {
  it('answers an inactive account, an active one and an unknown email after the same statements', async () => {
    const inactive = await createTestUser(database.db, { activated_at: null })
    const active = await createTestUser(database.db)
    const unknown = await work(apiPaths.resendActivation, { email: unknownEmail() })
    expect(unknown).toMatchObject({ status: 200, serverTiming: null, scrypts: [] })
    for (const user of [inactive, active]) {
      expect(await work(apiPaths.resendActivation, { email: user.email }), user.email).toEqual(unknown)
    }
    expect(await mailsTo(inactive.email)).toEqual([{ subject: 'Activate your eShip account' }])
    expect(await mailsTo(active.email)).toEqual([])
  })
})

describe('reset-password', () => {
  it('refuses a token that never was, a used one and an expired one after the same statement', async () => {
    const user = await createTestUser(database.db)
    const body = (token: string) => ({
      token,
      esus_password: 'Brand#New2025',
      password_confirmation: 'Brand#New2025',
    })
    await createPasswordReset(database.db, user.id, hashToken('expired-token'), clock.now())
    clock.advance(61 * MINUTE)
    // A newer link retires the one before it: used-token reads as used.
    await createPasswordReset(database.db, user.id, hashToken('used-token'), clock.now())
    await createPasswordReset(database.db, user.id, hashToken('newest-token'), clock.now())
    const never = await work(apiPaths.resetPassword, body('never-issued-token'))
    expect(never).toMatchObject({
      status: 400,
      body: '{"message":"This password reset link is invalid or has expired."}',
      serverTiming: null,
      scrypts: [],
    })
    expect(never.statements).toHaveLength(1)
    for (const token of ['used-token', 'expired-token']) {
      expect(await work(apiPaths.resetPassword, body(token)), token).toEqual(never)
    }
  })

  it('sends no Server-Timing when it resets', async () => {
    const user = await createTestUser(database.db)
    await createPasswordReset(database.db, user.id, hashToken('good-token'), clock.now())
    const done = await work(apiPaths.resetPassword, {
      token: 'good-token',
      esus_password: 'Brand#New2025',
      password_confirmation: 'Brand#New2025',
    })
    expect(done).toMatchObject({ status: 200, serverTiming: null })
  })
})

describe('the work after the answer', () => {
  it('logged no failure', () => {
    expect(logged).toEqual([])
  })
})
