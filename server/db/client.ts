import { mkdir } from 'node:fs/promises'
import { PGlite } from '@electric-sql/pglite'
import { Kysely, PostgresDialect } from 'kysely'
import pg from 'pg'
import type { Config } from '../config'
import { PGliteDialect } from './pglite-dialect'
import type { Database } from './schema'

export interface DatabaseHandle {
  db: Kysely<Database>
  kind: 'postgres' | 'pglite'
  close(): Promise<void>
}

export interface PostgresOptions {
  /** Schema to put first on the search path of every connection (tests use one schema per file). */
  searchPath?: string
}

export function openPostgres(connectionString: string, options: PostgresOptions = {}): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString,
    ...(options.searchPath ? { options: `-c search_path=${options.searchPath}` } : {}),
  })
  // An idle client losing its connection (server restart, network) emits 'error'; unhandled, it kills the process.
  pool.on('error', (error) => console.error('PostgreSQL pool error:', error))
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) })
  return { db, kind: 'postgres', close: () => db.destroy() }
}

export async function openPGlite(dataDir: string): Promise<DatabaseHandle> {
  // PGlite creates its data directory but not the parents (the default is .data/pglite).
  if (!dataDir.includes('://')) await mkdir(dataDir, { recursive: true })
  const client = await PGlite.create(dataDir)
  const db = new Kysely<Database>({ dialect: new PGliteDialect(client) })
  return { db, kind: 'pglite', close: () => db.destroy() }
}

export async function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'pgliteDir'>,
): Promise<DatabaseHandle> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl)
  return openPGlite(config.pgliteDir)
}
