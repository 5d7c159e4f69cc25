/**
 * Schema-driven fuzzing of the whole API through its own OpenAPI document (issue #19, sections 2 and 8).
 *
 * Every operation of `GET /api/openapi.json` is called in-process (app.request, no socket) with requests
 * that fast-check makes: a valid request of the operation (its seed, which reaches the handler) with one
 * field mutated (a NUL, a lone surrogate, a number past 32 bits, a string past its bounds, a wrong type, a
 * value generated from the field's documented schema, the field removed), requests generated wholly from
 * the documented schema, malformed JSON, JSON nested thousands deep, another media type, an oversized body; with a valid token or
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
 *
 * The document's side (its operations, arbitraries from its schemas, the judge of an answer) is in
 * api-fuzz-schema.ts, the requests and their sending in api-fuzz-requests.ts, the seeds in api-fuzz-seeds.ts.
 */
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { textMessages } from '../../contract/text'
import { apiPaths, type ErrorBody } from '../../contract/wire'
import { bodyDepthMessage } from '../../server/body-depth'
import { makeBankSeeds } from './api-fuzz-bank-seeds'
import { chargeSeeds } from './api-fuzz-charge-seeds'
import { makeCreditSeeds } from './api-fuzz-credit-seeds'
import { emissionsSeeds } from './api-fuzz-emissions-seeds'
import { makeInvoiceSeeds } from './api-fuzz-invoice-seeds'
import { makePaymentSeeds } from './api-fuzz-payment-seeds'
import { deepBodies, type FuzzRequest, fuzzRequests, NUL, type Seed } from './api-fuzz-requests'
import { answerJudge, bodySchema, type Endpoint, endpointsOf, type OpenApiDocument } from './api-fuzz-schema'
import { freshSession, makeSeeds } from './api-fuzz-seeds'
import { makeStaffSeeds } from './api-fuzz-staff-seeds'
import { makeStatementSeeds } from './api-fuzz-statement-seeds'
import { type Auth, type BookingServer, setupBookingServer } from './booking-helpers'

const runs = Number(process.env.FUZZ_RUNS) || 40
const seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined

let server: BookingServer
let main: Auth
let endpoints: Endpoint[]
let seeds: Record<string, () => Seed>
let fuzz: ReturnType<typeof fuzzRequests>
let staff: Awaited<ReturnType<typeof makeStaffSeeds>>

/** A session of its own for a request that ends its session: a staff member's for a staff operation. */
const freshToken = async (endpoint: Endpoint) =>
  endpoint.path.startsWith('/api/staff/') ? staff.freshSession() : (await freshSession(server)).token
let judge: ReturnType<typeof answerJudge>

beforeAll(async () => {
  server = await setupBookingServer()
  main = await server.login()
  staff = await makeStaffSeeds(server, main)
  seeds = {
    ...(await makeSeeds(server, main)),
    ...staff.seeds,
    ...(await makeInvoiceSeeds(server, main)),
    ...(await chargeSeeds(server, main)),
    ...(await makePaymentSeeds(server, main)),
    ...(await makeBankSeeds(server, main)),
    ...(await makeCreditSeeds(server, main)),
    ...(await makeStatementSeeds(server, main)),
    ...emissionsSeeds,
  }
  const res = await server.app.request(apiPaths.openapi)
  const document = (await res.json()) as OpenApiDocument
  judge = answerJudge(document)
  // The validator judges: an error body without its message fails the Error schema.
  const errorSchema = judge.ajv.getSchema('openapi.json#/components/schemas/Error')
  expect(errorSchema?.({ message: 'x' })).toBe(true)
  expect(errorSchema?.({ errors: {} })).toBe(false)
  endpoints = endpointsOf(document)
  fuzz = fuzzRequests({ server, main, staffToken: staff.staffToken, document, seeds })
}, 120_000)

afterAll(async () => {
  await server?.database.close()
})

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
      const token = made.freshSession ? await freshToken(endpoint) : undefined
      const res = await fuzz.send(endpoint, fuzz.requestOf(endpoint.operation), 'valid', '203.0.113.1', token)
      if (res.status >= 300) shallow.push(`${operationId}: ${res.status} ${await res.text()}`)
    }
    expect(shallow).toEqual([])
  }, 60_000)

  it('answers every request below 500, with a documented status, a JSON message on 4xx and the documented body', async () => {
    /** FUZZ_STATS=1 prints how each operation answered: how deep the requests went. */
    const statuses = new Map<string, Map<number, number>>()
    for (const endpoint of endpoints) {
      await staff.reinstate()
      await fc.assert(
        fc.asyncProperty(fuzz.planOf(endpoint.operation), async ({ auth, mutation, ip }) => {
          const request = fuzz.applyMutation(endpoint.operation, mutation)
          const made = seeds[endpoint.operation.operationId]?.()
          const token = made?.freshSession && auth === 'valid' ? await freshToken(endpoint) : undefined
          const res = await fuzz.send(endpoint, request, auth, ip, token)
          const counts = statuses.get(endpoint.operation.operationId) ?? new Map<number, number>()
          counts.set(res.status, (counts.get(res.status) ?? 0) + 1)
          statuses.set(endpoint.operation.operationId, counts)
          const problems = await judge.problemsOf(endpoint, res)
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

  it('refuses a JSON body nested thousands deep with 400 and its message, on every operation that takes JSON', async () => {
    const answered: string[] = []
    for (const endpoint of endpoints) {
      if (!bodySchema(endpoint.operation)) continue
      await staff.reinstate()
      for (const body of deepBodies) {
        const request = { ...fuzz.requestOf(endpoint.operation), body }
        const res = await fuzz.send(endpoint, request, 'valid', '203.0.113.9')
        const text = await res.text()
        answered.push(`${endpoint.operation.operationId} ${res.status} ${text}`)
        expect(res.status, `${describeRequest(endpoint, request)}: ${text}`).toBe(400)
        expect(JSON.parse(text)).toEqual({ message: bodyDepthMessage })
      }
    }
    expect(answered.length).toBeGreaterThan(40)
  }, 60_000)

  it('refuses a NUL or a lone surrogate in any string it takes with 422, naming the field', async () => {
    for (const endpoint of endpoints) {
      const strings = fuzz.stringPlacesOf(endpoint.operation)
      if (strings.length === 0) continue
      await staff.reinstate()
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
          const request = fuzz.applyMutation(endpoint.operation, { kind: 'set', place, value })
          const made = seeds[endpoint.operation.operationId]?.()
          const token = made?.freshSession ? await freshToken(endpoint) : undefined
          const res = await fuzz.send(endpoint, request, 'valid', ip, token)
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
