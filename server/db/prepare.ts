import { type Kysely, type MigrationResult, sql } from 'kysely'
import { ensureDemoCustomer } from './demo'
import { migrateToLatest } from './migrate'
import type { Database } from './schema'

/** The advisory lock that lets one server process at a time migrate and seed (any constant will do). */
const SETUP_LOCK = 0x65536870 // "eShp"

export interface Prepared {
  applied: MigrationResult[]
  demo: Awaited<ReturnType<typeof ensureDemoCustomer>> | undefined
}

/**
 * Applies pending migrations and makes the demo customer when asked, holding a PostgreSQL advisory lock on
 * one connection meanwhile: when several server processes start at once on one database, the first applies
 * the migrations and the others wait, then find the schema current.
 */
export function prepareDatabase(
  db: Kysely<Database>,
  { demoSeed }: { demoSeed: boolean },
): Promise<Prepared> {
  return db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(${SETUP_LOCK})`.execute(conn)
    try {
      const applied = await migrateToLatest(conn)
      const demo = demoSeed ? await ensureDemoCustomer(conn) : undefined
      return { applied, demo }
    } finally {
      await sql`select pg_advisory_unlock(${SETUP_LOCK})`.execute(conn)
    }
  })
}
