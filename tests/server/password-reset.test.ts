import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ruleMessages } from '../../contract/rules'
import { apiPaths, type LoginResponse } from '../../contract/wire'
import { siteConfig } from '../../site.config'
import { bearer, createTestUser, postJson, setupAuthServer, type TestUser } from './helpers'

const APP_URL = 'https://app.eship.test'
const MINUTE = 60_000
let server: Awaited<ReturnType<typeof setupAuthServer>>

beforeAll(async () => {
  server = await setupAuthServer({
    appUrl: APP_URL,
    logger: { error: console.error },
  })
}, 60_000)

afterAll(async () => {
  await server?.database.close()
})

let ipCount = 0
const nextIp = () => {
  ipCount += 1
  return `203.0.113.${ipCount}`
}

const forgot = (email: string, ip = nextIp()) =>
  server.app.request(apiPaths.forgotPassword, postJson({ email }, { 'X-Forwarded-For': ip }))

const reset = (token: string, password: string, confirmation = password) =>
  server.app.request(
    apiPaths.resetPassword,
    postJson({ token, esus_password: password, password_confirmation: confirmation }),
  )

async function login(user: { email: string }, password: string) {
  const res = await server.app.request(
    apiPaths.login,
    postJson({ email: user.email, password }, { 'X-Forwarded-For': nextIp() }),
  )
  return { status: res.status, body: (await res.json()) as LoginResponse }
}

/** The mails to `email`, newest first, once the work of earlier answers is done (their mails come after them). */
async function mailsTo(email: string) {
  await server.settled()
  return server.db.selectFrom('outbox').selectAll().where('to', '=', email).orderBy('id', 'desc').execute()
}

/** Asks for a reset link, waits for the mail and returns the token of its link. */
async function resetToken(user: TestUser): Promise<string> {
  server.clock.advance(MINUTE)
  expect((await forgot(user.email)).status).toBe(200)
  const [mail] = await mailsTo(user.email)
  const match = /\/reset-password\?token=([A-Za-z0-9_-]{43})/.exec(mail?.text ?? '')
  if (!match?.[1]) throw new Error(`no reset link in ${mail?.text}`)
  return match[1]
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN
}

describe('POST /api/auth/forgot-password', () => {
  it('gives known and unknown emails the same answer in about the same time', async () => {
    const user = await createTestUser(server.db)
    const times = { known: [] as number[], unknown: [] as number[] }
    for (let run = 0; run < 7; run += 1) {
      server.clock.advance(MINUTE)
      for (const [kind, email] of [
        ['known', user.email],
        ['unknown', `nobody${run}@example.com`],
      ] as const) {
        const started = performance.now()
        const res = await forgot(email)
        const text = await res.text()
        times[kind].push(performance.now() - started)
        expect(res.status, kind).toBe(200)
        expect(text, kind).toBe('{"message":"Password Reset Link sent to your registered E-Mail."}')
      }
    }
    const difference = Math.abs(median(times.known) - median(times.unknown))
    console.info(
      `forgot-password median: known ${median(times.known).toFixed(1)} ms, unknown ${median(times.unknown).toFixed(1)} ms`,
    )
    expect(difference).toBeLessThan(100)
    expect(await mailsTo(user.email)).toHaveLength(7)
    expect(await mailsTo('nobody0@example.com')).toHaveLength(0)
  })

  it('mails an activated account a single reset link to APP_URL', async () => {
    const user = await createTestUser(server.db)
    const token = await resetToken(user)
    const [mail] = await mailsTo(user.email)
    const link = `${APP_URL}/reset-password?token=${token}`
    expect(mail).toMatchObject({ to: user.email, subject: 'Reset your eShip password' })
    expect(mail?.text).toContain(link)
    expect(mail?.text).toContain('60 minutes')
    expect(mail?.html).toContain(`href="${link}"`)
    // Signed with the company of the site configuration (site.config.ts).
    for (const value of [siteConfig.supportEmail, siteConfig.legalName, ...siteConfig.address.lines]) {
      expect(mail?.text).toContain(value)
      expect(mail?.html).toContain(value)
    }
    expect(mail?.html).toContain(`href="mailto:${siteConfig.supportEmail}"`)

    const rows = await server.db
      .selectFrom('password_resets')
      .selectAll()
      .where('user_id', '=', user.id)
      .execute()
    expect(rows).toHaveLength(1)
    expect(rows[0]?.token_hash).toBe(createHash('sha256').update(token).digest('hex'))
    expect(rows[0]?.used_at).toBeNull()
    expect(rows[0]?.expires_at.getTime()).toBe(server.clock.now().getTime() + 60 * MINUTE)
  })

  it('mails nothing to an account that is not activated', async () => {
    const user = await createTestUser(server.db, { activated_at: null })
    server.clock.advance(MINUTE)
    expect((await forgot(user.email)).status).toBe(200)
    expect(await mailsTo(user.email)).toEqual([])
  })

  it('allows one request a minute per email, known or not, alike', async () => {
    const user = await createTestUser(server.db)
    server.clock.advance(MINUTE)
    const windowStart = Math.floor(server.clock.now().getTime() / MINUTE) * MINUTE
    server.clock.advance(windowStart + 15_000 - server.clock.now().getTime())
    for (const email of [user.email, 'ghost@example.com']) {
      expect((await forgot(email)).status).toBe(200)
      const again = await forgot(email.toUpperCase())
      expect(again.status).toBe(429)
      expect(again.headers.get('retry-after')).toBe('45')
      expect(await again.json()).toEqual({ message: 'Too many attempts. Please try again in 45 seconds.' })
    }
    expect(await mailsTo(user.email)).toHaveLength(1)
  })

  it('allows 5 requests a minute per address', async () => {
    server.clock.advance(MINUTE)
    const ip = nextIp()
    for (let n = 1; n <= 5; n += 1) expect((await forgot(`many${n}@example.com`, ip)).status).toBe(200)
    const limited = await forgot('many6@example.com', ip)
    expect(limited.status).toBe(429)
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
  })

  it('validates the email (422)', async () => {
    const res = await server.app.request(apiPaths.forgotPassword, postJson({ email: 'nope' }))
    expect(res.status).toBe(422)
    expect(await res.json()).toEqual({
      message: 'Invalid Email Format.',
      errors: { email: ['Invalid Email Format.'] },
    })
  })
})

describe('POST /api/auth/reset-password', () => {
  it('sets the new password, ends every session and works once', async () => {
    const user = await createTestUser(server.db)
    const session = await login(user, user.password)
    expect(session.status).toBe(200)
    const token = await resetToken(user)

    const res = await reset(token, 'Brand#New2025')
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({
      message: 'Your password has been reset. Please log in with your new password.',
    })

    const check = await server.app.request(apiPaths.authCheck, { headers: bearer(session.body.token ?? '') })
    expect(check.status).toBe(401)
    expect(await check.text()).toBe('{"message":"Unauthenticated."}')
    const open = await server.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', user.id)
      .where('ended_at', 'is', null)
      .execute()
    expect(open).toEqual([])

    expect((await login(user, user.password)).status).toBe(401)
    expect((await login(user, 'Brand#New2025')).status).toBe(200)

    const again = await reset(token, 'Other#Pass2025')
    expect(again.status).toBe(400)
    expect(await again.json()).toEqual({ message: 'This password reset link is invalid or has expired.' })
  })

  it('is the way out of "logged in on another device"', async () => {
    const user = await createTestUser(server.db)
    expect((await login(user, user.password)).status).toBe(200)
    expect((await login(user, user.password)).body.isLoggedIn).toBe(true)
    const token = await resetToken(user)
    expect((await reset(token, 'Fresh#Start25')).status).toBe(200)
    const after = await login(user, 'Fresh#Start25')
    expect(after.body).toMatchObject({ message: 'User authenticated', isLoggedIn: false })
  })

  it('refuses a link older than 60 minutes', async () => {
    const user = await createTestUser(server.db)
    const token = await resetToken(user)
    server.clock.advance(60 * MINUTE + 1000)
    const res = await reset(token, 'Brand#New2025')
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ message: 'This password reset link is invalid or has expired.' })
    expect((await login(user, user.password)).status).toBe(200)
  })

  it('accepts a link just before it expires', async () => {
    const user = await createTestUser(server.db)
    const token = await resetToken(user)
    server.clock.advance(59 * MINUTE)
    expect((await reset(token, 'Brand#New2025')).status).toBe(200)
  })

  it('retires an earlier link when a newer one is sent', async () => {
    const user = await createTestUser(server.db)
    const first = await resetToken(user)
    const second = await resetToken(user)
    expect((await reset(first, 'Brand#New2025')).status).toBe(400)
    expect((await reset(second, 'Brand#New2025')).status).toBe(200)
  })

  it('refuses an unknown token', async () => {
    const res = await reset('x'.repeat(43), 'Brand#New2025')
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ message: 'This password reset link is invalid or has expired.' })
  })

  it('applies the registration password rules (422) without using up the link', async () => {
    const user = await createTestUser(server.db)
    const token = await resetToken(user)
    const weak = await reset(token, 'weakpassword')
    expect(weak.status).toBe(422)
    expect(await weak.json()).toEqual({
      message: ruleMessages.passwordStrength,
      errors: { esus_password: [ruleMessages.passwordStrength] },
    })
    const short = await reset(token, 'Ab#1')
    expect(short.status).toBe(422)
    expect(((await short.json()) as { message: string }).message).toBe(
      'Password should be minimum 8 characters.',
    )
    const differ = await reset(token, 'Brand#New2025', 'Brand#New2026')
    expect(differ.status).toBe(422)
    expect(await differ.json()).toEqual({
      message: 'Passwords do not match.',
      errors: { password_confirmation: ['Passwords do not match.'] },
    })
    expect((await reset(token, 'Brand#New2025')).status).toBe(200)
  })
})
