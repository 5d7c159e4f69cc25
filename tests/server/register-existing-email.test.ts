/**
 * POST /api/register for an email that already has an account: the answer is the same as for a new one,
 * in about the same time; no second account is made, and the owner is mailed a notice instead (with a
 * fresh activation link while the account is inactive), at most 3 an hour.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { verifyPassword } from '../../server/auth/password'
import { registerMessages } from '../../server/register/messages'
import { createTestUser } from './helpers'
import {
  APP_URL,
  HOUR,
  type RegisterServer,
  registeredBody,
  setupRegisterServer,
  tokenIn,
} from './register-helpers'

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN
}

let server: RegisterServer

beforeAll(async () => {
  server = await setupRegisterServer()
}, 60_000)

afterAll(async () => {
  await server?.database.close()
})

describe('POST /api/register', () => {
  it('answers a repeated registration exactly like a new one and mails the owner a notice instead', async () => {
    const owner = await createTestUser(server.db)
    const fresh = await server.register(server.payload())
    const repeated = await server.register(
      server.payload({
        esus_email_id: `  ${owner.email.toUpperCase()} `,
        esus_password: 'Other#456',
        password_confirmation: 'Other#456',
      }),
    )
    expect(repeated.status).toBe(fresh.status)
    expect(repeated.status).toBe(200)
    expect(await repeated.text()).toBe(await fresh.text())
    expect([...repeated.headers.keys()].sort()).toEqual([...fresh.headers.keys()].sort())

    const users = await server.usersWith(owner.email)
    expect(users).toHaveLength(1)
    expect(users[0]?.esus_name).toMatch(/^Test User/)
    expect(await verifyPassword(owner.password, users[0]?.password_hash ?? '')).toBe(true)
    const tokens = await server.db
      .selectFrom('activation_tokens')
      .select('id')
      .where('user_id', '=', owner.id)
      .execute()
    expect(tokens).toEqual([])

    const mails = await server.mailsTo(owner.email)
    expect(mails).toHaveLength(1)
    expect(mails[0]?.subject).toBe('Someone tried to register with your email address')
    expect(mails[0]?.text).toContain('no new account was made')
    expect(mails[0]?.text).toContain(`${APP_URL}/login\n`)
    expect(mails[0]?.text).toContain(`${APP_URL}/login?forgot=1`)
    expect(mails[0]?.html).toContain(`href="${APP_URL}/login"`)
    expect(tokenIn(mails[0]?.text)).toBeUndefined()

    const stillWorks = await server.login(owner.email, owner.password)
    expect(stillWorks.status).toBe(200)
  })

  it('sends a fresh activation link in the notice when the account is still inactive', async () => {
    const account = await server.registered()
    const again = await server.register(server.payload({ esus_email_id: account.email }))
    expect(await again.text()).toBe(registeredBody)
    const token = await server.latestToken(account.email)
    const [notice] = await server.mailsTo(account.email)
    expect(notice?.subject).toBe('Your eShip account is waiting for activation')
    expect(token).not.toBe(account.token)
    expect(await server.usersWith(account.email)).toHaveLength(1)

    // Both links work until one of them is used.
    expect((await server.activate(token)).status).toBe(200)
    const first = await server.activate(account.token)
    expect(first.status).toBe(410)
    expect(await first.json()).toEqual({ message: registerMessages.activationUsed })
    expect((await server.login(account.email, account.password)).status).toBe(200)
  })

  it('sends at most 3 notices an hour to one address', async () => {
    const owner = await createTestUser(server.db)
    for (let i = 0; i < 5; i += 1) {
      const res = await server.register(server.payload({ esus_email_id: owner.email }))
      expect(await res.text()).toBe(registeredBody)
    }
    expect(await server.mailsTo(owner.email)).toHaveLength(3)
    server.clock.advance(HOUR)
    expect((await server.register(server.payload({ esus_email_id: owner.email }))).status).toBe(200)
    expect(await server.mailsTo(owner.email)).toHaveLength(4)
  })

  it('takes about the same time for a new and a registered email', async () => {
    const times = { fresh: [] as number[], repeated: [] as number[] }
    const owner = await createTestUser(server.db)
    server.clock.advance(HOUR)
    for (let run = 0; run < 7; run += 1) {
      for (const kind of ['fresh', 'repeated'] as const) {
        const body = server.payload(kind === 'repeated' ? { esus_email_id: owner.email } : {})
        const started = performance.now()
        const res = await server.registerAnswer(body)
        const text = await res.text()
        times[kind].push(performance.now() - started)
        await server.settled()
        expect(res.status, kind).toBe(200)
        expect(text, kind).toBe(registeredBody)
      }
    }
    console.info(
      `register median: new ${median(times.fresh).toFixed(1)} ms, registered ${median(times.repeated).toFixed(1)} ms`,
    )
    expect(Math.abs(median(times.fresh) - median(times.repeated))).toBeLessThan(100)
  })
})
