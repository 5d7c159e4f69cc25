/**
 * Schema-driven fuzzing of the whole API through its own OpenAPI document (issue #19, sections 2 and 8).
 *
 * Every operation of `GET /api/openapi.json` is called in-process (app.request, no socket) with requests
 * that fast-check makes: a valid request of the operation (its seed, which reaches the handler) with one
 * field mutated (a NUL, a lone surrogate, a number past 32 bits, a string past its bounds, a wrong type, a
 * value generated from the field's documented schema, the field removed), requests generated wholly from
 * the documented schema, malformed JSON, another media type, an oversized body; with a valid token or
 * operations key, without one and with a wrong one. Every answer must be:
 * - below 500;
 * - a status the operation documents;
 * - JSON with a `message` when it is a 4xx;
 * - of a media type documented for that status, and valid (ajv, JSON Schema 2020-12) against its schema.
 * A second property puts a NUL or a lone surrogate into each string of each seed: the answer is 422 and
 * names that field.
 *
 * FUZZ_SEED=<n> replays a run (fast-check prints the seed and the path of a failure); FUZZ_RUNS sets the
 * number of requests per operation.
 */
import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CreateQuoteResponse, QuoteDetail } from '../../contract/quotes'
import { textMessages } from '../../contract/text'
import { apiPaths, type ErrorBody, type LoginResponse } from '../../contract/wire'
import { createPasswordReset } from '../../server/auth/password-resets'
import { hashToken, newToken } from '../../server/auth/tokens'
import { createActivationToken } from '../../server/register/activation-tokens'
import { type Auth, type BookingServer, dcsa, OPS_KEY, setupBookingServer } from './booking-helpers'
import { minimalPdf } from './document-fixtures'
import { createTestUser, postJson, registrationPayload } from './helpers'

// ---- The document ------------------------------------------------------------------------------------

type Schema = Record<string, unknown>
interface Parameter {
  name: string
  in: 'path' | 'query' | 'header'
  required?: boolean
  schema: Schema
}
interface Operation {
  operationId: string
  parameters?: Parameter[]
  requestBody?: { required?: boolean; content: Record<string, { schema: Schema }> }
  responses: Record<string, { content?: Record<string, { schema?: Schema }> }>
  security?: Record<string, unknown>[]
}
interface Endpoint {
  path: string
  method: string
  operation: Operation
}

// ---- Requests ----------------------------------------------------------------------------------------

/** A path or query value; `raw` is put into the URL as it is (percent sequences that do not decode). */
type UrlValue = string | { raw: string }
type Body =
  | { kind: 'json'; value: unknown }
  | { kind: 'text'; text: string; contentType?: string }
  | { kind: 'bytes'; data: Uint8Array; contentType: string }
  | { kind: 'none' }

interface FuzzRequest {
  params: Record<string, UrlValue>
  query: Record<string, UrlValue>
  headers: Record<string, string>
  body: Body
}

/** A valid request of an operation: it reaches the handler and answers 2xx. */
interface Seed {
  params?: Record<string, string>
  query?: Record<string, string>
  headers?: Record<string, string>
  body?: Body
  /** The request ends its session (logout, password change): each call gets a session of its own. */
  freshSession?: boolean
}

type AuthKind = 'valid' | 'none' | 'wrong'

/** Where a mutation lands: a path parameter, a query parameter or a place in the JSON body. */
type Place = { in: 'path' | 'query'; name: string } | { in: 'body'; path: (string | number)[] }

type Mutation =
  | { kind: 'seed' }
  | { kind: 'set'; place: Place; value: unknown }
  | { kind: 'delete'; place: Place }
  | { kind: 'generated'; request: FuzzRequest }
  | { kind: 'body'; body: Body }

interface Plan {
  auth: AuthKind
  mutation: Mutation
  ip: string
}

const runs = Number(process.env.FUZZ_RUNS) || 40
const seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined

const NUL = '\u0000'
const badStrings = [
  NUL,
  `a${NUL}b`,
  'x\ud800y',
  '\udfff',
  'end\ud83d',
  '',
  ' ',
  '📦 ok',
  'é'.repeat(300),
  'a'.repeat(2001),
  "'; drop table users; --",
  '../../etc/passwd',
  '%00',
  '<script>alert(1)</script>',
]
const badNumbers = [2 ** 31, -(2 ** 31) - 1, 2 ** 53 + 2, -1, 0, 1.5, 1e308, -0]
/** Put into URLs as they are: sequences that are not UTF-8, or not percent sequences at all. */
const rawUrlValues = ['%', '%ZZ', '%FF', '%ED%A0%80', '%00', '%C0%AF', 'a%2Fb']

const anyBadValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(...badStrings, ...badNumbers, null, true, {}, []),
  fc.string({ unit: 'binary', maxLength: 12 }),
  fc.jsonValue({ maxDepth: 2 }),
)
const anyUrlValue: fc.Arbitrary<UrlValue> = fc.oneof(
  fc.constantFrom<UrlValue>(...badStrings, ...rawUrlValues.map((raw) => ({ raw }))),
  fc.string({ unit: 'binary', maxLength: 12 }),
  fc.stringMatching(/^ES(Q|B|HBL)-?\d{0,12}$/),
)

// ---- Arbitraries from the documented schemas ---------------------------------------------------------

let document: {
  components?: { schemas?: Record<string, Schema> }
  paths: Record<string, Record<string, Operation>>
}

function resolve(schema: Schema): Schema {
  const ref = schema.$ref
  if (typeof ref !== 'string') return schema
  const name = ref.replace('#/components/schemas/', '')
  return resolve(document.components?.schemas?.[name] ?? {})
}

/** The schema of the value at `path` inside `schema`, when the document says. */
function schemaAt(schema: Schema | undefined, path: (string | number)[]): Schema | undefined {
  let node = schema && resolve(schema)
  for (const key of path) {
    if (!node) return undefined
    const options = (node.oneOf ?? node.anyOf) as Schema[] | undefined
    if (options) node = options.map(resolve).find((option) => schemaAt(option, [key]) !== undefined)
    if (!node) return undefined
    if (typeof key === 'number') {
      const items = node.items as Schema | undefined
      node = items && resolve(items)
    } else {
      const properties = node.properties as Record<string, Schema> | undefined
      const property = properties?.[key]
      node = property && resolve(property)
    }
  }
  return node
}

function stringArbitrary(schema: Schema): fc.Arbitrary<string> {
  const minLength = typeof schema.minLength === 'number' ? schema.minLength : 0
  const maxLength = typeof schema.maxLength === 'number' ? Math.min(schema.maxLength, 60) : 30
  if (typeof schema.pattern === 'string') {
    try {
      return fc.stringMatching(new RegExp(schema.pattern))
    } catch {
      // A pattern fast-check cannot generate from: plain strings.
    }
  }
  switch (schema.format) {
    case 'uuid':
      return fc.uuid()
    case 'date-time':
      return fc
        .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
        .map((d) => d.toISOString())
    case 'date':
      return fc
        .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10))
    case 'email':
      return fc.emailAddress()
  }
  return fc.string({ minLength, maxLength: Math.max(minLength, maxLength) })
}

function arbitraryFor(input: Schema, depth = 0): fc.Arbitrary<unknown> {
  const schema = resolve(input)
  if ('const' in schema) return fc.constant(schema.const)
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]))
  const options = (schema.oneOf ?? schema.anyOf) as Schema[] | undefined
  if (options) return fc.oneof(...options.map((option) => arbitraryFor(option, depth + 1)))
  const types = Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type as string | undefined]
  return fc.oneof(...types.map((type) => arbitraryOfType(schema, type, depth)))
}

function arbitraryOfType(schema: Schema, type: string | undefined, depth: number): fc.Arbitrary<unknown> {
  const num = (key: string) => (typeof schema[key] === 'number' ? (schema[key] as number) : undefined)
  switch (type) {
    case 'string':
      return stringArbitrary(schema)
    case 'integer': {
      const min = num('minimum') ?? (num('exclusiveMinimum') ?? -1_000_001) + 1
      const max = num('maximum') ?? (num('exclusiveMaximum') ?? 1_000_001) - 1
      return fc.integer({
        min: Math.max(min, Number.MIN_SAFE_INTEGER),
        max: Math.min(max, Number.MAX_SAFE_INTEGER),
      })
    }
    case 'number': {
      const min = num('minimum') ?? num('exclusiveMinimum') ?? -1e6
      const max = num('maximum') ?? num('exclusiveMaximum') ?? 1e6
      return fc.double({ min, max, noNaN: true, noDefaultInfinity: true })
    }
    case 'boolean':
      return fc.boolean()
    case 'null':
      return fc.constant(null)
    case 'array': {
      const items = (schema.items as Schema | undefined) ?? {}
      const minLength = num('minItems') ?? 0
      return fc.array(depth > 6 ? fc.constant(null) : arbitraryFor(items, depth + 1), {
        minLength,
        maxLength: Math.max(minLength, Math.min(num('maxItems') ?? 3, 3)),
      })
    }
    case 'object': {
      const properties = (schema.properties as Record<string, Schema> | undefined) ?? {}
      const required = (schema.required as string[] | undefined) ?? []
      if (Object.keys(properties).length === 0) {
        return fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 })
      }
      const model = Object.fromEntries(
        Object.entries(properties).map(([key, value]) => [
          key,
          depth > 6 ? fc.constant(null) : arbitraryFor(value, depth + 1),
        ]),
      )
      return fc.record(model, { requiredKeys: required })
    }
    default:
      return fc.jsonValue({ maxDepth: 2 })
  }
}

// ---- The server and the seeds ------------------------------------------------------------------------

let server: BookingServer
let main: Auth
let ajv: Ajv2020
let endpoints: Endpoint[]
const seeds: Record<string, () => Seed> = {}
let counter = 0
const fresh = () => {
  counter += 1
  return counter
}

const services = {
  exportCustoms: false,
  importCustoms: false,
  insurance: false,
  pickup: null,
  delivery: null,
}
const party = (name: string) => ({ name, address: '10 Anson Road, #20-01, Singapore 079903' })

async function makeQuote(auth: Auth): Promise<QuoteDetail> {
  const res = await server.call(auth, '/api/quotes', postJson(server.fcl()))
  const { quote } = (await res.json()) as CreateQuoteResponse
  expect(quote, 'a priced quote').toBeTruthy()
  return quote as QuoteDetail
}

async function freshSession(): Promise<{ token: string; password: string }> {
  const user = await createTestUser(server.db)
  const res = await server.app.request(
    apiPaths.login,
    postJson({ email: user.email, password: user.password }),
  )
  const body = (await res.json()) as LoginResponse
  expect(body.token, JSON.stringify(body)).toBeTruthy()
  return { token: body.token as string, password: user.password }
}

beforeAll(async () => {
  server = await setupBookingServer()
  main = await server.login()
  const country = await server.db
    .selectFrom('countries')
    .select(['mcou_rid', 'mcou_country_dialing_code', 'eshp_mcpy'])
    .where('mcou_code', '=', 'SG')
    .executeTakeFirstOrThrow()
  const priced = await makeQuote(main)
  const toConfirm = await makeQuote(main)
  const booking = await server.book(main)
  const hbl = await server.confirm(booking, { etd: '2025-06-10T08:00:00Z', eta: '2025-06-20T08:00:00Z' })
  const toCancel = await server.book(main)
  const toConfirmByOps = await server.book(main)
  const uploaded = await server.call(main, `/api/bookings/${booking}/documents/commercial_invoice`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/pdf', 'X-File-Name': 'invoice.pdf' },
    body: minimalPdf() as Uint8Array<ArrayBuffer>,
  })
  const fileId = ((await uploaded.json()) as { document: { id: string } }).document.id
  const loginUser = await createTestUser(server.db)
  // Single-use tokens of emailed links, one account each (a newer link retires the older ones).
  const resetTokens: string[] = []
  const activationTokens: string[] = []
  for (let i = 0; i < 16; i += 1) {
    const resetToken = newToken()
    const reset = await createTestUser(server.db)
    await createPasswordReset(server.db, reset.id, hashToken(resetToken), server.clock.now())
    resetTokens.push(resetToken)
    const activationToken = newToken()
    const inactive = await createTestUser(server.db, { activated_at: null })
    await createActivationToken(server.db, inactive.id, hashToken(activationToken), server.clock.now(), {
      retireOthers: false,
    })
    activationTokens.push(activationToken)
  }
  const option = priced.options[0]
  const confirmOption = toConfirm.options[0]
  const json = (value: unknown): Body => ({ kind: 'json', value })

  Object.assign(seeds, {
    listCountries: () => ({}),
    getHealth: () => ({}),
    getOpenApiDocument: () => ({}),
    login: () => ({ body: json({ email: loginUser.email, password: loginUser.password }) }),
    logout: () => ({ freshSession: true }),
    checkSession: () => ({}),
    forgotPassword: () => ({ body: json({ email: `fuzz.${fresh()}@example.com` }) }),
    resetPassword: () => ({
      body: json({
        token: resetTokens.pop() ?? newToken(),
        esus_password: 'Secret#456',
        password_confirmation: 'Secret#456',
      }),
    }),
    register: () => ({ body: json(registrationPayload(country, `fuzz.${fresh()}@example.com`)) }),
    activateAccount: () => ({ body: json({ token: activationTokens.pop() ?? newToken() }) }),
    resendActivation: () => ({ body: json({ email: `fuzz.${fresh()}@example.com` }) }),
    sendEnquiry: () => ({
      body: json({
        mail: `fuzz.${fresh()}@example.com`,
        name: 'Grace Importer',
        company: 'Grace Imports Ltd',
        code: '+44',
        phone: '2071234567',
        source: 'Search Engine',
        mode: 'FCL',
        message: 'We ship 4 x 40HC a month.',
      }),
    }),
    searchLocations: () => ({ query: { q: 'sing', mode: 'FCL' } }),
    createQuote: () => ({ body: json(server.fcl()) }),
    listQuotes: () => ({ query: { q: 'SGSIN', mode: 'FCL' } }),
    getQuote: () => ({ params: { number: priced.number } }),
    priceQuoteServices: () => ({
      params: { number: priced.number },
      body: json({ optionId: option?.id, services }),
    }),
    confirmQuote: () => ({
      params: { number: toConfirm.number },
      body: json({
        optionId: confirmOption?.id,
        services,
        shipper: party('Alice Exports Pte Ltd'),
        consignee: party('Mumbai Imports Pvt Ltd'),
        cargoDescription: 'Machine parts in crates',
        acceptTerms: true,
        shownTotalUsd: confirmOption?.totalUsd,
      }),
    }),
    requoteQuote: () => ({ params: { number: priced.number } }),
    requestManualQuote: () => ({ body: json({ request: server.fcl(), notes: 'Weekly, all year.' }) }),
    listDocuments: () => ({ params: { number: booking } }),
    uploadDocument: () => ({
      params: { number: booking, kind: 'packing_list' },
      headers: { 'X-File-Name': encodeURIComponent('packing list.pdf') },
      body: { kind: 'bytes', data: minimalPdf(), contentType: 'application/pdf' },
    }),
    downloadDocument: () => ({ params: { number: booking, id: fileId } }),
    listBookingDocumentsForOps: () => ({ params: { number: booking } }),
    reviewDocument: () => ({ params: { id: fileId }, body: json({ status: 'Accepted' }) }),
    getProfile: () => ({}),
    updateProfile: () => ({
      body: json({
        esus_name: 'Ada Shipper',
        esus_company_name: 'Ada Trading Pte Ltd',
        esus_mcou: country.mcou_rid,
        code: country.mcou_country_dialing_code,
        esus_phone: '61234567',
        esus_address1: '1 Harbour Front Avenue, Singapore',
        esus_mcpy: country.eshp_mcpy,
      }),
    }),
    changePassword: () => ({
      freshSession: true,
      body: json({
        current_password: 'Secret#123',
        esus_password: 'Secret#456',
        password_confirmation: 'Secret#456',
      }),
    }),
    updateNotificationSettings: () => ({
      body: json({ milestones: true, etaChanges: true, documents: true, quoteExpiry: true }),
    }),
    listBookings: () => ({ query: { q: 'ESB', status: 'Confirmed', mode: 'FCL' } }),
    getBooking: () => ({ params: { number: booking } }),
    cancelBooking: () => ({ params: { number: toCancel } }),
    trackShipment: () => ({ params: { hbl } }),
    getDashboard: () => ({}),
    postTrackingEvents: () => ({
      body: json({
        events: [
          dcsa({
            ref: booking,
            code: 'GTIN',
            at: '2025-06-05T08:00:00Z',
            location: 'SGSIN',
            vessel: 'MAERSK KOLKATA',
          }),
        ],
      }),
    }),
    confirmBooking: () => ({
      params: { number: toConfirmByOps },
      body: json({ vesselName: 'MAERSK KOLKATA', voyage: '012W', etd: '2025-06-10T08:00:00Z' }),
    }),
    listDevOutbox: () => ({ query: { to: main.email } }),
    showDevOutbox: () => ({ query: { to: main.email } }),
  } satisfies Record<string, () => Seed>)

  const res = await server.app.request(apiPaths.openapi)
  document = (await res.json()) as typeof document
  ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true })
  addFormats(ajv)
  ajv.addFormat('binary', true)
  ajv.addSchema({ ...document, $id: 'openapi.json' } as never)
  // The validator judges: an error body without its message fails the Error schema.
  const errorSchema = ajv.getSchema('openapi.json#/components/schemas/Error')
  expect(errorSchema?.({ message: 'x' })).toBe(true)
  expect(errorSchema?.({ errors: {} })).toBe(false)
  endpoints = Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({ path, method, operation })),
  )
}, 120_000)

afterAll(async () => {
  await server?.database.close()
})

// ---- Sending and judging -----------------------------------------------------------------------------

const security = (operation: Operation) => Object.keys(operation.security?.[0] ?? {})[0]

function requestOf(operation: Operation): FuzzRequest {
  const made = seeds[operation.operationId]?.() ?? {}
  return {
    params: { ...made.params },
    query: { ...made.query },
    headers: { ...made.headers },
    body: made.body ?? { kind: 'none' },
  }
}

/** The seed's mutable places: every path and query parameter and every place of its JSON body. */
function placesOf(operation: Operation): Place[] {
  const request = requestOf(operation)
  const places: Place[] = [
    ...(operation.parameters ?? [])
      .filter((p) => p.in === 'path' || p.in === 'query')
      .map((p) => ({ in: p.in as 'path' | 'query', name: p.name })),
  ]
  const visit = (value: unknown, path: (string | number)[]) => {
    if (path.length > 0) places.push({ in: 'body', path })
    if (Array.isArray(value)) for (const [index, item] of value.entries()) visit(item, [...path, index])
    else if (value && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) visit(item, [...path, key])
    }
  }
  if (request.body.kind === 'json') visit(request.body.value, [])
  return places
}

/** The string places of the seed, with their value. */
function stringPlacesOf(operation: Operation): { place: Place; value: string }[] {
  const request = requestOf(operation)
  const found: { place: Place; value: string }[] = []
  for (const [name, value] of Object.entries(request.params)) {
    if (typeof value === 'string') found.push({ place: { in: 'path', name }, value })
  }
  for (const [name, value] of Object.entries(request.query)) {
    if (typeof value === 'string') found.push({ place: { in: 'query', name }, value })
  }
  const visit = (value: unknown, path: (string | number)[]) => {
    if (typeof value === 'string') found.push({ place: { in: 'body', path }, value })
    else if (Array.isArray(value)) for (const [index, item] of value.entries()) visit(item, [...path, index])
    else if (value && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) visit(item, [...path, key])
    }
  }
  if (request.body.kind === 'json') visit(request.body.value, [])
  return found
}

function bodySchema(operation: Operation): Schema | undefined {
  return operation.requestBody?.content['application/json']?.schema
}

function generatedRequest(operation: Operation): fc.Arbitrary<FuzzRequest> {
  const parameters = operation.parameters ?? []
  const of = (where: 'path' | 'query' | 'header') =>
    fc.record(
      Object.fromEntries(
        parameters
          .filter((p) => p.in === where)
          .map((p) => [p.name, fc.oneof(arbitraryFor(p.schema).map(String), anyUrlValue)]),
      ),
      { requiredKeys: parameters.filter((p) => p.in === where && p.required).map((p) => p.name) },
    )
  const schema = bodySchema(operation)
  const body: fc.Arbitrary<Body> = schema
    ? arbitraryFor(schema).map((value) => ({ kind: 'json' as const, value }))
    : fc.constant({ kind: 'none' as const })
  return fc.record({
    params: of('path') as fc.Arbitrary<Record<string, UrlValue>>,
    query: of('query') as fc.Arbitrary<Record<string, UrlValue>>,
    headers: fc.constant({}),
    body,
  })
}

function mutationOf(operation: Operation): fc.Arbitrary<Mutation> {
  const places = placesOf(operation)
  const schema = bodySchema(operation)
  const valueFor = (place: Place): fc.Arbitrary<unknown> => {
    if (place.in !== 'body') {
      const parameter = operation.parameters?.find((p) => p.name === place.name)
      return fc.oneof(anyUrlValue, parameter ? arbitraryFor(parameter.schema).map(String) : anyUrlValue)
    }
    const documented = schemaAt(schema, place.path)
    return documented ? fc.oneof(anyBadValue, arbitraryFor(documented)) : anyBadValue
  }
  const options: fc.Arbitrary<Mutation>[] = [
    fc.constant({ kind: 'seed' as const }),
    generatedRequest(operation).map((request) => ({ kind: 'generated' as const, request })),
  ]
  if (places.length > 0) {
    const place = fc.constantFrom(...places)
    options.push(
      place.chain((p) => valueFor(p).map((value) => ({ kind: 'set' as const, place: p, value }))),
      place.chain((p) => valueFor(p).map((value) => ({ kind: 'set' as const, place: p, value }))),
      place.chain((p) => valueFor(p).map((value) => ({ kind: 'set' as const, place: p, value }))),
      place.map((p) => ({ kind: 'delete' as const, place: p })),
    )
  }
  if (operation.requestBody) {
    options.push(
      fc
        .constantFrom<Body>(
          { kind: 'text', text: '{"unclosed": ', contentType: 'application/json' },
          { kind: 'text', text: 'not json', contentType: 'application/json' },
          { kind: 'text', text: '{}', contentType: 'text/plain' },
          { kind: 'text', text: '<a/>', contentType: 'application/xml' },
          {
            kind: 'text',
            text: JSON.stringify({ pad: 'x'.repeat(20_000) }),
            contentType: 'application/json',
          },
          { kind: 'text', text: '' },
          { kind: 'json', value: [] },
          { kind: 'json', value: 'a string' },
          { kind: 'json', value: null },
        )
        .map((body) => ({ kind: 'body' as const, body })),
    )
  }
  return fc.oneof(...options)
}

function planOf(operation: Operation): fc.Arbitrary<Plan> {
  return fc.record({
    auth: fc.oneof(
      { weight: 6, arbitrary: fc.constant<AuthKind>('valid') },
      { weight: 1, arbitrary: fc.constantFrom<AuthKind>('none', 'wrong') },
    ),
    mutation: mutationOf(operation),
    ip: fc.ipV4(),
  })
}

function setIn(target: unknown, path: (string | number)[], value: unknown, remove: boolean): unknown {
  if (path.length === 0) return remove ? undefined : value
  const [key, ...rest] = path as [string | number, ...(string | number)[]]
  if (Array.isArray(target)) {
    const copy = [...target]
    if (rest.length === 0 && remove) copy.splice(Number(key), 1)
    else copy[Number(key)] = setIn(copy[Number(key)], rest, value, remove)
    return copy
  }
  const copy: Record<string, unknown> = { ...(target as Record<string, unknown>) }
  if (rest.length === 0 && remove) delete copy[key]
  else copy[key] = setIn(copy[key], rest, value, remove)
  return copy
}

function applyMutation(operation: Operation, mutation: Mutation): FuzzRequest {
  if (mutation.kind === 'generated') return mutation.request
  const request = requestOf(operation)
  if (mutation.kind === 'seed') return request
  if (mutation.kind === 'body') return { ...request, body: mutation.body }
  const remove = mutation.kind === 'delete'
  const value = mutation.kind === 'set' ? mutation.value : undefined
  const { place } = mutation
  if (place.in === 'body') {
    const body = request.body.kind === 'json' ? request.body.value : {}
    return { ...request, body: { kind: 'json', value: setIn(body, place.path, value, remove) } }
  }
  const target = place.in === 'path' ? request.params : request.query
  if (remove) delete target[place.name]
  else target[place.name] = typeof value === 'object' && value !== null ? (value as UrlValue) : String(value)
  return request
}

/** A value as it goes into a URL: lone surrogates cannot be percent-encoded, so they become U+FFFD. */
function encode(value: UrlValue | undefined): string {
  if (value === undefined) return ''
  if (typeof value !== 'string') return value.raw
  return encodeURIComponent(value.replace(/\p{Cs}/gu, '\ufffd'))
}

async function send(
  endpoint: Endpoint,
  request: FuzzRequest,
  auth: AuthKind,
  ip: string,
  freshToken?: string,
): Promise<Response> {
  const path = endpoint.path.replace(/\{(\w+)\}/g, (_, name: string) => encode(request.params[name]))
  const query = Object.entries(request.query)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encode(value)}`)
    .join('&')
  const headers: Record<string, string> = { 'X-Forwarded-For': ip, ...request.headers }
  const scheme = security(endpoint.operation)
  if (auth === 'valid' && scheme === 'bearerAuth') {
    headers.Authorization = `Bearer ${freshToken ?? main.Authorization?.replace(/^Bearer /, '')}`
  }
  if (auth === 'valid' && scheme === 'opsApiKey') headers['X-API-Key'] = OPS_KEY
  if (auth === 'wrong') {
    headers.Authorization = `Bearer ${'W'.repeat(43)}`
    headers['X-API-Key'] = 'not-the-key'
  }
  const init: RequestInit = { method: endpoint.method.toUpperCase(), headers }
  const { body } = request
  if (body.kind === 'json') {
    headers['Content-Type'] = 'application/json'
    init.body = JSON.stringify(body.value) ?? ''
  } else if (body.kind === 'text') {
    if (body.contentType) headers['Content-Type'] = body.contentType
    init.body = body.text
  } else if (body.kind === 'bytes') {
    headers['Content-Type'] = body.contentType
    init.body = body.data as Uint8Array<ArrayBuffer>
  }
  if (init.method === 'GET' || init.method === 'HEAD') delete init.body
  return server.app.request(`${path}${query ? `?${query}` : ''}`, init)
}

/** What is wrong with an answer, by the document; empty when nothing is. */
async function problemsOf(endpoint: Endpoint, res: Response): Promise<string[]> {
  const problems: string[] = []
  const text = await res.text()
  const mediaType = (res.headers.get('content-type') ?? '').split(';')[0]?.trim() ?? ''
  if (res.status >= 500) problems.push(`answered ${res.status}: ${text.slice(0, 300)}`)
  const documented = endpoint.operation.responses[String(res.status)]
  if (!documented) problems.push(`status ${res.status} is not documented: ${text.slice(0, 300)}`)
  let body: unknown
  if (mediaType === 'application/json') {
    try {
      body = JSON.parse(text)
    } catch {
      problems.push(`not JSON: ${text.slice(0, 200)}`)
    }
  }
  if (res.status >= 400 && typeof (body as ErrorBody | undefined)?.message !== 'string') {
    problems.push(`a ${res.status} without a JSON message: ${text.slice(0, 200)}`)
  }
  const content = documented?.content
  if (documented && content && text !== '') {
    const media = content[mediaType]
    if (!media) problems.push(`media type ${mediaType} of ${res.status} is not documented`)
    else if (mediaType === 'application/json' && media.schema && body !== undefined) {
      const pointer = [
        'paths',
        endpoint.path,
        endpoint.method,
        'responses',
        String(res.status),
        'content',
        mediaType,
        'schema',
      ]
        .map((part) => part.replaceAll('~', '~0').replaceAll('/', '~1'))
        .join('/')
      const validate = ajv.getSchema(`openapi.json#/${pointer}`)
      if (!validate) problems.push(`no validator for ${pointer}`)
      else if (!validate(body)) {
        problems.push(
          `the ${res.status} body does not match its schema: ${ajv.errorsText(validate.errors)}; ${text.slice(0, 300)}`,
        )
      }
    }
  }
  return problems
}

const describeRequest = (endpoint: Endpoint, request: FuzzRequest) =>
  `${endpoint.method.toUpperCase()} ${endpoint.path} ${JSON.stringify({ ...request, body: request.body.kind === 'bytes' ? 'bytes' : request.body })}`

const assertOptions = () => ({ numRuns: runs, ...(seed === undefined ? {} : { seed }), endOnFailure: true })

// ---- The properties ----------------------------------------------------------------------------------

describe('every operation of /api/openapi.json, fuzzed', () => {
  it('has a seed that reaches its handler (2xx), so that mutations of it go deep', async () => {
    const shallow: string[] = []
    for (const endpoint of endpoints) {
      const { operationId } = endpoint.operation
      const seedOf = seeds[operationId]
      if (!seedOf) {
        shallow.push(`${operationId}: no seed`)
        continue
      }
      const made = seedOf()
      const token = made.freshSession ? (await freshSession()).token : undefined
      const res = await send(endpoint, requestOf(endpoint.operation), 'valid', '203.0.113.1', token)
      if (res.status >= 300) shallow.push(`${operationId}: ${res.status} ${await res.text()}`)
    }
    expect(shallow).toEqual([])
  }, 60_000)

  it('answers every request below 500, with a documented status, a JSON message on 4xx and the documented body', async () => {
    /** FUZZ_STATS=1 prints how each operation answered: how deep the requests went. */
    const statuses = new Map<string, Map<number, number>>()
    for (const endpoint of endpoints) {
      await fc.assert(
        fc.asyncProperty(planOf(endpoint.operation), async ({ auth, mutation, ip }) => {
          const request = applyMutation(endpoint.operation, mutation)
          const made = seeds[endpoint.operation.operationId]?.()
          const token = made?.freshSession && auth === 'valid' ? (await freshSession()).token : undefined
          const res = await send(endpoint, request, auth, ip, token)
          const counts = statuses.get(endpoint.operation.operationId) ?? new Map<number, number>()
          counts.set(res.status, (counts.get(res.status) ?? 0) + 1)
          statuses.set(endpoint.operation.operationId, counts)
          const problems = await problemsOf(endpoint, res)
          if (problems.length > 0) {
            throw new Error(`${describeRequest(endpoint, request)} (${auth})\n${problems.join('\n')}`)
          }
        }),
        assertOptions(),
      )
    }
    if (process.env.FUZZ_STATS) {
      for (const [operationId, counts] of statuses) {
        console.info(operationId, JSON.stringify(Object.fromEntries([...counts].sort(([a], [b]) => a - b))))
      }
    }
  }, 240_000)

  it('refuses a NUL or a lone surrogate in any string it takes with 422, naming the field', async () => {
    for (const endpoint of endpoints) {
      const strings = stringPlacesOf(endpoint.operation)
      if (strings.length === 0) continue
      // Only a JSON body can carry a lone surrogate: a URL carries UTF-8, which has none.
      const arbitrary = fc.constantFrom(...strings).chain((found) =>
        fc.constantFrom(...(found.place.in === 'body' ? [NUL, '\ud800', '\udc00'] : [NUL])).chain((bad) =>
          fc.nat({ max: found.value.length }).map((at) => ({
            ...found,
            value: `${found.value.slice(0, at)}${bad}${found.value.slice(at)}`,
          })),
        ),
      )
      await fc.assert(
        fc.asyncProperty(arbitrary, fc.ipV4(), async ({ place, value }, ip) => {
          const request = applyMutation(endpoint.operation, { kind: 'set', place, value })
          const made = seeds[endpoint.operation.operationId]?.()
          const token = made?.freshSession ? (await freshSession()).token : undefined
          const res = await send(endpoint, request, 'valid', ip, token)
          const field = place.in === 'body' ? place.path.join('.') : place.name
          const body = (await res.json()) as ErrorBody
          const where = `${describeRequest(endpoint, request)}: ${res.status} ${JSON.stringify(body)}`
          expect(res.status, where).toBe(422)
          expect(Object.keys(body.errors ?? {}), where).toContain(field)
          if (!body.errors?.[field]?.includes(textMessages.badCharacter)) {
            // A field with its own pattern or list may refuse the value by that rule first.
            expect(body.errors?.[field]?.length, where).toBeGreaterThan(0)
          }
        }),
        { ...assertOptions(), numRuns: Math.max(4, Math.round(runs / 3)) },
      )
    }
  }, 120_000)
})
