import { randomBytes } from 'node:crypto'
import { cp, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Kysely, PostgresDialect, sql } from 'kysely'
import pg from 'pg'
import { inject, vi } from 'vitest'
import { type AppOptions, createApp } from '../../server/app'
import { hashPassword } from '../../server/auth/password'
import { createUser, type NewUser } from '../../server/auth/users'
import { type DatabaseHandle, openPGlite, openPostgres } from '../../server/db/client'
import { migrateToLatest } from '../../server/db/migrate'
import type { CountryRow, Database } from '../../server/db/schema'
import { AfterAnswer } from '../../server/jobs/after-answer'

// Password hashes at 2^10 instead of 2^17 keep the suite fast; password.test.ts checks the real cost.
process.env.SCRYPT_LOG_N ??= '10'

/**
 * `vi.waitFor` with a limit that catches a hang, not a slow machine: its own default of 1 s is a time a loaded
 * 2-core machine can take to deliver a notification or a stream's event. It returns as soon as `check` passes.
 */
export const waitFor = <T>(check: () => T | Promise<T>, { interval }: { interval?: number } = {}) =>
  vi.waitFor(check, { timeout: 15_000, interval })

/** Set to a PostgreSQL URL to run the server tests against a real server instead of in-memory PGlite. */
const postgresUrl = process.env.TEST_DATABASE_URL?.trim() || undefined

export interface TestDatabase extends DatabaseHandle {
  /** Schema the tables live in: `public` on PGlite, a throwaway one per test file on PostgreSQL. */
  schema: string
  migrate(): ReturnType<typeof migrateToLatest>
}

export async function openTestDatabase(): Promise<TestDatabase> {
  if (!postgresUrl) {
    // A copy of the data directory migrated once for the run (tests/migrated-pglite.ts), removed at close.
    const root = await mkdtemp(join(tmpdir(), 'eship-test-'))
    const dir = join(root, 'pglite')
    await cp(inject('migratedPGlite'), dir, { recursive: true })
    const handle = await openPGlite(dir)
    return {
      ...handle,
      schema: 'public',
      migrate: () => migrateToLatest(handle.db),
      close: async () => {
        await handle.close()
        await rm(root, { recursive: true, force: true })
      },
    }
  }
  const schema = `test_${randomBytes(6).toString('hex')}`
  const handle = openPostgres(postgresUrl, { searchPath: schema })
  await sql`create schema ${sql.id(schema)}`.execute(handle.db)
  const migrate = () => migrateToLatest(handle.db)
  await migrate()
  return {
    ...handle,
    schema,
    migrate,
    close: async () => {
      await sql`drop schema ${sql.id(schema)} cascade`.execute(handle.db)
      await handle.close()
    },
  }
}

export async function setupServer(options: Omit<AppOptions, 'db'> = {}) {
  const database = await openTestDatabase()
  const afterAnswer = options.afterAnswer ?? new AfterAnswer()
  const app = createApp({
    db: database.db,
    genericDb: database.generic,
    listen: database.listen,
    afterAnswer,
    ...options,
  })
  /** Resolves once the work answers left behind (their mails) is done. */
  const settled = () => afterAnswer.idle()
  return { app, database, settled }
}

/** A database handle that never connects: for app tests that do not reach the database. */
export function unusedDatabase(): Kysely<Database> {
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool: new pg.Pool({ max: 1 }) }) })
}

/** A database whose every query fails at once (nothing listens on port 1). */
export function unreachableDatabase(): Kysely<Database> {
  const pool = new pg.Pool({ host: '127.0.0.1', port: 1, max: 1, connectionTimeoutMillis: 1000 })
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) })
}

export const silentLogger = { error: () => {} }

/** A clock the test moves by hand: sessions, reset links and rate limits read it. */
export function testClock(start = new Date('2025-06-02T09:00:00.000Z')) {
  let current = start.getTime()
  return {
    now: () => new Date(current),
    advance(ms: number) {
      current += ms
    },
  }
}

export type TestClock = ReturnType<typeof testClock>

let userCount = 0

export interface TestUser {
  id: number
  email: string
  password: string
}

/** Inserts an activated customer in Singapore (unless told otherwise) with a fresh email. */
export async function createTestUser(
  db: Kysely<Database>,
  overrides: Partial<NewUser> & { password?: string } = {},
): Promise<TestUser> {
  const { password = 'Secret#123', ...fields } = overrides
  userCount += 1
  const email = fields.esus_email_id ?? `user${userCount}.${randomBytes(3).toString('hex')}@example.com`
  const sg = await db
    .selectFrom('countries')
    .select(['mcou_rid', 'eshp_mcpy'])
    .where('mcou_code', '=', 'SG')
    .executeTakeFirstOrThrow()
  const id = await createUser(db, {
    esus_name: `Test User ${userCount}`,
    esus_company_name: 'Test Trading Pte Ltd',
    // A company of its own: a registration with a number that has a company asks to join it (issue 24).
    esus_regn_no: uniqueRegnNo(),
    password_hash: await hashPassword(password),
    esus_mcou: sg.mcou_rid,
    code: '+65',
    esus_phone: '61234567',
    esus_address1: '1 Test Street, Singapore',
    esus_source: 'Others',
    esus_mcpy: sg.eshp_mcpy,
    activated_at: new Date('2025-01-01T00:00:00Z'),
    ...fields,
    esus_email_id: email,
  })
  return { id, email: email.toLowerCase(), password }
}

/**
 * A company registration number no other test company has: a registration with the number of a company that
 * has an account becomes a request to join it (issue 24), which a test of a new account does not want.
 */
export const uniqueRegnNo = () => `T${randomBytes(5).toString('hex').toUpperCase()}`

/** A valid registration payload (spec section 3) for an account in `country`. */
export function registrationPayload(
  country: Pick<CountryRow, 'mcou_rid' | 'mcou_country_dialing_code' | 'eshp_mcpy'>,
  email: string,
) {
  return {
    esus_name: 'Ada Shipper',
    esus_company_name: 'Ada Trading Pte Ltd',
    esus_regn_no: uniqueRegnNo().toLowerCase(),
    esus_email_id: email,
    esus_password: 'Secret#123',
    password_confirmation: 'Secret#123',
    esus_mcou: country.mcou_rid,
    code: country.mcou_country_dialing_code,
    esus_phone: '61234567',
    esus_address1: '1 Harbour Front Avenue, Singapore',
    esus_source: 'Google Ads',
    check: true,
    esus_mcpy: country.eshp_mcpy,
  }
}

export function postJson(body: unknown, headers: Record<string, string> = {}): RequestInit {
  return {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  }
}

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` })

/** An app on a fresh test database with a hand-moved clock and a quiet log. */
export async function setupAuthServer(options: Omit<AppOptions, 'db'> = {}) {
  const database = await openTestDatabase()
  const clock = testClock()
  const logged: string[] = []
  const logger = { error: (...args: unknown[]) => logged.push(args.map(String).join(' ')), info: () => {} }
  const afterAnswer = options.afterAnswer ?? new AfterAnswer(logger)
  const app = createApp({ db: database.db, now: clock.now, logger, trustProxy: 1, afterAnswer, ...options })
  /** Resolves once the work answers left behind (their mails) is done. */
  const settled = () => afterAnswer.idle()
  return { app, database, db: database.db, clock, logged, settled }
}
