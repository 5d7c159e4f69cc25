/**
 * Joining a company that already has an account (docs/teams.md): a registration with the registration number of
 * a company in the same country that has an active Admin makes an inactive user of that company and a request
 * its Admins approve (as Member or Viewer) or decline. No second company is made, and the registration's answer
 * is the spec's, sent before any of this runs.
 */
import { type Kysely, sql } from 'kysely'
import { CUSTOMER_USER_TYPE } from '../../contract/messages'
import {
  type JoinRequestStatus,
  type JoinRole,
  joinRequestTransitions,
  nextState,
  teamMessages,
} from '../../contract/team'
import { type AuditContext, appendAudit, createdFields } from '../audit/audit'
import type { NewRegistration } from '../auth/activation-tokens'
import { createActivationToken } from '../auth/activation-tokens'
import { hashToken, newToken } from '../auth/tokens'
import { normalizeEmail } from '../auth/users'
import type { Database } from '../db/schema'
import { activationLink } from '../mail/account-templates'
import type { Mailer } from '../mail/index'
import {
  joinApprovedMail,
  joinDeclinedMail,
  joinRequestAdminMail,
  joinRequestedMail,
} from '../mail/team-templates'

/**
 * Serialises registrations of one company (its country and upper-case number) until the caller's transaction
 * ends, so that two people registering one company at once make one company and one request.
 */
export async function lockCompanyKey(
  trx: Kysely<Database>,
  countryId: number,
  regnNo: string,
): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${`company:${countryId}:${regnNo.toUpperCase()}`}))`.execute(
    trx,
  )
}

/** The company of this number in this country that has an active Admin, the oldest when there are several. */
export async function joinableCompany(db: Kysely<Database>, countryId: number, regnNo: string) {
  return db
    .selectFrom('customers as c')
    .select(['c.id', 'c.name'])
    .where('c.country_id', '=', countryId)
    .where('c.regn_no', '=', regnNo.toUpperCase())
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('users as u')
          .select('u.id')
          .whereRef('u.customer_id', '=', 'c.id')
          .where('u.company_role', '=', 'admin')
          .where('u.user_type', '=', CUSTOMER_USER_TYPE)
          .where('u.activated_at', 'is not', null)
          .where('u.deactivated_at', 'is', null),
      ),
    )
    .orderBy('c.id')
    .executeTakeFirst()
}

/** The company's active Admins, whom a new request is mailed to. */
async function activeAdmins(db: Kysely<Database>, customerId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'esus_name', 'esus_email_id'])
    .where('customer_id', '=', customerId)
    .where('company_role', '=', 'admin')
    .where('user_type', '=', CUSTOMER_USER_TYPE)
    .where('activated_at', 'is not', null)
    .where('deactivated_at', 'is', null)
    .orderBy('id')
    .execute()
}

/**
 * The registration becomes a request to join `company`, in the caller's transaction: the inactive user (no
 * activation link), the request, its audit row, a mail to the person and one to each active Admin. Undefined
 * when the email already has an account (nothing written).
 */
export async function requestToJoin(
  trx: Kysely<Database>,
  mailer: Mailer,
  registration: NewRegistration & { esus_email_id: string; esus_name: string },
  company: { id: number; name: string },
  now: Date,
): Promise<number | undefined> {
  const email = normalizeEmail(registration.esus_email_id)
  const user = await trx
    .insertInto('users')
    .values({
      ...registration,
      esus_email_id: email,
      company_role: 'member',
      customer_id: company.id,
      activated_at: null,
      created_at: now,
    })
    .onConflict((oc) => oc.column('esus_email_id').doNothing())
    .returning('id')
    .executeTakeFirst()
  if (!user) return undefined
  const request = await trx
    .insertInto('team_join_requests')
    .values({
      customer_id: company.id,
      user_id: user.id,
      email,
      name: registration.esus_name,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  // The registration, not a member of the company, did it: the row names no user (a declined request's user
  // row is removed, which a row naming it would forbid).
  await appendAudit(
    trx,
    {
      actor: { kind: 'system', name: 'registration' },
      clientAddress: null,
      action: 'team.join_requested',
      recordType: 'team_join_request',
      recordId: request.id,
      customerId: company.id,
      changes: createdFields({ name: registration.esus_name, email }),
    },
    now,
  )
  await mailer.queue(
    trx,
    joinRequestedMail({ to: email, name: registration.esus_name, companyName: company.name }),
    now,
  )
  for (const admin of await activeAdmins(trx, company.id)) {
    const mail = joinRequestAdminMail({
      to: admin.esus_email_id,
      name: admin.esus_name,
      requesterName: registration.esus_name,
      requesterEmail: email,
      companyName: company.name,
      appUrl: mailer.appUrl,
    })
    await mailer.queue(trx, mail, now)
  }
  return user.id
}

/** The company whose Admins have the user's request to join still waiting, or undefined. */
export async function pendingJoinOf(db: Kysely<Database>, userId: number) {
  return db
    .selectFrom('team_join_requests as j')
    .innerJoin('customers as c', 'c.id', 'j.customer_id')
    .select(['j.id', 'c.name as companyName'])
    .where('j.user_id', '=', userId)
    .where('j.decided_at', 'is', null)
    .executeTakeFirst()
}

export type JoinOutcome = { ok: true; message: string } | { ok: false; status: 404 | 409; message: string }

type Who = AuditContext & { customerId: number; userId: number }

const statusOf = (decision: 'approved' | 'declined' | null): JoinRequestStatus =>
  decision === 'approved' ? 'Approved' : decision === 'declined' ? 'Declined' : 'Pending'

async function lockedRequest(trx: Kysely<Database>, customerId: number, id: number) {
  const row = await trx
    .selectFrom('team_join_requests as j')
    .innerJoin('customers as c', 'c.id', 'j.customer_id')
    .select(['j.id', 'j.user_id', 'j.email', 'j.name', 'j.decision', 'c.name as company_name'])
    .where('j.id', '=', id)
    .where('j.customer_id', '=', customerId)
    .forUpdate()
    .executeTakeFirst()
  return row && { row, status: statusOf(row.decision) }
}

/**
 * POST /api/team/join-requests/{id}/approve, in the caller's transaction: the user gets the role and an
 * activation link (24 hours, as a registration's) by mail; they activate on /activate and log in.
 */
export async function approveJoin(
  trx: Kysely<Database>,
  mailer: Mailer,
  who: Who,
  id: number,
  role: JoinRole,
  at: Date,
): Promise<JoinOutcome> {
  const found = await lockedRequest(trx, who.customerId, id)
  if (!found) return { ok: false, status: 404, message: teamMessages.notFound }
  const { row } = found
  if (!nextState(joinRequestTransitions, found.status, 'approve') || row.user_id === null) {
    return { ok: false, status: 409, message: teamMessages.stale }
  }
  await trx.updateTable('users').set({ company_role: role }).where('id', '=', row.user_id).execute()
  await trx
    .updateTable('team_join_requests')
    .set({ decided_at: at, decided_by: who.userId, decision: 'approved', role })
    .where('id', '=', id)
    .execute()
  const token = newToken()
  await createActivationToken(trx, row.user_id, hashToken(token), at, { retireOthers: true })
  const mail = joinApprovedMail({
    to: row.email,
    name: row.name,
    companyName: row.company_name,
    role,
    link: activationLink(mailer.appUrl, token),
  })
  await mailer.queue(trx, mail, at)
  await appendAudit(
    trx,
    {
      ...who,
      action: 'team.join_approved',
      recordType: 'team_join_request',
      recordId: id,
      changes: { status: { before: 'Pending', after: 'Approved' }, role: { before: null, after: role } },
    },
    at,
  )
  return { ok: true, message: teamMessages.approved }
}

/**
 * POST /api/team/join-requests/{id}/decline, in the caller's transaction: the inactive user is removed (the
 * email may register again; the request keeps name and email) and the person is mailed.
 */
export async function declineJoin(
  trx: Kysely<Database>,
  mailer: Mailer,
  who: Who,
  id: number,
  at: Date,
): Promise<JoinOutcome> {
  const found = await lockedRequest(trx, who.customerId, id)
  if (!found) return { ok: false, status: 404, message: teamMessages.notFound }
  const { row } = found
  if (!nextState(joinRequestTransitions, found.status, 'decline')) {
    return { ok: false, status: 409, message: teamMessages.stale }
  }
  await trx
    .updateTable('team_join_requests')
    .set({ decided_at: at, decided_by: who.userId, decision: 'declined', user_id: null })
    .where('id', '=', id)
    .execute()
  if (row.user_id !== null) {
    // Never activated, never logged in: only its activation tokens (none were issued) and rate windows refer to it.
    await trx.deleteFrom('users').where('id', '=', row.user_id).where('activated_at', 'is', null).execute()
  }
  await mailer.queue(
    trx,
    joinDeclinedMail({ to: row.email, name: row.name, companyName: row.company_name }),
    at,
  )
  await appendAudit(
    trx,
    {
      ...who,
      action: 'team.join_declined',
      recordType: 'team_join_request',
      recordId: id,
      changes: { status: { before: 'Pending', after: 'Declined' } },
    },
    at,
  )
  return { ok: true, message: teamMessages.declined }
}
