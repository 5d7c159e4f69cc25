/**
 * Login latency at the real scrypt cost (N = 2^17): `MEASURE_LOGIN=1 npx vitest run tests/server/login-latency.test.ts`.
 * Skipped otherwise: it takes about 20 seconds and measures rather than checks.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiPaths, type LoginResponse } from '../../contract/wire'
import { hashPassword } from '../../server/auth/password'
import { bearer, createTestUser, postJson, setupAuthServer, type TestUser } from './helpers'

const enabled = process.env.MEASURE_LOGIN === '1'
let server: Awaited<ReturnType<typeof setupAuthServer>>
let user: TestUser
const saved = process.env.SCRYPT_LOG_N

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN
}

describe.skipIf(!enabled)('login at N = 2^17', () => {
  beforeAll(async () => {
    process.env.SCRYPT_LOG_N = '17'
    server = await setupAuthServer()
    user = await createTestUser(server.db)
  }, 60_000)

  afterAll(async () => {
    process.env.SCRYPT_LOG_N = saved
    await server?.database.close()
  })

  it('takes about one scrypt verification', async () => {
    const hashes: number[] = []
    for (let i = 0; i < 5; i += 1) {
      const started = performance.now()
      await hashPassword('Secret#123')
      hashes.push(performance.now() - started)
    }
    const logins: number[] = []
    const unknown: number[] = []
    for (let i = 0; i < 20; i += 1) {
      const ip = { 'X-Forwarded-For': `192.0.2.${i + 1}` }
      let started = performance.now()
      const res = await server.app.request(
        apiPaths.login,
        postJson({ email: user.email, password: user.password }, ip),
      )
      logins.push(performance.now() - started)
      const body = (await res.json()) as LoginResponse
      expect(body.token).toBeTruthy()
      await server.app.request(apiPaths.logout, { method: 'POST', headers: bearer(body.token ?? '') })
      started = performance.now()
      const miss = await server.app.request(
        apiPaths.login,
        postJson({ email: `x${i}@example.com`, password: 'Secret#123' }, ip),
      )
      unknown.push(performance.now() - started)
      expect(miss.status).toBe(401)
    }
    const f = (n: number) => `${n.toFixed(0)} ms`
    console.info(
      [
        `scrypt hash (N=2^17, r=8, p=1): median ${f(percentile(hashes, 50))} over ${hashes.length}`,
        `login (success, ${logins.length} sequential): p50 ${f(percentile(logins, 50))}, p90 ${f(percentile(logins, 90))}, max ${f(Math.max(...logins))}`,
        `login (unknown email): p50 ${f(percentile(unknown, 50))}, p90 ${f(percentile(unknown, 90))}`,
      ].join('\n'),
    )
    expect(percentile(logins, 50)).toBeLessThan(2000)
  }, 120_000)
})
