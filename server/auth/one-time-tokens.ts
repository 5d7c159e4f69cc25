import type { Kysely, Transaction } from 'kysely'
import type { Database } from '../db/schema'

/** The tables of emailed one-time links: the same columns (user, token hash, created, expires, used). */
export type OneTimeTokenTable = 'activation_tokens' | 'password_resets' | 'session_releases'

type Db = Kysely<Database> | Transaction<Database>

/**
 * The one mechanism behind every emailed link (account activation, password reset, session release): only the token's
 * SHA-256 is stored; a link works once, until it expires; a newer link can retire the older ones; using
 * one is a single `update … where used_at is null and expires_at > now returning`, so of two simultaneous
 * uses of one link exactly one succeeds. What a use does (activate the account, set the password, end the sessions) is the
 * caller's, in the same transaction.
 */
export function oneTimeTokens(name: OneTimeTokenTable, ttlMs: number) {
  // The tables have the same columns; Kysely types a query by one table name at a time.
  const table = name as 'password_resets'

  /** Marks every unused token of the user used. */
  const retireOpen = async (db: Db, userId: number, now: Date) => {
    await db
      .updateTable(table)
      .set({ used_at: now })
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .execute()
  }

  return {
    ttlMs,
    retireOpen,

    /** Stores a new token for the user; with `retireOthers`, the user's open ones stop working first. */
    async issue(db: Db, userId: number, tokenHash: string, now: Date, { retireOthers = true } = {}) {
      if (retireOthers) await retireOpen(db, userId, now)
      await db
        .insertInto(table)
        .values({
          user_id: userId,
          token_hash: tokenHash,
          created_at: now,
          expires_at: new Date(now.getTime() + ttlMs),
        })
        .execute()
    },

    /** Uses the token once: its user, or undefined when it is unknown, used or expired. */
    async claim(db: Db, tokenHash: string, now: Date): Promise<number | undefined> {
      const claimed = await db
        .updateTable(table)
        .set({ used_at: now })
        .where('token_hash', '=', tokenHash)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .returning('user_id')
        .executeTakeFirst()
      return claimed?.user_id
    },

    /** Whether the token would be claimed now (a cheap check before an expensive password hash). */
    async isUsable(db: Db, tokenHash: string, now: Date): Promise<boolean> {
      const row = await db
        .selectFrom(table)
        .select('id')
        .where('token_hash', '=', tokenHash)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst()
      return row !== undefined
    },
  }
}
