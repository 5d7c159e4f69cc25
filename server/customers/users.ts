/**
 * A customer's users as the directory shows them, and what an admin (or sales, for the activation link) may
 * do to one: mail a new activation link, deactivate, reactivate (docs/staff.md "The customer directory").
 *
 * Deactivating sets `users.deactivated_at` and ends the user's open sessions in the same transaction. The
 * users trigger (migration 0011) notifies every process when it commits, and each drops what it holds of the
 * user's sessions; `touchSession` no longer finds a session of a deactivated user, and the login answers them
 * 403 after the right password (server/routes/auth.ts). A password reset is not mailed to them.
 */
import { type Kysely, sql } from 'kysely'
import type { CustomerUser } from '../../contract/customer-directory'
import { CUSTOMER_USER_TYPE } from '../../contract/messages'
import type { CompanyRole } from '../../contract/team'
import { endAllSessions } from '../auth/sessions'
import type { Database } from '../db/schema'
import type { Mailer } from '../mail/index'
import { resendActivationLink } from '../register/activation'
import { pendingJoinOf } from '../team/join-requests'

interface UserRow {
  id: number
  customer_id: number
  esus_name: string
  esus_email_id: string
  activated_at: Date | null
  deactivated_at: Date | null
  created_at: Date
  last_login: Date | null
  company_role: CompanyRole
}

const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null)

const toCustomerUser = (row: UserRow): CustomerUser => ({
  id: row.id,
  name: row.esus_name,
  email: row.esus_email_id,
  activated: row.activated_at !== null,
  active: row.deactivated_at === null,
  role: row.company_role,
  deactivatedAt: iso(row.deactivated_at),
  lastLogin: iso(row.last_login),
  createdAt: new Date(row.created_at).toISOString(),
})

/** A customer's users with their last login (a session opened), by name. */
function usersQuery(db: Kysely<Database>) {
  return db
    .selectFrom('users as u')
    .select([
      'u.id',
      'u.customer_id',
      'u.esus_name',
      'u.esus_email_id',
      'u.activated_at',
      'u.deactivated_at',
      'u.created_at',
      'u.company_role',
      (eb) =>
        eb
          .selectFrom('sessions as s')
          .select(sql<Date | null>`max(s.created_at)`.as('last'))
          .whereRef('s.user_id', '=', 'u.id')
          .as('last_login'),
    ])
    .where('u.user_type', '=', CUSTOMER_USER_TYPE)
}

/** The company's users, by name. */
export async function customerUsers(db: Kysely<Database>, customerId: number): Promise<CustomerUser[]> {
  const rows = await usersQuery(db)
    .where('u.customer_id', '=', customerId)
    .orderBy(sql`lower(u.esus_name)`)
    .orderBy('u.id')
    .execute()
  return (rows as UserRow[]).map(toCustomerUser)
}

/** A customer's user by id, its row locked for the caller's transaction; undefined for anyone else. */
async function lockedUser(trx: Kysely<Database>, id: number) {
  await trx.selectFrom('users').select('id').where('id', '=', id).forUpdate().execute()
  const row = (await usersQuery(trx).where('u.id', '=', id).executeTakeFirst()) as UserRow | undefined
  return row && { row, user: toCustomerUser(row) }
}

export type UserChange =
  | { ok: true; customerId: number; before: CustomerUser; after: CustomerUser }
  | { ok: false; reason: 'notFound' }

/**
 * Deactivates the user and ends their open sessions, in `trx` (the caller's transaction, with its audit row).
 * A user already deactivated is answered as they are (before and after alike: nothing to record).
 */
export async function deactivateCustomerUser(
  trx: Kysely<Database>,
  id: number,
  staffId: number,
  at: Date,
): Promise<UserChange> {
  const found = await lockedUser(trx, id)
  if (!found) return { ok: false, reason: 'notFound' }
  const { row, user } = found
  if (!user.active) return { ok: true, customerId: row.customer_id, before: user, after: user }
  await trx
    .updateTable('users')
    .set({ deactivated_at: at, deactivated_by: staffId })
    .where('id', '=', id)
    .execute()
  await endAllSessions(trx, id, at)
  const after = toCustomerUser({ ...row, deactivated_at: at })
  return { ok: true, customerId: row.customer_id, before: user, after }
}

/** Lets a deactivated user log in again, in `trx`; an active one is answered as they are. */
export async function reactivateCustomerUser(trx: Kysely<Database>, id: number): Promise<UserChange> {
  const found = await lockedUser(trx, id)
  if (!found) return { ok: false, reason: 'notFound' }
  const { row, user } = found
  if (user.active) return { ok: true, customerId: row.customer_id, before: user, after: user }
  await trx
    .updateTable('users')
    .set({ deactivated_at: null, deactivated_by: null })
    .where('id', '=', id)
    .execute()
  const after = toCustomerUser({ ...row, deactivated_at: null })
  return { ok: true, customerId: row.customer_id, before: user, after }
}

export type ResendOutcome =
  | { ok: true; customerId: number; user: CustomerUser }
  | { ok: false; reason: 'notFound' | 'activated' | 'deactivated' | 'joinPending' }

/**
 * Mails a user who has not activated their account a new activation link through registration's own code
 * (`resendActivationLink`: a new token, earlier links retired, the mail queued in the same transaction), in
 * `trx`. Refused for a user already activated, or deactivated (reactivate them first).
 */
export async function resendCustomerActivation(
  trx: Kysely<Database>,
  mailer: Mailer,
  id: number,
  at: Date,
): Promise<ResendOutcome> {
  const found = await lockedUser(trx, id)
  if (!found) return { ok: false, reason: 'notFound' }
  const { row, user } = found
  if (user.activated) return { ok: false, reason: 'activated' }
  if (!user.active) return { ok: false, reason: 'deactivated' }
  // A registration asking to join a company that has an account gets its link when the company's Admins
  // approve it (docs/teams.md): the forwarder does not let them in past the Admins.
  if (await pendingJoinOf(trx, id)) return { ok: false, reason: 'joinPending' }
  if (!(await resendActivationLink(trx, mailer, user.email, at))) return { ok: false, reason: 'activated' }
  return { ok: true, customerId: row.customer_id, user }
}
