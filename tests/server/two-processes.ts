/**
 * Two real server processes (`node server/index.ts`, production settings: bench/server.ts) on one fresh
 * PostgreSQL database, for the tests of what two processes do at once (invoice numbers, allocations, bank
 * lines). Runs where TEST_DATABASE_URL names a PostgreSQL server (CI: scripts/with-postgres.sh); PGlite belongs
 * to one process.
 */
import { randomBytes } from 'node:crypto'
import type { Kysely } from 'kysely'
import pg from 'pg'
import { type RunningServer, startServer } from '../../bench/server'
import { openPostgres } from '../../server/db/client'
import type { Database } from '../../server/db/schema'

export const adminUrl = process.env.TEST_DATABASE_URL?.trim() || undefined

export interface TwoProcesses<T> {
  databaseUrl: string
  /** What `seed` returned. */
  data: T
  servers: [RunningServer, RunningServer]
  /** Stops both servers and drops the database. */
  stop(): Promise<void>
}

async function asAdmin(query: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  try {
    await admin.query(query)
  } finally {
    await admin.end()
  }
}

/**
 * Creates a database named `<prefix>_<random>`, seeds it with `seed` (migrated, through its own connection,
 * closed before the servers start) and starts two servers on it, named `<name>-a` and `<name>-b`.
 */
export async function twoProcesses<T>(
  name: string,
  seed: (db: Kysely<Database>, databaseUrl: string) => Promise<T>,
): Promise<TwoProcesses<T>> {
  const databaseName = `eship_${name}_${randomBytes(4).toString('hex')}`
  await asAdmin(`create database ${databaseName}`)
  const url = new URL(adminUrl as string)
  url.pathname = `/${databaseName}`
  const databaseUrl = url.toString()
  const servers: RunningServer[] = []
  const stop = async () => {
    await Promise.all(servers.map((server) => server.stop()))
    await asAdmin(`drop database if exists ${databaseName} with (force)`)
  }
  try {
    const handle = openPostgres(databaseUrl)
    let data: T
    try {
      data = await seed(handle.db, databaseUrl)
    } finally {
      await handle.close()
    }
    // The test's cheap password hashes are refused by production servers, and none is checked here.
    const env = { DATABASE_URL: databaseUrl, DEMO_SEED: '0', STATIC_DIR: '', SCRYPT_LOG_N: '17' }
    servers.push(
      ...(await Promise.all([
        startServer({ name: `${name}-a`, env }),
        startServer({ name: `${name}-b`, env }),
      ])),
    )
    return { databaseUrl, data, servers: servers as [RunningServer, RunningServer], stop }
  } catch (error) {
    await stop()
    throw error
  }
}
