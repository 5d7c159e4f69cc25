// Whether the sign-in operations answer an email with an account and one without in the same time (issue 19,
// section 4), measured as a client sees it: over HTTP, against a production server at production's scrypt cost.
// Alone: node --import tsx bench/auth-timing.ts [--only forgotPassword ...] [--pause <ms>]
import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import { sql } from 'kysely'
import { hashPassword } from '../server/auth/password'
import { createPasswordReset } from '../server/auth/password-resets'
import { hashToken } from '../server/auth/tokens'
import { createUser } from '../server/auth/users'
import { type DatabaseHandle, openPGlite, openPostgres } from '../server/db/client'
import { prepareDatabase } from '../server/prepare'
import { AUTH_TIMING, TMP_DIR } from './config'
import { startBenchPostgres } from './postgres'
import { startServer } from './server'
import { errorMessage, log, median, round, runCleanups, sleep } from './util'

const TIMING_DB_DIR = join(TMP_DIR, 'auth-timing-db')
const PASSWORD = 'Bench#2026timing'

export interface KnownUnknown {
  operation: string
  /** What "known" and "unknown" are for this operation. */
  known: string
  unknown: string
  /** Pairs measured per round. */
  samples: number
  /** Each round: the medians of its `samples` known and unknown answers and their difference (known - unknown). */
  rounds: { knownMedianMs: number; unknownMedianMs: number; differenceMs: number }[]
  /** The medians of every round's answers together. */
  knownMedianMs: number
  unknownMedianMs: number
  /** |known - unknown|, of those medians. */
  differenceMs: number
  /** Every answer's status, both kinds: they must be the same. */
  statuses: Record<string, number>
}

export interface AuthTimingReport {
  database: string
  scryptLogN: number
  samples: number
  warmUp: number
  pauseMs: number
  /** Rounds of the fast operations (forgot-password, reset-password). */
  rounds: number
  operations: KnownUnknown[]
}

interface Prepared {
  database: string
  env: Record<string, string>
  /** Activated accounts, one per sample and warm-up. */
  accounts: string[]
  /** Reset tokens that were used (a newer link retired them), one per sample and warm-up. */
  usedTokens: string[]
}

/** A new database holding the accounts and reset links the measures need. */
async function prepareTimingDatabase(serverUrl: string | undefined, count: number): Promise<Prepared> {
  let handle: DatabaseHandle
  let env: Record<string, string>
  if (serverUrl) {
    const admin = openPostgres(serverUrl)
    await sql`drop database if exists auth_timing`.execute(admin.db)
    await sql`create database auth_timing`.execute(admin.db)
    await admin.close()
    const url = new URL(serverUrl)
    url.pathname = '/auth_timing'
    handle = openPostgres(url.href)
    env = { DATABASE_URL: url.href }
  } else {
    await rm(TIMING_DB_DIR, { recursive: true, force: true })
    handle = await openPGlite(TIMING_DB_DIR)
    env = { PGLITE_DIR: TIMING_DB_DIR }
  }
  try {
    await prepareDatabase(handle.db, { demoSeed: false })
    const country = await handle.db
      .selectFrom('countries')
      .select(['mcou_rid', 'eshp_mcpy'])
      .where('mcou_code', '=', 'SG')
      .executeTakeFirstOrThrow()
    // One hash at the production cost serves every account: what a login checks it against.
    const passwordHash = await hashPassword(PASSWORD, { logN: AUTH_TIMING.scryptLogN, r: 8, p: 1 })
    const accounts: string[] = []
    const usedTokens: string[] = []
    for (let n = 0; n < count; n += 1) {
      const email = `known.${n}@eship.example`
      const id = await createUser(handle.db, {
        esus_name: `Known ${n}`,
        esus_company_name: 'Timing Trading Pte Ltd',
        esus_regn_no: `TIMING${n}`,
        esus_email_id: email,
        password_hash: passwordHash,
        esus_mcou: country.mcou_rid,
        code: '+65',
        esus_phone: '61234567',
        esus_address1: '1 Timing Road, Singapore',
        esus_source: 'Others',
        esus_mcpy: country.eshp_mcpy,
        activated_at: new Date(),
      })
      accounts.push(email)
      const used = `used-token-${n}`
      await createPasswordReset(handle.db, id, hashToken(used), new Date())
      await createPasswordReset(handle.db, id, hashToken(`newest-token-${n}`), new Date())
      usedTokens.push(used)
    }
    return { database: serverUrl ? 'PostgreSQL' : 'PGlite (embedded)', env, accounts, usedTokens }
  } finally {
    await handle.close()
  }
}

let addressCount = 0
/** Every request from an address of its own, so the per-address limits never answer instead. */
const nextAddress = () => {
  addressCount += 1
  return `198.19.${Math.floor(addressCount / 250) % 250}.${(addressCount % 250) + 1}`
}

async function timedPost(origin: string, path: string, body: unknown, statuses: Record<string, number>) {
  const started = performance.now()
  const res = await fetch(`${origin}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'X-Forwarded-For': nextAddress() },
    body: JSON.stringify(body),
  })
  await res.arrayBuffer()
  const ms = performance.now() - started
  statuses[res.status] = (statuses[res.status] ?? 0) + 1
  return ms
}

/**
 * `rounds` times: `warmUp` pairs, then `samples` pairs of a known and an unknown request, each of the two first
 * in every other pair, with a pause before each request (the work an answer leaves, a mail, is then done).
 * Request `n` of round `r` asks about index r * (warmUp + samples) + n.
 */
async function compare(
  origin: string,
  operation: string,
  kinds: { known: string; unknown: string },
  path: string,
  known: (n: number) => unknown,
  unknown: (n: number) => unknown,
  { pauseMs, rounds }: { pauseMs: number; rounds: number },
): Promise<KnownUnknown> {
  const { samples, warmUp } = AUTH_TIMING
  const statuses: Record<string, number> = {}
  const all = { known: [] as number[], unknown: [] as number[] }
  const perRound: KnownUnknown['rounds'] = []
  for (let r = 0; r < rounds; r += 1) {
    const times = { known: [] as number[], unknown: [] as number[] }
    for (let n = 0; n < warmUp + samples; n += 1) {
      const index = r * (warmUp + samples) + n
      const order = n % 2 === 0 ? (['known', 'unknown'] as const) : (['unknown', 'known'] as const)
      for (const kind of order) {
        await sleep(pauseMs)
        const ms = await timedPost(origin, path, kind === 'known' ? known(index) : unknown(index), statuses)
        if (n >= warmUp) times[kind].push(ms)
      }
    }
    all.known.push(...times.known)
    all.unknown.push(...times.unknown)
    const knownMedianMs = median(times.known)
    const unknownMedianMs = median(times.unknown)
    perRound.push({
      knownMedianMs: round(knownMedianMs, 2),
      unknownMedianMs: round(unknownMedianMs, 2),
      differenceMs: round(knownMedianMs - unknownMedianMs, 2),
    })
  }
  const knownMedianMs = median(all.known)
  const unknownMedianMs = median(all.unknown)
  log(
    `auth timing: ${operation} known ${knownMedianMs.toFixed(2)} ms, unknown ${unknownMedianMs.toFixed(2)} ms over ${rounds} round(s)`,
  )
  return {
    operation,
    ...kinds,
    samples,
    rounds: perRound,
    knownMedianMs: round(knownMedianMs, 2),
    unknownMedianMs: round(unknownMedianMs, 2),
    differenceMs: round(Math.abs(knownMedianMs - unknownMedianMs), 2),
    statuses,
  }
}

export async function measureAuthTiming(
  databaseUrl: string | undefined,
  { only, pauseMs = AUTH_TIMING.pauseMs }: { only?: string[]; pauseMs?: number } = {},
): Promise<AuthTimingReport> {
  const { samples, warmUp, scryptLogN, rounds } = AUTH_TIMING
  const prepared = await prepareTimingDatabase(databaseUrl, (samples + warmUp) * rounds)
  const server = await startServer({
    name: 'auth-timing-server',
    env: { ...prepared.env, TRUST_PROXY: '1', SCRYPT_LOG_N: String(scryptLogN) },
  })
  try {
    const { origin } = server
    const account = (n: number) => prepared.accounts[n] as string
    const wrong = (email: string) => ({ email, password: 'Wrong#2026guess' })
    const countries = (await (await fetch(`${origin}/api/countries`)).json()) as {
      countries: { mcou_rid: number; mcou_code: string; eshp_mcpy: number }[]
    }
    const sg = countries.countries.find((country) => country.mcou_code === 'SG')
    if (!sg) throw new Error('no Singapore in /api/countries')
    const register = (email: string) => ({
      esus_name: 'Timing Bench',
      esus_company_name: 'Timing Trading Pte Ltd',
      esus_regn_no: 'TIMING0001',
      esus_email_id: email,
      esus_password: PASSWORD,
      password_confirmation: PASSWORD,
      esus_mcou: sg.mcou_rid,
      code: '+65',
      esus_phone: '61234567',
      esus_address1: '1 Timing Road, Singapore',
      esus_source: 'Others',
      check: true,
      esus_mcpy: sg.eshp_mcpy,
    })
    const reset = (token: string) => ({
      token,
      esus_password: 'Brand#New2026',
      password_confirmation: 'Brand#New2026',
    })
    const specs = [
      {
        operation: 'forgotPassword',
        fast: true,
        kinds: { known: 'an activated account', unknown: 'no account' },
        path: '/api/auth/forgot-password',
        known: (n: number) => ({ email: account(n) }),
        unknown: (n: number) => ({ email: `forgot.nobody.${n}@eship.example` }),
      },
      {
        operation: 'login',
        fast: false,
        kinds: { known: 'an account, wrong password', unknown: 'no account' },
        path: '/api/auth/login',
        known: (n: number) => wrong(account(n)),
        unknown: (n: number) => wrong(`login.nobody.${n}@eship.example`),
      },
      {
        operation: 'register',
        fast: false,
        kinds: { known: 'an email with an account', unknown: 'a new email' },
        path: '/api/register',
        known: (n: number) => register(account(n)),
        unknown: (n: number) => register(`register.new.${n}@eship.example`),
      },
      {
        operation: 'resetPassword',
        fast: true,
        kinds: { known: 'a used link of an account', unknown: 'a link never issued' },
        path: '/api/auth/reset-password',
        known: (n: number) => reset(prepared.usedTokens[n] as string),
        unknown: (n: number) => reset(`never-issued-token-${n}`),
      },
    ]
    const operations: KnownUnknown[] = []
    for (const spec of specs.filter((spec) => !only || only.includes(spec.operation))) {
      // The answers of a fast operation vary more than a millisecond on a busy machine: several rounds of it.
      const times = { pauseMs, rounds: spec.fast ? rounds : 1 }
      operations.push(
        await compare(origin, spec.operation, spec.kinds, spec.path, spec.known, spec.unknown, times),
      )
    }
    return { database: prepared.database, scryptLogN, samples, warmUp, pauseMs, rounds, operations }
  } finally {
    await server.stop()
  }
}

export function authTimingLines(r: AuthTimingReport): string[] {
  return [
    `${r.database}, scrypt N = 2^${r.scryptLogN}, a production server over HTTP. A round: ${r.warmUp} pairs of warm-up, then ${r.samples} pairs of a request for a known and an unknown email, each first in every other pair, each request from an address of its own after a pause of ${r.pauseMs} ms; the fast operations ${r.rounds} rounds, each on other emails. The medians are of all rounds' answers; each round's difference is its known median minus its unknown median.`,
    '',
    '| Operation | known | unknown | known median ms | unknown median ms | difference ms | each round | answers |',
    '|---|---|---|---:|---:|---:|---|---|',
    ...r.operations.map(
      (o) =>
        `| ${o.operation} | ${o.known} | ${o.unknown} | ${o.knownMedianMs} | ${o.unknownMedianMs} | ${o.differenceMs} | ${o.rounds
          .map((round) => round.differenceMs)
          .join(', ')} | ${Object.entries(o.statuses)
          .map(([code, n]) => `${code}: ${n}`)
          .join(', ')} |`,
    ),
  ]
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    const { values } = parseArgs({
      options: { only: { type: 'string', multiple: true }, pause: { type: 'string' } },
    })
    const postgres = await startBenchPostgres()
    const report = await measureAuthTiming(postgres?.url, {
      only: values.only,
      pauseMs: values.pause === undefined ? undefined : Number(values.pause),
    })
    postgres?.stop()
    process.stdout.write(`${authTimingLines(report).join('\n')}\n`)
  } catch (err) {
    log(`FAILED: ${errorMessage(err)}`)
    process.exitCode = 1
  } finally {
    await runCleanups()
  }
  process.exit(process.exitCode ?? 0)
}
