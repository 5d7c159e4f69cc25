import type { Kysely } from 'kysely'
import type { Database } from '../db/schema'

export interface WindowHit {
  /** Requests counted in this window, this one included. */
  count: number
  windowEnd: Date
}

/**
 * Counts one request against `key` in the fixed window that holds `now`. A single upsert, so concurrent
 * requests and several server processes sharing the database all count into the same row.
 */
export async function hitWindow(
  db: Kysely<Database>,
  key: string,
  windowMs: number,
  now: Date,
): Promise<WindowHit> {
  const start = Math.floor(now.getTime() / windowMs) * windowMs
  const row = await db
    .insertInto('rate_limits')
    .values({ key, window_start: new Date(start), count: 1 })
    .onConflict((oc) =>
      oc.columns(['key', 'window_start']).doUpdateSet((eb) => ({ count: eb('rate_limits.count', '+', 1) })),
    )
    .returning('count')
    .executeTakeFirstOrThrow()
  return { count: row.count, windowEnd: new Date(start + windowMs) }
}

/** Deletes windows that ended before `before`. */
export async function deleteOldWindows(db: Kysely<Database>, before: Date): Promise<number> {
  const result = await db.deleteFrom('rate_limits').where('window_start', '<', before).executeTakeFirst()
  return Number(result.numDeletedRows)
}
