/**
 * The requests of the API fuzz tests (api-fuzz.test.ts): the bad values they put in, an operation's seed and
 * its places, the mutations of a seed and the requests generated wholly from the documented schemas, and
 * the sending of one to the app in-process, with a valid, a missing or a wrong token or operations key.
 */
import fc from 'fast-check'
import { MAX_JSON_DEPTH } from '../../server/body-depth'
import {
  bodySchema,
  type Endpoint,
  type OpenApiDocument,
  type Operation,
  schemaArbitraries,
} from './api-fuzz-schema'
import { type Auth, type BookingServer, OPS_KEY } from './booking-helpers'

/** A path or query value; `raw` is put into the URL as it is (percent sequences that do not decode). */
export type UrlValue = string | { raw: string }
export type Body =
  | { kind: 'json'; value: unknown }
  | { kind: 'text'; text: string; contentType?: string }
  | { kind: 'bytes'; data: Uint8Array; contentType: string }
  | { kind: 'none' }

export interface FuzzRequest {
  params: Record<string, UrlValue>
  query: Record<string, UrlValue>
  headers: Record<string, string>
  body: Body
}

/** A valid request of an operation: it reaches the handler and answers 2xx. */
export interface Seed {
  params?: Record<string, string>
  query?: Record<string, string>
  headers?: Record<string, string>
  body?: Body
  /** The request ends its session (logout, password change): each call gets a session of its own. */
  freshSession?: boolean
}

export type AuthKind = 'valid' | 'none' | 'wrong'

/** Where a mutation lands: a path parameter, a query parameter or a place in the JSON body. */
export type Place = { in: 'path' | 'query'; name: string } | { in: 'body'; path: (string | number)[] }

export type Mutation =
  | { kind: 'seed' }
  | { kind: 'set'; place: Place; value: unknown }
  | { kind: 'delete'; place: Place }
  | { kind: 'generated'; request: FuzzRequest }
  | { kind: 'body'; body: Body }

export interface Plan {
  auth: AuthKind
  mutation: Mutation
  ip: string
}

export const NUL = '\u0000'
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

/** Arrays `depth` deep: `[[[…]]]`. */
const nestedArrays = (depth: number): unknown[] => {
  let value: unknown[] = []
  for (let level = 1; level < depth; level += 1) value = [value]
  return value
}

/** JSON texts nested far past the API's limit (server/body-depth.ts), each under 16 KB, as a probe sent them. */
export const deepBodies: Body[] = [
  { kind: 'text', text: `${'['.repeat(8000)}${']'.repeat(8000)}`, contentType: 'application/json' },
  { kind: 'text', text: `${'{"a":'.repeat(2500)}1${'}'.repeat(2500)}`, contentType: 'application/json' },
]

const anyBadValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(
    ...badStrings,
    ...badNumbers,
    null,
    true,
    {},
    [],
    nestedArrays(MAX_JSON_DEPTH + 1),
  ),
  fc.string({ unit: 'binary', maxLength: 12 }),
  fc.jsonValue({ maxDepth: 2 }),
)
const anyUrlValue: fc.Arbitrary<UrlValue> = fc.oneof(
  fc.constantFrom<UrlValue>(...badStrings, ...rawUrlValues.map((raw) => ({ raw }))),
  fc.string({ unit: 'binary', maxLength: 12 }),
  fc.stringMatching(/^ES(Q|B|HBL)-?\d{0,12}$/),
)

const security = (operation: Operation) => Object.keys(operation.security?.[0] ?? {})[0]

/**
 * The requests of `document`'s operations, made from `seeds`, sent to `server`'s app; a valid request of an
 * operation that takes a bearer token carries `main`'s unless given a fresh one.
 */
export function fuzzRequests({
  server,
  main,
  staffToken,
  document,
  seeds,
}: {
  server: BookingServer
  main: Auth
  /** The session of an admin: what a valid request of a staff operation carries, unless its seed has one. */
  staffToken: string
  document: OpenApiDocument
  seeds: Record<string, () => Seed>
}) {
  const { schemaAt, arbitraryFor } = schemaArbitraries(document)

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
      else if (Array.isArray(value))
        for (const [index, item] of value.entries()) visit(item, [...path, index])
      else if (value && typeof value === 'object') {
        for (const [key, item] of Object.entries(value)) visit(item, [...path, key])
      }
    }
    if (request.body.kind === 'json') visit(request.body.value, [])
    return found
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
            ...deepBodies,
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
    else
      target[place.name] = typeof value === 'object' && value !== null ? (value as UrlValue) : String(value)
    return request
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
    if (auth === 'valid' && scheme === 'staffBearer')
      headers.Authorization = `Bearer ${freshToken ?? staffToken}`
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

  return { requestOf, stringPlacesOf, planOf, applyMutation, send }
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

/** A value as it goes into a URL: lone surrogates cannot be percent-encoded, so they become U+FFFD. */
function encode(value: UrlValue | undefined): string {
  if (value === undefined) return ''
  if (typeof value !== 'string') return value.raw
  return encodeURIComponent(value.replace(/\p{Cs}/gu, '\ufffd'))
}
