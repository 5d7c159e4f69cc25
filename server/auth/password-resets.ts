import type { Kysely } from 'kysely'
import { RESET_TOKEN_TTL_MS } from '../../contract/link-lifetimes'
import type { Database } from '../db/schema'
import { inTransaction } from '../db/transaction'
import { liftAccountFailures } from './login-failures'
import { oneTimeTokens } from './one-time-tokens'
import { endAllSessions } from './sessions'

const resets = oneTimeTokens('password_resets', RESET_TOKEN_TTL_MS)

/** Stores a new reset token (its hash) and retires the user's earlier unused ones: the newest link wins. */
export async function createPasswordReset(
  db: Kysely<Database>,
  userId: number,
  tokenHash: string,
  now: Date,
): Promise<void> {
  await inTransaction(db, (trx) => resets.issue(trx, userId, tokenHash, now))
}

/** Whether the token is unused and unexpired (a cheap check before the expensive password hash). */
export const isUsableReset = (db: Kysely<Database>, tokenHash: string, now: Date): Promise<boolean> =>
  resets.isUsable(db, tokenHash, now)

/**
 * Uses the token once: sets the new password hash, marks this and every other open token of the user
 * used, ends all of the user's sessions and lifts the account's count of failed logins, atomically.
 * Undefined when the token is not (or no longer) usable.
 */
export async function completePasswordReset(
  db: Kysely<Database>,
  tokenHash: string,
  passwordHash: string,
  now: Date,
): Promise<number | undefined> {
  return db.transaction().execute(async (trx) => {
    const userId = await resets.claim(trx, tokenHash, now)
    if (userId === undefined) return undefined
    const user = await trx
      .updateTable('users')
      .set({ password_hash: passwordHash })
      .where('id', '=', userId)
      .returning('esus_email_id')
      .executeTakeFirstOrThrow()
    // The failed logins of the old password stop counting against the account, and unlock it.
    await liftAccountFailures(trx, user.esus_email_id)
    await resets.retireOpen(trx, userId, now)
    await endAllSessions(trx, userId, now)
    return userId
  })
}
