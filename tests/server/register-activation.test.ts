/**
 * The activation link: POST /api/register/activate (once, within 24 hours, once when clicked twice at
 * once), POST /api/register/resend-activation (alike for every email, a new link only to an inactive
 * account, its limits), and that only the token's SHA-256 is kept.
 */
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiPaths } from '../../contract/wire'
import { registerMessages } from '../../server/register/messages'
import { createTestUser, postJson } from './helpers'
import { HOUR, MINUTE, nextIp, type RegisterServer, setupRegisterServer } from './register-helpers'

let server: RegisterServer

beforeAll(async () => {
  server = await setupRegisterServer()
}, 60_000)

afterAll(async () => {
  await server?.database.close()
})

describe('POST /api/register/activate', () => {
  it('works once: a second use answers 410 with the used message', async () => {
    const account = await server.registered()
    expect((await server.activate(account.token)).status).toBe(200)
    const again = await server.activate(account.token)
    expect(again.status).toBe(410)
    expect(await again.json()).toEqual({
      message: 'This activation link has already been used. Your account is active; please log in.',
    })
  })

  it('activates once when the link is clicked twice at the same time', async () => {
    const account = await server.registered()
    const results = await Promise.all([server.activate(account.token), server.activate(account.token)])
    expect(results.map((res) => res.status).sort()).toEqual([200, 410])
    const bodies = await Promise.all(results.map((res) => res.json()))
    expect(bodies).toContainEqual({ message: registerMessages.activated })
    expect(bodies).toContainEqual({ message: registerMessages.activationUsed })
    expect(server.logged).toEqual([])
  })

  it('expires after 24 hours (410) and leaves the account inactive', async () => {
    const early = await server.registered()
    const late = await server.registered()
    server.clock.advance(24 * HOUR - 1000)
    expect((await server.activate(early.token)).status).toBe(200)
    server.clock.advance(2000)
    const res = await server.activate(late.token)
    expect(res.status).toBe(410)
    expect(await res.json()).toEqual({
      message: 'This activation link has expired. Please request a new one.',
    })
    expect((await server.usersWith(late.email))[0]?.activated_at).toBeNull()
    expect((await server.login(late.email, late.password)).status).toBe(403)
  })

  it('answers an unknown token 400 and a missing one 422', async () => {
    const unknown = await server.activate('A'.repeat(43))
    expect(unknown.status).toBe(400)
    expect(await unknown.json()).toEqual({ message: 'This activation link is invalid.' })
    const other = await server.activate('not even a token')
    expect(other.status).toBe(400)
    const missing = await server.app.request(apiPaths.activate, postJson({}))
    expect(missing.status).toBe(422)
    expect(await missing.json()).toEqual({
      message: 'This activation link is invalid.',
      errors: { token: ['This activation link is invalid.'] },
    })
  })
})

describe('POST /api/register/resend-activation', () => {
  const neutral = JSON.stringify({
    message: 'If an account is waiting for activation, a new link has been sent.',
  })

  it('answers every email alike and mails a new link only to an inactive account', async () => {
    const inactive = await server.registered()
    const active = await createTestUser(server.db)
    server.clock.advance(MINUTE)
    for (const email of [inactive.email.toUpperCase(), active.email, 'nobody.here@example.com']) {
      const res = await server.resend(email)
      expect(res.status, email).toBe(200)
      expect(res.headers.get('cache-control')).toBe('no-store')
      expect(await res.text(), email).toBe(neutral)
    }
    expect(await server.mailsTo(active.email)).toEqual([])
    expect(await server.mailsTo('nobody.here@example.com')).toEqual([])

    const mails = await server.mailsTo(inactive.email)
    expect(mails).toHaveLength(2)
    expect(mails[0]?.subject).toBe('Activate your eShip account')
    const token = await server.latestToken(inactive.email)
    expect(token).not.toBe(inactive.token)

    // The old link is retired: the account is still inactive, so it reads as expired.
    const old = await server.activate(inactive.token)
    expect(old.status).toBe(410)
    expect(await old.json()).toEqual({ message: registerMessages.activationExpired })
    expect((await server.activate(token)).status).toBe(200)
    expect((await server.login(inactive.email, inactive.password)).status).toBe(200)
  })

  it('allows one request a minute per email and 5 a minute per address (429)', async () => {
    const account = await server.registered()
    const minuteStart = Math.ceil(server.clock.now().getTime() / MINUTE) * MINUTE
    server.clock.advance(minuteStart - server.clock.now().getTime() + 15_000)
    expect((await server.resend(account.email)).status).toBe(200)
    const again = await server.resend(account.email.toUpperCase())
    expect(again.status).toBe(429)
    expect(again.headers.get('retry-after')).toBe('45')
    expect(await again.json()).toEqual({ message: 'Too many attempts. Please try again in 45 seconds.' })

    const ip = nextIp()
    for (let i = 0; i < 5; i += 1)
      expect((await server.resend(`someone${i}@example.com`, ip)).status).toBe(200)
    expect((await server.resend('someone5@example.com', ip)).status).toBe(429)
    expect(await server.mailsTo(account.email)).toHaveLength(2)
  })

  it('validates the email (422)', async () => {
    const res = await server.resend('nope')
    expect(res.status).toBe(422)
    expect(await res.json()).toEqual({
      message: 'Invalid Email Format.',
      errors: { email: ['Invalid Email Format.'] },
    })
  })
})

describe('activation tokens at rest', () => {
  it('keeps only the SHA-256 of the activation token, nowhere the token itself', async () => {
    const account = await server.registered()
    for (const table of ['users', 'activation_tokens', 'rate_limits']) {
      const { rows } = await sql`select * from ${sql.table(table)}`.execute(server.db)
      expect(JSON.stringify(rows), table).not.toContain(account.token)
    }
  })
})
