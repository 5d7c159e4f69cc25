/**
 * Allocations across processes (issue 36, docs/payments.md "Payments and allocations"): two real server
 * processes (`node server/index.ts`) on one PostgreSQL database allocate at once, half through each. One
 * payment allocated many times at once is never allocated beyond its amount; many payments paying one
 * invoice at once never take it below zero. Each write locks the payment's row, then the invoices' rows, and
 * reads what is left only then. Runs where TEST_DATABASE_URL names a PostgreSQL server (CI:
 * scripts/with-postgres.sh); PGlite belongs to one process.
 */
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type InvoiceData, seedInvoiceData } from '../../bench/invoices-data'
import type { RunningServer } from '../../bench/server'
import { type PaymentAnswer, paymentPaths } from '../../contract/finance/payment-wire'
import { paymentMessages } from '../../contract/finance/payments'
import { adminUrl, type TwoProcesses, twoProcesses } from './two-processes'

const AT_ONCE = 30
/** seedInvoiceData's invoices: SGD 609.00 each, no credit notes among the first nine. */
const INVOICE_TOTAL = 60_900

describe.skipIf(!adminUrl)('two server processes allocating at once', () => {
  let run: TwoProcesses<InvoiceData> | undefined
  let databaseUrl: string
  let data: InvoiceData
  let servers: RunningServer[] = []

  beforeAll(async () => {
    run = await twoProcesses('payments', (db) => seedInvoiceData(db, { charges: 0, invoices: 2 }))
    ;({ databaseUrl, data, servers } = run)
  }, 90_000)

  afterAll(async () => {
    await run?.stop()
  })

  const post = async (i: number, path: string, body: unknown) => {
    const res = await fetch(`${(servers[i % 2] as RunningServer).origin}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${data.financeToken}` },
      body: JSON.stringify(body),
    })
    return { status: res.status, body: (await res.json()) as PaymentAnswer & { message: string } }
  }
  const record = async (amount: number) => {
    const { status, body } = await post(0, paymentPaths.staffList, {
      customerId: data.customerId,
      receivedDay: '2026-03-02',
      method: 'fast',
      amount,
      currency: 'SGD',
    })
    expect(status, body.message).toBe(201)
    return body.payment.id
  }
  const sql = async <R extends pg.QueryResultRow>(text: string, values: unknown[]) => {
    const client = new pg.Client({ connectionString: databaseUrl })
    await client.connect()
    try {
      return (await client.query<R>(text, values)).rows
    } finally {
      await client.end()
    }
  }
  const allocatedOf = async (column: 'payment_id' | 'invoice_id', id: number) =>
    Number(
      (
        await sql<{ sum: string | null }>(
          `select sum(amount) as sum from payment_allocations where ${column} = $1`,
          [id],
        )
      )[0]?.sum ?? 0,
    )
  const invoiceId = async (number: string) =>
    (await sql<{ id: number }>('select id from invoices where number = $1', [number]))[0]?.id as number

  it('never allocates one payment beyond its amount', async () => {
    const id = await record(10_000)
    // 30 allocations of 700 at once: 14 fit in 10,000 (9,800); each later one finds 200 left.
    const answers = await Promise.all(
      Array.from({ length: AT_ONCE }, (_, i) =>
        post(i, paymentPaths.staffAllocate(id), {
          allocations: [{ invoiceNumber: 'INV-2098-000001', amount: 700 }],
        }),
      ),
    )
    const statuses = answers.map((a) => a.status)
    expect(statuses.filter((s) => s === 200)).toHaveLength(14)
    expect(statuses.filter((s) => s === 409)).toHaveLength(AT_ONCE - 14)
    for (const answer of answers.filter((a) => a.status === 409))
      expect(answer.body.message).toBe(paymentMessages.overPayment(200))
    expect(await allocatedOf('payment_id', id)).toBe(9_800)
  }, 60_000)

  it('never takes one invoice below zero with many payments at once', async () => {
    const ids: number[] = []
    for (let i = 0; i < AT_ONCE; i += 1) ids.push(await record(7_000))
    const number = 'INV-2098-000002'
    // 30 payments of 7,000 against 609.00 at once: 8 fit (56,000); each later one finds 4,900 owed.
    const answers = await Promise.all(
      ids.map((id, i) =>
        post(i, paymentPaths.staffAllocate(id), { allocations: [{ invoiceNumber: number, amount: 7_000 }] }),
      ),
    )
    const statuses = answers.map((a) => a.status)
    expect(statuses.filter((s) => s === 200)).toHaveLength(8)
    for (const answer of answers.filter((a) => a.status !== 200)) {
      expect(answer.status).toBe(409)
      expect(answer.body.message).toBe(paymentMessages.overInvoice(number, INVOICE_TOTAL - 56_000))
    }
    expect(await allocatedOf('invoice_id', await invoiceId(number))).toBe(56_000)
  }, 60_000)
})
