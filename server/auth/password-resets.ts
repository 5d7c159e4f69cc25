import type { Kysely } from 'kysely'
import { liftAccountFailures } from './login-failures'
import type { Database } from './schema'
import { endAllSessions } from './sessions'
import { inTransaction } from './transaction'

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000

/** Stores a new reset token (its hash) and retires the user's earlier unused ones: the newest link wins. */
export async function createPasswordReset(
  db: Kysely<Database>,
  userId: number,
  tokenHash: string,
  now: Date,
): Promise<void> {
  await inTransaction(db, async (trx) => {
    await trx
      .updateTable('password_resets')
      .set({ used_at: now })
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .execute()
    await trx
      .insertInto('password_resets')
      .values({
        user_id: userId,
        token_hash: tokenHash,
        created_at: now,
        expires_at: new Date(now.getTime() + RESET_TOKEN_TTL_MS),
      })
      .execute()
  })
}

/** Whether the token is unused and unexpired (a cheap check before the expensive password hash). */
export async function isUsableReset(db: Kysely<Database>, tokenHash: string, now: Date): Promise<boolean> {
  const row = await db
    .selectFrom('password_resets')
    .select('id')
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst()
  return row !== undefined
}

/**
 * Uses the token once: sets the new password hash, marks this and every other open token of the user
 * used, ends all of the user's sessions and lifts the account's count of failed logins, atomically. False
 * when the token is not (or no longer) usable.
 */
export async function completePasswordReset(
  db: Kysely<Database>,
  tokenHash: string,
  passwordHash: string,
  now: Date,
): Promise<number | undefined> {
  return db.transaction().execute(async (trx) => {
    const claimed = await trx
      .updateTable('password_resets')
      .set({ used_at: now })
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returning('user_id')
      .executeTakeFirst()
    if (!claimed) return undefined
    const user = await trx
      .updateTable('users')
      .set({ password_hash: passwordHash })
      .where('id', '=', claimed.user_id)
      .returning('esus_email_id')
      .executeTakeFirstOrThrow()
    // The failed logins of the old password stop counting against the account, and unlock it.
    await liftAccountFailures(trx, user.esus_email_id)
    await trx
      .updateTable('password_resets')
      .set({ used_at: now })
      .where('user_id', '=', claimed.user_id)
      .where('used_at', 'is', null)
      .execute()
    await endAllSessions(trx, claimed.user_id, now)
    return claimed.user_id
  })
}
