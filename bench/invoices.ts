/**
 * Tax invoices under load (issue 35, docs/invoices.md): a database holding INVOICE_BENCH.invoices issued
 * invoices (every tenth credited) of one company, seeded directly (bench/invoices-data.ts); then
 * - the customer's list (`GET /api/invoices`) and the finance desk's (`GET /api/staff/invoices`, also filtered
 *   by state) at INVOICE_BENCH.connections connections: p99 ≤ INVOICE_BENCH.p99BudgetMs;
 * - issuing an invoice (`POST /api/staff/bookings/{number}/invoices`, its PDF rendered and mailed in the
 *   transaction) INVOICE_BENCH.issues times one after another: its p99;
 * - on PostgreSQL, INVOICE_BENCH.race invoices issued at once across two server processes: distinct,
 *   consecutive numbers.
 *
 * Run alone: `node --import tsx bench/invoices.ts` (DATABASE_URL: a PostgreSQL server for all three; else
 * PGlite for the first two).
 */
import { randomBytes } from 'node:crypto'
import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import pg from 'pg'
import { type DatabaseHandle, openPGlite, openPostgres } from '../server/db/client'
import { TMP_DIR } from './config'
import { consecutive, INVOICE_BENCH_PASSWORD, issueOne, seedInvoiceData } from './invoices-data'
import { type LoadStats, serverTimedLoad } from './load'
import type { BudgetCheck } from './report-budgets'
import { type RunningServer, startServer } from './server'
import { log } from './util'

export const INVOICE_BENCH = {
  invoices: 10_000,
  connections: 20,
  durationSeconds: 10,
  p99BudgetMs: 50,
  issues: 200,
  race: 50,
} as const

const DB_DIR = join(TMP_DIR, 'invoices-db')

export interface InvoiceBenchReport {
  database: string
  invoices: number
  connections: number
  durationSeconds: number
  lists: { name: string; path: string; stats: LoadStats }[]
  issue: { count: number; p50Ms: number; p99Ms: number; maxMs: number }
  /** Null without PostgreSQL. */
  race: {
    invoices: number
    processes: number
    consecutive: boolean
    first: string
    last: string
    ms: number
  } | null
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0
const round1 = (ms: number) => Math.round(ms * 10) / 10

async function openDatabase(databaseUrl?: string): Promise<DatabaseHandle> {
  if (databaseUrl) return openPostgres(databaseUrl)
  await rm(DB_DIR, { recursive: true, force: true })
  return openPGlite(DB_DIR)
}

/** A database of its own on the PostgreSQL server of `adminUrl`: its URL and how to drop it. */
export async function freshDatabase(adminUrl: string) {
  const name = `eship_invoice_race_${randomBytes(4).toString('hex')}`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return url.toString()
}

/** INVOICE_BENCH.race invoices issued at once, alternately through two server processes. */
async function measureRace(adminUrl: string): Promise<InvoiceBenchReport['race']> {
  const databaseUrl = await freshDatabase(adminUrl)
  const handle = openPostgres(databaseUrl)
  const data = await seedInvoiceData(handle.db, { charges: INVOICE_BENCH.race, invoices: 0 }).finally(() =>
    handle.close(),
  )
  const env = { DATABASE_URL: databaseUrl, DEMO_SEED: '0', STATIC_DIR: '' }
  const servers: RunningServer[] = await Promise.all([
    startServer({ name: 'invoice-race-a', env }),
    startServer({ name: 'invoice-race-b', env }),
  ])
  try {
    log(`invoices: ${INVOICE_BENCH.race} invoices at once across two processes`)
    const started = performance.now()
    const numbers = await Promise.all(
      data.chargeIds.map((id, i) => issueOne((servers[i % 2] as RunningServer).origin, data, id)),
    )
    const ms = performance.now() - started
    const sorted = numbers.toSorted()
    return {
      invoices: numbers.length,
      processes: 2,
      consecutive: numbers.length === INVOICE_BENCH.race && consecutive(numbers),
      first: sorted[0] ?? '',
      last: sorted.at(-1) ?? '',
      ms: Math.round(ms),
    }
  } finally {
    await Promise.all(servers.map((server) => server.stop()))
  }
}

export async function measureInvoices(
  databaseUrl?: string,
  durationSeconds: number = INVOICE_BENCH.durationSeconds,
): Promise<InvoiceBenchReport> {
  log(`invoices: seeding ${INVOICE_BENCH.invoices} invoices`)
  const handle = await openDatabase(databaseUrl)
  const data = await seedInvoiceData(handle.db, {
    charges: INVOICE_BENCH.issues,
    invoices: INVOICE_BENCH.invoices,
  }).finally(() => handle.close())
  const env = databaseUrl
    ? { DATABASE_URL: databaseUrl, DEMO_SEED: '0', STATIC_DIR: '' }
    : { PGLITE_DIR: DB_DIR, DEMO_SEED: '0', STATIC_DIR: '' }
  const server = await startServer({ name: 'invoices-server', env })
  let lists: InvoiceBenchReport['lists']
  let issue: InvoiceBenchReport['issue']
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
    const asks = [
      { name: 'customer list', path: '/api/invoices', headers: customer },
      { name: 'customer list, overdue', path: '/api/invoices?state=overdue', headers: customer },
      { name: 'finance list', path: '/api/staff/invoices', headers: finance },
      {
        name: 'finance list, one company, issued',
        path: `/api/staff/invoices?customerId=${data.customerId}&state=issued`,
        headers: finance,
      },
    ]
    // A fresh server's first seconds (JIT, PostgreSQL's plan and buffer caches) are not what a customer meets
    // on a running one: a short load on each list, not measured, before the measured ones.
    for (const ask of asks) {
      await serverTimedLoad({
        url: `${server.origin}${ask.path}`,
        headers: ask.headers,
        connections: INVOICE_BENCH.connections,
        duration: 2,
      })
    }
    lists = []
    for (const ask of asks) {
      const url = `${server.origin}${ask.path}`
      const probe = await fetch(url, { headers: ask.headers })
      if (probe.status !== 200) throw new Error(`${url} answered ${probe.status}: ${await probe.text()}`)
      log(`invoices: ${ask.name} with ${INVOICE_BENCH.connections} connections for ${durationSeconds} s`)
      const stats = await serverTimedLoad({
        url,
        headers: ask.headers,
        connections: INVOICE_BENCH.connections,
        duration: durationSeconds,
      })
      lists.push({ name: ask.name, path: ask.path, stats })
    }
    log(`invoices: issuing ${INVOICE_BENCH.issues} invoices one after another`)
    const times: number[] = []
    for (const id of data.chargeIds) {
      const started = performance.now()
      await issueOne(server.origin, data, id)
      times.push(performance.now() - started)
    }
    times.sort((a, b) => a - b)
    issue = {
      count: times.length,
      p50Ms: round1(percentile(times, 50)),
      p99Ms: round1(percentile(times, 99)),
      maxMs: round1(times.at(-1) ?? 0),
    }
  } finally {
    await server.stop()
  }
  const race = databaseUrl ? await measureRace(databaseUrl) : null
  return {
    database: databaseUrl ? 'PostgreSQL' : 'PGlite (embedded)',
    invoices: INVOICE_BENCH.invoices,
    connections: INVOICE_BENCH.connections,
    durationSeconds,
    lists,
    issue,
    race,
  }
}

/** The budgets: each list p99 ≤ INVOICE_BENCH.p99BudgetMs without errors; the race's numbers consecutive. */
export function invoiceBudgets(report: InvoiceBenchReport): BudgetCheck[] {
  const checks: BudgetCheck[] = report.lists.map(({ name, stats }) => ({
    metric: `Invoices: ${name} p99 (ms), ${report.invoices} invoices, ${report.connections} connections`,
    value: stats.latencyP99Ms,
    budget: `≤ ${INVOICE_BENCH.p99BudgetMs} ms`,
    pass: stats.latencyP99Ms <= INVOICE_BENCH.p99BudgetMs && stats.non2xx === 0 && stats.errors === 0,
  }))
  if (report.race) {
    checks.push({
      metric: `Invoices: ${report.race.invoices} issued at once across ${report.race.processes} processes, distinct and consecutive`,
      value: report.race.consecutive ? 1 : 0,
      budget: '= 1 (yes)',
      pass: report.race.consecutive,
    })
  }
  return checks
}

export function invoicesSection(report: InvoiceBenchReport): string {
  const race = report.race
  return [
    '## Tax invoices: the lists, issuing, numbers across processes',
    '',
    `${report.database}; ${report.invoices} invoices of one company (every tenth credited) seeded in the database. Lists at ${report.connections} connections for ${report.durationSeconds} s each; the budget is p99 ≤ ${INVOICE_BENCH.p99BudgetMs} ms.`,
    '',
    '| request | requests/s | p50 | p99 | server p99 | non-2xx |',
    '| --- | --- | --- | --- | --- | --- |',
    ...report.lists.map(
      ({ path, stats }) =>
        `| \`GET ${path}\` | ${stats.requestsPerSecMean} | ${stats.latencyP50Ms} ms | ${stats.latencyP99Ms} ms | ${stats.serverTimeP99Ms ?? '—'} ms | ${stats.non2xx} |`,
    ),
    '',
    `Issuing an invoice (one charge, its PDF rendered and mailed in the transaction), ${report.issue.count} one after another: p50 ${report.issue.p50Ms} ms, p99 ${report.issue.p99Ms} ms, max ${report.issue.maxMs} ms.`,
    '',
    race
      ? `${race.invoices} invoices issued at once across ${race.processes} server processes on one PostgreSQL in ${race.ms} ms: ${race.first} … ${race.last}, ${race.consecutive ? 'distinct and consecutive' : 'NOT distinct and consecutive'}.`
      : 'No PostgreSQL server: the issue across two processes was not measured.',
    '',
  ].join('\n')
}

// Run alone: prints the report and its budget lines.
if (import.meta.url === `file://${process.argv[1]}`) {
  const report = await measureInvoices(process.env.DATABASE_URL || undefined)
  process.stdout.write(`${JSON.stringify(report, null, 2)}\n${invoicesSection(report)}\n`)
  for (const check of invoiceBudgets(report)) {
    process.stdout.write(
      `${check.pass ? 'PASS' : 'FAIL'} ${check.metric}: ${check.value} (budget ${check.budget})\n`,
    )
  }
  process.exit(0)
}
