import type { Kysely } from 'kysely'
import type { Database } from '../db/schema'

export interface FailureCounts {
  /** Failures of the address since `since.address`, the one just written included. */
  address: number
  /** Failures for the email since `since.email`, the one just written included. */
  email: number
}

/**
 * Writes one failed login, then counts the failures of its address and of its email in their windows (a
 * failure with no email, a device token's, counts for its address only). Two
 * statements, so that each attempt counts every attempt whose row was written before its count: of
 * concurrent attempts, never more pass a limit than it allows.
 */
export async function recordLoginFailure(
  db: Kysely<Database>,
  failure: { address: string; email: string | null; at: Date },
  since: { address: Date; email: Date },
): Promise<{ id: number; counts: FailureCounts }> {
  const { id } = await db
    .insertInto('login_failures')
    .values(failure)
    .returning('id')
    .executeTakeFirstOrThrow()
  const counts = await db
    .selectFrom('login_failures')
    .select((eb) => [
      eb.fn
        .countAll<number>()
        .filterWhere((f) => f.and([f('address', '=', failure.address), f('at', '>', since.address)]))
        .as('address'),
      eb.fn
        .countAll<number>()
        .filterWhere((f) => f.and([f('email', '=', failure.email), f('at', '>', since.email)]))
        .as('email'),
    ])
    .where((eb) =>
      eb.or([
        eb.and([eb('address', '=', failure.address), eb('at', '>', since.address)]),
        eb.and([eb('email', '=', failure.email), eb('at', '>', since.email)]),
      ]),
    )
    .executeTakeFirstOrThrow()
  return { id: Number(id), counts: { address: Number(counts.address), email: Number(counts.email) } }
}

/** Takes back a row of recordLoginFailure: the password was right, or the attempt was refused unchecked. */
export async function deleteLoginFailure(db: Kysely<Database>, id: number): Promise<void> {
  await db.deleteFrom('login_failures').where('id', '=', id).execute()
}

/**
 * The time of the failure of `address` (or `email`) since `since`, other than `except`, with `skip` older
 * ones before it: when it leaves the window, `skip` + 1 failures have left.
 */
export async function failureAt(
  db: Kysely<Database>,
  by: { address: string } | { email: string },
  since: Date,
  skip: number,
  except: number,
): Promise<Date | undefined> {
  const row = await db
    .selectFrom('login_failures')
    .select('at')
    .where((eb) => ('address' in by ? eb('address', '=', by.address) : eb('email', '=', by.email)))
    .where('at', '>', since)
    .where('id', '<>', except)
    .orderBy('at')
    .orderBy('id')
    .offset(skip)
    .limit(1)
    .executeTakeFirst()
  return row?.at
}

/** Failures for `email` since `since`. */
export async function emailFailures(db: Kysely<Database>, email: string, since: Date): Promise<number> {
  const row = await db
    .selectFrom('login_failures')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('email', '=', email)
    .where('at', '>', since)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/**
 * A completed password reset: the account's failures stop counting for it (they still count for their
 * addresses) and its next lockout is mailed again.
 */
export async function liftAccountFailures(db: Kysely<Database>, email: string): Promise<void> {
  await db.updateTable('login_failures').set({ email: null }).where('email', '=', email).execute()
  await db.deleteFrom('login_lockout_notices').where('email', '=', email).execute()
}

/**
 * Records that the owner of `email` is being told of a lockout now, unless they were told after `notAfter`:
 * true for exactly one caller, however many ask at once.
 */
export async function claimLockoutNotice(
  db: Kysely<Database>,
  email: string,
  now: Date,
  notAfter: Date,
): Promise<boolean> {
  const row = await db
    .insertInto('login_lockout_notices')
    .values({ email, sent_at: now })
    .onConflict((oc) =>
      oc.column('email').doUpdateSet({ sent_at: now }).where('login_lockout_notices.sent_at', '<=', notAfter),
    )
    .returning('email')
    .executeTakeFirst()
  return row !== undefined
}

/** Deletes failures from before `before`. */
export async function deleteOldLoginFailures(db: Kysely<Database>, before: Date): Promise<number> {
  const result = await db.deleteFrom('login_failures').where('at', '<', before).executeTakeFirst()
  return Number(result.numDeletedRows)
}
