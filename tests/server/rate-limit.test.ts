import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { clientIp } from '../../server/auth/client-ip'
import { checkLimits } from '../../server/auth/rate-limit'
import { hitWindow } from '../../server/auth/rate-limit-counts'
import { openTestDatabase, type TestDatabase } from './helpers'

let database: TestDatabase

beforeAll(async () => {
  database = await openTestDatabase()
}, 60_000)

afterAll(async () => {
  await database?.close()
})

const at = (iso: string) => new Date(iso)

describe('hitWindow', () => {
  it('counts concurrent hits exactly, one row per key and window', async () => {
    const now = at('2025-06-02T10:00:30Z')
    const counts = await Promise.all(
      Array.from({ length: 20 }, () => hitWindow(database.db, 'test:concurrent', 60_000, now)),
    )
    expect(counts.map((hit) => hit.count).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    )
    expect(counts[0]?.windowEnd).toEqual(at('2025-06-02T10:01:00Z'))
    const rows = await database.db
      .selectFrom('rate_limits')
      .selectAll()
      .where('key', '=', 'test:concurrent')
      .execute()
    expect(rows).toEqual([{ key: 'test:concurrent', window_start: at('2025-06-02T10:00:00Z'), count: 20 }])
  })
})

describe('checkLimits', () => {
  it('answers the seconds to the end of the window once a limit is passed', async () => {
    const limit = { key: 'test:limit', max: 2, windowMs: 60_000 }
    const now = at('2025-06-02T11:00:50.500Z')
    expect(await checkLimits(database.db, [limit], now)).toBeUndefined()
    expect(await checkLimits(database.db, [limit], now)).toBeUndefined()
    expect(await checkLimits(database.db, [limit], now)).toBe(10)
    expect(await checkLimits(database.db, [limit], at('2025-06-02T11:01:00Z'))).toBeUndefined()
  })

  it('deletes windows more than an hour old now and then', async () => {
    const old = at('2025-06-02T12:00:00Z')
    await hitWindow(database.db, 'test:old', 60_000, old)
    await checkLimits(
      database.db,
      [{ key: 'test:new', max: 5, windowMs: 60_000 }],
      at('2025-06-02T13:30:00Z'),
    )
    const keys = (await database.db.selectFrom('rate_limits').select('key').execute()).map((row) => row.key)
    expect(keys).toContain('test:new')
    expect(keys).not.toContain('test:old')
  })
})

describe('clientIp', () => {
  const app = new Hono()
  app.get('/ip/:hops', (c) => c.text(clientIp(c, Number(c.req.param('hops')))))
  let server: ReturnType<typeof serve>
  let base: string

  beforeAll(async () => {
    await new Promise<void>((resolve) => {
      server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => {
        base = `http://127.0.0.1:${info.port}`
        resolve()
      })
    })
  })

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve))
  })

  const ip = async (hops: number, forwarded?: string) => {
    const headers: Record<string, string> = forwarded ? { 'X-Forwarded-For': forwarded } : {}
    return (await fetch(`${base}/ip/${hops}`, { headers })).text()
  }

  it('uses the socket and ignores X-Forwarded-For unless proxies are trusted', async () => {
    expect(await ip(0)).toBe('127.0.0.1')
    expect(await ip(0, '203.0.113.9')).toBe('127.0.0.1')
  })

  it('takes the entry the trusted proxy added, not what the client wrote', async () => {
    expect(await ip(1, '203.0.113.9')).toBe('203.0.113.9')
    expect(await ip(1, '6.6.6.6, 203.0.113.9')).toBe('203.0.113.9')
    expect(await ip(2, '6.6.6.6, 203.0.113.9, 10.0.0.2')).toBe('203.0.113.9')
    expect(await ip(3, '203.0.113.9')).toBe('203.0.113.9')
    expect(await ip(1)).toBe('127.0.0.1')
  })

  it("falls back to 'unknown' without a socket (app.request)", async () => {
    expect(await (await app.request('/ip/0')).text()).toBe('unknown')
  })
})
