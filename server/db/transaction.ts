import type { Kysely } from 'kysely'
import type { Database } from './schema'

/**
 * Runs `work` in a transaction: the caller's when `db` already is one (so that a mail or a token joins the
 * transaction of what caused it), a new one otherwise.
 */
export function inTransaction<T>(
  db: Kysely<Database>,
  work: (trx: Kysely<Database>) => Promise<T>,
): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work)
}
