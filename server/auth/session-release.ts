import type { Kysely } from 'kysely'
import { SESSION_RELEASE_TTL_MS } from '../../contract/link-lifetimes'
import type { Database } from '../db/schema'
import { inTransaction } from '../db/transaction'
import { oneTimeTokens } from './one-time-tokens'
import { endAllSessions } from './sessions'

/**
 * The way out of the one-session rule: a person whose other session is still live (a tab closed without
 * logging out) asks, with the account's email and password, for a link mailed to the account; the link
 * ends every session of the account. It works for SESSION_RELEASE_TTL_MS, once; a newer link retires the older.
 */
const releases = oneTimeTokens('session_releases', SESSION_RELEASE_TTL_MS)

/** Stores a new release token (its hash) and retires the user's earlier unused ones: the newest link wins. */
export async function createSessionRelease(
  db: Kysely<Database>,
  userId: number,
  tokenHash: string,
  now: Date,
): Promise<void> {
  await inTransaction(db, (trx) => releases.issue(trx, userId, tokenHash, now))
}

/**
 * Uses the token once and ends every session of its user, atomically: the user's id, or undefined when the
 * token is unknown, used or expired (then nothing changes). The caller drops what its process holds of the
 * user's sessions (LiveSessions.forgetUser); other processes hear of it from the sessions trigger.
 */
export async function releaseSessions(
  db: Kysely<Database>,
  tokenHash: string,
  now: Date,
): Promise<number | undefined> {
  return inTransaction(db, async (trx) => {
    const userId = await releases.claim(trx, tokenHash, now)
    if (userId === undefined) return undefined
    await endAllSessions(trx, userId, now)
    return userId
  })
}
