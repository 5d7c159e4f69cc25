import type { Kysely } from 'kysely'
import { ACTIVATION_TOKEN_TTL_MS } from '../../contract/link-lifetimes'
import type { Database } from '../db/schema'
import { inTransaction } from '../db/transaction'
import { oneTimeTokens } from './one-time-tokens'
import { createCustomer, type NewUser, normalizeEmail } from './users'

const activations = oneTimeTokens('activation_tokens', ACTIVATION_TOKEN_TTL_MS)

export type NewRegistration = Omit<NewUser, 'activated_at' | 'user_type'>

/**
 * Inserts the account, inactive, together with its first activation token, atomically. Undefined when the
 * email already has an account: then nothing is written. The unique index on the email decides, so two
 * simultaneous registrations of one email make one account.
 */
export async function registerUser(
  db: Kysely<Database>,
  user: NewRegistration,
  tokenHash: string,
  now: Date,
): Promise<number | undefined> {
  return inTransaction(db, async (trx) => {
    const customerId = await createCustomer(trx, user, now)
    const row = await trx
      .insertInto('users')
      .values({
        ...user,
        // The first user of a new company is its Admin (contract/team.ts).
        company_role: 'admin',
        customer_id: customerId,
        esus_email_id: normalizeEmail(user.esus_email_id),
        activated_at: null,
        created_at: now,
      })
      .onConflict((oc) => oc.column('esus_email_id').doNothing())
      .returning('id')
      .executeTakeFirst()
    if (!row) {
      // The email has an account: no second one, and no company for it either.
      await trx.deleteFrom('customers').where('id', '=', customerId).execute()
      return undefined
    }
    await activations.issue(trx, row.id, tokenHash, now, { retireOthers: false })
    return row.id
  })
}

/**
 * Stores another activation token of the user. With `retireOthers` (resend) the user's earlier unused
 * tokens are retired first, so only the newest link works.
 */
export async function createActivationToken(
  db: Kysely<Database>,
  userId: number,
  tokenHash: string,
  now: Date,
  { retireOthers }: { retireOthers: boolean },
): Promise<void> {
  await inTransaction(db, (trx) => activations.issue(trx, userId, tokenHash, now, { retireOthers }))
}

/**
 * - activated: the token was unused and unexpired; the account is active now.
 * - used: the account is already active (this link, or another one, activated it).
 * - expired: the link expired, or a newer link replaced it, and the account is still inactive.
 * - invalid: no such token.
 */
export type ActivationOutcome = 'activated' | 'used' | 'expired' | 'invalid'

/**
 * Uses the token once: marks it used, activates the account and retires the user's other open tokens,
 * atomically. The claim is a single `update ... where used_at is null returning`, so of two simultaneous
 * requests with one link exactly one activates; the other sees the link used.
 */
export async function activateAccount(
  db: Kysely<Database>,
  tokenHash: string,
  now: Date,
): Promise<ActivationOutcome> {
  const activated = await db.transaction().execute(async (trx) => {
    const userId = await activations.claim(trx, tokenHash, now)
    if (userId === undefined) return false
    await trx
      .updateTable('users')
      .set({ activated_at: now })
      .where('id', '=', userId)
      .where('activated_at', 'is', null)
      .execute()
    await activations.retireOpen(trx, userId, now)
    return true
  })
  if (activated) return 'activated'
  const row = await db
    .selectFrom('activation_tokens')
    .innerJoin('users', 'users.id', 'activation_tokens.user_id')
    .select(['users.activated_at'])
    .where('activation_tokens.token_hash', '=', tokenHash)
    .executeTakeFirst()
  if (!row) return 'invalid'
  return row.activated_at ? 'used' : 'expired'
}
