/**
 * Invoice numbers across processes (issue 35, docs/invoices.md "Numbers"): two real server processes
 * (`node server/index.ts`) on one PostgreSQL database issue invoices at once, half through each; the numbers
 * are distinct and consecutive, and the counter stands at the last. Runs where TEST_DATABASE_URL names a
 * PostgreSQL server (CI: scripts/with-postgres.sh); PGlite belongs to one process.
 */
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { consecutive, type InvoiceData, issueOne, seedInvoiceData } from '../../bench/invoices-data'
import type { RunningServer } from '../../bench/server'
import { adminUrl, type TwoProcesses, twoProcesses } from './two-processes'

const AT_ONCE = 20

describe.skipIf(!adminUrl)('two server processes issuing invoices at once', () => {
  let run: TwoProcesses<InvoiceData> | undefined
  let databaseUrl: string
  let data: InvoiceData
  let servers: RunningServer[] = []

  beforeAll(async () => {
    run = await twoProcesses('invoices', (db) => seedInvoiceData(db, { charges: AT_ONCE, invoices: 0 }))
    ;({ databaseUrl, data, servers } = run)
  }, 90_000)

  afterAll(async () => {
    await run?.stop()
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
