import { type Kysely, sql } from 'kysely'
import type { Database } from './schema'

/** The advisory lock that lets one server process at a time migrate and seed (any constant will do). */
const SETUP_LOCK = 0x65536870 // "eShp"

/**
 * Runs `work` on one connection holding a PostgreSQL advisory lock: when several server processes start at
 * once on one database, the first migrates and seeds (server/prepare.ts) and the others wait, then find the
 * schema current and the data there.
 */
export function withSetupLock<T>(
  db: Kysely<Database>,
  work: (conn: Kysely<Database>) => Promise<T>,
): Promise<T> {
  return db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(${SETUP_LOCK})`.execute(conn)
    try {
      return await work(conn)
    } finally {
      await sql`select pg_advisory_unlock(${SETUP_LOCK})`.execute(conn)
    }
  })
}
