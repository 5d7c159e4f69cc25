/**
 * A company's team as My Team shows it, and what its Admins do to a member: change the role, deactivate,
 * reactivate (docs/teams.md "My Team and invitations"). Every change runs in the caller's transaction with its
 * audit row, after the company's users rows are locked (`lockTeam`), so that two Admins changing each other at
 * once cannot both leave the company without an active Admin.
 */
import { type Kysely, sql } from 'kysely'
import { CUSTOMER_USER_TYPE } from '../../contract/messages'
import {
  type CompanyRole,
  invitationStatus,
  keepsAnAdmin,
  type MemberStatus,
  memberTransitions,
  nextState,
  type TeamInvitation,
  type TeamJoinRequest,
  type TeamMember,
  type TeamView,
  teamMessages,
} from '../../contract/team'
import { type AuditContext, appendAudit } from '../audit/audit'
import { endAllSessions } from '../auth/sessions'
import type { Database } from '../db/schema'

const iso = (value: Date | string | null) => (value ? new Date(value).toISOString() : null)

export interface MemberRow {
  id: number
  name: string
  email: string
  role: CompanyRole
  status: MemberStatus
  lastSignInAt: string | null
  /** The staff member who deactivated them (the customer directory), when it was the forwarder. */
  deactivatedByStaff: number | null
}

/**
 * The company's members: its users who can or could log in (activated, or an approved joiner awaiting
 * activation). A joiner whose request is pending is not one; a declined one has no user row left.
 */
export async function teamMembers(db: Kysely<Database>, customerId: number): Promise<MemberRow[]> {
  const rows = await db
    .selectFrom('users as u')
    .select([
      'u.id',
      'u.esus_name',
      'u.esus_email_id',
      'u.company_role',
      'u.activated_at',
      'u.deactivated_at',
      'u.deactivated_by',
      (eb) =>
        eb
          .selectFrom('sessions as s')
          .select('s.created_at')
          .whereRef('s.user_id', '=', 'u.id')
          .orderBy('s.created_at', 'desc')
          .limit(1)
          .as('last_sign_in'),
    ])
    .where('u.customer_id', '=', customerId)
    .where('u.user_type', '=', CUSTOMER_USER_TYPE)
    .where((eb) =>
      eb.or([
        eb('u.activated_at', 'is not', null),
        eb.exists(
          eb
            .selectFrom('team_join_requests as j')
            .select('j.id')
            .whereRef('j.user_id', '=', 'u.id')
            .where('j.decision', '=', 'approved'),
        ),
      ]),
    )
    .orderBy(sql`lower(u.esus_name)`)
    .orderBy('u.id')
    .execute()
  return rows.map((row) => ({
    id: row.id,
    name: row.esus_name,
    email: row.esus_email_id,
    role: row.company_role,
    status: row.deactivated_at ? 'Deactivated' : row.activated_at ? 'Active' : 'Awaiting activation',
    lastSignInAt: iso(row.last_sign_in as Date | null),
    deactivatedByStaff: row.deactivated_by,
  }))
}

/** Locks the company's users rows for the caller's transaction: member changes of one company go one at a time. */
export async function lockTeam(trx: Kysely<Database>, customerId: number): Promise<void> {
  await trx.selectFrom('users').select('id').where('customer_id', '=', customerId).forUpdate().execute()
}

/** GET /api/team: members and open invitations for everyone; pending join requests for an Admin only. */
export async function teamView(
  db: Kysely<Database>,
  me: { userId: number; customerId: number; role: CompanyRole },
  now: Date,
): Promise<TeamView> {
  const company = await db
    .selectFrom('customers')
    .select(['name', 'regn_no'])
    .where('id', '=', me.customerId)
    .executeTakeFirstOrThrow()
  const members: TeamMember[] = (await teamMembers(db, me.customerId)).map(
    ({ deactivatedByStaff: _, ...member }) => ({ ...member, isMe: member.id === me.userId }),
  )
  const invitationRows = await db
    .selectFrom('team_invitations as i')
    .innerJoin('users as u', 'u.id', 'i.invited_by')
    .select([
      'i.id',
      'i.email',
      'i.name',
      'i.role',
      'i.sent_at',
      'i.expires_at',
      'i.revoked_at',
      'i.accepted_at',
      'u.esus_name as inviter',
    ])
    .where('i.customer_id', '=', me.customerId)
    .where('i.revoked_at', 'is', null)
    .where('i.accepted_at', 'is', null)
    .orderBy('i.sent_at', 'desc')
    .orderBy('i.id', 'desc')
    .execute()
  const invitations: TeamInvitation[] = invitationRows.map((row) => ({
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    status: invitationStatus(row, now) === 'Expired' ? 'Expired' : 'Invited',
    sentAt: new Date(row.sent_at).toISOString(),
    expiresAt: new Date(row.expires_at).toISOString(),
    invitedBy: row.inviter,
  }))
  let joinRequests: TeamJoinRequest[] = []
  if (me.role === 'admin') {
    const rows = await db
      .selectFrom('team_join_requests')
      .select(['id', 'name', 'email', 'created_at'])
      .where('customer_id', '=', me.customerId)
      .where('decided_at', 'is', null)
      .orderBy('created_at')
      .orderBy('id')
      .execute()
    joinRequests = rows.map((row) => ({
      id: row.id,
      name: row.name,
      email: row.email,
      requestedAt: new Date(row.created_at).toISOString(),
    }))
  }
  return {
    company: { name: company.name, regnNo: company.regn_no },
    myRole: me.role,
    members,
    invitations,
    joinRequests,
  }
}

export type MemberOutcome = { ok: true; message: string } | { ok: false; status: 404 | 409; message: string }

const refuse = (status: 404 | 409, message: string): MemberOutcome => ({ ok: false, status, message })

/** The member `id` of the company, with the team locked and read in `trx`; undefined when not one of its members. */
async function lockedMember(trx: Kysely<Database>, customerId: number, id: number) {
  await lockTeam(trx, customerId)
  const members = await teamMembers(trx, customerId)
  const member = members.find((m) => m.id === id)
  return member && { members, member }
}

/** PUT /api/team/members/{id}/role, in the caller's transaction. */
export async function changeRole(
  trx: Kysely<Database>,
  audit: AuditContext & { customerId: number },
  id: number,
  role: CompanyRole,
  at: Date,
): Promise<MemberOutcome> {
  const found = await lockedMember(trx, audit.customerId, id)
  if (!found) return refuse(404, teamMessages.notFound)
  const { members, member } = found
  const next = nextState(memberTransitions, member.status, 'changeRole')
  if (!next) return refuse(409, teamMessages.stale)
  if (member.role === role) return { ok: true, message: teamMessages.roleChanged }
  if (!keepsAnAdmin(members, { id, role, status: next })) return refuse(409, teamMessages.lastAdmin)
  // The users trigger (migration 0011) tells every process to drop what it holds of the user's sessions: their
  // open tab's next request reads the new role.
  await trx.updateTable('users').set({ company_role: role }).where('id', '=', id).execute()
  await appendAudit(
    trx,
    {
      ...audit,
      action: 'team.role_changed',
      recordType: 'user',
      recordId: id,
      changes: { company_role: { before: member.role, after: role } },
    },
    at,
  )
  return { ok: true, message: teamMessages.roleChanged }
}

/** POST /api/team/members/{id}/deactivate: ends their sessions at once, in the caller's transaction. */
export async function deactivateMember(
  trx: Kysely<Database>,
  audit: AuditContext & { customerId: number; userId: number },
  id: number,
  at: Date,
): Promise<MemberOutcome> {
  const found = await lockedMember(trx, audit.customerId, id)
  if (!found) return refuse(404, teamMessages.notFound)
  if (id === audit.userId) return refuse(409, teamMessages.notYourself)
  const { members, member } = found
  const next = nextState(memberTransitions, member.status, 'deactivate')
  if (!next) return refuse(409, teamMessages.stale)
  if (!keepsAnAdmin(members, { id, role: member.role, status: next }))
    return refuse(409, teamMessages.lastAdmin)
  await trx
    .updateTable('users')
    .set({ deactivated_at: at, deactivated_by_user: audit.userId })
    .where('id', '=', id)
    .execute()
  await endAllSessions(trx, id, at)
  await appendAudit(
    trx,
    {
      ...audit,
      action: 'team.member_deactivated',
      recordType: 'user',
      recordId: id,
      changes: { status: { before: member.status, after: next } },
    },
    at,
  )
  return { ok: true, message: teamMessages.deactivated }
}

/** POST /api/team/members/{id}/reactivate, in the caller's transaction; not one the forwarder deactivated. */
export async function reactivateMember(
  trx: Kysely<Database>,
  audit: AuditContext & { customerId: number },
  id: number,
  at: Date,
): Promise<MemberOutcome> {
  const found = await lockedMember(trx, audit.customerId, id)
  if (!found) return refuse(404, teamMessages.notFound)
  const { member } = found
  if (!nextState(memberTransitions, member.status, 'reactivate')) return refuse(409, teamMessages.stale)
  if (member.deactivatedByStaff !== null) return refuse(409, teamMessages.deactivatedByForwarder)
  await trx
    .updateTable('users')
    .set({ deactivated_at: null, deactivated_by_user: null })
    .where('id', '=', id)
    .execute()
  const after = (await teamMembers(trx, audit.customerId)).find((m) => m.id === id)?.status ?? 'Active'
  await appendAudit(
    trx,
    {
      ...audit,
      action: 'team.member_reactivated',
      recordType: 'user',
      recordId: id,
      changes: { status: { before: member.status, after } },
    },
    at,
  )
  return { ok: true, message: teamMessages.reactivated }
}
