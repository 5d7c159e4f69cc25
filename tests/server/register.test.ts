/**
 * POST /api/register for a new email: the inactive account it stores and the activation link it mails,
 * login only once activated, the checks of the payload and of the country, its dialling code and company,
 * one account and one company per email, and at most 10 registrations an hour from one address.
 */
import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { messages } from '../../contract/messages'
import { verifyPassword } from '../../server/auth/password'
import {
  APP_URL,
  HOUR,
  MINUTE,
  nextIp,
  type RegisterServer,
  registeredBody,
  setupRegisterServer,
} from './register-helpers'

let server: RegisterServer

beforeAll(async () => {
  server = await setupRegisterServer()
}, 60_000)

afterAll(async () => {
  await server?.database.close()
})

describe('POST /api/register', () => {
  it('stores an inactive account and mails a single activation link valid for 24 hours', async () => {
    const body = server.payload()
    const res = await server.register(body)
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(await res.text()).toBe(registeredBody)

    const [user, ...others] = await server.usersWith(body.esus_email_id)
    expect(others).toEqual([])
    expect(user).toMatchObject({
      esus_name: 'Ada Shipper',
      esus_company_name: 'Ada Trading Pte Ltd',
      // Typed in lower case (the payload's), stored in upper case.
      esus_regn_no: body.esus_regn_no.toUpperCase(),
      esus_email_id: body.esus_email_id.toLowerCase(),
      esus_mcou: server.sg.mcou_rid,
      code: '+65',
      esus_phone: '61234567',
      esus_address1: '1 Harbour Front Avenue, Singapore',
      esus_source: 'Google Ads',
      esus_mcpy: server.sg.eshp_mcpy,
      user_type: 'Customer',
      activated_at: null,
    })
    expect(user?.password_hash).toMatch(/^scrypt\$/)
    expect(await verifyPassword('Secret#123', user?.password_hash ?? '')).toBe(true)

    const token = await server.latestToken(body.esus_email_id)
    const mails = await server.mailsTo(body.esus_email_id)
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
    const account = await server.registered()
    const before = await server.login(account.email, account.password)
    expect(before.status).toBe(403)
    expect(before.body).toEqual({
      message: 'Your account is not activated yet. Please use the link in your activation email.',
    })

    const res = await server.activate(account.token)
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(await res.json()).toEqual({ message: 'Your account is activated. You can now log in.' })
    const [user] = await server.usersWith(account.email)
    expect(user?.activated_at?.getTime()).toBe(server.clock.now().getTime())

    const after = await server.login(account.email, account.password)
    expect(after.status).toBe(200)
    expect(after.body.message).toBe(messages.userAuthenticated)
  })

  it('checks the country, its dialling code and its company on the server (422)', async () => {
    const cases = [
      {
        body: server.payload({ esus_mcpy: server.ae.eshp_mcpy }),
        errors: { esus_mcpy: ['The company does not serve the chosen country.'] },
      },
      {
        body: server.payload({ code: server.ae.mcou_country_dialing_code }),
        errors: { code: ['The country code does not match the chosen country.'] },
      },
      {
        body: server.payload({ esus_mcou: server.ae.mcou_rid }),
        errors: {
          code: ['The country code does not match the chosen country.'],
          esus_mcpy: ['The company does not serve the chosen country.'],
        },
      },
      {
        body: server.payload({ esus_mcou: 999_999 }),
        errors: { esus_mcou: ['Please choose a country from the list.'] },
      },
    ]
    for (const { body, errors } of cases) {
      const res = await server.register(body)
      expect(res.status, JSON.stringify(errors)).toBe(422)
      expect(await res.json()).toEqual({ message: Object.values(errors)[0]?.[0], errors })
      expect(await server.usersWith(body.esus_email_id)).toEqual([])
    }

    // The same company id with the matching country passes: a UAE account served by the UAE branch.
    const uae = server.payload({
      esus_mcou: server.ae.mcou_rid,
      code: server.ae.mcou_country_dialing_code,
      esus_mcpy: server.ae.eshp_mcpy,
    })
    expect((await server.register(uae)).status).toBe(200)
    expect(server.ae.eshp_mcpy).not.toBe(server.sg.eshp_mcpy)
  })

  it('validates the payload with the registration rules (422)', async () => {
    const res = await server.register(
      server.payload({ esus_email_id: 'not-an-email', password_confirmation: 'Other#123', check: false }),
    )
    expect(res.status).toBe(422)
    const body = (await res.json()) as { errors: Record<string, string[]> }
    expect(body.errors).toEqual({
      esus_email_id: ['Invalid Email Format. Please enter a valid Email.'],
      check: ['*This Field is required'],
      password_confirmation: ['Passwords do not match.'],
    })
  })

  it('makes one account of two simultaneous registrations of one email', async () => {
    const body = server.payload()
    const results = await Promise.all([
      server.register(body),
      server.register({ ...body, esus_email_id: body.esus_email_id.toUpperCase() }),
    ])
    for (const res of results) {
      expect(res.status).toBe(200)
      expect(await res.text()).toBe(registeredBody)
    }
    expect(await server.usersWith(body.esus_email_id)).toHaveLength(1)
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
    const body = server.payload({ esus_company_name: 'Orchid Freight Pte Ltd', esus_regn_no: '201912345z' })
    expect((await server.register(body)).status).toBe(200)
    expect(await companies()).toBe(before + 1)
    const company = await server.db
      .selectFrom('users')
      .innerJoin('customers', 'customers.id', 'users.customer_id')
      .select(['customers.name', 'customers.regn_no'])
      .where('users.esus_email_id', '=', body.esus_email_id.toLowerCase())
      .executeTakeFirstOrThrow()
    expect(company).toEqual({ name: 'Orchid Freight Pte Ltd', regn_no: '201912345Z' })
    expect((await server.register(body)).status).toBe(200)
    expect(await companies()).toBe(before + 1)
  })

  it('allows 10 registrations an hour per address, then 429 with Retry-After', async () => {
    const ip = nextIp()
    const hourStart = Math.ceil(server.clock.now().getTime() / HOUR) * HOUR
    server.clock.advance(hourStart - server.clock.now().getTime() + 30 * MINUTE)
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      expect((await server.register(server.payload(), ip)).status, `attempt ${attempt}`).toBe(200)
    }
    const body = server.payload()
    const limited = await server.register(body, ip)
    expect(limited.status).toBe(429)
    expect(limited.headers.get('retry-after')).toBe('1800')
    expect(await limited.json()).toEqual({ message: 'Too many attempts. Please try again in 1800 seconds.' })
    expect(await server.usersWith(body.esus_email_id)).toEqual([])
    expect((await server.register(server.payload(), nextIp())).status).toBe(200)
  })
})
