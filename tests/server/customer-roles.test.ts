/**
 * The company role on every customer operation (issue 24, docs/teams.md "Checking the role on every
 * operation"). Walks the OpenAPI document: a Viewer's token gets 403 with the Viewer message on every operation
 * that changes the company's records and changes nothing; a Member gets 403 on every Admin operation; the
 * operations every role may call are not refused, and the `self` ones change only the person's own rows. Then
 * the gate itself: a role change takes effect at the next request in a process that holds the session, the
 * refusal costs no query, 401 stays first, and a route missing from the table is refused.
 */
import { createRoute, OpenAPIHono } from '@hono/zod-openapi'
import fc from 'fast-check'
import { type KyselyPlugin, sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type CompanyRole, type CustomerAccess, customerPermissions, teamMessages } from '../../contract/team'
import { apiPaths, type ErrorBody, type LoginResponse } from '../../contract/wire'
import { createApp } from '../../server/app'
import { LiveSessions } from '../../server/auth/live-sessions'
import { checkRolesWith, operationTableOf } from '../../server/auth/operations'
import { requireSession } from '../../server/auth/session'
import { hashToken, newToken } from '../../server/auth/tokens'
import { chargeSeeds } from './api-fuzz-charge-seeds'
import { type Body, type FuzzRequest, fuzzRequests, type Seed } from './api-fuzz-requests'
import {
  bodySchema,
  type Endpoint,
  endpointsOf,
  type OpenApiDocument,
  schemaArbitraries,
} from './api-fuzz-schema'
import { makeSeeds } from './api-fuzz-seeds'
import { type Auth, type BookingServer, setupBookingServer } from './booking-helpers'
import { bearer, createTestUser, openTestDatabase, postJson, testClock, waitFor } from './helpers'

/** Requests per operation: it is the role check under test, not the handlers (api-fuzz.test.ts does those). */
const RUNS = Number(process.env.ROLE_RUNS) || 4

interface Colleague {
  auth: Auth
  id: number
  email: string
  token: string
}

let server: BookingServer
let main: Auth
let customerId: number
let viewer: Colleague
let member: Colleague
let document: OpenApiDocument
let endpoints: Endpoint[]
let seeds: Record<string, () => Seed>

const accessOf = (endpoint: Endpoint): CustomerAccess | undefined =>
  (customerPermissions as Record<string, CustomerAccess>)[endpoint.operation.operationId]
const bearerOperations = () =>
  endpoints.filter((e) => Object.keys(e.operation.security?.[0] ?? {})[0] === 'bearerAuth')
const name = (endpoint: Endpoint) => `${endpoint.method.toUpperCase()} ${endpoint.path}`

/** A user of `main`'s company with `role`, logged in. */
async function colleague(role: CompanyRole): Promise<Colleague> {
  const user = await createTestUser(server.db)
  const company = await server.db
    .selectFrom('users')
    .select(['esus_company_name', 'esus_address1', 'esus_mcou', 'code', 'esus_mcpy'])
    .where('customer_id', '=', customerId)
    .executeTakeFirstOrThrow()
  await server.db
    .updateTable('users')
    .set({ ...company, customer_id: customerId, company_role: role })
    .where('id', '=', user.id)
    .execute()
  const res = await server.app.request(
    apiPaths.login,
    postJson({ email: user.email, password: user.password }),
  )
  const { token } = (await res.json()) as LoginResponse
  expect(token, `${role} logs in`).toBeTruthy()
  return {
    auth: { ...bearer(token as string), email: user.email },
    id: user.id,
    email: user.email,
    token: token as string,
  }
}

/**
 * What a change could touch: for every table of the schema its row count and the md5 of all its rows as text
 * (a digest of the whole database, sessions and the audit trail included: a refused request writes nothing,
 * not even its session's last request, as the test clock stands still). `own` leaves out one person's own
 * rows: their user row, sessions, password links, the audit rows they caused, the mails to them and their
 * rate limits, which is what a `self` operation may change.
 */
async function digest(own?: { id: number; email: string }): Promise<Record<string, string>> {
  const { rows: tables } = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = ${server.database.schema} and table_type = 'BASE TABLE' order by table_name`.execute(
    server.db,
  )
  const mine: Record<string, ReturnType<typeof sql>> = own
    ? {
        users: sql`id <> ${own.id}`,
        sessions: sql`user_id <> ${own.id}`,
        password_resets: sql`user_id <> ${own.id}`,
        audit_events: sql`actor_user_id is distinct from ${own.id}`,
        outbox: sql`"to" <> ${own.email}`,
        rate_limits: sql`key not like ${`%:user:${own.id}`}`,
      }
    : {}
  const result: Record<string, string> = {}
  for (const { name: table } of tables) {
    const where = mine[table] ?? sql`true`
    const { rows } = await sql<{ n: number; d: string }>`
      select count(*)::int as n, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as d
      from ${sql.table(table)} t where ${where}`.execute(server.db)
    result[table] = `${rows[0]?.n}:${rows[0]?.d}`
  }
  return result
}

/** Records of `main`'s company for the team operations, when the document has them (My Team, issue 24). */
async function teamSeeds(): Promise<Record<string, () => Seed>> {
  const at = server.clock.now()
  const admin = await server.db
    .selectFrom('users')
    .select('id')
    .where('esus_email_id', '=', main.email)
    .executeTakeFirstOrThrow()
  const invitation = await server.db
    .insertInto('team_invitations')
    .values({
      customer_id: customerId,
      email: `invited.${Date.now()}@example.com`,
      name: 'Ivy Invited',
      role: 'member',
      token_hash: hashToken(newToken()),
      invited_by: admin.id,
      created_at: at,
      sent_at: at,
      expires_at: new Date(at.getTime() + 7 * 86_400_000),
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  const joiner = await createTestUser(server.db, { activated_at: null })
  await server.db
    .updateTable('users')
    .set({ customer_id: customerId, company_role: 'member' })
    .where('id', '=', joiner.id)
    .execute()
  const request = await server.db
    .insertInto('team_join_requests')
    .values({
      customer_id: customerId,
      user_id: joiner.id,
      email: joiner.email,
      name: 'Jo Joiner',
      created_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  const someone = await colleague('member')
  const json = (value: unknown): Body => ({ kind: 'json', value })
  const memberId = { id: String(someone.id) }
  const quote = await server.db
    .selectFrom('quotes')
    .select('number')
    .where('customer_id', '=', customerId)
    .executeTakeFirstOrThrow()
  return {
    // The fuzz has no seed of its own for these: a quote of the company is what the role check needs.
    declineOffer: () => ({ params: { number: quote.number } }),
    inviteTeamMember: () => ({
      body: json({ email: 'new.colleague@example.com', name: 'Nia New', role: 'viewer' }),
    }),
    resendTeamInvitation: () => ({ params: { id: String(invitation.id) } }),
    revokeTeamInvitation: () => ({ params: { id: String(invitation.id) } }),
    changeTeamRole: () => ({ params: memberId, body: json({ role: 'admin' }) }),
    deactivateTeamMember: () => ({ params: memberId }),
    reactivateTeamMember: () => ({ params: memberId }),
    approveJoinRequest: () => ({ params: { id: String(request.id) }, body: json({ role: 'member' }) }),
    declineJoinRequest: () => ({ params: { id: String(request.id) } }),
    listTeamActivity: () => ({ query: { user: String(someone.id) } }),
    getTeam: () => ({}),
  }
}

beforeAll(async () => {
  server = await setupBookingServer()
  main = await server.login()
  const admin = await server.db
    .selectFrom('users')
    .select('customer_id')
    .where('esus_email_id', '=', main.email)
    .executeTakeFirstOrThrow()
  customerId = admin.customer_id
  // The fuzz's seeds make `main`'s records: a quote, a booking, a document, parties, a conversation.
  seeds = { ...(await makeSeeds(server, main)) }
  seeds = { ...(await teamSeeds()), ...(await chargeSeeds(server, main)), ...seeds }
  viewer = await colleague('viewer')
  member = await colleague('member')
  document = (await (await server.app.request(apiPaths.openapi)).json()) as OpenApiDocument
  endpoints = endpointsOf(document)
}, 120_000)

afterAll(async () => {
  await server?.database.close()
})

/**
 * Requests of an operation sent with `who`'s token: the path parameters of its seed (records of the company
 * that exist), the seed's body or a body generated from the operation's documented schema.
 */
function requestsOf(endpoint: Endpoint, who: Colleague): fc.Arbitrary<FuzzRequest> {
  const fuzz = fuzzRequests({ server, main: who.auth, staffToken: '', document, seeds })
  const seeded = fuzz.requestOf(endpoint.operation)
  const schema = bodySchema(endpoint.operation)
  const bodies: fc.Arbitrary<Body>[] = [fc.constant(seeded.body)]
  if (schema) {
    const { arbitraryFor } = schemaArbitraries(document)
    bodies.push(arbitraryFor(schema).map((value) => ({ kind: 'json' as const, value })))
  }
  if (seeded.body.kind === 'bytes') {
    bodies.push(
      fc
        .uint8Array({ maxLength: 64 })
        .map((data) => ({ kind: 'bytes' as const, data, contentType: 'application/pdf' })),
    )
  }
  return fc.oneof(...bodies).map((body) => ({ ...fuzz.requestOf(endpoint.operation), body }))
}

async function send(endpoint: Endpoint, request: FuzzRequest, who: Colleague, ip: string) {
  const fuzz = fuzzRequests({ server, main: who.auth, staffToken: '', document, seeds })
  const res = await fuzz.send(endpoint, request, 'valid', ip)
  const isStream = res.headers.get('content-type')?.startsWith('text/event-stream')
  if (isStream) {
    await res.body?.cancel()
    return { status: res.status, body: undefined }
  }
  const text = await res.text()
  const isJson = res.headers.get('content-type')?.startsWith('application/json')
  return { status: res.status, body: (isJson ? JSON.parse(text) : undefined) as ErrorBody | undefined, text }
}

/** Each operation of `accesses` is refused to `who` with `message`, and the database is as it was. */
async function refusedEverywhere(who: Colleague, accesses: CustomerAccess[], message: string) {
  const operations = bearerOperations().filter((e) => accesses.includes(accessOf(e) as CustomerAccess))
  // Each has a request that reaches its route with records of the company (a seed of api-fuzz-seeds.ts or ours).
  expect(operations.filter((e) => !seeds[e.operation.operationId]).map(name)).toEqual([])
  const before = await digest()
  for (const endpoint of operations) {
    await fc.assert(
      fc.asyncProperty(requestsOf(endpoint, who), fc.ipV4(), async (request, ip) => {
        const res = await send(endpoint, request, who, ip)
        const where = `${name(endpoint)} ${JSON.stringify({ ...request, body: request.body.kind })}`
        expect(res.status, where).toBe(403)
        expect(res.body?.message, where).toBe(message)
      }),
      { numRuns: RUNS, endOnFailure: true },
    )
    await server.settled()
    expect(await digest(), `${name(endpoint)} changed nothing`).toEqual(before)
  }
  return operations
}

describe('a Viewer of the company', () => {
  it('is refused every operation that changes something (403, the Viewer message) and changes nothing', async () => {
    const refused = await refusedEverywhere(viewer, ['member', 'admin'], teamMessages.viewerForbidden)
    // Every non-GET customer operation of the document is one of them, except those that are the person's own.
    const changing = bearerOperations().filter((e) => e.method !== 'get' && accessOf(e) !== 'self')
    expect(refused.map(name).sort()).toEqual(
      expect.arrayContaining(changing.filter((e) => e.operation.operationId !== 'streamEvents').map(name)),
    )
    expect(refused.length).toBeGreaterThanOrEqual(14)
  }, 60_000)

  it("reads: every operation of the `viewer` access answers, with the company's records", async () => {
    const reads = bearerOperations().filter((e) => accessOf(e) === 'viewer')
    for (const endpoint of reads) {
      const fuzz = fuzzRequests({ server, main: viewer.auth, staffToken: '', document, seeds })
      const res = await send(endpoint, fuzz.requestOf(endpoint.operation), viewer, '203.0.113.9')
      const where = `${name(endpoint)}: ${res.status} ${res.text?.slice(0, 200)}`
      expect(res.status, where).not.toBe(403)
      if (seeds[endpoint.operation.operationId]) expect(res.status, where).toBeLessThan(300)
    }
  }, 30_000)

  it('calls the `self` operations, which change only their own account', async () => {
    const selves = bearerOperations().filter((e) => accessOf(e) === 'self')
    expect(selves.map((e) => e.operation.operationId).sort()).toEqual(
      Object.entries(customerPermissions)
        .filter(([, access]) => access === 'self')
        .map(([id]) => id)
        .sort(),
    )
    for (const endpoint of selves) {
      // A Viewer of their own for each: logout and a new password end the session.
      const person = await colleague('viewer')
      const fuzz = fuzzRequests({ server, main: person.auth, staffToken: '', document, seeds })
      let request = fuzz.requestOf(endpoint.operation)
      if (endpoint.operation.operationId === 'updateProfile') {
        // Their own name and phone; the company's details as they are (an Admin's to change).
        const { profile } = (await (await server.call(person.auth, '/api/profile')).json()) as {
          profile: Record<string, unknown>
        }
        const { esus_email_id: _, esus_regn_no: __, ...fields } = profile
        request = {
          ...request,
          body: { kind: 'json', value: { ...fields, esus_name: 'Vera Viewer', esus_phone: '69876543' } },
        }
      }
      const before = await digest(person)
      const res = await send(endpoint, request, person, '203.0.113.10')
      expect(res.status, `${name(endpoint)}: ${res.text}`).toBeLessThan(300)
      await server.settled()
      expect(await digest(person), `${name(endpoint)} changed only the Viewer's own rows`).toEqual(before)
      // What it recorded is about them.
      const audit = await server.db
        .selectFrom('audit_events')
        .select(['record_type', 'record_id'])
        .where('actor_user_id', '=', person.id)
        .execute()
      for (const row of audit) expect(row, name(endpoint)).toMatchObject({ record_id: String(person.id) })
    }
  }, 30_000)
})

describe('a Member of the company', () => {
  it('is refused every Admin operation (403, adminOnly) and changes nothing', async () => {
    const refused = await refusedEverywhere(member, ['admin'], teamMessages.adminOnly)
    // The team's operations (issue 24); openapi.test.ts holds the table and the document equal.
    expect(refused.map((e) => e.operation.operationId)).toContain('inviteTeamMember')
  }, 60_000)

  it('may change the company records', async () => {
    const res = await server.call(
      member.auth,
      '/api/parties',
      postJson({ name: `Member ${Date.now()} Pte Ltd`, address: '1 Member Road', roles: ['shipper'] }),
    )
    expect(res.status).toBe(201)
  })
})

describe('the gate', () => {
  it('answers 401 before any role: no session, no 403', async () => {
    const res = await server.app.request('/api/quotes', postJson(server.fcl()))
    expect(res.status).toBe(401)
    const wrong = await server.app.request('/api/parties', postJson({ name: 'X' }, bearer('W'.repeat(43))))
    expect(wrong.status).toBe(401)
  })

  it('refuses a route behind the session that is not a customer operation, and lets through one that is', async () => {
    const sessions = new LiveSessions(server.db)
    const app = new OpenAPIHono()
    app.use('/api/x/*', requireSession(sessions, server.clock.now))
    app.get('/api/x/plain', (c) => c.text('reached'))
    const documented = (operationId: string, path: string) =>
      createRoute({ method: 'get', operationId, path, responses: { 200: { description: 'reached' } } })
    app.openapi(documented('notInTheTable', '/api/x/other'), (c) => c.text('reached', 200))
    const sub = new OpenAPIHono()
    sub.openapi(
      {
        ...documented('getQuote', '/x/quotes/{number}'),
        middleware: [requireSession(sessions, server.clock.now)],
      },
      (c) => c.text('reached', 200),
    )
    app.route('/api', sub)
    const status = (path: string) => app.request(path, { headers: bearer(viewer.token) })
    // Without the table nothing passes.
    expect((await status('/api/x/quotes/ESQ-1')).status).toBe(403)
    checkRolesWith(sessions, () => operationTableOf(app.openAPIRegistry.definitions))
    for (const path of ['/api/x/plain', '/api/x/other']) {
      const res = await status(path)
      expect(res.status, path).toBe(403)
      expect(((await res.json()) as ErrorBody).message).toBe(teamMessages.notCustomerOperation)
    }
    const allowed = await status('/api/x/quotes/ESQ-1')
    expect([allowed.status, await allowed.text()]).toEqual([200, 'reached'])
    // A path no route has is the 404 it was.
    expect((await status('/api/x/nothing/here')).status).toBe(404)
  })
})

describe('in a process that holds sessions between requests', () => {
  let queries = 0
  const counter: KyselyPlugin = {
    transformQuery: (args) => {
      queries += 1
      return args.node
    },
    transformResult: async (args) => args.result,
  }
  let held: Awaited<ReturnType<typeof openTestDatabase>>
  let app: ReturnType<typeof createApp>

  beforeAll(async () => {
    held = await openTestDatabase()
    const clock = testClock()
    app = createApp({
      db: held.db.withPlugin(counter),
      listen: held.listen,
      now: clock.now,
      logger: { error: () => {} },
    })
  })
  afterAll(async () => {
    await held?.close()
  })

  async function loginAs(role: CompanyRole) {
    const user = await createTestUser(held.db)
    await held.db.updateTable('users').set({ company_role: role }).where('id', '=', user.id).execute()
    const res = await app.request(apiPaths.login, postJson({ email: user.email, password: user.password }))
    return { id: user.id, auth: bearer(((await res.json()) as LoginResponse).token as string) }
  }
  let parties = 0
  const party = (auth: Record<string, string>) =>
    app.request(
      '/api/parties',
      postJson({ name: `Held ${++parties} Pte Ltd`, address: '1 Held Road', roles: ['shipper'] }, auth),
    )

  it('judges the next request with a role changed meanwhile, in any process', async () => {
    const { id, auth } = await loginAs('member')
    expect((await party(auth)).status).toBe(201)
    // Another process changes the role: only the users trigger's notification can tell this one.
    await held.db.updateTable('users').set({ company_role: 'viewer' }).where('id', '=', id).execute()
    await waitFor(async () => expect((await party(auth)).status).toBe(403))
    await held.db.updateTable('users').set({ company_role: 'member' }).where('id', '=', id).execute()
    await waitFor(async () => expect((await party(auth)).status).toBe(201))
  })

  it('refuses from the held session: no query', async () => {
    const { auth } = await loginAs('viewer')
    expect((await app.request('/api/auth/check', { headers: auth })).status).toBe(200)
    queries = 0
    const res = await party(auth)
    expect(res.status).toBe(403)
    expect(queries).toBe(0)
  })
})
