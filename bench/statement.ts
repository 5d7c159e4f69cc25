/**
 * A company's statement of account under load (issue 36, docs/payments.md, "Statement of account"): a fresh
 * PostgreSQL database holding STATEMENT_BENCH.invoices issued invoices of one company (every tenth credited,
 * bench/invoices-data.ts), and payments written directly: most invoices paid in full, some paid in part, a
 * few payments reversed, some credit left unallocated. Then
 * - the customer's statement (`GET /api/statement`: the open items aged, the last 90 days' activity) and
 *   finance's of the same company over a year (`GET /api/staff/customers/{id}/statement`), the company asking
 *   one at a time (STATEMENT_BENCH.connections): p99 ≤ STATEMENT_BENCH.p99BudgetMs; and the customer's at
 *   STATEMENT_BENCH.loadConnections at once, for the throughput (no budget);
 * - the statement's PDF, STATEMENT_BENCH.pdfs one after another: its p99 (reported, no budget).
 *
 * Run alone: `node --import tsx bench/statement.ts` (DATABASE_URL: a PostgreSQL server to use; else one of
 * startBenchPostgres's).
 */
import { sql } from 'kysely'
import { addDays, singaporeDateOf } from '../contract/dates'
import { openPostgres } from '../server/db/client'
import { freshDatabase } from './invoices'
import { INVOICE_BENCH_PASSWORD, seedInvoiceData } from './invoices-data'
import { type LoadStats, serverTimedLoad } from './load'
import { startBenchPostgres } from './postgres'
import type { BudgetCheck } from './report-budgets'
import { startServer } from './server'
import { log } from './util'

export const STATEMENT_BENCH = {
  invoices: 1_000,
  /** One company asks one at a time: the budget's measure. */
  connections: 1,
  /** Many at once (reported, no budget): what the server's throughput is. */
  loadConnections: 10,
  durationSeconds: 10,
  p99BudgetMs: 50,
  pdfs: 50,
} as const

export interface StatementBenchReport {
  database: string
  invoices: number
  payments: number
  connections: number
  durationSeconds: number
  asks: { name: string; path: string; connections: number; bytes: number; stats: LoadStats }[]
  pdf: { count: number; bytes: number; p50Ms: number; p99Ms: number }
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0
const round1 = (ms: number) => Math.round(ms * 10) / 10

/**
 * The company's payments: one for each of 6 invoices in 10 (in full), one for each of 2 in 10 (half), every
 * twentieth of those reversed, and 20 payments on account, unallocated. Their number.
 */
async function seedPayments(databaseUrl: string, customerId: number): Promise<number> {
  const handle = openPostgres(databaseUrl)
  try {
    const { db } = handle
    await sql`
      insert into payments (customer_id, received_day, method, currency, amount, payer_reference, recorded_at,
        reversed_at, reversal_reason)
      select i.customer_id, i.issue_day + 10, 'fast', 'SGD',
        case when i.id % 10 < 6 then i.total else i.total / 2 end, 'BENCH-' || i.id, now(),
        case when i.id % 20 = 7 then now() end, case when i.id % 20 = 7 then 'Bench reversal' end
      from invoices i
      where i.customer_id = ${customerId} and i.kind = 'invoice' and i.id % 10 < 8 and i.id % 10 <> 0`.execute(
      db,
    )
    await sql`
      insert into payment_allocations (payment_id, invoice_id, amount, allocated_at)
      select p.id, i.id, p.amount, now()
      from payments p inner join invoices i on p.payer_reference = 'BENCH-' || i.id
      where p.customer_id = ${customerId}`.execute(db)
    await sql`
      insert into payments (customer_id, received_day, method, currency, amount, payer_reference, recorded_at)
      select ${customerId}, current_date - g, 'paynow', 'SGD', 5000 + g, 'ON-ACCOUNT-' || g, now()
      from generate_series(1, 20) g`.execute(db)
    await sql`vacuum analyze`.execute(db)
    const row = await db
      .selectFrom('payments')
      .select(sql<number>`count(*)::integer`.as('n'))
      .where('customer_id', '=', customerId)
      .executeTakeFirstOrThrow()
    return row.n
  } finally {
    await handle.close()
  }
}

export async function measureStatement(
  adminUrl?: string,
  durationSeconds: number = STATEMENT_BENCH.durationSeconds,
): Promise<StatementBenchReport | null> {
  const own = adminUrl ? undefined : await startBenchPostgres()
  const admin = adminUrl ?? own?.url
  if (!admin) {
    log('statement: no PostgreSQL server, not measured')
    return null
  }
  try {
    const databaseUrl = await freshDatabase(admin)
    log(`statement: seeding ${STATEMENT_BENCH.invoices} invoices and their payments`)
    const seeding = openPostgres(databaseUrl)
    const data = await seedInvoiceData(seeding.db, {
      charges: 0,
      invoices: STATEMENT_BENCH.invoices,
    }).finally(() => seeding.close())
    const payments = await seedPayments(databaseUrl, data.customerId)
    const server = await startServer({
      name: 'statement-server',
      env: { DATABASE_URL: databaseUrl, DEMO_SEED: '0', STATIC_DIR: '' },
    })
    try {
      const login = await fetch(`${server.origin}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: data.email, password: INVOICE_BENCH_PASSWORD }),
      })
      const { token } = (await login.json()) as { token?: string }
      if (!token) throw new Error(`bench customer login failed: ${login.status}`)
      const customer = { authorization: `Bearer ${token}` }
      const finance = { authorization: `Bearer ${data.financeToken}` }
      const today = singaporeDateOf(new Date())
      const year = `from=${addDays(today, -364)}&to=${today}`
      const { connections, loadConnections } = STATEMENT_BENCH
      const asks = [
        { name: 'customer, last 90 days', path: '/api/statement', headers: customer, connections },
        {
          name: 'finance, a year',
          path: `/api/staff/customers/${data.customerId}/statement?${year}`,
          headers: finance,
          connections,
        },
        {
          name: 'customer, last 90 days, under load',
          path: '/api/statement',
          headers: customer,
          connections: loadConnections,
        },
      ]
      // Warm the server (JIT, PostgreSQL's caches) before measuring, as bench/invoices.ts does.
      for (const ask of asks.slice(0, 2)) {
        await serverTimedLoad({
          url: `${server.origin}${ask.path}`,
          headers: ask.headers,
          connections: loadConnections,
          duration: 2,
        })
      }
      const measured: StatementBenchReport['asks'] = []
      for (const ask of asks) {
        const url = `${server.origin}${ask.path}`
        const probe = await fetch(url, { headers: ask.headers })
        const body = await probe.text()
        if (probe.status !== 200) throw new Error(`${url} answered ${probe.status}: ${body}`)
        log(`statement: ${ask.name} with ${ask.connections} connections for ${durationSeconds} s`)
        const stats = await serverTimedLoad({
          url,
          headers: ask.headers,
          connections: ask.connections,
          duration: durationSeconds,
        })
        measured.push({
          name: ask.name,
          path: ask.path,
          connections: ask.connections,
          bytes: body.length,
          stats,
        })
      }
      log(`statement: ${STATEMENT_BENCH.pdfs} PDFs one after another`)
      const times: number[] = []
      let bytes = 0
      for (let i = 0; i < STATEMENT_BENCH.pdfs; i += 1) {
        const started = performance.now()
        const res = await fetch(`${server.origin}/api/statement/pdf`, { headers: customer })
        const pdf = await res.arrayBuffer()
        if (res.status !== 200) throw new Error(`the statement's PDF answered ${res.status}`)
        times.push(performance.now() - started)
        bytes = pdf.byteLength
      }
      times.sort((a, b) => a - b)
      return {
        database: 'PostgreSQL',
        invoices: STATEMENT_BENCH.invoices,
        payments,
        connections: STATEMENT_BENCH.connections,
        durationSeconds,
        asks: measured,
        pdf: {
          count: times.length,
          bytes,
          p50Ms: round1(percentile(times, 50)),
          p99Ms: round1(percentile(times, 99)),
        },
      }
    } finally {
      await server.stop()
    }
  } finally {
    own?.stop()
  }
}

/** The budget: a company's statement (one request at a time) p99 ≤ STATEMENT_BENCH.p99BudgetMs without errors. */
export function statementBudgets(report: StatementBenchReport | null): BudgetCheck[] {
  if (!report) return []
  return report.asks
    .filter((ask) => ask.connections === report.connections)
    .map(({ name, stats }) => ({
      metric: `Statement of account: ${name} p99 (ms), ${report.invoices} invoices, ${report.connections} connection`,
      value: stats.latencyP99Ms,
      budget: `≤ ${STATEMENT_BENCH.p99BudgetMs} ms`,
      pass: stats.latencyP99Ms <= STATEMENT_BENCH.p99BudgetMs && stats.non2xx === 0 && stats.errors === 0,
    }))
}

export function statementSection(report: StatementBenchReport | null): string {
  if (!report) return '## Statement of account\n\nNo PostgreSQL server: not measured.\n'
  return [
    "## Statement of account: a company's, with 1,000 invoices",
    '',
    `${report.database}; ${report.invoices} invoices of one company (every tenth credited, all in the last 90 days) and ${report.payments} payments (most allocated in full, some in part, some reversed, some on account). ${report.durationSeconds} s each; the budget is p99 ≤ ${STATEMENT_BENCH.p99BudgetMs} ms for the company asking (${report.connections} connection); the last row is ${STATEMENT_BENCH.loadConnections} at once, for the throughput (no budget).`,
    '',
    '| request | connections | answer | requests/s | p50 | p99 | server p99 | non-2xx |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
    ...report.asks.map(
      ({ path, connections, bytes, stats }) =>
        `| \`GET ${path.replace(/customers\/\d+/, 'customers/{id}')}\` | ${connections} | ${Math.round(bytes / 1024)} kB | ${stats.requestsPerSecMean} | ${stats.latencyP50Ms} ms | ${stats.latencyP99Ms} ms | ${stats.serverTimeP99Ms ?? '—'} ms | ${stats.non2xx} |`,
    ),
    '',
    `The statement's PDF (${Math.round(report.pdf.bytes / 1024)} kB), ${report.pdf.count} one after another: p50 ${report.pdf.p50Ms} ms, p99 ${report.pdf.p99Ms} ms.`,
    '',
  ].join('\n')
}

// Run alone: prints the report and its budget lines.
if (import.meta.url === `file://${process.argv[1]}`) {
  const report = await measureStatement(process.env.DATABASE_URL || undefined)
  process.stdout.write(`${JSON.stringify(report, null, 2)}\n${statementSection(report)}\n`)
  for (const check of statementBudgets(report)) {
    process.stdout.write(
      `${check.pass ? 'PASS' : 'FAIL'} ${check.metric}: ${check.value} (budget ${check.budget})\n`,
    )
  }
  process.exit(0)
}
