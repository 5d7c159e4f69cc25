import { createRoute, z } from '@hono/zod-openapi'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { messages } from '../../contract/messages'
import { apiPaths, type ErrorBody } from '../../contract/wire'
import { createApp } from '../../server/app'
import { setupServer, silentLogger, unreachableDatabase } from './helpers'

let server: Awaited<ReturnType<typeof setupServer>>
const logged: unknown[][] = []

const echoRoute = createRoute({
  method: 'post',
  path: '/api/test-echo',
  request: {
    body: {
      content: {
        'application/json': {
          schema: z.object({
            email: z.email({ error: 'The email must be a valid email address.' }),
            name: z.string({ error: 'The name field is required.' }).max(5, { error: 'Name is too long.' }),
          }),
        },
      },
    },
  },
  responses: { 200: { description: 'echo' } },
})

beforeAll(async () => {
  server = await setupServer({ logger: { error: (...args: unknown[]) => logged.push(args) } })
  server.app.get('/api/test-boom', () => {
    throw new Error('kaboom at secret/path.ts:12')
  })
  server.app.openapi(echoRoute, (c) => c.json(c.req.valid('json'), 200))
}, 60_000)

afterAll(async () => {
  await server?.database.close()
})

describe('GET /api/health', () => {
  it('answers ok after reaching the database', async () => {
    const res = await server.app.request(apiPaths.health)
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ status: 'ok' })
    expect(res.headers.get('cache-control')).toBe('no-store')
  })

  it('answers the generic 500 when the database is down', async () => {
    const db = unreachableDatabase()
    const app = createApp({ db, logger: silentLogger })
    const res = await app.request(apiPaths.health)
    expect(res.status).toBe(500)
    expect(await res.json()).toEqual({ message: messages.generic })
    await db.destroy()
  })
})

describe('errors', () => {
  it('answers an unknown /api path with a JSON 404', async () => {
    for (const path of ['/api/nope', '/api', '/api/countries/1']) {
      const res = await server.app.request(path)
      expect(res.status).toBe(404)
      expect(res.headers.get('content-type')).toMatch(/^application\/json/)
      expect(await res.json()).toEqual({ message: 'Not Found' })
    }
  })

  it('answers a wrong method on a known path with a JSON 404', async () => {
    const res = await server.app.request(apiPaths.countries, { method: 'DELETE' })
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual({ message: 'Not Found' })
  })

  it('turns a thrown error into the generic message, logged but never leaked', async () => {
    logged.length = 0
    const res = await server.app.request('/api/test-boom')
    expect(res.status).toBe(500)
    const text = await res.text()
    expect(JSON.parse(text)).toEqual({ message: messages.generic } satisfies ErrorBody)
    expect(text).not.toMatch(/kaboom|secret|at |stack/i)
    expect(logged).toHaveLength(1)
    expect(String(logged[0]?.[0])).toContain('GET /api/test-boom')
    expect(logged[0]?.[1]).toBeInstanceOf(Error)
  })

  it('answers a validation failure with 422 and the schema messages by field', async () => {
    const res = await server.app.request('/api/test-echo', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'not-an-email', name: 'far too long' }),
    })
    expect(res.status).toBe(422)
    expect(await res.json()).toEqual({
      message: 'The email must be a valid email address.',
      errors: { email: ['The email must be a valid email address.'], name: ['Name is too long.'] },
    })
  })

  it('reports a missing field under its own name', async () => {
    const res = await server.app.request('/api/test-echo', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'a@b.co' }),
    })
    expect(res.status).toBe(422)
    const body = (await res.json()) as ErrorBody
    expect(body.errors).toEqual({ name: ['The name field is required.'] })
  })

  it('lets valid input through', async () => {
    const res = await server.app.request('/api/test-echo', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'a@b.co', name: 'Ann' }),
    })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ email: 'a@b.co', name: 'Ann' })
  })

  it('answers malformed JSON with a 400 JSON message', async () => {
    const res = await server.app.request('/api/test-echo', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"email":',
    })
    expect(res.status).toBe(400)
    const body = (await res.json()) as ErrorBody
    expect(body.message).toEqual(expect.any(String))
  })
})

describe('security headers', () => {
  it('sends a CSP limited to self (plus data: images) and the usual hardening headers', async () => {
    const res = await server.app.request(apiPaths.countries)
    const csp = res.headers.get('content-security-policy') ?? ''
    expect(csp).toContain("default-src 'self'")
    expect(csp).toContain("script-src 'self'")
    expect(csp).toContain("style-src 'self'")
    expect(csp).toContain("img-src 'self' data:")
    expect(csp).toContain("connect-src 'self'")
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(res.headers.get('referrer-policy')).toBe('no-referrer')
    expect(res.headers.get('x-powered-by')).toBeNull()
  })

  it('asks browsers to use HTTPS for a year on every subdomain', async () => {
    const res = await server.app.request(apiPaths.countries)
    expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains')
  })

  it("refuses framing with both headers alike: X-Frame-Options DENY beside frame-ancestors 'none'", async () => {
    const res = await server.app.request(apiPaths.countries)
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
    expect(res.headers.get('x-frame-options')).toBe('DENY')
  })

  it('denies the powerful features no page uses (Permissions-Policy); the clipboard is written by the site only', async () => {
    const policy = (await server.app.request(apiPaths.countries)).headers.get('permissions-policy') ?? ''
    const directives = new Map(
      policy.split(/,\s*/).map((directive) => directive.split('=') as [string, string]),
    )
    for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb', 'serial', 'hid']) {
      expect(directives.get(feature), feature).toBe('()')
    }
    expect(directives.get('clipboard-write')).toBe('(self)')
  })

  it('sends them on errors too', async () => {
    const res = await server.app.request('/api/nope')
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'")
  })
})

describe('Server-Timing', () => {
  const post = (app: { request: typeof server.app.request }, path: string, body: unknown) =>
    app.request(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    })

  it('tells how long the server took on API answers, errors too, but not on the cached countries list', async () => {
    const locations = await server.app.request(`${apiPaths.locations}?q=sin`)
    expect(locations.status).toBe(401)
    expect(locations.headers.get('Server-Timing')).toMatch(/^total;dur=\d+(\.\d+)?;desc="Server time"$/)
    const unknown = await server.app.request('/api/no-such-thing')
    expect(unknown.headers.get('Server-Timing')).toMatch(/^total;dur=/)
    const countries = await server.app.request(apiPaths.countries)
    expect(countries.headers.get('Server-Timing')).toBeNull()
  })

  it('is never sent by the sign-in operations, whose time could tell who has an account', async () => {
    const answers = [
      await post(server.app, apiPaths.login, { email: 'nobody@example.com', password: 'wrong-password' }),
      await post(server.app, apiPaths.login, { email: 'not-an-email', password: '' }),
      await post(server.app, apiPaths.forgotPassword, { email: 'nobody@example.com' }),
      await post(server.app, apiPaths.resetPassword, { token: 'x', esus_password: 'Secret#123' }),
      await post(server.app, apiPaths.register, { esus_email_id: 'nobody@example.com' }),
      await post(server.app, apiPaths.resendActivation, { email: 'nobody@example.com' }),
      await post(server.app, apiPaths.activate, { token: 'x' }),
      await server.app.request(apiPaths.authCheck),
    ]
    for (const res of answers) expect(res.headers.get('Server-Timing'), res.url).toBeNull()
  })

  it('is off in production unless SERVER_TIMING asks for it', async () => {
    const production = createApp({ db: server.database.db, production: true, logger: silentLogger })
    expect((await production.request('/api/no-such-thing')).headers.get('Server-Timing')).toBeNull()
    const asked = createApp({
      db: server.database.db,
      production: true,
      serverTiming: true,
      logger: silentLogger,
    })
    expect((await asked.request('/api/no-such-thing')).headers.get('Server-Timing')).toMatch(/^total;dur=/)
    const login = await post(asked, apiPaths.login, { email: 'nobody@example.com', password: 'Wrong#123' })
    expect(login.status).toBe(401)
    expect(login.headers.get('Server-Timing')).toBeNull()
  })
})

describe('compression of API answers', () => {
  const ask = (encoding?: string) =>
    server.app.request(apiPaths.login, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(encoding ? { 'Accept-Encoding': encoding } : {}) },
      // Long enough to pass the compression threshold (1 KB): the validation answer names every field.
      body: JSON.stringify({ email: 'x'.repeat(2000), password: '' }),
    })

  it('gzips a JSON answer for a client that accepts it, and says the answer varies by encoding', async () => {
    const res = await ask('gzip, deflate, br')
    expect(res.headers.get('Content-Encoding')).toBe('gzip')
    expect(res.headers.get('Vary')).toBe('Accept-Encoding')
    const text = await new Response(res.body?.pipeThrough(new DecompressionStream('gzip'))).text()
    expect(JSON.parse(text)).toHaveProperty('message')
  })

  it('sends the same answer as it is to a client that accepts no compression, still varying by encoding', async () => {
    for (const encoding of [undefined, 'identity', 'gzip;q=0']) {
      const res = await ask(encoding)
      expect(res.headers.get('Content-Encoding')).toBeNull()
      expect(res.headers.get('Vary')).toBe('Accept-Encoding')
      expect(await res.json()).toHaveProperty('message')
    }
  })
})
