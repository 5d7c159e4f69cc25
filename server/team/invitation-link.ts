/**
 * The invitation link (docs/teams.md "My Team and invitations"), public: what the invitation page shows, and
 * accepting, which makes the account. Accepting is one
 * `update … where token_hash = … and accepted_at is null and revoked_at is null and expires_at > now returning`,
 * so a link makes one account even when it is used twice at once. The Admin's side is in invitations.ts.
 */
import type { Kysely } from 'kysely'
import { CUSTOMER_USER_TYPE } from '../../contract/messages'
import {
  type InvitationStatus,
  type InvitationView,
  invitationStatus,
  teamMessages,
} from '../../contract/team'
import { appendAudit, createdFields } from '../audit/audit'
import { hashToken } from '../auth/tokens'
import { normalizeEmail } from '../auth/users'
import type { Database } from '../db/schema'

export type LinkRefusal = { status: 400 | 410; message: string }

const refusalOf = (status: InvitationStatus | undefined): LinkRefusal | undefined => {
  switch (status) {
    case undefined:
      return { status: 400, message: teamMessages.invitationInvalid }
    case 'Accepted':
      return { status: 410, message: teamMessages.invitationUsed }
    case 'Revoked':
      return { status: 410, message: teamMessages.invitationRevoked }
    case 'Expired':
      return { status: 410, message: teamMessages.invitationExpired }
    case 'Invited':
      return undefined
  }
}

/** The invitation of a link's token, with its company's name and dialling code (what the page shows). */
async function invitationByToken(db: Kysely<Database>, token: string) {
  return db
    .selectFrom('team_invitations as i')
    .innerJoin('customers as c', 'c.id', 'i.customer_id')
    .innerJoin('countries as k', 'k.mcou_rid', 'c.country_id')
    .select([
      'i.id',
      'i.customer_id',
      'i.email',
      'i.name',
      'i.role',
      'i.sent_at',
      'i.expires_at',
      'i.revoked_at',
      'i.accepted_at',
      'c.name as company_name',
      'k.mcou_country_dialing_code',
    ])
    .where('i.token_hash', '=', hashToken(token))
    .executeTakeFirst()
}

/** POST /api/invitations/check: what the invitation page shows, or why the link does not work. */
export async function checkInvitation(
  db: Kysely<Database>,
  token: string,
  at: Date,
): Promise<{ view: InvitationView } | LinkRefusal> {
  const row = await invitationByToken(db, token)
  const refusal = refusalOf(row && invitationStatus(row, at))
  if (refusal || !row) return refusal ?? { status: 400, message: teamMessages.invitationInvalid }
  return {
    view: {
      email: row.email,
      name: row.name,
      role: row.role,
      companyName: row.company_name,
      dialingCode: row.mcou_country_dialing_code,
      expiresAt: new Date(row.expires_at).toISOString(),
    },
  }
}

export type AcceptRefusal = { status: 400 | 403 | 409 | 410; message: string }

/** Whether the link may be accepted for `email` now (the cheap checks before the password is hashed). */
export async function acceptRefusal(
  db: Kysely<Database>,
  token: string,
  email: string,
  at: Date,
): Promise<AcceptRefusal | undefined> {
  const row = await invitationByToken(db, token)
  const refusal = refusalOf(row && invitationStatus(row, at))
  if (refusal || !row) return refusal ?? { status: 400, message: teamMessages.invitationInvalid }
  if (normalizeEmail(email) !== row.email) return { status: 403, message: teamMessages.invitationOtherEmail }
  const user = await db
    .selectFrom('users')
    .select('id')
    .where('esus_email_id', '=', row.email)
    .executeTakeFirst()
  if (user) return { status: 409, message: teamMessages.invitationEmailTaken }
  return undefined
}

class Refused extends Error {
  constructor(readonly refusal: AcceptRefusal) {
    super(refusal.message)
  }
}

/**
 * Claims the invitation and makes its account, activated, in the inviting company with the invitation's role,
 * with its audit row, in one transaction. The new user's id, or why not. The caller asks `acceptRefusal` first,
 * before it hashes the password; what changed since (another accept won, the email got an account) is
 * refused here from the claim and the insert themselves.
 */
export async function acceptInvitation(
  db: Kysely<Database>,
  input: { token: string; email: string; esus_name: string; esus_phone: string; passwordHash: string },
  clientAddress: string | null,
  at: Date,
): Promise<{ userId: number } | AcceptRefusal> {
  try {
    return await db.transaction().execute(async (trx) => {
      const claimed = await trx
        .updateTable('team_invitations')
        .set({ accepted_at: at })
        .where('token_hash', '=', hashToken(input.token))
        .where('accepted_at', 'is', null)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', at)
        .returning(['id', 'customer_id', 'email', 'role'])
        .executeTakeFirst()
      if (!claimed) {
        // Used, revoked or expired since the look-up (another accept won): say which.
        const row = await invitationByToken(trx, input.token)
        throw new Refused(
          refusalOf(row && invitationStatus(row, at)) ?? {
            status: 410,
            message: teamMessages.invitationUsed,
          },
        )
      }
      if (normalizeEmail(input.email) !== claimed.email) {
        throw new Refused({ status: 403, message: teamMessages.invitationOtherEmail })
      }
      const company = await trx
        .selectFrom('customers as c')
        .innerJoin('countries as k', 'k.mcou_rid', 'c.country_id')
        .select(['c.name', 'c.regn_no', 'c.country_id', 'k.mcou_country_dialing_code', 'k.eshp_mcpy'])
        .where('c.id', '=', claimed.customer_id)
        .executeTakeFirstOrThrow()
      // The company's address is its first Admin's (My Profile keeps it on each user).
      const address = await trx
        .selectFrom('users')
        .select('esus_address1')
        .where('customer_id', '=', claimed.customer_id)
        .orderBy((eb) => eb.case().when('company_role', '=', 'admin').then(0).else(1).end())
        .orderBy('id')
        .executeTakeFirst()
      const user = await trx
        .insertInto('users')
        .values({
          esus_name: input.esus_name,
          esus_company_name: company.name,
          esus_regn_no: company.regn_no,
          esus_email_id: claimed.email,
          password_hash: input.passwordHash,
          esus_mcou: company.country_id,
          code: company.mcou_country_dialing_code,
          esus_phone: input.esus_phone,
          esus_address1: address?.esus_address1 ?? '',
          esus_source: 'Others',
          esus_mcpy: company.eshp_mcpy,
          user_type: CUSTOMER_USER_TYPE,
          activated_at: at,
          created_at: at,
          customer_id: claimed.customer_id,
          company_role: claimed.role,
        })
        .onConflict((oc) => oc.column('esus_email_id').doNothing())
        .returning('id')
        .executeTakeFirst()
      if (!user) throw new Refused({ status: 409, message: teamMessages.invitationEmailTaken })
      await trx
        .updateTable('team_invitations')
        .set({ user_id: user.id })
        .where('id', '=', claimed.id)
        .execute()
      await appendAudit(
        trx,
        {
          actor: { kind: 'customer', userId: user.id, customerId: claimed.customer_id, email: claimed.email },
          clientAddress,
          action: 'team.invitation_accepted',
          recordType: 'team_invitation',
          recordId: claimed.id,
          customerId: claimed.customer_id,
          changes: createdFields({
            user: user.id,
            email: claimed.email,
            name: input.esus_name,
            role: claimed.role,
          }),
        },
        at,
      )
      return { userId: user.id }
    })
  } catch (error) {
    if (error instanceof Refused) return error.refusal
    throw error
  }
}
