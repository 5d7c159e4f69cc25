/**
 * Conversations under many open event streams (issue 22, docs/conversations.md): one server process holds
 * CONVERSATION_BENCH.streams Server-Sent Event streams (customers' of many companies, and staff's), messages
 * are posted one after another through the API, and each is timed from the POST being sent to its arrival on
 * every stream that may see it (the company's streams; the staff streams for a customer's message). Reports
 * delivery p50/p99/max, whether every delivery arrived, and the server's resident memory per stream (see
 * rssPerStreamKiB).
 *
 * Run alone: `node --import tsx bench/conversations.ts` (prints the report as JSON); `npm run bench` runs it
 * among the others.
 */
import { readFileSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import { sql } from 'kysely'
import { conversationPaths } from '../contract/conversations'
import { hashPassword } from '../server/auth/password'
import { hashToken, newToken } from '../server/auth/tokens'
import { createUser } from '../server/auth/users'
import { type DatabaseHandle, openPGlite, openPostgres } from '../server/db/client'
import { prepareDatabase } from '../server/prepare'
import { insertStaff } from '../server/staff/accounts'
import { openStaffSession } from '../server/staff/sessions'
import { TMP_DIR } from './config'
import type { BudgetCheck } from './report-budgets'
import { startServer } from './server'
import { log, round, sleep } from './util'

export const CONVERSATION_BENCH = {
  streams: 1000,
  companies: 100,
  /** Streams per company (one session each, several tabs): companies × this are the customers' streams. */
  streamsPerCompany: 9,
  staff: 10,
  messages: 60,
  /** Between two posts: delivery latency, not throughput, is measured. */
  gapMs: 25,
  p99BudgetMs: 200,
} as const

const DB_DIR = join(TMP_DIR, 'conversation-db')

export interface ConversationBenchReport {
  database: string
  streams: number
  customerStreams: number
  staffStreams: number
  messages: number
  /** Message arrivals expected on the streams, and those that came. */
  deliveriesExpected: number
  deliveriesArrived: number
  latencyMs: { p50: number; p99: number; max: number }
  rssBeforeMiB: number
  /** With a tenth of the streams open. */
  rssTenthMiB: number
  rssAfterMiB: number
  /** (RSS with all streams − RSS with a tenth) ÷ the nine tenths opened between. */
  rssPerStreamKiB: number
}

interface Prepared {
  database: string
  env: Record<string, string>
  companies: { token: string; quote: string }[]
  staffTokens: string[]
}

async function prepare(databaseUrl?: string): Promise<Prepared> {
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
    const passwordHash = await hashPassword('Bench#2026talk')
    const run = Date.now().toString(36)
    const companies: Prepared['companies'] = []
    for (let i = 0; i < CONVERSATION_BENCH.companies; i += 1) {
      const userId = await createUser(db, {
        esus_name: `Bench Customer ${i}`,
        esus_company_name: `Bench Trading ${i} Pte Ltd`,
        esus_regn_no: `BENCHC${String(i).padStart(4, '0')}`,
        esus_email_id: `talk${i}.${run}@bench.example`,
        password_hash: passwordHash,
        esus_mcou: country.mcou_rid,
        code: '+65',
        esus_phone: '61234567',
        esus_address1: '1 Bench Road, Singapore',
        esus_source: 'Others',
        esus_mcpy: country.eshp_mcpy,
        activated_at: now,
      })
      const user = await db
        .selectFrom('users')
        .select('customer_id')
        .where('id', '=', userId)
        .executeTakeFirstOrThrow()
      const quote = `ESQ-2026${String(900000 + i).padStart(6, '0')}`
      await db
        .insertInto('quotes')
        .values({
          number: quote,
          customer_id: user.customer_id,
          user_id: userId,
          kind: 'requested',
          mode: 'FCL',
          origin: 'SGSIN',
          destination: 'INNSA',
          request: '{}',
          services: '{}',
          first_lcl_eligible: false,
          fx: '{}',
          service_tariffs: '{}',
          valid_to: null,
          created_at: now,
        })
        .execute()
      const token = newToken()
      await db
        .insertInto('sessions')
        .values({ user_id: userId, token_hash: hashToken(token), created_at: now, last_seen_at: now })
        .execute()
      companies.push({ token, quote })
    }
    const staffTokens: string[] = []
    for (let i = 0; i < CONVERSATION_BENCH.staff; i += 1) {
      const member = await insertStaff(
        db,
        { email: `talk.staff${i}.${run}@bench.example`, name: `Bench Staff ${i}`, roles: ['sales'] },
        now,
      )
      if (!member) throw new Error('bench staff email taken')
      const token = newToken()
      await openStaffSession(db, member.id, hashToken(token), now)
      staffTokens.push(token)
    }
    const database = databaseUrl
      ? `PostgreSQL ${(await sql<{ server_version: string }>`show server_version`.execute(db)).rows[0]?.server_version.split(' ')[0]}`
      : 'PGlite (embedded)'
    return {
      database,
      env: databaseUrl
        ? { DATABASE_URL: databaseUrl, DEMO_SEED: '0' }
        : { PGLITE_DIR: DB_DIR, DEMO_SEED: '0' },
      companies,
      staffTokens,
    }
  } finally {
    await handle.close()
  }
}

/** The resident memory of a process (Linux /proc), in bytes. */
function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = /VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1]
  if (!kb) throw new Error(`no VmRSS for ${pid}`)
  return Number(kb) * 1024
}

/** RSS once it stops moving by more than 1 MiB between two looks a second apart (at most 10 s). */
async function steadyRss(pid: number): Promise<number> {
  let last = rssOf(pid)
  for (let i = 0; i < 10; i += 1) {
    await sleep(1000)
    const now = rssOf(pid)
    if (Math.abs(now - last) < 1024 ** 2) return now
    last = now
  }
  return last
}

interface Stream {
  /** The message tags seen, with when. */
  arrivals: Map<string, number>
  abort: AbortController
}

/** Opens an event stream and records when each message's tag (`bench <n>`) arrives. */
async function openStream(url: string, token: string): Promise<Stream> {
  const abort = new AbortController()
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}` }, signal: abort.signal })
  if (res.status !== 200 || !res.body) throw new Error(`${url} answered ${res.status}`)
  const arrivals = new Map<string, number>()
  const reader = res.body.getReader()
  const decoder = new TextDecoder()
  let buffer = ''
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read()
        if (done) return
        const at = performance.now()
        buffer += decoder.decode(value, { stream: true })
        let end = buffer.indexOf('\n\n')
        while (end >= 0) {
          const block = buffer.slice(0, end)
          buffer = buffer.slice(end + 2)
          const tag = /"body":"(bench \d+)"/.exec(block)?.[1]
          if (tag && !arrivals.has(tag)) arrivals.set(tag, at)
          end = buffer.indexOf('\n\n')
        }
      }
    } catch {
      // aborted
    }
  })()
  return { arrivals, abort }
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0
    ? 0
    : (sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0)

export async function measureConversations(databaseUrl?: string): Promise<ConversationBenchReport> {
  const bench = CONVERSATION_BENCH
  const data = await prepare(databaseUrl)
  const server = await startServer({ name: 'conversation-server', env: { ...data.env, STATIC_DIR: '' } })
  const streams: Stream[] = []
  try {
    const { origin } = server
    // Warm the routes and the session look-ups, then settle.
    for (const company of data.companies.slice(0, 5)) {
      await fetch(`${origin}${conversationPaths.unread}`, {
        headers: { authorization: `Bearer ${company.token}` },
      }).then((r) => r.arrayBuffer())
    }
    await sleep(1000)
    const rssBefore = await steadyRss(server.pid)
    log(`conversations: opening ${bench.streams} event streams`)
    const byCompany: Stream[][] = data.companies.map(() => [])
    const staffStreams: Stream[] = []
    const plan: (() => Promise<void>)[] = []
    for (const [index, company] of data.companies.entries()) {
      for (let i = 0; i < bench.streamsPerCompany; i += 1) {
        plan.push(() =>
          openStream(`${origin}${conversationPaths.events}`, company.token).then((stream) => {
            byCompany[index]?.push(stream)
            streams.push(stream)
          }),
        )
      }
    }
    const staffCount = bench.streams - bench.companies * bench.streamsPerCompany
    for (let i = 0; i < staffCount; i += 1) {
      const token = data.staffTokens[i % data.staffTokens.length] as string
      plan.push(() =>
        openStream(`${origin}${conversationPaths.staffEvents}`, token).then((stream) => {
          staffStreams.push(stream)
          streams.push(stream)
        }),
      )
    }
    // Shuffled, so that the first tenth has customers' and staff's streams alike; in batches of 50.
    plan.sort(() => Math.random() - 0.5)
    const openBatch = async (from: number, to: number) => {
      for (let i = from; i < to; i += 50)
        await Promise.all(plan.slice(i, Math.min(i + 50, to)).map((f) => f()))
    }
    // Memory per stream: RSS with a tenth of them open, then with all, each once it is steady. The server's
    // RSS moves by several MiB as its garbage is collected; comparing two states with streams open (both
    // after the same kind of work) keeps that out of the difference better than comparing with none.
    const tenth = Math.round(plan.length / 10)
    await openBatch(0, tenth)
    const rssTenth = await steadyRss(server.pid)
    await openBatch(tenth, plan.length)
    const rssAfter = await steadyRss(server.pid)

    log(`conversations: ${bench.messages} messages, one every ${bench.gapMs} ms`)
    const sentAt = new Map<string, number>()
    const expected: { tag: string; streams: Stream[] }[] = []
    for (let n = 0; n < bench.messages; n += 1) {
      const index = n % data.companies.length
      const company = data.companies[index] as (typeof data.companies)[number]
      const fromCustomer = n % 2 === 0
      const tag = `bench ${n}`
      const path = fromCustomer
        ? conversationPaths.messages('quote', company.quote)
        : conversationPaths.staffMessages('quote', company.quote)
      const token = fromCustomer ? company.token : (data.staffTokens[0] as string)
      sentAt.set(tag, performance.now())
      const res = await fetch(`${origin}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ body: tag }),
      })
      if (res.status !== 201) throw new Error(`posting answered ${res.status}: ${await res.text()}`)
      await res.arrayBuffer()
      expected.push({
        tag,
        streams: [...(byCompany[index] ?? []), ...(fromCustomer ? staffStreams : [])],
      })
      await sleep(bench.gapMs)
    }
    const total = expected.reduce((sum, e) => sum + e.streams.length, 0)
    const arrived = () =>
      expected.reduce((sum, e) => sum + e.streams.filter((s) => s.arrivals.has(e.tag)).length, 0)
    const deadline = Date.now() + 10_000
    while (arrived() < total && Date.now() < deadline) await sleep(50)
    const latencies: number[] = []
    for (const { tag, streams: receivers } of expected) {
      const sent = sentAt.get(tag) as number
      for (const stream of receivers) {
        const at = stream.arrivals.get(tag)
        if (at !== undefined) latencies.push(at - sent)
      }
    }
    latencies.sort((a, b) => a - b)
    const report: ConversationBenchReport = {
      database: data.database,
      streams: streams.length,
      customerStreams: streams.length - staffStreams.length,
      staffStreams: staffStreams.length,
      messages: bench.messages,
      deliveriesExpected: total,
      deliveriesArrived: latencies.length,
      latencyMs: {
        p50: round(percentile(latencies, 50), 1),
        p99: round(percentile(latencies, 99), 1),
        max: round(latencies.at(-1) ?? 0, 1),
      },
      rssBeforeMiB: round(rssBefore / 1024 ** 2, 1),
      rssTenthMiB: round(rssTenth / 1024 ** 2, 1),
      rssAfterMiB: round(rssAfter / 1024 ** 2, 1),
      rssPerStreamKiB: round((rssAfter - rssTenth) / 1024 / (streams.length - tenth), 1),
    }
    log(
      `conversations: p50 ${report.latencyMs.p50} ms, p99 ${report.latencyMs.p99} ms, ${report.deliveriesArrived}/${total} arrived, ${report.rssPerStreamKiB} KiB per stream`,
    )
    return report
  } finally {
    for (const stream of streams) stream.abort.abort()
    await server.stop()
  }
}

/** The budget: every delivery arrives, p99 within CONVERSATION_BENCH.p99BudgetMs. */
export function conversationBudgets(report: ConversationBenchReport): BudgetCheck[] {
  return [
    {
      metric: `Conversation message delivery p99 (ms), ${report.streams} open streams`,
      value: report.latencyMs.p99,
      budget: `≤ ${CONVERSATION_BENCH.p99BudgetMs} ms`,
      pass:
        report.latencyMs.p99 <= CONVERSATION_BENCH.p99BudgetMs &&
        report.deliveriesArrived === report.deliveriesExpected,
    },
  ]
}

export function conversationsSection(report: ConversationBenchReport): string {
  return [
    '## Conversations: messages on 1,000 open event streams',
    '',
    `${report.database}; one server process holding ${report.streams} Server-Sent Event streams (${report.customerStreams} of ${CONVERSATION_BENCH.companies} companies' users, ${report.staffStreams} of staff). ${report.messages} messages posted ${CONVERSATION_BENCH.gapMs} ms apart, each timed from its POST to its arrival on every stream that may see it. Memory per stream: (RSS with all open − RSS with a tenth open) ÷ the streams opened between; the RSS of a process moves by several MiB as garbage is collected, so it is an estimate.`,
    '',
    '| deliveries | p50 | p99 | max | RSS, no stream | RSS, a tenth open | RSS, all open | per stream |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
    `| ${report.deliveriesArrived} of ${report.deliveriesExpected} | ${report.latencyMs.p50} ms | ${report.latencyMs.p99} ms | ${report.latencyMs.max} ms | ${report.rssBeforeMiB} MiB | ${report.rssTenthMiB} MiB | ${report.rssAfterMiB} MiB | ${report.rssPerStreamKiB} KiB |`,
    '',
  ].join('\n')
}

// Run alone: prints the report.
if (import.meta.url === `file://${process.argv[1]}`) {
  const report = await measureConversations(process.env.DATABASE_URL || undefined)
  process.stdout.write(`${JSON.stringify(report, null, 2)}\n${conversationsSection(report)}\n`)
  process.stdout.write(`${JSON.stringify(conversationBudgets(report))}\n`)
  process.exit(0)
}
