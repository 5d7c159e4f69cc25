/**
 * Invoice numbers across processes (issue 35, docs/invoices.md "Numbers"): two real server processes
 * (`node server/index.ts`) on one PostgreSQL database issue invoices at once, half through each; the numbers
 * are distinct and consecutive, and the counter stands at the last. Runs where TEST_DATABASE_URL names a
 * PostgreSQL server (CI: scripts/with-postgres.sh); PGlite belongs to one process.
 */
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { consecutive, type InvoiceData, issueOne, seedInvoiceData } from '../../bench/invoices-data'
import { type RunningServer, startServer } from '../../bench/server'
import { openPostgres } from '../../server/db/client'

const adminUrl = process.env.TEST_DATABASE_URL?.trim() || undefined
const AT_ONCE = 20

describe.skipIf(!adminUrl)('two server processes issuing invoices at once', () => {
  let databaseName: string
  let databaseUrl: string
  let data: InvoiceData
  const servers: RunningServer[] = []

  beforeAll(async () => {
    databaseName = `eship_invoices_${randomBytes(4).toString('hex')}`
    const admin = new pg.Client({ connectionString: adminUrl })
    await admin.connect()
    await admin.query(`create database ${databaseName}`)
    await admin.end()
    const url = new URL(adminUrl as string)
    url.pathname = `/${databaseName}`
    databaseUrl = url.toString()
    const handle = openPostgres(databaseUrl)
    try {
      data = await seedInvoiceData(handle.db, { charges: AT_ONCE, invoices: 0 })
    } finally {
      await handle.close()
    }
    // Production servers (bench/server.ts): the test's cheap password hashes are refused there, and none is checked.
    const env = { DATABASE_URL: databaseUrl, DEMO_SEED: '0', STATIC_DIR: '', SCRYPT_LOG_N: '17' }
    servers.push(
      ...(await Promise.all([
        startServer({ name: 'invoices-a', env }),
        startServer({ name: 'invoices-b', env }),
      ])),
    )
  }, 90_000)

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()))
    if (databaseName) {
      const admin = new pg.Client({ connectionString: adminUrl })
      await admin.connect()
      await admin.query(`drop database if exists ${databaseName} with (force)`)
      await admin.end()
    }
  })

  it('gives distinct consecutive numbers, the counter at the last', async () => {
    const numbers = await Promise.all(
      data.chargeIds.map((id, i) => issueOne((servers[i % 2] as RunningServer).origin, data, id)),
    )
    expect(numbers).toHaveLength(AT_ONCE)
    expect(consecutive(numbers), numbers.join(' ')).toBe(true)
    const client = new pg.Client({ connectionString: databaseUrl })
    await client.connect()
    try {
      const { rows } = await client.query<{ value: number }>(`select value from counters where name = 'INV'`)
      expect(rows.map((r) => r.value)).toEqual([AT_ONCE])
      const charges = await client.query(`select id from booking_charges where invoice_id is null`)
      expect(charges.rows).toEqual([])
    } finally {
      await client.end()
    }
  }, 60_000)
})
