import { mkdir } from 'node:fs/promises'
import { PGlite } from '@electric-sql/pglite'
import { Kysely, PostgresDialect } from 'kysely'
import pg from 'pg'
import type { Config } from '../config'
import { PGliteDialect } from './pglite-dialect'
import { prepareByText } from './prepared'
import type { Database } from './schema'

export interface DatabaseHandle {
  db: Kysely<Database>
  kind: 'postgres' | 'pglite'
  close(): Promise<void>
}

export interface PostgresOptions {
  /** Schema to put first on the search path of every connection (tests use one schema per file). */
  searchPath?: string
  /** Named prepared statements by text (server/db/prepared.ts); on unless false. */
  prepare?: boolean
}

/** PostgreSQL type ids whose parsing both drivers must agree on. */
const DATE_OID = 1082
const INT8_OID = 20

/**
 * `date` columns (rate validity) come back as ISO strings, not as Dates at some time zone's midnight, and
 * `bigint` as numbers (the values stored stay far below 2^53), on PostgreSQL and PGlite alike.
 */
const pgTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
    if (oid === DATE_OID) return (value: string) => value
    if (oid === INT8_OID) return (value: string) => Number(value)
    return pg.types.getTypeParser(oid, format)
  }) as typeof pg.types.getTypeParser,
}

export function openPostgres(connectionString: string, options: PostgresOptions = {}): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString,
    types: pgTypes,
    ...(options.searchPath ? { options: `-c search_path=${options.searchPath}` } : {}),
  })
  // An idle client losing its connection (server restart, network) emits 'error'; unhandled, it kills the process.
  pool.on('error', (error) => console.error('PostgreSQL pool error:', error))
  if (options.prepare !== false) pool.on('connect', (client) => prepareByText(client))
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) })
  return { db, kind: 'postgres', close: () => db.destroy() }
}

export async function openPGlite(dataDir: string): Promise<DatabaseHandle> {
  // PGlite creates its data directory but not the parents (the default is .data/pglite).
  if (!dataDir.includes('://')) await mkdir(dataDir, { recursive: true })
  const client = await PGlite.create(dataDir, { parsers: { [DATE_OID]: (value: string) => value } })
  const db = new Kysely<Database>({ dialect: new PGliteDialect(client) })
  return { db, kind: 'pglite', close: () => db.destroy() }
}

export async function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'pgliteDir'>,
): Promise<DatabaseHandle> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl)
  return openPGlite(config.pgliteDir)
}
