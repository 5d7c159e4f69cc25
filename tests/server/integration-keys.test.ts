/**
 * Named integration keys (issue 23): admins make them with scopes in the console's API, integrations call the
 * operations API with them, a revoked one is refused at once by every process, and the table keeps no secret.
 * OPS_API_KEY stays the bootstrap key (every scope, and adding staff).
 */
import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type CreatedKey,
  type IntegrationKey,
  integrationKeyPaths,
  keyMessages,
} from '../../contract/integration-keys'
import { keyScopeOf, keyScopes } from '../../contract/permissions'
import { staffApiPaths } from '../../contract/staff'
import { apiPaths } from '../../contract/wire'
import { apiKeyOf, runOps } from '../../scripts/ops'
import { runStaff } from '../../scripts/staff'
import { createApp } from '../../server/app'
import { type Auth, type BookingServer, dcsa, OPS_KEY, setupBookingServer } from './booking-helpers'
import { bearer, postJson } from './helpers'
import { createTestStaff, staffToken, type TestStaff } from './staff-helpers'

let s: BookingServer
let alice: Auth
let admin: TestStaff
let adminToken: string

beforeAll(async () => {
  s = await setupBookingServer()
  alice = await s.login()
  admin = await createTestStaff(s.db, ['admin'])
  adminToken = await staffToken(s.app, admin, s.clock.now())
}, 60_000)

afterAll(async () => {
  await s?.database.close()
})

type App = { request: (path: string, init?: RequestInit) => Response | Promise<Response> }

const asAdmin = (path: string, init: RequestInit = {}) =>
  s.app.request(path, { ...init, headers: { ...(init.headers as object), ...bearer(adminToken) } })

async function createKey(name: string, scopes: string[]): Promise<CreatedKey> {
  const res = await asAdmin(integrationKeyPaths.list, postJson({ name, scopes }))
  const body = (await res.json()) as CreatedKey
  expect(res.status, JSON.stringify(body)).toBe(201)
  return body
}

async function listed(id: number): Promise<IntegrationKey | undefined> {
  const res = await asAdmin(integrationKeyPaths.list)
  expect(res.status).toBe(200)
  return ((await res.json()) as { keys: IntegrationKey[] }).keys.find((key) => key.id === id)
}

const withKey = (key: string): Record<string, string> => ({ 'X-API-Key': key })

/** A CONF event of a new booking, sent with `key` to `app` (default: this process). */
async function postConf(key: string, app: App = s.app) {
  const number = await s.book(alice)
  return app.request(
    '/api/ops/events',
    postJson({ events: [dcsa({ ref: number, code: 'CONF', at: '2025-06-02T09:00:00Z' })] }, withKey(key)),
  )
}

describe('a named key, made by an admin', () => {
  it('is answered once as esk_ and 256 random bits, listed without it, and shows when it was last used', async () => {
    const { key, secret } = await createKey('Carrier feed (Maersk)', ['events:write'])
    expect(secret).toMatch(/^esk_[A-Za-z0-9_-]{43}$/)
    expect(Buffer.from(secret.slice(4), 'base64url')).toHaveLength(32)
    expect(key).toMatchObject({
      name: 'Carrier feed (Maersk)',
      prefix: secret.slice(0, 12),
      scopes: ['events:write'],
      createdBy: { id: admin.id },
      lastUsedAt: null,
      revokedAt: null,
      revokedBy: null,
    })
    const list = await (await asAdmin(integrationKeyPaths.list)).text()
    expect(list).not.toContain(secret)
    expect(await listed(key.id)).toEqual(key)

    const used = await postConf(secret)
    expect(used.status, await used.clone().text()).toBe(200)
    const firstUse = s.clock.now().toISOString()
    expect((await listed(key.id))?.lastUsedAt).toBe(firstUse)
    // Within the minute nothing is written again; after it, the new time is.
    s.clock.advance(30_000)
    expect((await postConf(secret)).status).toBe(200)
    expect((await listed(key.id))?.lastUsedAt).toBe(firstUse)
    s.clock.advance(31_000)
    expect((await postConf(secret)).status).toBe(200)
    expect((await listed(key.id))?.lastUsedAt).toBe(s.clock.now().toISOString())

    // The audit trail names the key and keeps its id.
    const row = await s.db
      .selectFrom('audit_events')
      .select(['actor_kind', 'actor_label', 'actor_key_id'])
      .where('action', '=', 'booking.events_applied')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow()
    expect(row).toEqual({ actor_kind: 'key', actor_label: 'key:Carrier feed (Maersk)', actor_key_id: key.id })
  })

  it('does only what its scopes allow: an events:write key posts events but cannot review, confirm or add staff', async () => {
    const { secret } = await createKey('Tracking only', ['events:write'])
    const number = await s.book(alice)
    const refused = [
      [
        await s.app.request(
          `/api/ops/documents/${randomUUID()}/review`,
          postJson({ status: 'Accepted' }, withKey(secret)),
        ),
        keyMessages.lacksScope('documents:review'),
      ],
      [
        await s.app.request(`/api/ops/bookings/${number}/documents`, { headers: withKey(secret) }),
        keyMessages.lacksScope('documents:review'),
      ],
      [
        await s.app.request(`/api/ops/bookings/${number}/confirm`, postJson({}, withKey(secret))),
        keyMessages.lacksScope('bookings:confirm'),
      ],
      [
        await s.app.request(
          `/api/ops/bookings/${number}/documents/packing_list/request`,
          postJson({ dueDate: '2099-01-01' }, withKey(secret)),
        ),
        keyMessages.lacksScope('documents:review'),
      ],
      [
        await s.app.request(
          staffApiPaths.team,
          postJson({ email: 'x@eship.test', name: 'X', roles: ['admin'] }, withKey(secret)),
        ),
        keyMessages.bootstrapOnly,
      ],
    ] as const
    for (const [res, message] of refused) {
      expect(res.status).toBe(403)
      expect(await res.json()).toEqual({ message })
    }
    expect(keyMessages.lacksScope('documents:review')).toBe('This key lacks the documents:review scope.')
    const booking = await (await s.call(alice, `/api/bookings/${number}`)).json()
    expect(booking.status).toBe('Booking Received')
    expect((await postConf(secret)).status).toBe(200)

    // A key with the scope reviews (here: no such file, so the handler's 404).
    const reviewer = await createKey('Document desk', ['documents:review', 'bookings:confirm'])
    const review = await s.app.request(
      `/api/ops/documents/${randomUUID()}/review`,
      postJson({ status: 'Accepted' }, withKey(reviewer.secret)),
    )
    expect(review.status).toBe(404)
    const confirm = await s.app.request(
      `/api/ops/bookings/${number}/confirm`,
      postJson({}, withKey(reviewer.secret)),
    )
    expect(confirm.status).toBe(200)
  })

  it('is refused at once by another server process on the same database once revoked', async () => {
    // Another process: its own app on the same database, without notifications (none is needed).
    const other = createApp({ db: s.database.db, now: s.clock.now, trustProxy: 1, opsApiKey: OPS_KEY })
    const { key, secret } = await createKey('Warehouse scanner', ['documents:review'])
    const number = await s.book(alice)
    const documentsOf = (app: App) =>
      app.request(`/api/ops/bookings/${number}/documents`, { headers: withKey(secret) })
    expect((await documentsOf(other)).status).toBe(200)

    const revoke = await asAdmin(integrationKeyPaths.revoke(key.id), { method: 'POST' })
    expect(revoke.status).toBe(200)
    const { key: revoked } = (await revoke.json()) as { key: IntegrationKey }
    expect(revoked).toMatchObject({ revokedAt: s.clock.now().toISOString(), revokedBy: { id: admin.id } })

    // No waiting: the other process looks the key up on every request.
    const refused = await documentsOf(other)
    expect(refused.status).toBe(401)
    expect(await refused.json()).toEqual({ message: 'Unauthenticated.' })
    expect((await documentsOf(s.app)).status).toBe(401)
    const events = await postConf(secret)
    expect(events.status).toBe(401)
    expect(await events.json()).toEqual({ message: 'A valid X-API-Key is required.' })

    // A second revoke changes nothing and records nothing more.
    expect((await asAdmin(integrationKeyPaths.revoke(key.id), { method: 'POST' })).status).toBe(200)
    const rows = await s.db
      .selectFrom('audit_events')
      .select(['actor_label', 'changes'])
      .where('action', '=', 'integration_key.revoked')
      .where('record_id', '=', String(key.id))
      .execute()
    expect(rows).toEqual([
      {
        actor_label: admin.email,
        changes: { revokedAt: { before: null, after: revoked.revokedAt } },
      },
    ])
    // Listed after the keys in use.
    const keys = ((await (await asAdmin(integrationKeyPaths.list)).json()) as { keys: IntegrationKey[] }).keys
    const firstRevoked = keys.findIndex((one) => one.revokedAt !== null)
    expect(keys.slice(firstRevoked).every((one) => one.revokedAt !== null)).toBe(true)
  })

  it('is kept only as its hash and prefix: no row of the database holds the rest of the secret', async () => {
    const { key, secret } = await createKey('Secret check', ['documents:review'])
    expect(
      (await s.app.request(`/api/ops/bookings/ESB-2025999999/documents`, { headers: withKey(secret) }))
        .status,
    ).toBe(404)
    const { rows } = await sql<{ row: string }>`
      select row_to_json(k)::text as row from integration_keys k
      union all select row_to_json(a)::text from audit_events a`.execute(s.db)
    const stored = rows.map((one) => one.row).join('\n')
    expect(stored).toContain(key.prefix)
    const rest = secret.slice(key.prefix.length)
    for (let start = 0; start + 8 <= rest.length; start += 1) {
      expect(stored, `the secret's characters ${start}…${start + 8}`).not.toContain(
        rest.slice(start, start + 8),
      )
    }
  })
})

describe('the staff operations of keys', () => {
  it('are for admins only', async () => {
    const sales = await createTestStaff(s.db, ['sales', 'operations', 'pricing'])
    const token = await staffToken(s.app, sales, s.clock.now())
    const { key } = await createKey('Admin only', ['events:write'])
    const requests: [string, RequestInit][] = [
      [integrationKeyPaths.list, {}],
      [integrationKeyPaths.list, postJson({ name: 'Mine', scopes: ['events:write'] })],
      [integrationKeyPaths.revoke(key.id), { method: 'POST' }],
    ]
    for (const [path, init] of requests) {
      const res = await s.app.request(path, {
        ...init,
        headers: { ...(init.headers as object), ...bearer(token) },
      })
      expect(res.status, path).toBe(403)
      expect(await res.json()).toEqual({ message: 'This needs the Admin role.' })
      expect((await s.app.request(path, init)).status).toBe(401)
      // Nor does any integration key open them.
      const keyed = await s.app.request(path, {
        ...init,
        headers: { ...(init.headers as object), 'X-API-Key': OPS_KEY },
      })
      expect(keyed.status).toBe(401)
    }
    expect((await listed(key.id))?.revokedAt).toBeNull()
  })

  it('say what is wrong with a new key, and refuse a name in use or used before', async () => {
    const refused = async (body: unknown) => {
      const res = await asAdmin(integrationKeyPaths.list, postJson(body))
      return { status: res.status, body: (await res.json()) as { errors?: Record<string, string[]> } }
    }
    expect(await refused({ name: '  ', scopes: ['events:write'] })).toMatchObject({
      status: 422,
      body: { errors: { name: [keyMessages.nameRequired] } },
    })
    expect(await refused({ name: 'x'.repeat(81), scopes: ['events:write'] })).toMatchObject({
      status: 422,
      body: { errors: { name: [keyMessages.nameTooLong] } },
    })
    expect(await refused({ name: 'No scope', scopes: [] })).toMatchObject({
      status: 422,
      body: { errors: { scopes: [keyMessages.scopesRequired] } },
    })
    expect((await refused({ name: 'Bad scope', scopes: ['everything'] })).status).toBe(422)

    const { key } = await createKey('Customs broker', [
      'documents:review',
      'documents:review',
      'events:write',
    ])
    expect(key.scopes).toEqual(['events:write', 'documents:review'])
    expect(await refused({ name: 'customs BROKER', scopes: ['events:write'] })).toEqual({
      status: 409,
      body: { message: keyMessages.nameTaken, errors: { name: [keyMessages.nameTaken] } },
    })
    expect((await asAdmin(integrationKeyPaths.revoke(key.id), { method: 'POST' })).status).toBe(200)
    expect((await refused({ name: 'Customs broker', scopes: ['events:write'] })).status).toBe(409)
    expect((await asAdmin(integrationKeyPaths.revoke(2_000_000), { method: 'POST' })).status).toBe(404)

    const created = await s.db
      .selectFrom('audit_events')
      .select(['actor_label', 'actor_role', 'changes'])
      .where('action', '=', 'integration_key.created')
      .where('record_id', '=', String(key.id))
      .executeTakeFirstOrThrow()
    expect(created).toEqual({
      actor_label: admin.email,
      actor_role: 'admin',
      changes: {
        name: { before: null, after: 'Customs broker' },
        prefix: { before: null, after: key.prefix },
        scopes: { before: null, after: ['events:write', 'documents:review'] },
      },
    })
  })
})

describe('OPS_API_KEY, the bootstrap key', () => {
  it('still holds every scope and adds staff, recorded as OPS_API_KEY', async () => {
    expect((await postConf(OPS_KEY)).status).toBe(200)
    const row = await s.db
      .selectFrom('audit_events')
      .select(['actor_label', 'actor_key_id'])
      .where('action', '=', 'booking.events_applied')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow()
    expect(row).toEqual({ actor_label: 'OPS_API_KEY', actor_key_id: null })
    const added = await s.app.request(
      staffApiPaths.team,
      postJson({ email: 'first.admin@eship.test', name: 'First Admin', roles: ['admin'] }, withKey(OPS_KEY)),
    )
    expect(added.status).toBe(201)
  })

  it('is no key on a server without it: only named keys are accepted there', async () => {
    const bare = createApp({ db: s.database.db, now: s.clock.now, trustProxy: 1 })
    const { secret } = await createKey('Without bootstrap', ['documents:review'])
    const number = await s.book(alice)
    const documents = (key: string) =>
      bare.request(`/api/ops/bookings/${number}/documents`, { headers: withKey(key) })
    expect((await documents(OPS_KEY)).status).toBe(401)
    expect((await documents(secret)).status).toBe(200)
  })
})

describe('the OpenAPI document', () => {
  it('gives every X-API-Key operation but addStaff a scope, and the scope table names no other', async () => {
    const doc = (await (await s.app.request(apiPaths.openapi)).json()) as {
      paths: Record<string, Record<string, { operationId: string; security?: Record<string, unknown>[] }>>
    }
    const keyed = Object.values(doc.paths)
      .flatMap((methods) => Object.values(methods))
      .filter((operation) => operation.security?.some((scheme) => 'opsApiKey' in scheme))
      .map((operation) => operation.operationId)
    expect(keyed).toContain('addStaff')
    expect(keyed.filter((id) => id !== 'addStaff').sort()).toEqual(Object.keys(keyScopeOf).sort())
    for (const scope of Object.values(keyScopeOf)) expect(keyScopes).toContain(scope)
  })
})

describe('the command lines take --key, else ESHIP_API_KEY, else OPS_API_KEY', () => {
  const io = (env: Record<string, string | undefined>) => {
    const lines = { out: [] as string[], err: [] as string[] }
    return {
      lines,
      io: {
        env,
        fetch: ((url: string, init?: RequestInit) =>
          s.app.request(new URL(url).pathname, init)) as typeof fetch,
        out: (line: string) => lines.out.push(line),
        err: (line: string) => lines.err.push(line),
        now: s.clock.now,
      },
    }
  }

  it('picks the key in that order', () => {
    expect(apiKeyOf({ key: 'a' }, { ESHIP_API_KEY: 'b', OPS_API_KEY: 'c' })).toEqual({
      key: 'a',
      source: '--key',
    })
    expect(apiKeyOf({}, { ESHIP_API_KEY: ' b ', OPS_API_KEY: 'c' })).toEqual({
      key: 'b',
      source: 'ESHIP_API_KEY',
    })
    expect(apiKeyOf({}, { ESHIP_API_KEY: '', OPS_API_KEY: 'c' })).toEqual({ key: 'c', source: 'OPS_API_KEY' })
    expect(apiKeyOf({}, {})).toBeUndefined()
  })

  it('records with a named key, says which scope it lacks, and that a revoked one is refused', async () => {
    const { key, secret } = await createKey('Ops laptop', ['events:write'])
    const number = await s.book(alice)
    const url = ['--url', 'http://eship.test']

    const event = io({ OPS_API_KEY: 'not-this-one' })
    expect(await runOps(['event', number, 'CONF', '--key', secret, ...url], event.io)).toBe(0)
    expect(event.lines.out).toEqual([`CONF recorded for ${number}.`])

    const confirm = io({ ESHIP_API_KEY: secret })
    expect(await runOps(['confirm', number, ...url], confirm.io)).toBe(1)
    expect(confirm.lines.err).toEqual(['Refused (403): This key lacks the bookings:confirm scope.'])

    const staff = io({ ESHIP_API_KEY: secret })
    expect(await runStaff(['add', 'x@eship.test', '--name', 'X', '--roles', 'sales', ...url], staff.io)).toBe(
      1,
    )
    expect(staff.lines.err).toEqual([`Refused (403): ${keyMessages.bootstrapOnly}`])

    expect((await asAdmin(integrationKeyPaths.revoke(key.id), { method: 'POST' })).status).toBe(200)
    const after = io({ ESHIP_API_KEY: secret })
    expect(await runOps(['event', number, 'GTIN', '--location', 'SGSIN', ...url], after.io)).toBe(1)
    expect(after.lines.err).toEqual([
      'Refused (401): the key of ESHIP_API_KEY is not one the server accepts (unknown, or revoked).',
    ])

    const none = io({})
    expect(await runOps(['confirm', number, ...url], none.io)).toBe(2)
    expect(none.lines.err[0]).toMatch(/^Pass --key KEY, or set ESHIP_API_KEY/)
  })
})
