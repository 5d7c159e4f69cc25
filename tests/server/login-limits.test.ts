/**
 * Issue 19, section 3: failed logins per client address across all emails, and per email across all
 * addresses, counted in the database; the bound on password hashing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiPaths, type LoginResponse } from '../../contract/wire'
import { createApp } from '../../server/app'
import { HashQueue, HashQueueFull, TRUSTED_DEVICE } from '../../server/auth/hash-queue'
import { limitAddress } from '../../server/auth/rate-limit'
import { createTestUser, postJson, setupAuthServer, type TestUser } from './helpers'

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const APP_URL = 'https://app.eship.test'
const invalid = { message: 'Invalid email or password.' }

/** The defaults: 20 failures per address in 15 minutes, 50 per account in an hour. */
let server: Awaited<ReturnType<typeof setupAuthServer>>

beforeAll(async () => {
  server = await setupAuthServer({ appUrl: APP_URL })
}, 60_000)

afterAll(async () => {
  await server?.database.close()
})

let ipCount = 0
const nextIp = () => {
  ipCount += 1
  return `198.18.${Math.floor(ipCount / 250)}.${(ipCount % 250) + 1}`
}
let emailCount = 0
const nextEmail = () => {
  emailCount += 1
  return `sprayed.${emailCount}@example.com`
}

async function login(
  email: string,
  password: string,
  ip: string,
  app: { request: typeof server.app.request } = server.app,
) {
  const res = await app.request(apiPaths.login, postJson({ email, password }, { 'X-Forwarded-For': ip }))
  return {
    status: res.status,
    retryAfter: res.headers.get('retry-after'),
    body: (await res.json()) as LoginResponse,
  }
}

async function mailsTo(email: string) {
  await server.settled()
  return server.db.selectFrom('outbox').selectAll().where('to', '=', email).orderBy('id').execute()
}

/** Moves the test clock to `seconds` past the start of a minute. */
function atSecond(seconds: number) {
  const now = server.clock.now().getTime()
  server.clock.advance(Math.ceil(now / MINUTE) * MINUTE + seconds * 1000 - now)
}

describe('failed logins per client address', { timeout: 60_000 }, () => {
  it('allows 20 in 15 minutes across all emails, then 429 until the oldest leaves the window', async () => {
    const ip = nextIp()
    const user = await createTestUser(server.db)
    atSecond(0)
    const firstAt = server.clock.now().getTime()
    for (let n = 1; n <= 20; n += 1) {
      // Known and unknown emails count alike; each email only once, so the per-email limit stays out of it.
      const email = n === 7 ? user.email : nextEmail()
      const answer = await login(email, 'Wrong#1234', ip)
      expect(answer.status, `failure ${n}`).toBe(401)
      expect(answer.body).toEqual(invalid)
      server.clock.advance(10_000)
    }
    // 200 s after the first failure: it leaves the window 15 minutes after it was made.
    const limited = await login(nextEmail(), 'Wrong#1234', ip)
    expect(limited.status).toBe(429)
    expect(limited.retryAfter).toBe(String((firstAt + 15 * MINUTE - server.clock.now().getTime()) / 1000))
    expect(limited.body).toEqual({ message: `Too many attempts. Please try again in 700 seconds.` })
    // The right password too: the address is refused before any password is checked.
    expect((await login(user.email, user.password, ip)).status).toBe(429)
    // Another server process on the same database counts the same failures.
    const other = createApp({ db: server.db, now: server.clock.now, trustProxy: 1 })
    expect((await login(nextEmail(), 'Wrong#1234', ip, other)).status).toBe(429)
    // The process that refused the address refuses it from memory meanwhile: nothing is written.
    const rows = async () =>
      Number(
        (
          await server.db
            .selectFrom('rate_limits')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      )
    const before = await rows()
    const fromMemory = await login(nextEmail(), 'Wrong#1234', ip)
    expect(fromMemory.status).toBe(429)
    expect(fromMemory.retryAfter).toBe(limited.retryAfter)
    expect(await rows()).toBe(before)
    // Other addresses are not limited.
    expect((await login(user.email, user.password, nextIp())).status).toBe(200)

    // A sliding window: once the first failure is 15 minutes old exactly one more attempt passes.
    server.clock.advance(firstAt + 15 * MINUTE + 1 - server.clock.now().getTime())
    expect((await login(nextEmail(), 'Wrong#1234', ip)).status).toBe(401)
    const again = await login(nextEmail(), 'Wrong#1234', ip)
    expect(again.status).toBe(429)
    expect(again.retryAfter).toBe('10')
  })

  it('counts only failures: a right password is neither counted nor a reset of the count', async () => {
    const ip = nextIp()
    const user = await createTestUser(server.db)
    for (let n = 1; n <= 19; n += 1) expect((await login(nextEmail(), 'Wrong#1234', ip)).status).toBe(401)
    const right = await login(user.email, user.password, ip)
    expect(right.status).toBe(200)
    expect(right.body.message).toBe('User authenticated')
    // Logged in elsewhere: still a right password, still no failure.
    expect((await login(user.email, user.password, ip)).body.isLoggedIn).toBe(true)
    expect((await login(nextEmail(), 'Wrong#1234', ip)).status).toBe(401)
    expect((await login(nextEmail(), 'Wrong#1234', ip)).status).toBe(429)
  })

  it('counts an IPv6 client by its /64', async () => {
    for (let n = 1; n <= 20; n += 1) {
      expect((await login(nextEmail(), 'Wrong#1234', `2001:db8:7:9::${n.toString(16)}`)).status).toBe(401)
    }
    expect((await login(nextEmail(), 'Wrong#1234', '2001:db8:7:9:ffff:1:2:3')).status).toBe(429)
    expect((await login(nextEmail(), 'Wrong#1234', '2001:db8:7:a::1')).status).toBe(401)
  })

  it('lets never more attempts through than allowed when they come at once', async () => {
    const ip = nextIp()
    for (let n = 1; n <= 15; n += 1) expect((await login(nextEmail(), 'Wrong#1234', ip)).status).toBe(401)
    const answers = await Promise.all(Array.from({ length: 12 }, () => login(nextEmail(), 'Wrong#1234', ip)))
    // Each attempt is written before it is counted, so some may be refused that one at a time would have
    // passed; never more pass than the 5 the window has left.
    const passed = answers.filter((answer) => answer.status === 401).length
    expect(passed).toBeLessThanOrEqual(5)
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(12 - passed)
    // A refusal is remembered for a second; then the database counts again what is left.
    server.clock.advance(1000)
    for (let n = passed + 1; n <= 5; n += 1)
      expect((await login(nextEmail(), 'Wrong#1234', ip)).status).toBe(401)
    expect((await login(nextEmail(), 'Wrong#1234', ip)).status).toBe(429)
  })
})

describe('failed logins per account', { timeout: 60_000 }, () => {
  /** 50 wrong passwords for `user`, each from an address of its own. */
  async function lockOut(user: TestUser) {
    for (let n = 1; n <= 50; n += 1) {
      const answer = await login(user.email, 'Wrong#1234', nextIp())
      expect(answer.status, `failure ${n}`).toBe(401)
      expect(answer.body).toEqual(invalid)
    }
  }

  it('allows 50 in an hour from all addresses, then 429 for that email everywhere, and mails the owner once', async () => {
    const user = await createTestUser(server.db)
    atSecond(0)
    await lockOut(user)
    for (const password of ['Wrong#1234', user.password, 'Other#5678']) {
      const answer = await login(user.email.toUpperCase(), password, nextIp())
      expect(answer.status, password).toBe(429)
      expect(answer.retryAfter).toBe(String(HOUR / 1000))
    }
    // Other accounts are untouched.
    const other = await createTestUser(server.db)
    expect((await login(other.email, other.password, nextIp())).status).toBe(200)

    const mails = await mailsTo(user.email)
    expect(mails).toHaveLength(1)
    expect(mails[0]?.subject).toBe('Logins to your eShip account are paused')
    expect(mails[0]?.text).toContain('with a wrong password 50 times within an hour')
    expect(mails[0]?.text).toMatch(new RegExp(`${APP_URL}/reset-password\\?token=[\\w-]{43}`))

    // Still paused a minute before the hour is over; free after it.
    server.clock.advance(HOUR - MINUTE)
    const late = await login(user.email, user.password, nextIp())
    expect(late.status).toBe(429)
    expect(late.retryAfter).toBe('60')
    server.clock.advance(MINUTE)
    expect((await login(user.email, user.password, nextIp())).status).toBe(200)
    expect(await mailsTo(user.email)).toHaveLength(1)
  })

  it('is lifted by a completed password reset, with the link of its mail', async () => {
    const user = await createTestUser(server.db)
    await lockOut(user)
    expect((await login(user.email, user.password, nextIp())).status).toBe(429)
    const [mail] = await mailsTo(user.email)
    const token = /reset-password\?token=([\w-]{43})/.exec(mail?.text ?? '')?.[1] ?? ''
    const reset = await server.app.request(
      apiPaths.resetPassword,
      postJson({ token, esus_password: 'Fresh#Start26', password_confirmation: 'Fresh#Start26' }),
    )
    expect(reset.status).toBe(200)
    expect((await login(user.email, 'Fresh#Start26', nextIp())).status).toBe(200)
    // The count starts again: another 50 failures lock it again, and that is mailed again.
    await lockOut(user)
    expect((await login(user.email, 'Fresh#Start26', nextIp())).status).toBe(429)
    expect(await mailsTo(user.email)).toHaveLength(2)
  })

  it('mails the owner at most once a day however often it is locked', async () => {
    const user = await createTestUser(server.db)
    await lockOut(user)
    server.clock.advance(HOUR + 1000)
    await lockOut(user)
    expect((await login(user.email, user.password, nextIp())).status).toBe(429)
    expect(await mailsTo(user.email)).toHaveLength(1)
  })

  it('mails nobody when the email has no account, or one not activated yet', async () => {
    const inactive = await createTestUser(server.db, { activated_at: null })
    await lockOut(inactive)
    expect((await login(inactive.email, inactive.password, nextIp())).status).toBe(429)
    expect(await mailsTo(inactive.email)).toEqual([])
    const nobody = { id: 0, email: nextEmail(), password: 'Secret#123' }
    await lockOut(nobody)
    expect((await login(nobody.email, nobody.password, nextIp())).status).toBe(429)
    expect(await mailsTo(nobody.email)).toEqual([])
  })
})

describe('limits from the environment', { timeout: 60_000 }, () => {
  it('follows LOGIN_FAILURES_PER_ADDRESS and LOGIN_FAILURES_PER_ACCOUNT', async () => {
    const app = createApp({
      db: server.db,
      now: server.clock.now,
      trustProxy: 1,
      loginLimits: {
        perAddress: { max: 2, windowMs: MINUTE },
        perAccount: { max: 3, windowMs: 2 * MINUTE },
      },
    })
    const ip = nextIp()
    expect((await login(nextEmail(), 'Wrong#1234', ip, app)).status).toBe(401)
    expect((await login(nextEmail(), 'Wrong#1234', ip, app)).status).toBe(401)
    expect((await login(nextEmail(), 'Wrong#1234', ip, app)).status).toBe(429)
    const email = nextEmail()
    for (let n = 0; n < 3; n += 1) expect((await login(email, 'Wrong#1234', nextIp(), app)).status).toBe(401)
    expect((await login(email, 'Wrong#1234', nextIp(), app)).status).toBe(429)
  })
})

describe('limitAddress', () => {
  it('keeps IPv4 as it is and counts IPv6 by its /64', () => {
    expect(limitAddress('203.0.113.9')).toBe('203.0.113.9')
    expect(limitAddress('unknown')).toBe('unknown')
    expect(limitAddress('::ffff:203.0.113.9')).toBe('203.0.113.9')
    expect(limitAddress('::FFFF:cb00:7109')).toBe('203.0.113.9')
    expect(limitAddress('2001:db8::1')).toBe('2001:db8:0:0::/64')
    expect(limitAddress('2001:0DB8:0000:0000:ffff:1:2:3')).toBe('2001:db8:0:0::/64')
    expect(limitAddress('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64')
    expect(limitAddress('fe80::1%eth0')).toBe('fe80:0:0:0::/64')
    expect(limitAddress('::1')).toBe('0:0:0:0::/64')
    expect(limitAddress('64:ff9b::203.0.113.9')).toBe('64:ff9b:0:0::/64')
  })
})

describe('the bound on password hashing', () => {
  const tick = () => new Promise((resolve) => setImmediate(resolve))
  /** A hash that finishes when the test says so. */
  function job(log: string[], name: string) {
    let finish = () => {}
    const done = new Promise<void>((resolve) => {
      finish = resolve
    })
    return {
      work: async () => {
        log.push(`start ${name}`)
        await done
        return name
      },
      finish,
    }
  }

  it('runs at most `concurrency` at once and serves waiters by their address failures, then arrival', async () => {
    const queue = new HashQueue({ concurrency: 2, queue: 10 })
    const log: string[] = []
    const jobs = Object.fromEntries(
      ['a', 'b', 'flood1', 'flood2', 'clean', 'flood3'].map((name) => [name, job(log, name)]),
    )
    const run = (name: string, priority: number) =>
      queue.run(priority, (jobs[name] as ReturnType<typeof job>).work)
    const results = [
      run('a', 0),
      run('b', 0),
      run('flood1', 5),
      run('flood2', 6),
      run('clean', 0),
      run('flood3', 5),
    ]
    await tick()
    expect(log).toEqual(['start a', 'start b'])
    expect(queue.size).toEqual({ running: 2, waiting: 4 })
    jobs.a?.finish()
    await tick()
    expect(log.at(-1)).toBe('start clean')
    jobs.b?.finish()
    await tick()
    expect(log.at(-1)).toBe('start flood1')
    jobs.clean?.finish()
    await tick()
    expect(log.at(-1)).toBe('start flood3')
    for (const name of ['flood1', 'flood2', 'flood3']) {
      jobs[name]?.finish()
      await tick()
    }
    expect(await Promise.all(results)).toEqual(['a', 'b', 'flood1', 'flood2', 'clean', 'flood3'])
    expect(queue.size).toEqual({ running: 0, waiting: 0 })
  })

  it('refuses the most suspicious waiter when the queue is full, the newest among equals', async () => {
    const queue = new HashQueue({ concurrency: 1, queue: 2 })
    const log: string[] = []
    const jobs = Object.fromEntries(
      ['running', 'suspicious', 'clean', 'newcomer', 'too many'].map((name) => [name, job(log, name)]),
    )
    const run = (name: string, priority: number) =>
      queue.tryRun(priority, (jobs[name] as ReturnType<typeof job>).work)
    const results = [
      run('running', 0),
      run('suspicious', 9),
      run('clean', 0),
      run('newcomer', 0),
      run('too many', 0),
    ]
    await tick()
    expect(queue.size).toEqual({ running: 1, waiting: 2 })
    for (const name of ['running', 'clean', 'newcomer']) {
      jobs[name]?.finish()
      await tick()
    }
    expect(log).toEqual(['start running', 'start clean', 'start newcomer'])
    // Retry-After: the hashes ahead (one running, two waiting) at half a second each, before any has finished.
    expect(await Promise.all(results)).toEqual([
      { value: 'running' },
      { retryAfter: 2 },
      { value: 'clean' },
      { value: 'newcomer' },
      { retryAfter: 2 },
    ])
    await expect(queue.run(0, async () => 'free')).resolves.toBe('free')
    const full = new HashQueue({ concurrency: 1, queue: 0 })
    const held = job(log, 'held')
    const holding = full.run(0, held.work)
    await expect(full.run(0, async () => 'refused')).rejects.toBeInstanceOf(HashQueueFull)
    held.finish()
    await holding
  })

  it('serves a sign-in with a device token (TRUSTED_DEVICE) first and never refuses it, even with no room', async () => {
    const queue = new HashQueue({ concurrency: 1, queue: 1 })
    const log: string[] = []
    const jobs = Object.fromEntries(
      ['running', 'clean', 'trusted', 'trusted too'].map((name) => [name, job(log, name)]),
    )
    const run = (name: string, priority: number) =>
      queue.tryRun(priority, (jobs[name] as ReturnType<typeof job>).work)
    const results = [run('running', 0), run('clean', 0), run('trusted', TRUSTED_DEVICE)]
    await tick()
    // The queue's one place was the clean waiter's: the trusted one took it and the clean one was refused.
    expect(queue.size).toEqual({ running: 1, waiting: 1 })
    results.push(run('trusted too', TRUSTED_DEVICE))
    await tick()
    expect(queue.size).toEqual({ running: 1, waiting: 2 })
    for (const name of ['running', 'trusted', 'trusted too']) {
      jobs[name]?.finish()
      await tick()
    }
    expect(log).toEqual(['start running', 'start trusted', 'start trusted too'])
    expect(await Promise.all(results)).toEqual([
      { value: 'running' },
      { retryAfter: 1 },
      { value: 'trusted' },
      { value: 'trusted too' },
    ])
  })

  it('answers a login 503 with Retry-After when no room is left, and keeps it out of the count', async () => {
    // One hash at a time and none waiting, and that one held by another sign-in: no room for these.
    const queue = new HashQueue({ concurrency: 1, queue: 0 })
    const app = createApp({ db: server.db, now: server.clock.now, trustProxy: 1, passwordHashing: queue })
    let finish = () => {}
    const held = queue.run(0, () => new Promise<void>((done) => (finish = done)))
    const ip = nextIp()
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => login(nextEmail(), 'Wrong#1234', ip, app)),
    )
    finish()
    await held
    const busy = answers.filter((answer) => answer.status === 503)
    expect(busy).toHaveLength(4)
    for (const answer of busy) {
      expect(Number(answer.retryAfter)).toBeGreaterThanOrEqual(1)
      expect(answer.body.message).toMatch(/^The server is busy\. Please try again in \d+ seconds?\.$/)
    }
    const failures = await server.db
      .selectFrom('login_failures')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('address', '=', ip)
      .executeTakeFirstOrThrow()
    expect(Number(failures.n)).toBe(4 - busy.length)
    // The address was told to wait: until then it gets the same answer, the queue free or not; others do not.
    const again = await login(nextEmail(), 'Wrong#1234', ip, app)
    expect(again.status).toBe(503)
    const told = busy.map((answer) => Number(answer.retryAfter))
    expect(told).toContain(Number(again.retryAfter))
    expect((await login(nextEmail(), 'Wrong#1234', nextIp(), app)).status).toBe(401)
    server.clock.advance(Math.max(...told) * 1000)
    expect((await login(nextEmail(), 'Wrong#1234', ip, app)).status).toBe(401)
  })
})
