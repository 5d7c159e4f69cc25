/**
 * Invitations into a company's account (docs/teams.md "My Team and invitations"): an Admin invites an email with
 * a name and a role; the mail carries a single-use link valid 7 days, bound to that email. Only the token's
 * SHA-256 is stored; a resend makes a new token (the earlier link stops working). The link itself, checked and
 * accepted, is in invitation-link.ts.
 */
import type { Kysely } from 'kysely'
import {
  type CompanyRole,
  INVITATION_TTL_MS,
  invitationStatus,
  invitationTransitions,
  nextState,
  type TeamInvitation,
  teamMessages,
} from '../../contract/team'
import { type AuditContext, appendAudit, createdFields } from '../audit/audit'
import type { Limit } from '../auth/rate-limit'
import { limitAddress } from '../auth/rate-limit'
import { hashToken, newToken } from '../auth/tokens'
import { normalizeEmail } from '../auth/users'
import type { Database } from '../db/schema'
import type { Mailer } from '../mail/index'
import { invitationLink, invitedWithAccountMail, teamInvitationMail } from '../mail/team-templates'

const HOUR = 3_600_000

export const teamLimits = {
  /** 50 invitations (new or sent again) an hour per company. */
  invitations: (customerId: number): Limit => ({ key: `team:invite:${customerId}`, max: 50, windowMs: HOUR }),
  /** What one client address may do with invitation links: 30 looks and 10 accepts per 10 minutes. */
  invitationCheckIp: (ip: string): Limit => ({
    key: `invitation:check:${limitAddress(ip)}`,
    max: 30,
    windowMs: HOUR / 6,
  }),
  invitationAcceptIp: (ip: string): Limit => ({
    key: `invitation:accept:${limitAddress(ip)}`,
    max: 10,
    windowMs: HOUR / 6,
  }),
}

type InvitationRow = {
  id: number
  customer_id: number
  email: string
  name: string
  role: CompanyRole
  sent_at: Date
  expires_at: Date
  revoked_at: Date | null
  accepted_at: Date | null
}

const invitationColumns = [
  'id',
  'customer_id',
  'email',
  'name',
  'role',
  'sent_at',
  'expires_at',
  'revoked_at',
  'accepted_at',
] as const

export type TeamOutcome<T = object> =
  | ({ ok: true; message: string } & T)
  | { ok: false; status: 404 | 409; message: string }

const refuse = (status: 404 | 409, message: string) => ({ ok: false as const, status, message })

/** The company, its name and the inviter's, for the mail. */
async function mailContext(db: Kysely<Database>, customerId: number, inviterId: number) {
  const company = await db
    .selectFrom('customers')
    .select('name')
    .where('id', '=', customerId)
    .executeTakeFirstOrThrow()
  const inviter = await db
    .selectFrom('users')
    .select('esus_name')
    .where('id', '=', inviterId)
    .executeTakeFirstOrThrow()
  return { companyName: company.name, inviterName: inviter.esus_name }
}

/** The company of the account `email` has, if it has one. */
async function accountOf(trx: Kysely<Database>, email: string) {
  return trx.selectFrom('users').select('customer_id').where('esus_email_id', '=', email).executeTakeFirst()
}

/**
 * The invitation's mail: its link, or, to an email that already has an account (an account belongs to one
 * company), how to join instead, with no link. Either is written in the same statements, so the answer does
 * not tell the Admin which was sent.
 */
async function mailInvitation(
  trx: Kysely<Database>,
  mailer: Mailer,
  row: Pick<InvitationRow, 'customer_id' | 'email' | 'name' | 'role'>,
  inviterId: number,
  token: string,
  at: Date,
  hasAccount: boolean,
) {
  const context = await mailContext(trx, row.customer_id, inviterId)
  const invited = { to: row.email, name: row.name, role: row.role, ...context }
  const mail = hasAccount
    ? invitedWithAccountMail({ ...invited, appUrl: mailer.appUrl })
    : teamInvitationMail({ ...invited, link: invitationLink(mailer.appUrl, token) })
  await mailer.queue(trx, mail, at)
}

async function toTeamInvitation(db: Kysely<Database>, row: InvitationRow, invitedBy: number, now: Date) {
  const inviter = await db
    .selectFrom('users')
    .select('esus_name')
    .where('id', '=', invitedBy)
    .executeTakeFirstOrThrow()
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    status: invitationStatus(row, now) === 'Expired' ? 'Expired' : 'Invited',
    sentAt: new Date(row.sent_at).toISOString(),
    expiresAt: new Date(row.expires_at).toISOString(),
    invitedBy: inviter.esus_name,
  } satisfies TeamInvitation
}

type Who = AuditContext & { customerId: number; userId: number }

/**
 * POST /api/team/invitations, in the caller's transaction: a new invitation, or an expired open one of the
 * email sent again with the new name and role. 409 when the email is already one of this company's users
 * (listed in My Team: nothing new to the Admin) or has an open invitation of this company that has not
 * expired. An email with an account in another company is invited as one without (issue 34): the same
 * statements and the same answer, so no company learns who has an account elsewhere; only the mail differs.
 */
export async function invite(
  trx: Kysely<Database>,
  mailer: Mailer,
  who: Who,
  input: { email: string; name: string; role: CompanyRole },
  at: Date,
): Promise<TeamOutcome<{ invitation: TeamInvitation }>> {
  const email = normalizeEmail(input.email)
  const account = await accountOf(trx, email)
  if (account?.customer_id === who.customerId) return refuse(409, teamMessages.emailTaken)
  const token = newToken()
  const expires = new Date(at.getTime() + INVITATION_TTL_MS)
  const open = await trx
    .selectFrom('team_invitations')
    .select(invitationColumns)
    .where('customer_id', '=', who.customerId)
    .where('email', '=', email)
    .where('revoked_at', 'is', null)
    .where('accepted_at', 'is', null)
    .forUpdate()
    .executeTakeFirst()
  let row: InvitationRow | undefined
  let action = 'team.invited'
  if (open) {
    if (invitationStatus(open, at) !== 'Expired') return refuse(409, teamMessages.alreadyInvited)
    row = await trx
      .updateTable('team_invitations')
      .set({
        name: input.name,
        role: input.role,
        token_hash: hashToken(token),
        invited_by: who.userId,
        sent_at: at,
        expires_at: expires,
      })
      .where('id', '=', open.id)
      .returning(invitationColumns)
      .executeTakeFirstOrThrow()
    action = 'team.invitation_resent'
  } else {
    // Two Admins inviting one email at once: the open-invitation index keeps one, the other is told.
    row = await trx
      .insertInto('team_invitations')
      .values({
        customer_id: who.customerId,
        email,
        name: input.name,
        role: input.role,
        token_hash: hashToken(token),
        invited_by: who.userId,
        created_at: at,
        sent_at: at,
        expires_at: expires,
      })
      .onConflict((oc) =>
        oc
          .columns(['customer_id', 'email'])
          .where('revoked_at', 'is', null)
          .where('accepted_at', 'is', null)
          .doNothing(),
      )
      .returning(invitationColumns)
      .executeTakeFirst()
    if (!row) return refuse(409, teamMessages.alreadyInvited)
  }
  await mailInvitation(trx, mailer, row, who.userId, token, at, account !== undefined)
  await appendAudit(
    trx,
    {
      ...who,
      action,
      recordType: 'team_invitation',
      recordId: row.id,
      changes: createdFields({ email, name: input.name, role: input.role }),
    },
    at,
  )
  return {
    ok: true,
    message: teamMessages.invited,
    invitation: await toTeamInvitation(trx, row, who.userId, at),
  }
}

/** The company's invitation `id`, locked, and its status; undefined when it is not the company's. */
async function lockedInvitation(trx: Kysely<Database>, customerId: number, id: number, at: Date) {
  const row = await trx
    .selectFrom('team_invitations')
    .select(invitationColumns)
    .where('id', '=', id)
    .where('customer_id', '=', customerId)
    .forUpdate()
    .executeTakeFirst()
  return row && { row, status: invitationStatus(row, at) }
}

/** POST /api/team/invitations/{id}/resend: a new link (the earlier one stops working), 7 days from now. */
export async function resendInvitation(
  trx: Kysely<Database>,
  mailer: Mailer,
  who: Who,
  id: number,
  at: Date,
): Promise<TeamOutcome<{ invitation: TeamInvitation }>> {
  const found = await lockedInvitation(trx, who.customerId, id, at)
  if (!found) return refuse(404, teamMessages.notFound)
  if (!nextState(invitationTransitions, found.status, 'resend')) return refuse(409, teamMessages.stale)
  const token = newToken()
  const row = await trx
    .updateTable('team_invitations')
    .set({
      token_hash: hashToken(token),
      sent_at: at,
      expires_at: new Date(at.getTime() + INVITATION_TTL_MS),
    })
    .where('id', '=', id)
    .returning(invitationColumns)
    .executeTakeFirstOrThrow()
  const inviter = await trx
    .selectFrom('team_invitations')
    .select('invited_by')
    .where('id', '=', id)
    .executeTakeFirstOrThrow()
  const account = await accountOf(trx, row.email)
  await mailInvitation(trx, mailer, row, inviter.invited_by, token, at, account !== undefined)
  await appendAudit(
    trx,
    {
      ...who,
      action: 'team.invitation_resent',
      recordType: 'team_invitation',
      recordId: id,
      changes: {
        expires_at: { before: found.row.expires_at.toISOString(), after: row.expires_at.toISOString() },
      },
    },
    at,
  )
  return {
    ok: true,
    message: teamMessages.resent,
    invitation: await toTeamInvitation(trx, row, inviter.invited_by, at),
  }
}

/** DELETE /api/team/invitations/{id}: the link stops working. */
export async function revokeInvitation(
  trx: Kysely<Database>,
  who: Who,
  id: number,
  at: Date,
): Promise<TeamOutcome> {
  const found = await lockedInvitation(trx, who.customerId, id, at)
  if (!found) return refuse(404, teamMessages.notFound)
  const next = nextState(invitationTransitions, found.status, 'revoke')
  if (!next) return refuse(409, teamMessages.stale)
  await trx.updateTable('team_invitations').set({ revoked_at: at }).where('id', '=', id).execute()
  await appendAudit(
    trx,
    {
      ...who,
      action: 'team.invitation_revoked',
      recordType: 'team_invitation',
      recordId: id,
      changes: { status: { before: found.status, after: next } },
    },
    at,
  )
  return { ok: true, message: teamMessages.revoked }
}
