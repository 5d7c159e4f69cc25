import { randomBytes } from 'node:crypto'
import { Kysely, PostgresDialect, sql } from 'kysely'
import pg from 'pg'
import { type AppOptions, createApp } from '../../server/app'
import { type DatabaseHandle, openPGlite, openPostgres } from '../../server/db/client'
import { migrateToLatest } from '../../server/db/migrate'
import type { Database } from '../../server/db/schema'

/** Set to a PostgreSQL URL to run the server tests against a real server instead of in-memory PGlite. */
const postgresUrl = process.env.TEST_DATABASE_URL?.trim() || undefined

export interface TestDatabase extends DatabaseHandle {
  /** Schema the tables live in: `public` on PGlite, a throwaway one per test file on PostgreSQL. */
  schema: string
  migrate(): ReturnType<typeof migrateToLatest>
}

export async function openTestDatabase(): Promise<TestDatabase> {
  if (!postgresUrl) {
    const handle = await openPGlite('memory://')
    const migrate = () => migrateToLatest(handle.db)
    await migrate()
    return { ...handle, schema: 'public', migrate }
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
  const app = createApp({ db: database.db, ...options })
  return { app, database }
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
