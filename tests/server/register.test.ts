import { createHash } from 'node:crypto'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { messages } from '../../contract/messages'
import type { RegistrationInput } from '../../contract/rules'
import { apiPaths, type LoginResponse } from '../../contract/wire'
import { verifyPassword } from '../../server/auth/password'
import type { CountryRow } from '../../server/db/schema'
import { registerMessages } from '../../server/register/messages'
import { createTestUser, postJson, registrationPayload, setupAuthServer } from './helpers'

const APP_URL = 'https://app.eship.test'
const MINUTE = 60_000
const HOUR = 60 * MINUTE
const registeredBody = JSON.stringify({ message: messages.registered })

let server: Awaited<ReturnType<typeof setupAuthServer>>
let sg: CountryRow
let ae: CountryRow

beforeAll(async () => {
  server = await setupAuthServer({ appUrl: APP_URL })
  const country = (code: string) =>
    server.db.selectFrom('countries').selectAll().where('mcou_code', '=', code).executeTakeFirstOrThrow()
  sg = await country('SG')
  ae = await country('AE')
}, 60_000)

afterAll(async () => {
  await server?.database.close()
})

/** Each request comes from its own address unless told, so rate limits only bite where a test wants them. */
let ipCount = 0
const nextIp = () => {
  ipCount += 1
  return `10.${Math.floor(ipCount / 250)}.${ipCount % 250}.1`
}

let emailCount = 0
const newEmail = () => {
  emailCount += 1
  return `Register.${emailCount}@Example.com`
}

/** A valid payload; overrides may make it invalid (their types are loose on purpose). */
function payload(overrides: Partial<Record<keyof RegistrationInput, unknown>> = {}) {
  const valid = registrationPayload(sg, newEmail())
  return { ...valid, ...overrides } as typeof valid
}

/** The answer of POST /api/register alone. */
const registerAnswer = (body: unknown, ip = nextIp()) =>
  server.app.request(apiPaths.register, postJson(body, { 'X-Forwarded-For': ip }))

/** POST /api/register, and the registration it leaves to be done after its answer. */
const register = async (body: unknown, ip = nextIp()) => {
  const res = await registerAnswer(body, ip)
  await server.settled()
  return res
}

const activate = (token: unknown) => server.app.request(apiPaths.activate, postJson({ token }))

const resend = async (email: string, ip = nextIp()) => {
  const res = await server.app.request(
    apiPaths.resendActivation,
    postJson({ email }, { 'X-Forwarded-For': ip }),
  )
  await server.settled()
  return res
}

async function login(email: string, password: string) {
  const res = await server.app.request(
    apiPaths.login,
    postJson({ email, password }, { 'X-Forwarded-For': nextIp() }),
  )
  return { status: res.status, body: (await res.json()) as LoginResponse }
}

/** The mails to `email`, newest first, once the work of earlier answers is done (their mails come after them). */
async function mailsTo(email: string) {
  await server.settled()
  return server.db
    .selectFrom('outbox')
    .selectAll()
    .where('to', '=', email.toLowerCase())
    .orderBy('id', 'desc')
    .execute()
}

const tokenIn = (text: string | undefined): string | undefined =>
  /\/activate\?token=([A-Za-z0-9_-]{43})/.exec(text ?? '')?.[1]

/** The activation token of the newest mail to `email`. */
async function latestToken(email: string): Promise<string> {
  const [mail] = await mailsTo(email)
  const token = tokenIn(mail?.text)
  if (!token) throw new Error(`no activation link in ${mail?.text}`)
  return token
}

async function usersWith(email: string) {
  return server.db.selectFrom('users').selectAll().where('esus_email_id', '=', email.toLowerCase()).execute()
}

/** Registers a fresh account and returns its email, password and activation token. */
async function registered(overrides: Parameters<typeof payload>[0] = {}) {
  const body = payload(overrides)
  const res = await register(body)
  expect(res.status).toBe(200)
  return {
    email: body.esus_email_id.toLowerCase(),
    password: body.esus_password,
    token: await latestToken(body.esus_email_id),
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN
}

describe('POST /api/register', () => {
  it('stores an inactive account and mails a single activation link valid for 24 hours', async () => {
    const body = payload()
    const res = await register(body)
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(await res.text()).toBe(registeredBody)

    const [user, ...others] = await usersWith(body.esus_email_id)
    expect(others).toEqual([])
    expect(user).toMatchObject({
      esus_name: 'Ada Shipper',
      esus_company_name: 'Ada Trading Pte Ltd',
      esus_regn_no: 'T25UF0001A',
      esus_email_id: body.esus_email_id.toLowerCase(),
      esus_mcou: sg.mcou_rid,
      code: '+65',
      esus_phone: '61234567',
      esus_address1: '1 Harbour Front Avenue, Singapore',
      esus_source: 'Google Ads',
      esus_mcpy: sg.eshp_mcpy,
      user_type: 'Customer',
      activated_at: null,
    })
    expect(user?.password_hash).toMatch(/^scrypt\$/)
    expect(await verifyPassword('Secret#123', user?.password_hash ?? '')).toBe(true)

    const token = await latestToken(body.esus_email_id)
    const mails = await mailsTo(body.esus_email_id)
    expect(mails).toHaveLength(1)
    const link = `${APP_URL}/activate?token=${token}`
    expect(mails[0]).toMatchObject({
      to: body.esus_email_id.toLowerCase(),
      subject: 'Activate your eShip account',
    })
    expect(mails[0]?.text).toContain(link)
    expect(mails[0]?.text).toContain('24 hours')
    expect(mails[0]?.html).toContain(`href="${link}"`)

    const tokens = await server.db
      .selectFrom('activation_tokens')
      .selectAll()
      .where('user_id', '=', user?.id ?? 0)
      .execute()
    expect(tokens).toHaveLength(1)
    expect(tokens[0]?.token_hash).toBe(createHash('sha256').update(token).digest('hex'))
    expect(tokens[0]?.used_at).toBeNull()
    expect(tokens[0]?.expires_at.getTime()).toBe(server.clock.now().getTime() + 24 * HOUR)
  })

  it('refuses login before activation (403) and allows it after', async () => {
    const account = await registered()
    const before = await login(account.email, account.password)
    expect(before.status).toBe(403)
    expect(before.body).toEqual({
      message: 'Your account is not activated yet. Please use the link in your activation email.',
    })

    const res = await activate(account.token)
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(await res.json()).toEqual({ message: 'Your account is activated. You can now log in.' })
    const [user] = await usersWith(account.email)
    expect(user?.activated_at?.getTime()).toBe(server.clock.now().getTime())

    const after = await login(account.email, account.password)
    expect(after.status).toBe(200)
    expect(after.body.message).toBe(messages.userAuthenticated)
  })

  it('checks the country, its dialling code and its company on the server (422)', async () => {
    const cases = [
      {
        body: payload({ esus_mcpy: ae.eshp_mcpy }),
        errors: { esus_mcpy: ['The company does not serve the chosen country.'] },
      },
      {
        body: payload({ code: ae.mcou_country_dialing_code }),
        errors: { code: ['The country code does not match the chosen country.'] },
      },
      {
        body: payload({ esus_mcou: ae.mcou_rid }),
        errors: {
          code: ['The country code does not match the chosen country.'],
          esus_mcpy: ['The company does not serve the chosen country.'],
        },
      },
      {
        body: payload({ esus_mcou: 999_999 }),
        errors: { esus_mcou: ['Please choose a country from the list.'] },
      },
    ]
    for (const { body, errors } of cases) {
      const res = await register(body)
      expect(res.status, JSON.stringify(errors)).toBe(422)
      expect(await res.json()).toEqual({ message: Object.values(errors)[0]?.[0], errors })
      expect(await usersWith(body.esus_email_id)).toEqual([])
    }

    // The same company id with the matching country passes: a UAE account served by the UAE branch.
    const uae = payload({
      esus_mcou: ae.mcou_rid,
      code: ae.mcou_country_dialing_code,
      esus_mcpy: ae.eshp_mcpy,
    })
    expect((await register(uae)).status).toBe(200)
    expect(ae.eshp_mcpy).not.toBe(sg.eshp_mcpy)
  })

  it('validates the payload with the registration rules (422)', async () => {
    const res = await register(
      payload({ esus_email_id: 'not-an-email', password_confirmation: 'Other#123', check: false }),
    )
    expect(res.status).toBe(422)
    const body = (await res.json()) as { errors: Record<string, string[]> }
    expect(body.errors).toEqual({
      esus_email_id: ['Invalid Email Format. Please enter a valid Email.'],
      check: ['*This Field is required'],
      password_confirmation: ['Passwords do not match.'],
    })
  })

  it('answers a repeated registration exactly like a new one and mails the owner a notice instead', async () => {
    const owner = await createTestUser(server.db)
    const fresh = await register(payload())
    const repeated = await register(
      payload({
        esus_email_id: `  ${owner.email.toUpperCase()} `,
        esus_password: 'Other#456',
        password_confirmation: 'Other#456',
      }),
    )
    expect(repeated.status).toBe(fresh.status)
    expect(repeated.status).toBe(200)
    expect(await repeated.text()).toBe(await fresh.text())
    expect([...repeated.headers.keys()].sort()).toEqual([...fresh.headers.keys()].sort())

    const users = await usersWith(owner.email)
    expect(users).toHaveLength(1)
    expect(users[0]?.esus_name).toMatch(/^Test User/)
    expect(await verifyPassword(owner.password, users[0]?.password_hash ?? '')).toBe(true)
    const tokens = await server.db
      .selectFrom('activation_tokens')
      .select('id')
      .where('user_id', '=', owner.id)
      .execute()
    expect(tokens).toEqual([])

    const mails = await mailsTo(owner.email)
    expect(mails).toHaveLength(1)
    expect(mails[0]?.subject).toBe('Someone tried to register with your email address')
    expect(mails[0]?.text).toContain('no new account was made')
    expect(mails[0]?.text).toContain(`${APP_URL}/login\n`)
    expect(mails[0]?.text).toContain(`${APP_URL}/login?forgot=1`)
    expect(mails[0]?.html).toContain(`href="${APP_URL}/login"`)
    expect(tokenIn(mails[0]?.text)).toBeUndefined()

    const stillWorks = await login(owner.email, owner.password)
    expect(stillWorks.status).toBe(200)
  })

  it('sends a fresh activation link in the notice when the account is still inactive', async () => {
    const account = await registered()
    const again = await register(payload({ esus_email_id: account.email }))
    expect(await again.text()).toBe(registeredBody)
    const token = await latestToken(account.email)
    const [notice] = await mailsTo(account.email)
    expect(notice?.subject).toBe('Your eShip account is waiting for activation')
    expect(token).not.toBe(account.token)
    expect(await usersWith(account.email)).toHaveLength(1)

    // Both links work until one of them is used.
    expect((await activate(token)).status).toBe(200)
    const first = await activate(account.token)
    expect(first.status).toBe(410)
    expect(await first.json()).toEqual({ message: registerMessages.activationUsed })
    expect((await login(account.email, account.password)).status).toBe(200)
  })

  it('sends at most 3 notices an hour to one address', async () => {
    const owner = await createTestUser(server.db)
    for (let i = 0; i < 5; i += 1) {
      const res = await register(payload({ esus_email_id: owner.email }))
      expect(await res.text()).toBe(registeredBody)
    }
    expect(await mailsTo(owner.email)).toHaveLength(3)
    server.clock.advance(HOUR)
    expect((await register(payload({ esus_email_id: owner.email }))).status).toBe(200)
    expect(await mailsTo(owner.email)).toHaveLength(4)
  })

  it('takes about the same time for a new and a registered email', async () => {
    const times = { fresh: [] as number[], repeated: [] as number[] }
    const owner = await createTestUser(server.db)
    server.clock.advance(HOUR)
    for (let run = 0; run < 7; run += 1) {
      for (const kind of ['fresh', 'repeated'] as const) {
        const body = payload(kind === 'repeated' ? { esus_email_id: owner.email } : {})
        const started = performance.now()
        const res = await registerAnswer(body)
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

  it('makes one account of two simultaneous registrations of one email', async () => {
    const body = payload()
    const results = await Promise.all([
      register(body),
      register({ ...body, esus_email_id: body.esus_email_id.toUpperCase() }),
    ])
    for (const res of results) {
      expect(res.status).toBe(200)
      expect(await res.text()).toBe(registeredBody)
    }
    expect(await usersWith(body.esus_email_id)).toHaveLength(1)
  })

  it('makes each new account a company of its own, and none for an email that has an account', async () => {
    const companies = async () =>
      Number(
        (
          await server.db
            .selectFrom('customers')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      )
    const before = await companies()
    const body = payload({ esus_company_name: 'Orchid Freight Pte Ltd', esus_regn_no: '201912345z' })
    expect((await register(body)).status).toBe(200)
    expect(await companies()).toBe(before + 1)
    const company = await server.db
      .selectFrom('users')
      .innerJoin('customers', 'customers.id', 'users.customer_id')
      .select(['customers.name', 'customers.regn_no'])
      .where('users.esus_email_id', '=', body.esus_email_id.toLowerCase())
      .executeTakeFirstOrThrow()
    expect(company).toEqual({ name: 'Orchid Freight Pte Ltd', regn_no: '201912345Z' })
    expect((await register(body)).status).toBe(200)
    expect(await companies()).toBe(before + 1)
  })

  it('allows 10 registrations an hour per address, then 429 with Retry-After', async () => {
    const ip = nextIp()
    const hourStart = Math.ceil(server.clock.now().getTime() / HOUR) * HOUR
    server.clock.advance(hourStart - server.clock.now().getTime() + 30 * MINUTE)
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      expect((await register(payload(), ip)).status, `attempt ${attempt}`).toBe(200)
    }
    const body = payload()
    const limited = await register(body, ip)
    expect(limited.status).toBe(429)
    expect(limited.headers.get('retry-after')).toBe('1800')
    expect(await limited.json()).toEqual({ message: 'Too many attempts. Please try again in 1800 seconds.' })
    expect(await usersWith(body.esus_email_id)).toEqual([])
    expect((await register(payload(), nextIp())).status).toBe(200)
  })
})

describe('POST /api/register/activate', () => {
  it('works once: a second use answers 410 with the used message', async () => {
    const account = await registered()
    expect((await activate(account.token)).status).toBe(200)
    const again = await activate(account.token)
    expect(again.status).toBe(410)
    expect(await again.json()).toEqual({
      message: 'This activation link has already been used. Your account is active; please log in.',
    })
  })

  it('activates once when the link is clicked twice at the same time', async () => {
    const account = await registered()
    const results = await Promise.all([activate(account.token), activate(account.token)])
    expect(results.map((res) => res.status).sort()).toEqual([200, 410])
    const bodies = await Promise.all(results.map((res) => res.json()))
    expect(bodies).toContainEqual({ message: registerMessages.activated })
    expect(bodies).toContainEqual({ message: registerMessages.activationUsed })
    expect(server.logged).toEqual([])
  })

  it('expires after 24 hours (410) and leaves the account inactive', async () => {
    const early = await registered()
    const late = await registered()
    server.clock.advance(24 * HOUR - 1000)
    expect((await activate(early.token)).status).toBe(200)
    server.clock.advance(2000)
    const res = await activate(late.token)
    expect(res.status).toBe(410)
    expect(await res.json()).toEqual({
      message: 'This activation link has expired. Please request a new one.',
    })
    expect((await usersWith(late.email))[0]?.activated_at).toBeNull()
    expect((await login(late.email, late.password)).status).toBe(403)
  })

  it('answers an unknown token 400 and a missing one 422', async () => {
    const unknown = await activate('A'.repeat(43))
    expect(unknown.status).toBe(400)
    expect(await unknown.json()).toEqual({ message: 'This activation link is invalid.' })
    const other = await activate('not even a token')
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
    const inactive = await registered()
    const active = await createTestUser(server.db)
    server.clock.advance(MINUTE)
    for (const email of [inactive.email.toUpperCase(), active.email, 'nobody.here@example.com']) {
      const res = await resend(email)
      expect(res.status, email).toBe(200)
      expect(res.headers.get('cache-control')).toBe('no-store')
      expect(await res.text(), email).toBe(neutral)
    }
    expect(await mailsTo(active.email)).toEqual([])
    expect(await mailsTo('nobody.here@example.com')).toEqual([])

    const mails = await mailsTo(inactive.email)
    expect(mails).toHaveLength(2)
    expect(mails[0]?.subject).toBe('Activate your eShip account')
    const token = await latestToken(inactive.email)
    expect(token).not.toBe(inactive.token)

    // The old link is retired: the account is still inactive, so it reads as expired.
    const old = await activate(inactive.token)
    expect(old.status).toBe(410)
    expect(await old.json()).toEqual({ message: registerMessages.activationExpired })
    expect((await activate(token)).status).toBe(200)
    expect((await login(inactive.email, inactive.password)).status).toBe(200)
  })

  it('allows one request a minute per email and 5 a minute per address (429)', async () => {
    const account = await registered()
    const minuteStart = Math.ceil(server.clock.now().getTime() / MINUTE) * MINUTE
    server.clock.advance(minuteStart - server.clock.now().getTime() + 15_000)
    expect((await resend(account.email)).status).toBe(200)
    const again = await resend(account.email.toUpperCase())
    expect(again.status).toBe(429)
    expect(again.headers.get('retry-after')).toBe('45')
    expect(await again.json()).toEqual({ message: 'Too many attempts. Please try again in 45 seconds.' })

    const ip = nextIp()
    for (let i = 0; i < 5; i += 1) expect((await resend(`someone${i}@example.com`, ip)).status).toBe(200)
    expect((await resend('someone5@example.com', ip)).status).toBe(429)
    expect(await mailsTo(account.email)).toHaveLength(2)
  })

  it('validates the email (422)', async () => {
    const res = await resend('nope')
    expect(res.status).toBe(422)
    expect(await res.json()).toEqual({
      message: 'Invalid Email Format.',
      errors: { email: ['Invalid Email Format.'] },
    })
  })
})

describe('activation tokens at rest', () => {
  it('keeps only the SHA-256 of the activation token, nowhere the token itself', async () => {
    const account = await registered()
    for (const table of ['users', 'activation_tokens', 'rate_limits']) {
      const { rows } = await sql`select * from ${sql.table(table)}`.execute(server.db)
      expect(JSON.stringify(rows), table).not.toContain(account.token)
    }
  })
})
