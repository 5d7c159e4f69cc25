/**
 * The one permission gate (issue 33, docs/staff.md "Roles and permissions"). Walks the OpenAPI document of the
 * app: every operation is in the permission table of the kind of token its security names (a staff operation in
 * staffPermissions, a customer's in customerPermissions), none in neither but the public and API-key ones, and
 * the gate finds each by its route. Then, for every staff operation, a staff member holding none of its roles
 * is refused with 403 and the table's message, and one holding any single allowed role is not refused by the
 * gate; its documented 403 is the table's. Last, the gate itself: an operation missing from the table, a route
 * the document does not describe, or a gate without the table is refused.
 */
import { createRoute, OpenAPIHono } from '@hono/zod-openapi'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  forbiddenMessage,
  notStaffOperation,
  type StaffOperation,
  type StaffRole,
  staffPermissions,
  staffRoles,
} from '../../contract/permissions'
import { customerPermissions } from '../../contract/team'
import { apiPaths, type ErrorBody } from '../../contract/wire'
import { checkRolesWith, operationTableOf } from '../../server/auth/operations'
import { requireStaff } from '../../server/staff/gate'
import { StaffSessions } from '../../server/staff/sessions'
import { type Endpoint, endpointsOf, type OpenApiDocument } from './api-fuzz-schema'
import { bearer, setupServer } from './helpers'
import { createTestStaff, staffToken } from './staff-helpers'

let server: Awaited<ReturnType<typeof setupServer>>
let document: OpenApiDocument
let endpoints: Endpoint[]

beforeAll(async () => {
  server = await setupServer()
  document = (await (await server.app.request(apiPaths.openapi)).json()) as OpenApiDocument
  endpoints = endpointsOf(document)
}, 60_000)

afterAll(async () => {
  await server?.database.close()
})

const name = (endpoint: Endpoint) => `${endpoint.method.toUpperCase()} ${endpoint.path}`
const schemes = (endpoint: Endpoint) => (endpoint.operation.security ?? []).flatMap((s) => Object.keys(s))
const staffEndpoints = () => endpoints.filter((e) => schemes(e).includes('staffBearer'))

/** A token of a new staff member holding `roles`, kept per set of roles until their session is ended. */
const tokens = new Map<string, Promise<string>>()
function tokenOf(roles: readonly StaffRole[]): Promise<string> {
  const key = roles.join(',')
  let token = tokens.get(key)
  if (!token) {
    token = createTestStaff(server.database.db, [...roles]).then((staff) =>
      staffToken(server.app, staff, new Date()),
    )
    tokens.set(key, token)
  }
  return token
}

/**
 * A request of the operation with the token: every path parameter a number no record has, an empty JSON object
 * as the body. The gate runs before validation; what passes it is answered by the validator (422) or the
 * handler, which finds nothing to change (404).
 */
async function send(endpoint: Endpoint, token: string) {
  const path = endpoint.path.replaceAll(/{[^}]+}/g, '999999999')
  const body = endpoint.operation.requestBody ? { body: '{}' } : {}
  const headers = { ...bearer(token), 'Content-Type': 'application/json', 'X-Forwarded-For': '203.0.113.77' }
  const res = await server.app.request(path, { method: endpoint.method.toUpperCase(), headers, ...body })
  if (endpoint.operation.operationId === 'staffLogout') tokens.clear()
  const isJson = res.headers.get('content-type')?.startsWith('application/json')
  const answer = isJson ? ((await res.json()) as ErrorBody) : undefined
  if (!isJson) await res.body?.cancel()
  return { status: res.status, message: answer?.message }
}

describe('every operation of the document', () => {
  it('is in the table of the token its security names, and none is in neither but the public and key ones', () => {
    const staff: string[] = []
    const customer: string[] = []
    for (const endpoint of endpoints) {
      const id = endpoint.operation.operationId
      const security = schemes(endpoint)
      if (security.includes('staffBearer')) staff.push(id)
      else if (security.includes('bearerAuth')) customer.push(id)
      // Neither token: public (`security: []`) or behind X-API-Key, and in neither table.
      else {
        expect(
          security.filter((scheme) => scheme !== 'opsApiKey'),
          name(endpoint),
        ).toEqual([])
        expect(Object.hasOwn(staffPermissions, id), `${id} is a staff operation`).toBe(false)
        expect(Object.hasOwn(customerPermissions, id), `${id} is a customer operation`).toBe(false)
      }
    }
    expect(staff.sort()).toEqual(Object.keys(staffPermissions).sort())
    expect(customer.sort()).toEqual(Object.keys(customerPermissions).sort())
  })

  it('is found by the gate: the table of the mounted routes holds every operation of the document', () => {
    const table = operationTableOf(server.app.openAPIRegistry.definitions)
    expect([...new Set(table.values())].sort()).toEqual(endpoints.map((e) => e.operation.operationId).sort())
    for (const endpoint of endpoints) {
      const key = `${endpoint.method.toUpperCase()} ${endpoint.path.replaceAll(/\/{(.+?)}/g, '/:$1')}`
      expect(table.get(key), name(endpoint)).toBe(endpoint.operation.operationId)
    }
  })
})

describe('every staff operation', () => {
  it('refuses a staff member holding none of its roles: 403 with the table’s message', async () => {
    let refused = 0
    for (const endpoint of staffEndpoints()) {
      const operation = endpoint.operation.operationId as StaffOperation
      const allowed: readonly StaffRole[] | 'any' = staffPermissions[operation]
      if (allowed === 'any') continue
      const others = staffRoles.filter((role) => !allowed.includes(role))
      if (others.length === 0) continue
      const res = await send(endpoint, await tokenOf(others))
      expect(res, `${name(endpoint)} with ${others.join(', ')}`).toEqual({
        status: 403,
        message: forbiddenMessage(operation),
      })
      refused += 1
    }
    expect(refused).toBeGreaterThanOrEqual(35)
  }, 60_000)

  it('lets through a staff member holding any one of its roles', async () => {
    for (const endpoint of staffEndpoints()) {
      const operation = endpoint.operation.operationId as StaffOperation
      const allowed: readonly StaffRole[] | 'any' = staffPermissions[operation]
      for (const role of allowed === 'any' ? staffRoles : allowed) {
        const res = await send(endpoint, await tokenOf([role]))
        const where = `${name(endpoint)} as ${role}: ${res.status} ${res.message}`
        expect(res.status, where).not.toBe(401)
        expect(res.status, where).not.toBe(403)
      }
    }
  }, 60_000)

  it('documents the refusal with the table’s message where a role may be refused', () => {
    for (const endpoint of staffEndpoints()) {
      const operation = endpoint.operation.operationId as StaffOperation
      const documented = (endpoint.operation.responses['403'] as { description?: string } | undefined)
        ?.description
      if (staffPermissions[operation] === 'any') expect(documented, name(endpoint)).toBeUndefined()
      else expect(documented, name(endpoint)).toContain(`\`${forbiddenMessage(operation)}\``)
    }
  })
})

describe('the staff gate', () => {
  it('refuses an operation missing from the table, a route the document does not describe, and all without the table', async () => {
    const token = await tokenOf(['admin', 'sales', 'operations', 'pricing'])
    const sessions = new StaffSessions(server.database.db)
    const gate = requireStaff(sessions, () => new Date())
    const app = new OpenAPIHono()
    app.use('/api/x/*', gate)
    app.get('/api/x/plain', (c) => c.text('reached'))
    const documented = (operationId: string, path: string) =>
      createRoute({ method: 'get', operationId, path, responses: { 200: { description: 'reached' } } })
    app.openapi(documented('notInTheTable', '/api/x/other'), (c) => c.text('reached', 200))
    const sub = new OpenAPIHono()
    sub.openapi({ ...documented('listStaff', '/y/team'), middleware: [gate] }, (c) => c.text('reached', 200))
    app.route('/api', sub)
    const request = (path: string) => app.request(path, { headers: bearer(token) })
    const refusal = async (path: string) => {
      const res = await request(path)
      return { status: res.status, message: ((await res.json()) as ErrorBody).message }
    }
    // Without the table nothing passes.
    expect(await refusal('/api/y/team')).toEqual({ status: 403, message: notStaffOperation })
    checkRolesWith(sessions, () => operationTableOf(app.openAPIRegistry.definitions))
    for (const path of ['/api/x/plain', '/api/x/other']) {
      expect(await refusal(path), path).toEqual({ status: 403, message: notStaffOperation })
    }
    const allowed = await request('/api/y/team')
    expect([allowed.status, await allowed.text()]).toEqual([200, 'reached'])
    // A path no route has is the 404 it was; no token is 401 before any role.
    expect((await request('/api/x/nothing/here')).status).toBe(404)
    expect((await app.request('/api/x/other')).status).toBe(401)
  })
})
