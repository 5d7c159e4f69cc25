/**
 * Issue 34, point 6: a JSON body nested thousands deep (14 KB of `[`) answered 500 on every JSON operation and
 * cost time with the square of its depth. Every body is now scanned for its depth before it is parsed and one
 * nested more than MAX_JSON_DEPTH is refused with 400 in the API's error shape (every operation of the
 * document is also tried by the fuzzer, api-fuzz.test.ts).
 */
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiPaths, type ErrorBody } from '../../contract/wire'
import { bodyDepthMessage, MAX_JSON_DEPTH, nestedDeeperThan } from '../../server/body-depth'
import { postJson, setupAuthServer } from './helpers'

/** The nesting of a parsed value, counted as the scan counts it: a scalar is 0, `[]` and `{}` are 1. */
function depthOf(value: unknown): number {
  if (Array.isArray(value)) return 1 + Math.max(0, ...value.map(depthOf))
  if (value !== null && typeof value === 'object')
    return 1 + Math.max(0, ...Object.values(value).map(depthOf))
  return 0
}

const arrays = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`
const objects = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`

describe('nestedDeeperThan', () => {
  it('agrees with the depth of the parsed value, brackets and escapes inside strings included', () => {
    const text = fc.string({ unit: fc.constantFrom('[', ']', '{', '}', '"', '\\', 'a', ':') })
    const value = fc.letrec<{ json: unknown }>((tie) => ({
      json: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        fc.oneof(text, fc.integer(), fc.boolean(), fc.constant(null)),
        fc.array(tie('json'), { maxLength: 3 }),
        fc.dictionary(text, tie('json'), { maxKeys: 3 }),
      ),
    })).json
    fc.assert(
      fc.property(value, fc.nat({ max: 8 }), fc.boolean(), (json, max, spaced) => {
        const written = JSON.stringify(json, null, spaced ? 2 : undefined)
        expect(nestedDeeperThan(written, max)).toBe(depthOf(json) > max)
      }),
    )
  })

  it('reads 8,000 levels in one pass, without recursion', () => {
    expect(nestedDeeperThan(arrays(8000), MAX_JSON_DEPTH)).toBe(true)
    expect(nestedDeeperThan(arrays(1_000_000), MAX_JSON_DEPTH)).toBe(true)
    expect(nestedDeeperThan(`"${arrays(8000)}"`, MAX_JSON_DEPTH)).toBe(false)
  })
})

describe('a JSON body nested too deep', () => {
  let server: Awaited<ReturnType<typeof setupAuthServer>>
  let ip = 0
  const post = (path: string, body: string, headers: Record<string, string> = {}) => {
    ip += 1
    return server.app.request(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': `198.51.100.${ip}`, ...headers },
      body,
    })
  }

  beforeAll(async () => {
    server = await setupAuthServer()
  }, 60_000)

  afterAll(async () => {
    await server?.database.close()
  })

  it('is refused with 400 and the message, as arrays or as objects, on public operations', async () => {
    for (const path of [apiPaths.login, apiPaths.register, apiPaths.forgotPassword, apiPaths.contact]) {
      for (const body of [arrays(8000), objects(2500), `{"email":${arrays(MAX_JSON_DEPTH)}}`]) {
        const res = await post(path, body)
        expect(res.status, `${path} ${body.slice(0, 12)}`).toBe(400)
        expect((await res.json()) as ErrorBody).toEqual({ message: bodyDepthMessage })
      }
    }
  })

  it('lets a body of exactly the limit through to validation (422), brackets in strings not counted', async () => {
    const atLimit = `{"email":${arrays(MAX_JSON_DEPTH - 1)}}`
    expect((await post(apiPaths.login, atLimit)).status).toBe(422)
    const res = await post(apiPaths.login, JSON.stringify({ email: arrays(8000), password: 'x' }))
    expect(res.status).toBe(422)
  })

  it("keeps an operation's size limit first: a larger body sent without its length is 413", async () => {
    const res = await server.app.request(apiPaths.login, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: arrays(20_000),
    })
    expect(res.status).toBe(413)
  })

  it('refuses a body of another JSON media type too, and leaves one sent as text to the 415 of its operation', async () => {
    const json = await post(apiPaths.login, arrays(8000), { 'Content-Type': 'application/merge-patch+json' })
    expect(json.status).toBe(400)
    expect(((await json.json()) as ErrorBody).message).toBe(bodyDepthMessage)
    const text = await server.app.request(apiPaths.login, postJson({}, { 'Content-Type': 'text/plain' }))
    expect(text.status).not.toBe(400)
  })

  it('answers forty at once, and the health check beside them', async () => {
    const answers = await Promise.all([
      ...Array.from({ length: 40 }, () => post(apiPaths.login, arrays(8000))),
      server.app.request(apiPaths.health),
    ])
    expect(answers.map((res) => res.status)).toEqual([...Array(40).fill(400), 200])
  })
})
