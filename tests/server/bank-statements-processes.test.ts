/**
 * Matching bank lines across processes (issue 36, docs/payments.md "Bank statements"): two real server
 * processes (`node server/index.ts`) on one PostgreSQL database are each asked to match the same lines at
 * once, and to ignore a line while the other matches it. Of each pair one wins and the other is answered 409:
 * a line becomes one payment, never two. The match locks the line's row before it reads its status. Runs where
 * TEST_DATABASE_URL names a PostgreSQL server (CI: scripts/with-postgres.sh); PGlite belongs to one process.
 */
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type InvoiceData, seedInvoiceData } from '../../bench/invoices-data'
import type { RunningServer } from '../../bench/server'
import { paymentPaths } from '../../contract/finance/payment-wire'
import { bankLineMessages } from '../../server/finance/bank-lines'
import { adminUrl, type TwoProcesses, twoProcesses } from './two-processes'

const LINES = 15

describe.skipIf(!adminUrl)('two server processes matching the same bank lines at once', () => {
  let run: TwoProcesses<InvoiceData> | undefined
  let databaseUrl: string
  let data: InvoiceData
  let servers: RunningServer[] = []
  let lineIds: number[]

  const sql = async <R extends pg.QueryResultRow>(text: string, values: unknown[] = []) => {
    const client = new pg.Client({ connectionString: databaseUrl })
    await client.connect()
    try {
      return (await client.query<R>(text, values)).rows
    } finally {
      await client.end()
    }
  }

  beforeAll(async () => {
    run = await twoProcesses('bank', async (db, url) => {
      databaseUrl = url
      const seeded = await seedInvoiceData(db, { charges: 0, invoices: 0 })
      const [statement] = await sql<{ id: number }>(
        `insert into bank_statements (account, format, filename, lines_in_file, lines_added, uploaded_at)
         values ('0123456789', 'csv', 'race.csv', $1, $1, now()) returning id`,
        [LINES + 1],
      )
      const rows = await sql<{ id: number }>(
        `insert into bank_statement_lines (statement_id, account, identity, source, booking_day, amount, currency)
         select $1, '0123456789', 'race:' || n, 'line ' || n, date '2026-03-02', 1000 + n, 'SGD'
         from generate_series(1, $2) as n order by n returning id`,
        [statement?.id, LINES + 1],
      )
      lineIds = rows.map((row) => row.id)
      return seeded
    })
    ;({ databaseUrl, data, servers } = run)
  }, 90_000)

  afterAll(async () => {
    await run?.stop()
  })

  const post = async (server: number, path: string, body?: unknown) => {
    const res = await fetch(`${(servers[server] as RunningServer).origin}${path}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${data.financeToken}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
    return { status: res.status, body: (await res.json()) as { message: string } }
  }

  it('makes each line one payment: of two matches at once, one through each process, one is refused', async () => {
    const racing = lineIds.slice(0, LINES)
    const answers = await Promise.all(
      racing.flatMap((id) =>
        [0, 1].map((server) =>
          post(server, paymentPaths.staffBankLineMatch(id), { customerId: data.customerId }),
        ),
      ),
    )
    for (let i = 0; i < racing.length; i += 1) {
      const pair = answers.slice(i * 2, i * 2 + 2)
      expect(pair.map((a) => a.status).sort()).toEqual([201, 409])
      expect(pair.find((a) => a.status === 409)?.body.message).toBe(bankLineMessages.notOpen)
    }
    const payments = await sql<{ n: string }>('select count(*) as n from payments')
    expect(Number(payments[0]?.n)).toBe(LINES)
    const matched = await sql<{ n: string }>(
      `select count(distinct payment_id) as n from bank_statement_lines where status = 'matched'`,
    )
    expect(Number(matched[0]?.n)).toBe(LINES)
  }, 60_000)

  it('lets an ignore and a match of one line at once end as one of them', async () => {
    const id = lineIds[LINES] as number
    const [ignore, match] = await Promise.all([
      post(0, paymentPaths.staffBankLineIgnore(id)),
      post(1, paymentPaths.staffBankLineMatch(id), { customerId: data.customerId }),
    ])
    const statuses = [ignore.status, match.status]
    expect(statuses.filter((s) => s === 409)).toHaveLength(1)
    const [line] = await sql<{ status: string; payment_id: number | null }>(
      'select status, payment_id from bank_statement_lines where id = $1',
      [id],
    )
    expect(line?.status).toBe(ignore.status === 200 ? 'ignored' : 'matched')
    expect(line?.payment_id === null).toBe(ignore.status === 200)
  }, 60_000)
})
