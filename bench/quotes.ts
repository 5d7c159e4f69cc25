import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import { sql } from 'kysely'
import { singaporeDate } from '../contract/quotes'
import { hashPassword } from '../server/auth/password'
import { createUser } from '../server/auth/users'
import { type DatabaseHandle, openPGlite, openPostgres } from '../server/db/client'
import { prepareDatabase } from '../server/prepare'
import { insertLanes } from '../server/rates/reference-rates'
import { seedLanes } from '../server/rates/seed'
import { QUOTE_LOAD, TMP_DIR } from './config'
import { type LoadStats, serverTimedLoad } from './load'
import { log } from './util'

export const QUOTE_DB_DIR = join(TMP_DIR, 'quote-db')
const USER = { email: 'bench@eship.example', password: 'Bench#2026load' }

export interface QuoteLoadReport {
  /** Where the server's data lives: PostgreSQL (a server, as deployed under load) or the embedded PGlite. */
  database: string
  rateLines: number
  rateLanes: number
  connections: number
  durationSeconds: number
  createQuote: LoadStats
  searchLocations: LoadStats
}

export interface QuoteDatabase {
  database: string
  rateLines: number
  rateLanes: number
  /** The server's environment to use it. */
  env: Record<string, string>
}

/**
 * The database of the API load tests: the demo sheets of today plus earlier sets (each 15 days before the
 * last, as a pricing team's history would be) until it holds at least QUOTE_LOAD.rateLines charge lines,
 * and an activated customer. On the PostgreSQL server at `databaseUrl`, else in a PGlite directory.
 */
export async function prepareQuoteDatabase(databaseUrl?: string): Promise<QuoteDatabase> {
  let handle: DatabaseHandle
  if (databaseUrl) handle = openPostgres(databaseUrl)
  else {
    await rm(QUOTE_DB_DIR, { recursive: true, force: true })
    handle = await openPGlite(QUOTE_DB_DIR)
  }
  try {
    await prepareDatabase(handle.db, { demoSeed: true })
    const count = async (table: 'rate_charges' | 'rate_lanes') =>
      Number(
        (
          await handle.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      )
    let lines = await count('rate_charges')
    for (let set = 1; lines < QUOTE_LOAD.rateLines; set += 1) {
      await insertLanes(handle.db, seedLanes(new Date(Date.now() - set * 15 * 86_400_000)), 'seed')
      lines = await count('rate_charges')
    }
    const country = await handle.db
      .selectFrom('countries')
      .select(['mcou_rid', 'eshp_mcpy'])
      .where('mcou_code', '=', 'SG')
      .executeTakeFirstOrThrow()
    await createUser(handle.db, {
      esus_name: 'Bench Customer',
      esus_company_name: 'Bench Trading Pte Ltd',
      esus_regn_no: 'BENCH0001',
      esus_email_id: USER.email,
      password_hash: await hashPassword(USER.password),
      esus_mcou: country.mcou_rid,
      code: '+65',
      esus_phone: '61234567',
      esus_address1: '1 Bench Road, Singapore',
      esus_source: 'Others',
      esus_mcpy: country.eshp_mcpy,
      activated_at: new Date(),
    })
    const lanes = await count('rate_lanes')
    const version = databaseUrl
      ? `PostgreSQL ${(await sql<{ server_version: string }>`show server_version`.execute(handle.db)).rows[0]?.server_version.split(' ')[0]}`
      : 'PGlite (embedded)'
    log(`quotes: ${version} with ${lines} rate lines in ${lanes} lanes`)
    return {
      database: version,
      rateLines: lines,
      rateLanes: lanes,
      env: databaseUrl ? { DATABASE_URL: databaseUrl } : { PGLITE_DIR: QUOTE_DB_DIR },
    }
  } finally {
    await handle.close()
  }
}

/** The bench customer's bearer token (one session: the API load tests share it). */
export async function benchLogin(origin: string): Promise<string> {
  const login = await fetch(`${origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(USER),
  })
  const { token } = (await login.json()) as { token?: string }
  if (!token) throw new Error(`bench login failed: ${login.status}`)
  return token
}

/** createQuote (FCL Singapore to Nhava Sheva, 2 × 40HC) and the type-ahead, each at QUOTE_LOAD.connections. */
export async function measureQuotes(
  origin: string,
  database: QuoteDatabase,
  token: string,
  durationSeconds: number,
): Promise<QuoteLoadReport> {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' }
  const request = {
    mode: 'FCL',
    origin: 'SGSIN',
    destination: 'INNSA',
    readyDate: singaporeDate(new Date()),
    commodity: 'Machine parts',
    containers: [{ type: '40HC', count: 2 }],
    cargoValue: 5_000_000,
  }
  const probe = await fetch(`${origin}/api/quotes`, {
    method: 'POST',
    headers,
    body: JSON.stringify(request),
  })
  if (probe.status !== 201) throw new Error(`createQuote answered ${probe.status}: ${await probe.text()}`)
  const common = { connections: QUOTE_LOAD.connections, duration: durationSeconds, headers }
  log(`quotes: createQuote with ${QUOTE_LOAD.connections} connections for ${durationSeconds} s`)
  const createQuote = await serverTimedLoad({
    ...common,
    url: `${origin}/api/quotes`,
    method: 'POST',
    body: JSON.stringify(request),
  })
  log(`quotes: searchLocations with ${QUOTE_LOAD.connections} connections for ${durationSeconds} s`)
  const searchLocations = await serverTimedLoad({
    ...common,
    url: `${origin}/api/locations?q=nhava&mode=FCL`,
  })
  const { env: _env, ...where } = database
  return { ...where, connections: QUOTE_LOAD.connections, durationSeconds, createQuote, searchLocations }
}
