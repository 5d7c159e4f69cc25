import { createHash } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import { type ServerType, serve } from '@hono/node-server'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiPaths, type LoginResponse } from '../../contract/wire'
import { createApp } from '../../server/app'
import { LiveSessions } from '../../server/auth/live-sessions'
import { authMessages } from '../../server/auth/messages'
import { SESSION_TOUCH_MS } from '../../server/auth/sessions'
import { hashToken } from '../../server/auth/tokens'
import { bearer, createTestUser, postJson, setupAuthServer, type TestUser, waitFor } from './helpers'

let server: Awaited<ReturnType<typeof setupAuthServer>>

beforeAll(async () => {
  server = await setupAuthServer()
}, 60_000)

afterAll(async () => {
  await server?.database.close()
})

const MINUTE = 60_000
const unauthenticatedBody = '{"message":"Unauthenticated."}'

/** Each test logs in from its own address so that the login rate limit never gets in the way. */
let ipCount = 0
const nextIp = () => {
  ipCount += 1
  return `198.51.100.${ipCount}`
}

async function login(email: string, password: string, ip = nextIp()) {
  const res = await server.app.request(
    apiPaths.login,
    postJson({ email, password }, { 'X-Forwarded-For': ip }),
  )
  return { res, body: (await res.json()) as LoginResponse }
}

async function loginToken(user: TestUser): Promise<string> {
  const { res, body } = await login(user.email, user.password)
  expect(res.status).toBe(200)
  if (!body.token) throw new Error(`no token: ${JSON.stringify(body)}`)
  return body.token
}

const check = (token: string) => server.app.request(apiPaths.authCheck, { headers: bearer(token) })
const logout = (token: string) =>
  server.app.request(apiPaths.logout, { method: 'POST', headers: bearer(token) })

async function sessionRows(userId: number) {
  return server.db.selectFrom('sessions').selectAll().where('user_id', '=', userId).orderBy('id').execute()
}

describe('POST /api/auth/login', () => {
  it('answers a customer with the user, a bearer token and isLoggedIn false', async () => {
    const user = await createTestUser(server.db)
    const { res, body } = await login(user.email, user.password)
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(body).toEqual({
      message: 'User authenticated',
      user_type: 'Customer',
      user: {
        esus_name: expect.any(String),
        esus_email_id: user.email,
        esus_company_name: 'Test Trading Pte Ltd',
        esus_mcou: expect.any(Number),
        mcou_code: 'SG',
        company_role: 'admin',
      },
      isLoggedIn: false,
      token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    })

    const checked = await check(body.token ?? '')
    expect(checked.status).toBe(200)
    expect(checked.headers.get('cache-control')).toBe('no-store')
    expect(await checked.json()).toEqual({ message: 'Authenticated', user: body.user })
  })

  it('takes the email in any case and with surrounding spaces', async () => {
    const user = await createTestUser(server.db)
    const { res } = await login(`  ${user.email.toUpperCase()} `, user.password)
    expect(res.status).toBe(200)
  })

  it('answers a wrong password and an unknown email alike: 401 Invalid email or password.', async () => {
    const user = await createTestUser(server.db)
    const wrong = await login(user.email, 'Wrong#1234')
    expect(wrong.res.status).toBe(401)
    expect(wrong.body).toEqual({ message: 'Invalid email or password.' })
    const unknown = await login('nobody@example.com', user.password)
    expect(unknown.res.status).toBe(401)
    expect(unknown.body).toEqual({ message: 'Invalid email or password.' })
    expect(await sessionRows(user.id)).toEqual([])
  })

  it('tells a not yet activated account so only when the password is right (403)', async () => {
    const user = await createTestUser(server.db, { activated_at: null })
    const right = await login(user.email, user.password)
    expect(right.res.status).toBe(403)
    expect(right.body).toEqual({
      message: 'Your account is not activated yet. Please use the link in your activation email.',
    })
    const wrong = await login(user.email, 'Wrong#1234')
    expect(wrong.res.status).toBe(401)
    expect(wrong.body).toEqual({ message: authMessages.invalidCredentials })
    expect(await sessionRows(user.id)).toEqual([])
  })

  it('refuses accounts that are not customers with the generic 401', async () => {
    const user = await createTestUser(server.db, { user_type: 'Admin' })
    const { res, body } = await login(user.email, user.password)
    expect(res.status).toBe(401)
    expect(body).toEqual({ message: authMessages.invalidCredentials })
  })

  it('validates the payload with the login rules (422)', async () => {
    const res = await server.app.request(apiPaths.login, postJson({ email: 'not-an-email', password: '' }))
    expect(res.status).toBe(422)
    expect(await res.json()).toEqual({
      message: 'Invalid Email Format.',
      errors: { email: ['Invalid Email Format.'], password: ['*Password is required.'] },
    })
    const empty = await server.app.request(apiPaths.login, postJson({}))
    expect(empty.status).toBe(422)
    expect(((await empty.json()) as { errors: unknown }).errors).toEqual({
      email: ['*Email is Required.'],
      password: ['*Password is required.'],
    })
  })
})

describe('one active session', () => {
  it('answers a second login while the first session lives with isLoggedIn true and no new session', async () => {
    const user = await createTestUser(server.db)
    const token = await loginToken(user)
    const { res, body } = await login(user.email, user.password)
    expect(res.status).toBe(200)
    expect(body).toEqual({
      message:
        'You are currently logged in on another device. Please log out from the other device to continue.',
      isLoggedIn: true,
    })
    expect(await sessionRows(user.id)).toHaveLength(1)
    expect((await check(token)).status).toBe(200)
  })

  it('does not answer isLoggedIn to a wrong password', async () => {
    const user = await createTestUser(server.db)
    await loginToken(user)
    const { res, body } = await login(user.email, 'Wrong#1234')
    expect(res.status).toBe(401)
    expect(body).toEqual({ message: authMessages.invalidCredentials })
  })

  it('lets the user log in again after logging out', async () => {
    const user = await createTestUser(server.db)
    const first = await loginToken(user)
    const res = await logout(first)
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ message: 'Logged out successfully' })
    const second = await loginToken(user)
    expect(second).not.toBe(first)
    expect((await check(second)).status).toBe(200)
    const rows = await sessionRows(user.id)
    expect(rows).toHaveLength(2)
    expect(rows[0]?.ended_at).toBeInstanceOf(Date)
    expect(rows[1]?.ended_at).toBeNull()
  })

  it('lets the user log in again once the other session has lapsed, and closes the lapsed one', async () => {
    const user = await createTestUser(server.db)
    const first = await loginToken(user)
    server.clock.advance(15 * MINUTE + SESSION_TOUCH_MS + 1000)
    const second = await loginToken(user)
    expect((await check(first)).status).toBe(401)
    expect((await check(second)).status).toBe(200)
    const rows = await sessionRows(user.id)
    expect(rows.map((row) => row.ended_at === null)).toEqual([false, true])
  })

  it('gives exactly one of two simultaneous logins a session', async () => {
    const user = await createTestUser(server.db)
    const results = await Promise.all([login(user.email, user.password), login(user.email, user.password)])
    expect(results.map((r) => r.res.status)).toEqual([200, 200])
    expect(results.filter((r) => r.body.token).length).toBe(1)
    expect(results.filter((r) => r.body.isLoggedIn === true).length).toBe(1)
    expect(await sessionRows(user.id)).toHaveLength(1)
  })
})

describe('requireSession', () => {
  it('answers 401 Unauthenticated. exactly without a token or with a malformed one', async () => {
    const cases: Record<string, string>[] = [
      {},
      { Authorization: 'Bearer' },
      { Authorization: 'Basic dXNlcjpwYXNz' },
      { Authorization: 'Bearer not-a-token' },
      { Authorization: `Bearer ${'A'.repeat(43)}` },
    ]
    for (const headers of cases) {
      for (const res of [
        await server.app.request(apiPaths.authCheck, { headers }),
        await server.app.request(apiPaths.logout, { method: 'POST', headers }),
      ]) {
        expect(res.status, JSON.stringify(headers)).toBe(401)
        expect(await res.text()).toBe(unauthenticatedBody)
      }
    }
  })

  it('refuses a token replayed after logout', async () => {
    const user = await createTestUser(server.db)
    const token = await loginToken(user)
    expect((await logout(token)).status).toBe(200)
    for (const res of [await check(token), await logout(token)]) {
      expect(res.status).toBe(401)
      expect(await res.text()).toBe(unauthenticatedBody)
    }
  })

  it('ends a session after 15 minutes without requests (recorded at SESSION_TOUCH_MS granularity)', async () => {
    const user = await createTestUser(server.db)
    const token = await loginToken(user)
    server.clock.advance(15 * MINUTE)
    expect((await check(token)).status).toBe(200)
    server.clock.advance(15 * MINUTE + SESSION_TOUCH_MS + 1000)
    const res = await check(token)
    expect(res.status).toBe(401)
    expect(await res.text()).toBe(unauthenticatedBody)
  })

  it('slides the idle window with every authenticated request', async () => {
    const user = await createTestUser(server.db)
    const token = await loginToken(user)
    server.clock.advance(14 * MINUTE)
    expect((await check(token)).status).toBe(200)
    server.clock.advance(14 * MINUTE)
    expect((await check(token)).status).toBe(200)
    const [row] = await sessionRows(user.id)
    expect(row?.last_seen_at.getTime()).toBe(server.clock.now().getTime())
    server.clock.advance(15 * MINUTE + SESSION_TOUCH_MS + 1000)
    expect((await check(token)).status).toBe(401)
  })

  it('records a request within SESSION_TOUCH_MS of the last recorded one without writing, and never ends a session early', async () => {
    const user = await createTestUser(server.db)
    const token = await loginToken(user)
    const loggedInAt = server.clock.now().getTime()
    server.clock.advance(SESSION_TOUCH_MS - 1000)
    expect((await check(token)).status).toBe(200)
    expect((await sessionRows(user.id))[0]?.last_seen_at.getTime()).toBe(loggedInAt)
    // 15 minutes after that last (unrecorded) request the session is still live, and ends soon after.
    server.clock.advance(15 * MINUTE)
    expect((await check(token)).status).toBe(200)
    expect((await sessionRows(user.id))[0]?.last_seen_at.getTime()).toBe(server.clock.now().getTime())
    server.clock.advance(15 * MINUTE + SESSION_TOUCH_MS + 1)
    expect((await check(token)).status).toBe(401)
  })

  it('ends a session 12 hours after login however active it is', async () => {
    const user = await createTestUser(server.db)
    const token = await loginToken(user)
    for (let elapsed = 0; elapsed < 12 * 60; elapsed += 10) {
      server.clock.advance(10 * MINUTE)
      expect((await check(token)).status, `at ${elapsed + 10} minutes`).toBe(200)
    }
    server.clock.advance(1000)
    const res = await check(token)
    expect(res.status).toBe(401)
    expect(await res.text()).toBe(unauthenticatedBody)
  })

  it("refuses a session that another process ended, once that process's change is notified", async () => {
    const user = await createTestUser(server.db)
    const token = await loginToken(user)
    // Let through once: this process now holds the session for SESSION_TOUCH_MS.
    expect((await check(token)).status).toBe(200)
    // Another server process logs the session out: only the database's notification can tell this one.
    await server.db
      .updateTable('sessions')
      .set({ ended_at: new Date() })
      .where('user_id', '=', user.id)
      .execute()
    await waitFor(async () => expect((await check(token)).status).toBe(401))
  })

  it('ends the session of an account that is deactivated meanwhile', async () => {
    const user = await createTestUser(server.db)
    const token = await loginToken(user)
    await server.db.updateTable('users').set({ activated_at: null }).where('id', '=', user.id).execute()
    expect((await check(token)).status).toBe(401)
  })
})

describe('the live sessions a process holds', () => {
  it('asks the database for every request until it listens, and keeps no look-up a drop overtook', async () => {
    const user = await createTestUser(server.db)
    const tokenHash = hashToken(await loginToken(user))
    const sessions = new LiveSessions(server.db)
    expect(await sessions.find(tokenHash, server.clock.now())).toMatchObject({ userId: user.id })
    expect(sessions.size).toBe(0)
    sessions.live(true)
    const overtaken = sessions.find(tokenHash, server.clock.now())
    sessions.forgetUser(user.id)
    expect(await overtaken).toMatchObject({ userId: user.id })
    expect(sessions.size).toBe(0)
    await sessions.find(tokenHash, server.clock.now())
    expect(sessions.size).toBe(1)
    sessions.notify(String(user.id + 1))
    expect(sessions.size).toBe(1)
    sessions.notify(String(user.id))
    expect(sessions.size).toBe(0)
  })
})

describe('tokens at rest', () => {
  it('keeps only the SHA-256 of the bearer token, nowhere the token itself', async () => {
    const user = await createTestUser(server.db)
    const token = await loginToken(user)
    const [row] = await sessionRows(user.id)
    expect(row?.token_hash).toBe(createHash('sha256').update(token).digest('hex'))
    for (const table of ['sessions', 'users', 'rate_limits', 'password_resets', 'outbox']) {
      const { rows } = await sql`select * from ${sql.table(table)}`.execute(server.db)
      expect(JSON.stringify(rows), table).not.toContain(token)
    }
  })
})

describe('login rate limit', () => {
  it('allows 5 attempts a minute per email and address, then 429 with Retry-After, across app instances', async () => {
    const user = await createTestUser(server.db)
    const ip = nextIp()
    // 20 s into a minute window: 40 s remain.
    const windowStart = Math.ceil(server.clock.now().getTime() / MINUTE) * MINUTE
    server.clock.advance(windowStart - server.clock.now().getTime() + 20_000)
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      expect((await login(user.email, 'Wrong#1234', ip)).res.status, `attempt ${attempt}`).toBe(401)
    }
    const limited = await login(user.email, user.password, ip)
    expect(limited.res.status).toBe(429)
    expect(limited.res.headers.get('retry-after')).toBe('40')
    expect(limited.body).toEqual({ message: 'Too many attempts. Please try again in 40 seconds.' })

    // Another server process on the same database counts into the same window.
    const other = createApp({ db: server.db, now: server.clock.now, trustProxy: 1 })
    const elsewhere = await other.request(
      apiPaths.login,
      postJson({ email: user.email.toUpperCase(), password: user.password }, { 'X-Forwarded-For': ip }),
    )
    expect(elsewhere.status).toBe(429)
    expect(elsewhere.headers.get('retry-after')).toBe('40')

    // Other addresses are not limited; the next window starts afresh.
    expect((await login(user.email, 'Wrong#1234', nextIp())).res.status).toBe(401)
    server.clock.advance(40_000)
    expect((await login(user.email, user.password, ip)).res.status).toBe(200)
  })
})

describe('request bodies', () => {
  it('answers a body that is not JSON with a JSON 415 and an oversized one with a JSON 413', async () => {
    const text = await server.app.request(apiPaths.login, {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain' },
      body: 'email=a@b.co',
    })
    expect(text.status).toBe(415)
    expect(await text.json()).toEqual({ message: expect.any(String) })
    const big = await server.app.request(
      apiPaths.login,
      postJson({ email: 'a@b.co', password: 'x'.repeat(20_000) }),
    )
    expect(big.status).toBe(413)
    expect(await big.json()).toEqual({ message: 'Payload Too Large' })
  })

  it('over a socket, judges a declared length before reading and reads a small body as JSON', async () => {
    const http = await new Promise<ServerType>((started) => {
      const listening: ServerType = serve({ fetch: server.app.fetch, port: 0, hostname: '127.0.0.1' }, () =>
        started(listening),
      )
    })
    try {
      const origin = `http://127.0.0.1:${(http.address() as AddressInfo).port}`
      const body = (password: string) => JSON.stringify({ email: 'nobody@example.com', password })
      const big = await fetch(`${origin}${apiPaths.login}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': String(body('x'.repeat(20_000)).length),
        },
        body: body('x'.repeat(20_000)),
      })
      expect(big.status).toBe(413)
      expect(await big.json()).toEqual({ message: 'Payload Too Large' })
      const small = await fetch(`${origin}${apiPaths.login}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: body('Wrong#123'),
      })
      expect(small.status).toBe(401)
      expect(await small.json()).toEqual({ message: authMessages.invalidCredentials })
      const malformed = await fetch(`${origin}${apiPaths.login}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"email":',
      })
      expect(malformed.status).toBe(400)
    } finally {
      await new Promise((closed) => {
        http.close(closed)
        if ('closeAllConnections' in http) http.closeAllConnections()
      })
    }
  })
})
