import { randomBytes } from 'node:crypto'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { openPostgres } from '../../server/db/client'
import { RATE_SHEETS_CHANNEL, RATE_SHEETS_MAX_AGE_MS, RateSheets } from '../../server/rates/rate-sheets'
import { insertLanes } from '../../server/rates/reference-rates'
import { seedLanes } from '../../server/rates/seed'
import { openTestDatabase, type TestDatabase, waitFor } from './helpers'

const today = new Date('2026-11-23T00:00:00Z')
const query = { mode: 'FCL', origin: 'SGSIN', destination: 'INNSA', date: '2026-11-24' } as const
const sgsinInnsa = seedLanes(today).filter(
  (l) => l.mode === query.mode && l.origin === query.origin && l.destination === query.destination,
)
let database: TestDatabase

beforeAll(async () => {
  database = await openTestDatabase()
  await insertLanes(database.db, sgsinInnsa, 'seed')
}, 60_000)

afterAll(async () => {
  await database?.close()
})

/** A sheets holder following the test database's notifications, once it is listening. */
async function listening(maxEntries?: number) {
  const sheets = new RateSheets(database.db, maxEntries)
  const live = vi.fn((on: boolean) => sheets.live(on))
  database.listen(RATE_SHEETS_CHANNEL, { notify: () => sheets.notify(), live })
  await waitFor(() => expect(live).toHaveBeenLastCalledWith(true))
  return sheets
}

const baseFreight = (lanes: Awaited<ReturnType<RateSheets['find']>>) =>
  lanes.map((lane) => lane.charges.find((c) => c.code === 'BAS' && c.containerType === '40HC')?.amount)

describe('the rate sheets a process holds', () => {
  it('reads the database for every quote until it listens for changes', async () => {
    const sheets = new RateSheets(database.db)
    const first = await sheets.find(query)
    expect(first.length).toBeGreaterThanOrEqual(2)
    expect(await sheets.find(query)).not.toBe(first)
    expect(sheets.size).toBe(0)
  })

  it('holds a lane between quotes, shares a read under way, and drops it when a sheet changes', async () => {
    const sheets = await listening()
    const reading = sheets.find(query)
    expect(sheets.find(query)).toBe(reading)
    const held = await reading
    expect(await sheets.find(query)).toBe(held)
    expect(Object.isFrozen(held[0]?.charges[0])).toBe(true)

    // An import of the same sheets, 10% dearer, committed by any connection: the notification drops them.
    const dearer = sgsinInnsa.map((lane) => ({
      ...lane,
      charges: lane.charges.map((c) => (c.code === 'BAS' ? { ...c, amount: Math.round(c.amount * 1.1) } : c)),
    }))
    await insertLanes(database.db, dearer, 'import')
    await waitFor(() => expect(sheets.size).toBe(0))
    const after = await sheets.find(query)
    expect(baseFreight(after)).toEqual(
      baseFreight(held).map((amount) => Math.round((amount as number) * 1.1)),
    )
  })

  it('holds the places with sheets (the type-ahead marks them), and reads them again after a change', async () => {
    const sheets = await listening()
    const reading = sheets.ends('FCL', query.date)
    expect(sheets.ends('FCL', query.date)).toBe(reading)
    const before = await reading
    expect(before.has('INNSA')).toBe(true)
    expect(before.has('NLRTM')).toBe(false)
    const rotterdam = seedLanes(today).filter((l) => l.mode === 'FCL' && l.destination === 'NLRTM')
    expect(rotterdam.length).toBeGreaterThan(0)
    await insertLanes(database.db, rotterdam, 'import')
    await waitFor(async () => expect((await sheets.ends('FCL', query.date)).has('NLRTM')).toBe(true))
  })

  it("ignores another schema's notification and drops everything on its own schema's", async () => {
    const sheets = await listening()
    await sheets.find(query)
    // A sentinel channel, notified by the same transaction after it, tells when the other schema's arrived.
    const sentinel = vi.fn()
    const sentinelLive = vi.fn()
    database.listen('rate_sheets_test_sentinel', { notify: sentinel, live: sentinelLive })
    await waitFor(() => expect(sentinelLive).toHaveBeenCalledWith(true))
    await sql`select pg_notify(${RATE_SHEETS_CHANNEL}, 'some_other_schema'), pg_notify('rate_sheets_test_sentinel', ${database.schema})`.execute(
      database.db,
    )
    await waitFor(() => expect(sentinel).toHaveBeenCalled())
    expect(sheets.size).toBe(1)
    await sql`select pg_notify(${RATE_SHEETS_CHANNEL}, ${database.schema})`.execute(database.db)
    await waitFor(() => expect(sheets.size).toBe(0))
  })

  it('does not keep a read that a notification overtook, nor hold more lanes than its bound', async () => {
    const sheets = await listening(2)
    const overtaken = sheets.find(query)
    sheets.notify()
    const stale = await overtaken
    expect(sheets.size).toBe(0)
    expect(await sheets.find(query)).not.toBe(stale)

    const a = await sheets.find({ ...query, date: '2026-11-25' })
    await sheets.find({ ...query, date: '2026-11-26' })
    await sheets.find({ ...query, date: '2026-11-27' })
    expect(sheets.size).toBe(2)
    expect(await sheets.find({ ...query, date: '2026-11-25' })).not.toBe(a)
  })

  it('reads a lane again once its answer is a minute old, notified or not', async () => {
    let now = Date.parse('2026-11-23T08:00:00Z')
    const sheets = new RateSheets(database.db, undefined, () => now)
    sheets.live(true)
    const first = await sheets.find(query)
    now += RATE_SHEETS_MAX_AGE_MS - 1
    expect(await sheets.find(query)).toBe(first)
    now += 1
    expect(await sheets.find(query)).not.toBe(first)
  })

  it('stops holding anything when it stops listening', async () => {
    const sheets = await listening()
    await sheets.find(query)
    sheets.live(false)
    expect(sheets.size).toBe(0)
    await sheets.find(query)
    expect(sheets.size).toBe(0)
  })
})

// TEST_DATABASE_URL names a PostgreSQL server (CI: scripts/with-postgres.sh).
const url = process.env.TEST_DATABASE_URL?.trim() || undefined

describe.skipIf(!url)('listening on PostgreSQL', () => {
  it('listens again when its connection is lost, and hears changes after', async () => {
    // Its own name, so that the test ends only its own listening connection.
    const name = `rate-sheets-${randomBytes(4).toString('hex')}`
    const separator = url?.includes('?') ? '&' : '?'
    const handle = openPostgres(`${url}${separator}application_name=${name}`, { searchPath: database.schema })
    const states: boolean[] = []
    const notify = vi.fn()
    handle.listen(RATE_SHEETS_CHANNEL, { notify, live: (on) => states.push(on) })
    try {
      await waitFor(() => expect(states).toEqual([true]))
      await sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = ${name}`.execute(
        database.db,
      )
      await waitFor(() => expect(states).toEqual([true, false, true]))
      await sql`select pg_notify(${RATE_SHEETS_CHANNEL}, ${database.schema})`.execute(database.db)
      await waitFor(() => expect(notify).toHaveBeenCalledTimes(1))
    } finally {
      await handle.close()
    }
    expect(states.at(-1)).toBe(false)
  })
})
