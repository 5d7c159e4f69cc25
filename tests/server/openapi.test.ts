import { Validator } from '@seriousme/openapi-schema-validator'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bookingStatuses, milestoneKeys } from '../../contract/bookings'
import { staffPermissions } from '../../contract/permissions'
import { customerPermissions } from '../../contract/team'
import { apiPaths } from '../../contract/wire'
import { setupServer } from './helpers'

interface Operation {
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>
}
interface Document {
  openapi: string
  info: { title: string; version: string }
  servers: { url: string }[]
  paths: Record<string, Record<string, Operation>>
}

let server: Awaited<ReturnType<typeof setupServer>>
let raw: Record<string, unknown>
let doc: Document

beforeAll(async () => {
  server = await setupServer()
  const res = await server.app.request(apiPaths.openapi)
  expect(res.status).toBe(200)
  raw = (await res.json()) as Record<string, unknown>
  doc = raw as unknown as Document
}, 60_000)

afterAll(async () => {
  await server?.database.close()
})

describe('GET /api/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator()
    const result = await validator.validate(raw)
    expect(result.errors ?? []).toEqual([])
    expect(result.valid).toBe(true)
    expect(validator.version).toBe('3.1')
    expect(doc.info.title).toBeTruthy()
    expect(doc.info.version).toBeTruthy()
    expect(doc.servers).toEqual([{ url: '/' }])
  })

  it('describes every endpoint of the API', () => {
    expect(Object.keys(doc.paths).sort()).toEqual(
      [
        apiPaths.countries,
        apiPaths.health,
        apiPaths.openapi,
        apiPaths.login,
        apiPaths.logout,
        apiPaths.authCheck,
        apiPaths.forgotPassword,
        apiPaths.resetPassword,
        apiPaths.sessionRelease,
        apiPaths.sessionReleaseConfirm,
        apiPaths.register,
        apiPaths.activate,
        apiPaths.resendActivation,
        apiPaths.contact,
        apiPaths.locations,
        '/api/quotes',
        '/api/quotes/{number}',
        '/api/quotes/{number}/price',
        '/api/quotes/{number}/confirm',
        '/api/quotes/{number}/requote',
        '/api/quote-requests',
        '/api/parties',
        '/api/parties/{id}',
        '/api/bookings/{number}/documents',
        '/api/bookings/{number}/documents/{kind}',
        '/api/bookings/{number}/documents/files/{id}',
        '/api/ops/documents/{id}/review',
        '/api/ops/bookings/{number}/documents',
        '/api/ops/bookings/{number}/documents/{kind}/request',
        '/api/profile',
        '/api/profile/password',
        '/api/profile/notifications',
        '/api/bookings',
        '/api/bookings/{number}',
        '/api/bookings/{number}/cancel',
        '/api/bookings/{number}/confirmation.pdf',
        '/api/tracking/{hbl}',
        '/api/dashboard',
        '/api/ops/events',
        '/api/ops/bookings/{number}/confirm',
        '/api/staff/auth/login',
        '/api/staff/auth/verify',
        '/api/staff/auth/logout',
        '/api/staff/auth/check',
        '/api/staff/locations',
        '/api/staff/auth/set-password',
        '/api/staff/team',
        '/api/staff/team/{id}',
        '/api/staff/team/{id}/deactivate',
        '/api/staff/team/{id}/invite',
        '/api/staff/quote-requests',
        '/api/staff/quote-requests/{number}',
        '/api/staff/quote-requests/{number}/assign',
        '/api/staff/quote-requests/{number}/preview',
        '/api/staff/quote-requests/{number}/offers',
        '/api/staff/follow-ups',
        '/api/staff/audit',
        '/api/staff/bookings',
        '/api/staff/bookings/{number}',
        '/api/staff/bookings/{number}/confirm',
        '/api/staff/bookings/{number}/events',
        '/api/staff/bookings/{number}/events/{eventId}/retract',
        '/api/staff/bookings/{number}/hold',
        '/api/staff/bookings/{number}/release',
        '/api/staff/bookings/{number}/cancel',
        '/api/staff/bookings/{number}/documents/{id}',
        '/api/staff/bookings/{number}/documents/{id}/review',
        '/api/staff/bookings/{number}/documents/{kind}/request',
        '/api/staff/rate-sheets',
        '/api/staff/rate-sheets/{id}',
        '/api/staff/rate-files/dry-run',
        '/api/staff/rate-files/apply',
        '/api/ops/rate-files/dry-run',
        '/api/ops/rate-files/apply',
        '/api/ops/rate-files/export',
        '/api/staff/emission-factors',
        '/api/staff/emission-factors/dry-run',
        '/api/staff/emission-factors/apply',
        '/api/staff/keys',
        '/api/staff/keys/{id}/revoke',
        '/api/staff/customers',
        '/api/staff/customers/{id}',
        '/api/staff/customer-users/{id}/resend-activation',
        '/api/staff/customer-users/{id}/deactivate',
        '/api/staff/customer-users/{id}/reactivate',
        '/api/quotes/{number}/decline',
        '/api/conversations/{subjectType}/{number}',
        '/api/conversations/{subjectType}/{number}/messages',
        '/api/conversations/unread',
        '/api/events',
        '/api/staff/conversations/{subjectType}/{number}',
        '/api/staff/conversations/{subjectType}/{number}/handled',
        '/api/staff/conversations/{subjectType}/{number}/messages',
        '/api/staff/conversations/unanswered',
        '/api/staff/conversations/unread',
        '/api/staff/events',
        '/api/team',
        '/api/team/invitations',
        '/api/team/invitations/{id}',
        '/api/team/invitations/{id}/resend',
        '/api/team/members/{id}/role',
        '/api/team/members/{id}/deactivate',
        '/api/team/members/{id}/reactivate',
        '/api/team/join-requests/{id}/approve',
        '/api/team/join-requests/{id}/decline',
        '/api/team/activity',
        '/api/invitations/check',
        '/api/invitations/accept',
        '/api/bookings/{number}/charges',
        '/api/charges/pending',
        '/api/charges/{id}/decision',
        '/api/charges/{id}/attachment',
        '/api/staff/bookings/{number}/charges',
        '/api/staff/charges/{id}/withdraw',
        '/api/staff/charges/{id}/attachment',
        '/api/staff/finance/waiting-charges',
        '/api/invoices',
        '/api/invoices/{number}',
        '/api/invoices/{number}/pdf',
        '/api/staff/invoices',
        '/api/staff/invoices/{number}',
        '/api/staff/invoices/{number}/pdf',
        '/api/staff/invoices/{number}/ubl',
        '/api/staff/invoices/{number}/credit-notes',
        '/api/staff/payments',
        '/api/staff/payments/{id}',
        '/api/staff/payments/{id}/allocations',
        '/api/staff/payments/{id}/reversal',
        '/api/staff/payments/{id}/refunds',
        '/api/staff/bookings/{number}/invoices',
        '/api/staff/finance/uninvoiced',
        '/api/staff/finance/journal.csv',
        '/api/staff/customers/{id}/billing',
        '/api/staff/bank-lines',
        '/api/staff/bank-lines/{id}/ignore',
        '/api/staff/bank-lines/{id}/match',
        '/api/staff/bank-lines/{id}/reopen',
        '/api/staff/bank-statements',
        '/api/staff/customers/{id}/statement',
        '/api/staff/customers/{id}/statement/pdf',
        '/api/statement',
        '/api/statement/pdf',
        '/api/emissions',
        '/api/emissions.csv',
        '/api/emissions.pdf',
        '/api/team/billing-contact',
        '/api/staff/finance/credit-holds',
        '/api/staff/bookings/{number}/credit-release',
      ].sort(),
    )
    const countries = doc.paths[apiPaths.countries]?.get
    expect(Object.keys(countries?.responses ?? {}).sort()).toEqual(['200', '304', '500'])
    const statuses = (path: string, method: string) =>
      Object.keys(doc.paths[path]?.[method]?.responses ?? {}).sort()
    expect(statuses(apiPaths.login, 'post')).toEqual([
      '200',
      '400',
      '401',
      '403',
      '413',
      '415',
      '422',
      '429',
      '500',
      '503',
    ])
    expect(statuses(apiPaths.logout, 'post')).toEqual(['200', '401', '500'])
    expect(statuses(apiPaths.authCheck, 'get')).toEqual(['200', '401', '500'])
    expect(statuses(apiPaths.forgotPassword, 'post')).toEqual([
      '200',
      '400',
      '413',
      '415',
      '422',
      '429',
      '500',
    ])
    expect(statuses(apiPaths.resetPassword, 'post')).toEqual([
      '200',
      '400',
      '413',
      '415',
      '422',
      '500',
      '503',
    ])
    expect(statuses(apiPaths.sessionRelease, 'post')).toEqual(statuses(apiPaths.login, 'post'))
    expect(doc.paths[apiPaths.sessionRelease]?.post).toMatchObject({ operationId: 'requestSessionRelease' })
    expect(statuses(apiPaths.sessionReleaseConfirm, 'post')).toEqual([
      '200',
      '400',
      '413',
      '415',
      '422',
      '500',
    ])
    expect(doc.paths[apiPaths.sessionReleaseConfirm]?.post).toMatchObject({ operationId: 'releaseSession' })
    expect(statuses(apiPaths.register, 'post')).toEqual([
      '200',
      '400',
      '413',
      '415',
      '422',
      '429',
      '500',
      '503',
    ])
    expect(statuses(apiPaths.activate, 'post')).toEqual(['200', '400', '410', '413', '415', '422', '500'])
    expect(statuses(apiPaths.resendActivation, 'post')).toEqual([
      '200',
      '400',
      '413',
      '415',
      '422',
      '429',
      '500',
    ])
    expect(statuses(apiPaths.contact, 'post')).toEqual([
      '200',
      '400',
      '409',
      '413',
      '415',
      '422',
      '429',
      '500',
    ])
    expect(statuses(apiPaths.locations, 'get')).toEqual(['200', '401', '422', '500'])
    expect(doc.paths[apiPaths.locations]?.get).toMatchObject({ operationId: 'searchLocations' })
    const operation = (path: string, method: string) =>
      (doc.paths[path]?.[method] as { operationId?: string } | undefined)?.operationId
    expect([
      operation('/api/quotes', 'post'),
      operation('/api/quotes', 'get'),
      operation('/api/quotes/{number}', 'get'),
      operation('/api/quotes/{number}/price', 'post'),
      operation('/api/quotes/{number}/confirm', 'post'),
      operation('/api/quote-requests', 'post'),
      operation('/api/bookings', 'get'),
      operation('/api/bookings/{number}', 'get'),
      operation('/api/bookings/{number}/cancel', 'post'),
      operation('/api/tracking/{hbl}', 'get'),
      operation('/api/ops/events', 'post'),
      operation('/api/ops/bookings/{number}/confirm', 'post'),
    ]).toEqual([
      'createQuote',
      'listQuotes',
      'getQuote',
      'priceQuoteServices',
      'confirmQuote',
      'requestManualQuote',
      'listBookings',
      'getBooking',
      'cancelBooking',
      'trackShipment',
      'postTrackingEvents',
      'confirmBooking',
    ])
    expect([
      operation('/api/bookings/{number}/documents', 'get'),
      operation('/api/bookings/{number}/documents/{kind}', 'post'),
      operation('/api/bookings/{number}/documents/files/{id}', 'get'),
      operation('/api/ops/documents/{id}/review', 'post'),
      operation('/api/ops/bookings/{number}/documents', 'get'),
      operation('/api/ops/bookings/{number}/documents/{kind}/request', 'post'),
    ]).toEqual([
      'listDocuments',
      'uploadDocument',
      'downloadDocument',
      'reviewDocument',
      'listBookingDocumentsForOps',
      'requestDocument',
    ])
    expect(statuses('/api/bookings/{number}/documents/{kind}', 'post')).toEqual([
      '201',
      '400',
      '401',
      // A Viewer of the company (issue 24).
      '403',
      '404',
      '409',
      '413',
      '415',
      '422',
      '500',
    ])
    expect([
      operation('/api/profile', 'get'),
      operation('/api/profile', 'put'),
      operation('/api/profile/password', 'post'),
      operation('/api/profile/notifications', 'put'),
    ]).toEqual(['getProfile', 'updateProfile', 'changePassword', 'updateNotificationSettings'])
    expect([
      operation('/api/parties', 'get'),
      operation('/api/parties', 'post'),
      operation('/api/parties/{id}', 'put'),
      operation('/api/parties/{id}', 'delete'),
    ]).toEqual(['listParties', 'createParty', 'updateParty', 'deleteParty'])
    expect(operation('/api/dashboard', 'get')).toBe('getDashboard')
    expect(statuses('/api/dashboard', 'get')).toEqual(['200', '401', '500'])
    expect(statuses('/api/profile/password', 'post')).toEqual([
      '200',
      '400',
      '401',
      '413',
      '415',
      '422',
      '429',
      '500',
      '503',
    ])
    expect(statuses('/api/profile', 'put')).toEqual(['200', '400', '401', '403', '413', '415', '422', '500'])
    expect(statuses('/api/tracking/{hbl}', 'get')).toEqual(['200', '401', '404', '422', '500'])
    expect(statuses('/api/ops/events', 'post')).toEqual([
      '200',
      '400',
      '401',
      '403',
      '413',
      '415',
      '422',
      '500',
    ])
    expect(statuses('/api/quotes/{number}/confirm', 'post')).toEqual([
      '200',
      '201',
      '400',
      '401',
      '403',
      '404',
      '409',
      '410',
      '413',
      '415',
      '422',
      '500',
    ])
    // A malformed path parameter answers 422 before the handler looks anything up.
    expect(statuses('/api/quotes/{number}', 'get')).toContain('422')
    expect(statuses('/api/quotes/{number}/requote', 'post')).toContain('422')
    expect(statuses('/api/bookings/{number}', 'get')).toContain('422')
    expect(statuses('/api/bookings/{number}/cancel', 'post')).toContain('422')
  })

  it('declares the bearer token of the session endpoints', () => {
    expect(raw).toMatchObject({
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } } },
    })
    const security = (path: string, method: string) =>
      (doc.paths[path]?.[method] as { security?: unknown } | undefined)?.security
    expect(security(apiPaths.logout, 'post')).toEqual([{ bearerAuth: [] }])
    expect(security(apiPaths.authCheck, 'get')).toEqual([{ bearerAuth: [] }])
    expect(security(apiPaths.locations, 'get')).toEqual([{ bearerAuth: [] }])
    expect(security(apiPaths.login, 'post')).toEqual([])
    expect(security(apiPaths.register, 'post')).toEqual([])
    expect(security(apiPaths.countries, 'get')).toEqual([])
    expect(security('/api/bookings/{number}/documents/{kind}', 'post')).toEqual([{ bearerAuth: [] }])
    expect(security('/api/ops/documents/{id}/review', 'post')).toEqual([{ opsApiKey: [] }])
    expect(security('/api/bookings', 'get')).toEqual([{ bearerAuth: [] }])
    expect(security('/api/ops/events', 'post')).toEqual([{ opsApiKey: [] }])
    expect(raw).toMatchObject({
      components: { securitySchemes: { opsApiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' } } },
    })
  })

  it('spells out the shapes a client reads: parties, places, documents and statuses, shared as components', () => {
    const schemas = (
      raw as { components: { schemas: Record<string, { properties: Record<string, unknown> }> } }
    ).components.schemas
    const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` })
    expect(schemas.BookingDetail?.properties).toMatchObject({
      shipper: ref('Party'),
      notifyParty: { anyOf: [ref('Party'), { type: 'null' }] },
      documents: { items: ref('DocumentItem') },
      milestones: { items: ref('Milestone') },
    })
    expect(schemas.Party?.properties).toMatchObject({ name: { type: 'string' }, address: { type: 'string' } })
    expect(schemas.Quote?.properties).toMatchObject({ origin: ref('Place'), destination: ref('Place') })
    expect(schemas.TrackingView?.properties.status).toEqual({ type: 'string', enum: [...bookingStatuses] })
    expect(schemas.Milestone?.properties).toMatchObject({
      key: { type: 'string', enum: [...milestoneKeys] },
      location: { anyOf: [ref('PlaceRef'), { type: 'null' }] },
    })
  })

  it('documents the confirmQuote body in full', () => {
    const body = (
      doc.paths['/api/quotes/{number}/confirm']!.post as unknown as {
        requestBody: {
          content: { 'application/json': { schema: { properties: object; required: string[] } } }
        }
      }
    ).requestBody.content['application/json'].schema
    expect(Object.keys(body.properties).sort()).toEqual(
      [
        'acceptTerms',
        'cargoDescription',
        'consignee',
        'containerWeightsKg',
        'deliveryAddress',
        'notifyParty',
        'optionId',
        'pickupAddress',
        'services',
        'shipper',
        'shownTotalUsd',
      ].sort(),
    )
    expect(body.required.sort()).toEqual(
      [
        'acceptTerms',
        'cargoDescription',
        'consignee',
        'optionId',
        'services',
        'shipper',
        'shownTotalUsd',
      ].sort(),
    )
  })

  it('describes the error response of every operation', () => {
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        const error = operation.responses['500']?.content?.['application/json']?.schema
        expect(error, `${method} ${path}`).toEqual({ $ref: '#/components/schemas/Error' })
      }
    }
  })
})

describe("the customer's operations", () => {
  it('are those behind the bearer token, each in customerPermissions, and the table names no other', () => {
    const operations = Object.values(
      doc.paths as unknown as Record<
        string,
        Record<string, { operationId?: string; security?: Record<string, string[]>[] }>
      >,
    ).flatMap((methods) => Object.values(methods))
    const customers = operations.filter((operation) => operation.security?.[0]?.bearerAuth !== undefined)
    expect(customers.map((operation) => operation.operationId).sort()).toEqual(
      Object.keys(customerPermissions).sort(),
    )
    // Where a role may be refused, the 403 is documented (withCustomerRoles, server/auth/session.ts).
    for (const operation of customers) {
      const access = customerPermissions[operation.operationId as keyof typeof customerPermissions]
      const documented = (operation as unknown as Operation).responses['403'] !== undefined
      if (access === 'member' || access === 'admin') expect(documented, operation.operationId).toBe(true)
    }
  })
})

describe('the staff operations', () => {
  it('are all under /api/staff/, each with an operationId in the permission table, behind the staff token', () => {
    const paths = doc.paths as unknown as Record<
      string,
      Record<string, { operationId?: string; security?: Record<string, string[]>[] }>
    >
    const secured = Object.entries(paths)
      .filter(([path]) => path.startsWith('/api/staff/'))
      .flatMap(([, methods]) => Object.values(methods))
      .filter((operation) => (operation.security?.length ?? 0) > 0)
    // Every operation that needs a staff session is in the permission table, and the table names no other.
    expect(secured.map((operation) => operation.operationId).sort()).toEqual(
      Object.keys(staffPermissions).sort(),
    )
    for (const operation of secured) expect(operation.security?.[0]).toEqual({ staffBearer: [] })
  })
})
