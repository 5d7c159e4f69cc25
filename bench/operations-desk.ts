/**
 * The operations desk's queues under load (issue 23, docs/operations-desk.md): a database holding
 * OPS_DESK_BENCH.bookings bookings (in every status, with moved ETAs, holds, unreviewed uploads, carrier
 * references and containers) and OPS_DESK_BENCH.events tracking events, seeded directly in the database; then
 * `GET /api/staff/bookings?queue=…` for each queue, and a search, at OPS_DESK_BENCH.connections connections
 * with a staff member of the Operations role. The budget: p99 ≤ OPS_DESK_BENCH.p99BudgetMs for each.
 *
 * Run alone: `node --import tsx bench/operations-desk.ts` (prints the report as JSON and its budget lines);
 * `npm run bench` runs it among the others.
 */
import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import { sql } from 'kysely'
import { opsQueues } from '../contract/operations-desk'
import { hashPassword } from '../server/auth/password'
import { hashToken, newToken } from '../server/auth/tokens'
import { createUser } from '../server/auth/users'
import { type DatabaseHandle, openPGlite, openPostgres } from '../server/db/client'
import { prepareDatabase } from '../server/prepare'
import { insertStaff } from '../server/staff/accounts'
import { openStaffSession } from '../server/staff/sessions'
import { TMP_DIR } from './config'
import { type LoadStats, serverTimedLoad } from './load'
import type { BudgetCheck } from './report-budgets'
import { startServer } from './server'
import { log } from './util'

export const OPS_DESK_BENCH = {
  bookings: 10_000,
  events: 100_000,
  connections: 20,
  durationSeconds: 10,
  p99BudgetMs: 50,
} as const

const DB_DIR = join(TMP_DIR, 'ops-desk-db')

export interface OpsDeskBenchReport {
  database: string
  bookings: number
  events: number
  /** How many bookings each queue held. */
  queueSizes: Record<string, number>
  connections: number
  durationSeconds: number
  /** By what was asked: each queue (`queue=received`, …) and the search. */
  runs: { name: string; query: string; stats: LoadStats }[]
}

/**
 * Seeds the bookings, events, uploads and a staff member in one go (SQL, generate_series). Booking n is, by
 * n mod 10: 0–2 Booking Received, 3–4 Confirmed, 5 Cargo Received, 6 Departed, 7 On Hold (from Confirmed),
 * 8 Arrived, 9 Delivered; every 7th live shipment has a moved ETA, every 5th booking an unreviewed upload.
 */
async function prepare(databaseUrl?: string) {
  let handle: DatabaseHandle
  if (databaseUrl) handle = openPostgres(databaseUrl)
  else {
    await rm(DB_DIR, { recursive: true, force: true })
    handle = await openPGlite(DB_DIR)
  }
  try {
    const { db } = handle
    await prepareDatabase(db, { demoSeed: false })
    const now = new Date()
    const country = await db
      .selectFrom('countries')
      .select(['mcou_rid', 'eshp_mcpy'])
      .where('mcou_code', '=', 'SG')
      .executeTakeFirstOrThrow()
    const run = Date.now().toString(36)
    const userId = await createUser(db, {
      esus_name: 'Bench Shipper',
      esus_company_name: 'Bench Desk Trading Pte Ltd',
      esus_regn_no: `BENCHD${run}`.slice(0, 20).toUpperCase(),
      esus_email_id: `desk.${run}@bench.example`,
      password_hash: await hashPassword('Bench#2026desk'),
      esus_mcou: country.mcou_rid,
      code: '+65',
      esus_phone: '61234567',
      esus_address1: '1 Bench Road, Singapore',
      esus_source: 'Others',
      esus_mcpy: country.eshp_mcpy,
      activated_at: now,
    })
    const { customer_id: customerId } = await db
      .selectFrom('users')
      .select('customer_id')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow()
    const n = OPS_DESK_BENCH.bookings
    const request = JSON.stringify({
      mode: 'FCL',
      origin: 'SGSIN',
      destination: 'INNSA',
      readyDate: now.toISOString().slice(0, 10),
      commodity: 'Machine parts',
      containers: [{ type: '40HC', count: 2 }],
    })
    await sql`
      insert into quotes (number, customer_id, user_id, kind, mode, origin, destination, request, services,
        first_lcl_eligible, fx, service_tariffs, valid_to, created_at)
      select 'DESKQ-' || g, ${customerId}, ${userId}, 'priced', 'FCL', 'SGSIN', 'INNSA', ${request}::jsonb,
        '{}'::jsonb, false, '{}'::jsonb, '{}'::jsonb, null, ${now}
      from generate_series(1, ${n}) g`.execute(db)
    await sql`
      insert into quote_options (quote_id, lane, carrier, transit_days, valid_to, total_usd)
      select q.id, '{}'::jsonb, 'Bench Line', 12, current_date + 30, 420000 from quotes q where q.number like 'DESKQ-%'`.execute(
      db,
    )
    const statuses = sql`(array['Booking Received', 'Booking Received', 'Booking Received', 'Confirmed',
      'Confirmed', 'Cargo Received', 'Departed', 'On Hold', 'Arrived', 'Delivered'])[g % 10 + 1]`
    const minutes = (expr: string) => sql.raw(`(interval '1 minute' * (${expr}))`)
    await sql`
      insert into bookings (number, customer_id, user_id, quote_id, option_id, mode, status, details, price,
        total_usd, created_at, hbl, carrier, origin, destination, legs, etd, eta, original_eta, held_from,
        status_reason, held_at, eta_moved_at, confirmed_at, updated_at, carrier_booking_ref, containers)
      select 'ESB-2099' || lpad(g::text, 6, '0'), ${customerId}, ${userId}, q.id, o.id, 'FCL', ${statuses},
        '{}'::jsonb, '{"totalUsd": 420000, "lines": []}'::jsonb, 420000,
        ${now}::timestamptz - ${minutes(`${n} - g`)},
        case when g % 10 >= 3 then 'ESHBL2099' || lpad(g::text, 6, '0') end,
        'Bench Line ' || (g % 4), 'SGSIN', case when g % 3 = 0 then 'NLRTM' else 'INNSA' end, '[]'::jsonb,
        ${now}::timestamptz + ${minutes('g % 5000')}, ${now}::timestamptz + ${minutes('g % 5000 + 20000')},
        ${now}::timestamptz + ${minutes('g % 5000 + 20000')} - case when g % 7 = 0 then interval '2 days' else interval '0' end,
        case when g % 10 = 7 then 'Confirmed' end,
        case when g % 10 = 7 then 'Awaiting the export permit.' end,
        case when g % 10 = 7 then ${now}::timestamptz - ${minutes('g % 900')} end,
        case when g % 7 = 0 and g % 10 between 3 and 7 then ${now}::timestamptz - ${minutes('g % 800')} end,
        case when g % 10 >= 3 then ${now}::timestamptz end, ${now}::timestamptz,
        case when g % 10 >= 3 then 'BENCH' || g end,
        case when g % 10 >= 3 then array['BNCU' || lpad(g::text, 7, '0')] else '{}'::text[] end
      from generate_series(1, ${n}) g
      join quotes q on q.number = 'DESKQ-' || g
      join quote_options o on o.quote_id = q.id`.execute(db)
    await sql`
      insert into booking_documents (id, booking_id, customer_id, kind, name, size, content_type, storage_key,
        status, uploaded_by, uploaded_at)
      select gen_random_uuid()::text, b.id, b.customer_id, 'commercial_invoice', 'invoice.pdf', 1000,
        'application/pdf', gen_random_uuid()::text,
        case when b.id % 5 = 0 then 'Uploaded' else 'Accepted' end, ${userId},
        ${now}::timestamptz - ${minutes('b.id % 700')}
      from bookings b where b.number like 'ESB-2099%' and b.id % 2 = 0`.execute(db)
    const perBooking = Math.ceil(OPS_DESK_BENCH.events / n)
    await sql`
      insert into tracking_events (event_id, booking_id, event_type, classifier, code, event_date_time,
        event_created_date_time, location, received_at, posted_by)
      select gen_random_uuid()::text, b.id, 'EQUIPMENT', 'ACT', 'INSP',
        b.created_at + ${minutes('k')}, b.created_at + ${minutes('k')}, 'SGSIN', ${now}, 'ops-key'
      from bookings b, generate_series(1, ${perBooking}) k where b.number like 'ESB-2099%'`.execute(db)
    const member = await insertStaff(
      db,
      { email: `desk.staff.${run}@bench.example`, name: 'Bench Operations', roles: ['operations'] },
      now,
    )
    if (!member) throw new Error('bench staff email taken')
    const token = newToken()
    await openStaffSession(db, member.id, hashToken(token), now)
    await sql`vacuum analyze`.execute(db)
    await sql`checkpoint`.execute(db)
    const count = async (table: 'bookings' | 'tracking_events') =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      )
    const database = databaseUrl
      ? `PostgreSQL ${(await sql<{ server_version: string }>`show server_version`.execute(db)).rows[0]?.server_version.split(' ')[0]}`
      : 'PGlite (embedded)'
    return {
      database,
      env: databaseUrl
        ? { DATABASE_URL: databaseUrl, DEMO_SEED: '0', STATIC_DIR: '' }
        : { PGLITE_DIR: DB_DIR, DEMO_SEED: '0', STATIC_DIR: '' },
      token,
      bookings: await count('bookings'),
      events: await count('tracking_events'),
    }
  } finally {
    await handle.close()
  }
}

export async function measureOpsDesk(
  databaseUrl?: string,
  durationSeconds: number = OPS_DESK_BENCH.durationSeconds,
): Promise<OpsDeskBenchReport> {
  log(`operations desk: seeding ${OPS_DESK_BENCH.bookings} bookings, ${OPS_DESK_BENCH.events} events`)
  const data = await prepare(databaseUrl)
  const server = await startServer({ name: 'ops-desk-server', env: data.env })
  try {
    const headers = { authorization: `Bearer ${data.token}` }
    const asks = [
      ...opsQueues.map((queue) => ({ name: `queue=${queue}`, query: `queue=${queue}` })),
      // A container's start, searched in the largest queue, with a filter.
      { name: 'search', query: 'queue=hold&q=BNCU00017&destination=INNSA' },
    ]
    const queueSizes: Record<string, number> = {}
    const runs: OpsDeskBenchReport['runs'] = []
    for (const ask of asks) {
      const url = `${server.origin}/api/staff/bookings?${ask.query}`
      const probe = await fetch(url, { headers })
      const body = (await probe.json()) as { counts?: Record<string, number>; items?: unknown[] }
      if (probe.status !== 200) throw new Error(`${url} answered ${probe.status}: ${JSON.stringify(body)}`)
      Object.assign(queueSizes, body.counts)
      if (ask.name === 'search') queueSizes.search = body.items?.length ?? 0
      log(
        `operations desk: ${ask.name} with ${OPS_DESK_BENCH.connections} connections for ${durationSeconds} s`,
      )
      const stats = await serverTimedLoad({
        url,
        headers,
        connections: OPS_DESK_BENCH.connections,
        duration: durationSeconds,
      })
      runs.push({ name: ask.name, query: ask.query, stats })
    }
    return {
      database: data.database,
      bookings: data.bookings,
      events: data.events,
      queueSizes,
      connections: OPS_DESK_BENCH.connections,
      durationSeconds,
      runs,
    }
  } finally {
    await server.stop()
  }
}

/** The budget: each queue and the search answer p99 ≤ OPS_DESK_BENCH.p99BudgetMs, without errors. */
export function opsDeskBudgets(report: OpsDeskBenchReport): BudgetCheck[] {
  return report.runs.map(({ name, stats }) => ({
    metric: `Operations desk ${name} p99 (ms), ${report.bookings} bookings, ${report.events} events, ${report.connections} connections`,
    value: stats.latencyP99Ms,
    budget: `≤ ${OPS_DESK_BENCH.p99BudgetMs} ms`,
    pass: stats.latencyP99Ms <= OPS_DESK_BENCH.p99BudgetMs && stats.non2xx === 0 && stats.errors === 0,
  }))
}

export function opsDeskSection(report: OpsDeskBenchReport): string {
  return [
    '## Operations desk: the queues under load',
    '',
    `${report.database}; ${report.bookings} bookings and ${report.events} tracking events seeded in the database (queue sizes: ${Object.entries(
      report.queueSizes,
    )
      .map(([k, v]) => `${k} ${v}`)
      .join(
        ', ',
      )}). \`GET /api/staff/bookings\` at ${report.connections} connections for ${report.durationSeconds} s each, by a staff member of the Operations role; the budget is p99 ≤ ${OPS_DESK_BENCH.p99BudgetMs} ms.`,
    '',
    '| request | requests/s | p50 | p99 | server p99 | non-2xx |',
    '| --- | --- | --- | --- | --- | --- |',
    ...report.runs.map(
      ({ query, stats }) =>
        `| \`?${query}\` | ${stats.requestsPerSecMean} | ${stats.latencyP50Ms} ms | ${stats.latencyP99Ms} ms | ${stats.serverTimeP99Ms ?? '—'} ms | ${stats.non2xx} |`,
    ),
    '',
  ].join('\n')
}

// Run alone: prints the report and its budget lines.
if (import.meta.url === `file://${process.argv[1]}`) {
  const report = await measureOpsDesk(process.env.DATABASE_URL || undefined)
  process.stdout.write(`${JSON.stringify(report, null, 2)}\n${opsDeskSection(report)}\n`)
  for (const check of opsDeskBudgets(report)) {
    process.stdout.write(
      `${check.pass ? 'PASS' : 'FAIL'} ${check.metric}: ${check.value} (budget ${check.budget})\n`,
    )
  }
  process.exit(0)
}
