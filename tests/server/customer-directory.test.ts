/**
 * The customer directory (docs/staff.md "The customer directory"): a company's view holds its own records
 * only, read as its users read them; each operation's roles; deactivation ends a live session at once in
 * another process and refuses the login (a password reset does not bring them back); reactivation lets them
 * in; a resent activation link works, once, and retires the older; every action's audit row.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BookingDetail, BookingsResponse } from '../../contract/bookings'
import { conversationPaths } from '../../contract/conversations'
import {
  type CustomerDetail,
  type CustomerListPage,
  type CustomerUserAnswer,
  customerDirectoryMessages,
  customerDirectoryPaths as paths,
} from '../../contract/customer-directory'
import type { StaffRole } from '../../contract/permissions'
import type { QuotesResponse } from '../../contract/quotes'
import { apiPaths, type LoginResponse } from '../../contract/wire'
import { createApp } from '../../server/app'
import { listAudit } from '../../server/audit/audit'
import { authMessages } from '../../server/auth/messages'
import { type Auth, type BookingServer, setupBookingServer } from './booking-helpers'
import { bearer, createTestUser, postJson, waitFor } from './helpers'
import { createTestStaff, staffToken } from './staff-helpers'

let server: BookingServer
const tokens = new Map<string, string>()

beforeAll(async () => {
  server = await setupBookingServer()
}, 60_000)

afterAll(async () => {
  await server?.database.close()
})

/** Each staff sign-in at a step of its own (a code is taken once per step). */
async function staffWith(roles: StaffRole[]): Promise<Record<string, string>> {
  const key = roles.join(',')
  const known = tokens.get(key)
  if (known) return bearer(known)
  server.clock.advance(31_000)
  const member = await createTestStaff(server.db, roles, server.clock.now())
  const token = await staffToken(server.app, member, server.clock.now())
  tokens.set(key, token)
  return bearer(token)
}

let ips = 0
const loginBody = (email: string, password: string) => {
  ips += 1
  return postJson({ email, password }, { 'X-Forwarded-For': `203.0.113.${ips % 250}` })
}

/** A customer of a company named `company`, logged in through the API. */
async function customerOf(company: string, fields: Record<string, unknown> = {}) {
  const user = await createTestUser(server.db, { esus_company_name: company, ...fields })
  const res = await server.app.request(apiPaths.login, loginBody(user.email, user.password))
  const body = (await res.json()) as LoginResponse
  expect(res.status, JSON.stringify(body)).toBe(200)
  const auth: Auth = { ...bearer(body.token as string), email: user.email }
  const row = await server.db
    .selectFrom('users')
    .select('customer_id')
    .where('id', '=', user.id)
    .executeTakeFirstOrThrow()
  return { ...user, auth, companyId: row.customer_id }
}

const getJson = async <T>(path: string, headers: Record<string, string>) => {
  const res = await server.app.request(path, { headers })
  return { status: res.status, body: (await res.json()) as T }
}

const post = async (path: string, headers: Record<string, string>) => {
  const res = await server.app.request(path, { method: 'POST', headers })
  return { status: res.status, body: (await res.json()) as CustomerUserAnswer & { message: string } }
}

describe('a company as its users see it', () => {
  let alpha: Awaited<ReturnType<typeof customerOf>>
  let beta: Awaited<ReturnType<typeof customerOf>>
  let alphaBooking: string
  let betaBooking: string

  beforeAll(async () => {
    alpha = await customerOf('Alpha Directory Freight Pte Ltd')
    beta = await customerOf('Beta Directory Logistics Sdn Bhd')
    alphaBooking = await server.book(alpha.auth)
    betaBooking = await server.book(beta.auth)
    await server.confirm(alphaBooking)
    for (const [who, number] of [
      [alpha, alphaBooking],
      [beta, betaBooking],
    ] as const) {
      const res = await server.call(
        who.auth,
        conversationPaths.messages('booking', number),
        postJson({ body: `About ${number}` }),
      )
      expect(res.status).toBe(201)
    }
  }, 60_000)

  it('holds none of another company’s records, and exactly what the customer’s own pages show', async () => {
    const staff = await staffWith(['operations'])
    const { status, body } = await getJson<CustomerDetail>(paths.company(alpha.companyId), staff)
    expect(status).toBe(200)
    expect(body.company).toMatchObject({
      id: alpha.companyId,
      name: 'Alpha Directory Freight Pte Ltd',
      country: { code: 'SG' },
      users: 1,
      quotes: 1,
      bookings: 1,
    })
    expect(body.users.map((user) => user.email)).toEqual([alpha.email])
    expect(body.users[0]).toMatchObject({ activated: true, active: true, role: 'admin' })
    expect(body.users[0]?.lastLogin).not.toBeNull()

    // My Quotes and My Bookings of the company's own user, as they answer.
    const quotes = (await (await server.call(alpha.auth, '/api/quotes')).json()) as QuotesResponse
    expect(body.quotes).toEqual(quotes.quotes)
    const bookings = (await (await server.call(alpha.auth, '/api/bookings')).json()) as BookingsResponse
    expect(body.bookings.map(({ documents: _documents, ...summary }) => summary)).toEqual(bookings.bookings)
    const page = (await (
      await server.call(alpha.auth, `/api/bookings/${alphaBooking}`)
    ).json()) as BookingDetail
    expect(body.bookings[0]?.hbl).toBe(page.hbl)
    expect(body.bookings[0]?.hbl).toMatch(/\S/)
    expect(body.bookings[0]?.documents).toEqual(page.documents)
    expect(body.bookings[0]?.documents.length).toBeGreaterThan(0)

    expect(body.conversations).toHaveLength(1)
    expect(body.conversations[0]?.subject).toEqual({ type: 'booking', number: alphaBooking })
    expect(body.conversations[0]?.messages.map((m) => m.body)).toEqual([`About ${alphaBooking}`])

    // Nothing of Beta's anywhere in Alpha's answer.
    const text = JSON.stringify(body)
    expect(text).not.toContain(betaBooking)
    expect(text).not.toContain(beta.email)
    expect(text).not.toContain('Beta Directory')
  })

  it('finds companies by company name, user name or email, and by country; counts and pages them', async () => {
    const staff = await staffWith(['sales'])
    const list = async (query: string) =>
      getJson<CustomerListPage>(`${paths.list}?${query}`, staff).then((answer) => answer.body)
    const byName = await list('q=alpha%20directory')
    expect(byName.customers.map((c) => c.id)).toEqual([alpha.companyId])
    expect(byName.customers[0]).toMatchObject({ users: 1, quotes: 1, bookings: 1 })
    expect(byName.customers[0]?.lastActivity).not.toBeNull()
    expect(byName.total).toBe(1)
    expect(
      (await list(`q=${encodeURIComponent(beta.email.toUpperCase())}`)).customers.map((c) => c.id),
    ).toEqual([beta.companyId])
    expect((await list('q=directory&country=SG')).customers.map((c) => c.name)).toEqual([
      'Alpha Directory Freight Pte Ltd',
      'Beta Directory Logistics Sdn Bhd',
    ])
    expect((await list('q=directory&country=MY')).customers).toEqual([])
    const beyond = await list('q=directory&page=2')
    expect(beyond).toMatchObject({ customers: [], page: 2, total: 2 })
    // Bad input is a 422 with the contract's message, never a 5xx.
    const bad = await getJson<{ message: string }>(`${paths.list}?country=Singapore`, staff)
    expect(bad).toEqual({
      status: 422,
      body: {
        message: customerDirectoryMessages.badCountry,
        errors: { country: [customerDirectoryMessages.badCountry] },
      },
    })
    expect((await getJson(paths.company(2_147_483_647), staff)).status).toBe(404)
  })
})

describe('roles', () => {
  it('lets only the roles of the permission table through (403 otherwise, 401 without a staff session)', async () => {
    const user = await createTestUser(server.db, { activated_at: null })
    const company = await server.db
      .selectFrom('users')
      .select('customer_id')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow()
    const pricing = await staffWith(['pricing'])
    const operations = await staffWith(['operations'])
    const sales = await staffWith(['sales'])
    expect((await getJson(paths.list, pricing)).status).toBe(403)
    expect((await getJson(paths.company(company.customer_id), pricing)).status).toBe(403)
    expect((await getJson(paths.list, {})).status).toBe(401)
    const customer = await customerOf('Role Test Trading')
    const { email: _email, ...customerToken } = customer.auth
    expect((await getJson(paths.list, customerToken)).status).toBe(401)
    // Resending the activation link: admin and sales only.
    const refused = await post(paths.resendActivation(user.id), operations)
    expect(refused).toEqual({ status: 403, body: { message: 'This needs the Admin or Sales role.' } })
    expect((await post(paths.resendActivation(user.id), sales)).status).toBe(200)
    // Deactivating and reactivating: admin only.
    for (const path of [paths.deactivate(user.id), paths.reactivate(user.id)]) {
      expect(await post(path, sales)).toEqual({
        status: 403,
        body: { message: 'This needs the Admin role.' },
      })
      expect((await post(path, operations)).status).toBe(403)
    }
    const stillActive = await server.db
      .selectFrom('users')
      .select('deactivated_at')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow()
    expect(stillActive.deactivated_at).toBeNull()
  })
})

describe('deactivation', () => {
  it('ends a live session at once in another process, refuses the login, and reactivation lets them in', async () => {
    const { database, clock } = server
    const processA = createApp({ db: database.db, now: clock.now, trustProxy: 1, listen: database.listen })
    const processB = createApp({ db: database.db, now: clock.now, trustProxy: 1, listen: database.listen })
    const user = await createTestUser(server.db, { esus_company_name: 'Gamma Directory Traders' })
    const login = await processB.request(apiPaths.login, loginBody(user.email, user.password))
    const { token } = (await login.json()) as LoginResponse
    const customer = bearer(token as string)
    // Process B holds the session after this look-up (for up to 10 seconds without asking the database).
    await waitFor(async () => {
      expect((await processB.request(apiPaths.authCheck, { headers: customer })).status).toBe(200)
    })
    const admin = await staffWith(['admin'])
    const off = await processA.request(paths.deactivate(user.id), { method: 'POST', headers: admin })
    expect(off.status).toBe(200)
    const answer = (await off.json()) as CustomerUserAnswer
    expect(answer.message).toBe(customerDirectoryMessages.deactivated)
    expect(answer.user).toMatchObject({ id: user.id, active: false })
    await waitFor(
      async () => {
        expect((await processB.request(apiPaths.authCheck, { headers: customer })).status).toBe(401)
      },
      { interval: 20 },
    )
    expect((await processB.request('/api/quotes', { headers: customer })).status).toBe(401)

    // The right password is told the account is deactivated; a wrong one reads as any other.
    const refused = await processB.request(apiPaths.login, loginBody(user.email, user.password))
    expect(refused.status).toBe(403)
    expect(await refused.json()).toEqual({ message: authMessages.deactivated })
    const wrong = await processB.request(apiPaths.login, loginBody(user.email, 'Wrong#Pass1'))
    expect(wrong.status).toBe(401)
    expect(await wrong.json()).toEqual({ message: authMessages.invalidCredentials })

    // A password reset mails them nothing (it would not let them in anyway).
    const forgot = await server.app.request(apiPaths.forgotPassword, postJson({ email: user.email }))
    expect(forgot.status).toBe(200)
    await server.settled()
    expect(await server.outbox(user.email)).toEqual([])

    // Deactivating again changes nothing and records nothing.
    expect((await post(paths.deactivate(user.id), admin)).body.user.active).toBe(false)

    const on = await post(paths.reactivate(user.id), admin)
    expect(on.status).toBe(200)
    expect(on.body).toMatchObject({ message: customerDirectoryMessages.reactivated, user: { active: true } })
    const back = await processB.request(apiPaths.login, loginBody(user.email, user.password))
    expect(back.status).toBe(200)
    expect(((await back.json()) as LoginResponse).token).toBeTruthy()

    // Each change is on the trail, once, with the admin, before and after.
    const trail = await listAudit(server.db, { recordType: 'user', recordId: String(user.id) })
    expect(trail.events.map((event) => event.action)).toEqual([
      'customer_user.reactivated',
      'customer_user.deactivated',
    ])
    const [reactivated, deactivated] = trail.events
    expect(deactivated?.actor).toMatchObject({ kind: 'staff', role: 'admin' })
    expect(deactivated?.changes?.active).toEqual({ before: true, after: false })
    expect(reactivated?.changes?.active).toEqual({ before: false, after: true })
    expect(deactivated?.customerId).not.toBeNull()
  })
})

describe('resend activation', () => {
  const tokenOf = (text: string) => /\/activate\?token=([A-Za-z0-9_%-]+)/.exec(text)?.[1]

  it('mails a new link that works once, retires the older, and is refused once the user is active', async () => {
    const user = await createTestUser(server.db, { activated_at: null })
    const sales = await staffWith(['sales'])
    const first = await post(paths.resendActivation(user.id), sales)
    expect(first.status).toBe(200)
    expect(first.body).toMatchObject({
      message: customerDirectoryMessages.activationSent,
      user: { activated: false },
    })
    expect(await server.outbox(user.email)).toHaveLength(1)
    expect((await post(paths.resendActivation(user.id), sales)).status).toBe(200)
    const mails = await server.outbox(user.email)
    expect(mails).toHaveLength(2)
    const [older, newer] = mails.map((mail) => decodeURIComponent(tokenOf(mail.text) ?? ''))
    expect(older).toBeTruthy()
    expect(newer).toBeTruthy()

    const activate = (token: string | undefined) => server.app.request(apiPaths.activate, postJson({ token }))
    expect((await activate(older)).status).toBe(410)
    expect((await activate(newer)).status).toBe(200)
    expect((await activate(newer)).status).toBe(410)
    const login = await server.app.request(apiPaths.login, loginBody(user.email, user.password))
    expect(login.status).toBe(200)

    const again = await post(paths.resendActivation(user.id), sales)
    expect(again).toEqual({ status: 409, body: { message: customerDirectoryMessages.alreadyActivated } })
    expect(await server.outbox(user.email)).toHaveLength(2)

    const trail = await listAudit(server.db, { recordType: 'user', recordId: String(user.id) })
    expect(trail.events.map((event) => [event.action, event.actor.role])).toEqual([
      ['customer_user.activation_sent', 'sales'],
      ['customer_user.activation_sent', 'sales'],
    ])
  })

  it('is refused for a deactivated user until they are reactivated', async () => {
    const user = await createTestUser(server.db, { activated_at: null })
    const admin = await staffWith(['admin'])
    expect((await post(paths.deactivate(user.id), admin)).status).toBe(200)
    expect(await post(paths.resendActivation(user.id), admin)).toEqual({
      status: 409,
      body: { message: customerDirectoryMessages.reactivateFirst },
    })
    expect(await server.outbox(user.email)).toEqual([])
    expect((await post(paths.resendActivation(2_147_483_647), admin)).status).toBe(404)
  })
})
