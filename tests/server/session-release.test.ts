import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { messages } from '../../contract/messages'
import { apiPaths, type LoginResponse } from '../../contract/wire'
import { createApp } from '../../server/app'
import { authMessages } from '../../server/auth/messages'
import { bearer, createTestUser, postJson, setupAuthServer, type TestUser } from './helpers'

const APP_URL = 'https://app.eship.test'
const MINUTE = 60_000
const HOUR = 60 * MINUTE
const unauthenticatedBody = { message: messages.unauthenticated }

let server: Awaited<ReturnType<typeof setupAuthServer>>

beforeAll(async () => {
  server = await setupAuthServer({ appUrl: APP_URL })
}, 60_000)

afterAll(async () => {
  await server?.database.close()
})

/** Each request comes from its own address unless told otherwise, so the login limits stay out of the way. */
let ipCount = 0
const nextIp = () => {
  ipCount += 1
  return `192.0.2.${ipCount}`
}

async function login(user: { email: string; password: string }, ip = nextIp()) {
  const res = await server.app.request(
    apiPaths.login,
    postJson({ email: user.email, password: user.password }, { 'X-Forwarded-For': ip }),
  )
  return { status: res.status, body: (await res.json()) as LoginResponse }
}

/** Logs in and returns the new session's token. */
async function loginToken(user: TestUser): Promise<string> {
  const { status, body } = await login(user)
  expect(status).toBe(200)
  if (!body.token) throw new Error(`no token: ${JSON.stringify(body)}`)
  return body.token
}

const askRelease = (email: string, password: string, ip = nextIp()) =>
  server.app.request(apiPaths.sessionRelease, postJson({ email, password }, { 'X-Forwarded-For': ip }))

const confirm = (token: string) => server.app.request(apiPaths.sessionReleaseConfirm, postJson({ token }))

const check = (token: string) => server.app.request(apiPaths.authCheck, { headers: bearer(token) })

/** The mails to `email`, newest first, once the work of earlier answers is done. */
async function mailsTo(email: string) {
  await server.settled()
  return server.db.selectFrom('outbox').selectAll().where('to', '=', email).orderBy('id', 'desc').execute()
}

const tokenOf = (text: string | undefined) => {
  const match = /\/release-session\?token=([A-Za-z0-9_-]{43})/.exec(text ?? '')
  if (!match?.[1]) throw new Error(`no release link in ${text}`)
  return match[1]
}

/** Asks for a release link with the right password (200) and returns the token of the newest mail. */
async function releaseToken(user: TestUser): Promise<string> {
  const res = await askRelease(user.email, user.password)
  expect(res.status).toBe(200)
  const [mail] = await mailsTo(user.email)
  return tokenOf(mail?.text)
}

describe('POST /api/auth/session-release', () => {
  it('refuses a wrong password, an unknown email and an inactive account as the login does, mailing nothing', async () => {
    const user = await createTestUser(server.db)
    await loginToken(user)
    const wrong = await askRelease(user.email, 'Wrong#1234')
    expect(wrong.status).toBe(401)
    expect(wrong.headers.get('cache-control')).toBe('no-store')
    expect(await wrong.json()).toEqual({ message: authMessages.invalidCredentials })
    const unknown = await askRelease('nobody.release@example.com', user.password)
    expect(unknown.status).toBe(401)
    expect(await unknown.json()).toEqual({ message: authMessages.invalidCredentials })

    const inactive = await createTestUser(server.db, { activated_at: null })
    const notActivated = await askRelease(inactive.email, inactive.password)
    expect(notActivated.status).toBe(403)
    expect(await notActivated.json()).toEqual({ message: authMessages.notActivated })

    expect(await mailsTo(user.email)).toEqual([])
    expect(await mailsTo(inactive.email)).toEqual([])
    expect(await mailsTo('nobody.release@example.com')).toEqual([])
    expect(await server.db.selectFrom('session_releases').where('user_id', '=', user.id).execute()).toEqual(
      [],
    )
  })

  it('answers the right password without a live session alike, and mails nothing (a login would do)', async () => {
    const user = await createTestUser(server.db)
    const res = await askRelease(user.email, user.password)
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ message: authMessages.releaseLinkSent })
    expect(authMessages.releaseLinkSent).toBe(
      'If another session is open, we have emailed a link that ends it. The link works once, for 15 minutes.',
    )
    expect(await mailsTo(user.email)).toEqual([])
    expect((await login(user)).body.token).toBeTruthy()
  })

  it('mails the account one link to /release-session when it has a live session', async () => {
    const user = await createTestUser(server.db)
    await loginToken(user)
    expect((await login(user)).body).toEqual({ message: messages.loggedInElsewhere, isLoggedIn: true })

    const res = await askRelease(user.email.toUpperCase(), user.password)
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ message: authMessages.releaseLinkSent })
    const mails = await mailsTo(user.email)
    expect(mails).toHaveLength(1)
    const [mail] = mails
    const token = tokenOf(mail?.text)
    const link = `${APP_URL}/release-session?token=${token}`
    expect(mail).toMatchObject({ to: user.email, subject: 'End your other eShip session' })
    expect(mail?.text).toContain(link)
    expect(mail?.text).toContain('works once and expires in 15 minutes')
    expect(mail?.text).toContain('If it was not you')
    expect(mail?.html).toContain(`href="${link}"`)

    // Only the token's SHA-256 is stored, for 15 minutes.
    const rows = await server.db
      .selectFrom('session_releases')
      .selectAll()
      .where('user_id', '=', user.id)
      .execute()
    expect(rows).toHaveLength(1)
    expect(rows[0]?.token_hash).toBe(createHash('sha256').update(token).digest('hex'))
    expect(rows[0]?.used_at).toBeNull()
    expect(rows[0]?.expires_at.getTime()).toBe(server.clock.now().getTime() + 15 * MINUTE)
  })

  it('shares the login limit per email and address', async () => {
    const user = await createTestUser(server.db)
    const ip = nextIp()
    // 10 s into a minute window: 50 s remain.
    const windowStart = Math.ceil(server.clock.now().getTime() / MINUTE) * MINUTE
    server.clock.advance(windowStart - server.clock.now().getTime() + 10_000)
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      expect((await askRelease(user.email, 'Wrong#1234', ip)).status, `attempt ${attempt}`).toBe(401)
    }
    const limited = await login(user, ip)
    expect(limited.status).toBe(429)
    expect(limited.body).toEqual({ message: 'Too many attempts. Please try again in 50 seconds.' })
    const release = await askRelease(user.email, user.password, ip)
    expect(release.status).toBe(429)
    expect(release.headers.get('retry-after')).toBe('50')
    expect(await release.json()).toEqual({ message: 'Too many attempts. Please try again in 50 seconds.' })
  })

  it('sends an account at most 3 links an hour, then answers 429 with Retry-After', async () => {
    const user = await createTestUser(server.db)
    // 15 minutes into an hour window: 45 minutes remain. The session is opened after the move, so it is live.
    const windowStart = Math.ceil(server.clock.now().getTime() / HOUR) * HOUR
    server.clock.advance(windowStart - server.clock.now().getTime() + 15 * MINUTE)
    await loginToken(user)
    for (let n = 1; n <= 3; n += 1) expect((await askRelease(user.email, user.password)).status).toBe(200)
    const limited = await askRelease(user.email, user.password)
    expect(limited.status).toBe(429)
    expect(limited.headers.get('retry-after')).toBe(String(45 * 60))
    expect(await limited.json()).toEqual({ message: 'Too many attempts. Please try again in 2700 seconds.' })
    expect(await mailsTo(user.email)).toHaveLength(3)
    // A wrong password is still the login's 401, not the account's 429: the limit counts right passwords only.
    expect((await askRelease(user.email, 'Wrong#1234')).status).toBe(401)
  })

  it('validates the body (422)', async () => {
    const res = await server.app.request(apiPaths.sessionRelease, postJson({ email: 'nope' }))
    expect(res.status).toBe(422)
  })
})

describe('POST /api/auth/session-release/confirm', () => {
  it('ends every session of the account, here and in another process, and lets the next login in', async () => {
    const user = await createTestUser(server.db)
    const other = await loginToken(user)
    expect((await check(other)).status).toBe(200)
    const token = await releaseToken(user)

    const res = await confirm(token)
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(await res.json()).toEqual({ message: authMessages.sessionReleased })
    expect(authMessages.sessionReleased).toBe('Your other session has ended. You can log in now.')

    const checked = await check(other)
    expect(checked.status).toBe(401)
    expect(await checked.json()).toEqual(unauthenticatedBody)
    const elsewhere = createApp({ db: server.db, now: server.clock.now, trustProxy: 1 })
    expect((await elsewhere.request(apiPaths.authCheck, { headers: bearer(other) })).status).toBe(401)
    const open = await server.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', user.id)
      .where('ended_at', 'is', null)
      .execute()
    expect(open).toEqual([])

    const fresh = await login(user)
    expect(fresh.status).toBe(200)
    expect(fresh.body).toMatchObject({ message: messages.userAuthenticated, isLoggedIn: false })
    expect((await check(fresh.body.token ?? '')).status).toBe(200)
  })

  it('works once: the same link again is refused (400) and ends nothing more', async () => {
    const user = await createTestUser(server.db)
    await loginToken(user)
    const token = await releaseToken(user)
    expect((await confirm(token)).status).toBe(200)
    const next = await loginToken(user)

    const again = await confirm(token)
    expect(again.status).toBe(400)
    expect(await again.json()).toEqual({ message: authMessages.releaseInvalid })
    expect(authMessages.releaseInvalid).toBe(
      'This link has expired or has already been used. Log in again to have a new one sent.',
    )
    expect((await check(next)).status).toBe(200)
  })

  it('refuses a link older than 15 minutes', async () => {
    const user = await createTestUser(server.db)
    const other = await loginToken(user)
    const token = await releaseToken(user)
    server.clock.advance(15 * MINUTE)
    const expired = await confirm(token)
    expect(expired.status).toBe(400)
    expect(await expired.json()).toEqual({ message: authMessages.releaseInvalid })
    const [row] = await server.db
      .selectFrom('sessions')
      .select('ended_at')
      .where('token_hash', '=', createHash('sha256').update(other).digest('hex'))
      .execute()
    expect(row?.ended_at).toBeNull()
  })

  it('takes only the newest link: a newer one retires the older', async () => {
    const user = await createTestUser(server.db)
    const other = await loginToken(user)
    const older = await releaseToken(user)
    const newer = await releaseToken(user)
    expect(newer).not.toBe(older)

    const refused = await confirm(older)
    expect(refused.status).toBe(400)
    expect(await refused.json()).toEqual({ message: authMessages.releaseInvalid })
    expect((await check(other)).status).toBe(200)
    expect((await confirm(newer)).status).toBe(200)
    expect((await check(other)).status).toBe(401)
  })

  it('refuses an unknown token (400) and validates the body (422)', async () => {
    const unknown = await confirm('A'.repeat(43))
    expect(unknown.status).toBe(400)
    expect(await unknown.json()).toEqual({ message: authMessages.releaseInvalid })
    const empty = await confirm('')
    expect(empty.status).toBe(422)
  })
})
