import type { Kysely } from 'kysely'
import { staffRoleNames } from '../../contract/permissions'
import type { StaffMember } from '../../contract/staff'
import { siteConfig } from '../../site.config'
import { appendAudit } from '../audit/audit'
import { hashToken, newToken } from '../auth/tokens'
import type { Database } from '../db/schema'
import { inTransaction } from '../db/transaction'
import { compose, linkPara, para } from '../mail/compose'
import type { Mailer } from '../mail/index'
import { endAllStaffSessions } from './sessions'

/** A set-password link lives 72 hours: an invitation may wait over a weekend. */
export const STAFF_LINK_TTL_MS = 72 * 60 * 60_000

export function staffPasswordLink(appUrl: string, token: string): string {
  return `${appUrl}/staff/set-password?token=${encodeURIComponent(token)}`
}

/**
 * Mails a staff member a single-use link that sets their password (their invitation, or a new one an admin
 * sends); older links stop working. The link and its mail are written in one transaction.
 */
export async function sendStaffPasswordLink(
  db: Kysely<Database>,
  mailer: Mailer,
  staff: Pick<StaffMember, 'id' | 'email' | 'name' | 'roles' | 'enrolled'>,
  now: Date,
): Promise<void> {
  const token = newToken()
  const link = staffPasswordLink(mailer.appUrl, token)
  await inTransaction(db, async (trx) => {
    await trx
      .updateTable('staff_password_links')
      .set({ used_at: now })
      .where('staff_id', '=', staff.id)
      .where('used_at', 'is', null)
      .execute()
    await trx
      .insertInto('staff_password_links')
      .values({
        staff_id: staff.id,
        token_hash: hashToken(token),
        created_at: now,
        expires_at: new Date(now.getTime() + STAFF_LINK_TTL_MS),
        used_at: null,
      })
      .execute()
    const roles = staff.roles.map((role) => staffRoleNames[role]).join(', ')
    const mail = compose(siteConfig, staff.email, `Your ${siteConfig.brand} staff account`, [
      para(`Hello ${staff.name},`),
      para(
        staff.enrolled
          ? `An admin sent you a link to set a new password for your ${siteConfig.brand} staff account (roles: ${roles}).`
          : `You have a ${siteConfig.brand} staff account (roles: ${roles}). Open this link to choose your password:`,
      ),
      linkPara('Set your password:', 'Set my password', link),
      para(
        `The link works once and expires in ${STAFF_LINK_TTL_MS / 3_600_000} hours. At your first sign-in you add the account to an authenticator app on your phone (such as Google Authenticator, Microsoft Authenticator or 1Password) and keep ten recovery codes.`,
      ),
    ])
    await mailer.queue(trx, mail, now)
  })
}

/** Sets the password of the link's staff member, once; ends their sessions. Their id, or undefined. */
export async function claimStaffPasswordLink(
  db: Kysely<Database>,
  tokenHash: string,
  passwordHash: string,
  now: Date,
  clientAddress: string | null = null,
): Promise<number | undefined> {
  return inTransaction(db, async (trx) => {
    const claimed = await trx
      .updateTable('staff_password_links')
      .set({ used_at: now })
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returning('staff_id')
      .executeTakeFirst()
    if (!claimed) return undefined
    const updated = await trx
      .updateTable('staff_members')
      .set({ password_hash: passwordHash })
      .where('id', '=', claimed.staff_id)
      .where('deactivated_at', 'is', null)
      .returning(['id', 'email'])
      .executeTakeFirst()
    if (!updated) return undefined
    await appendAudit(
      trx,
      {
        actor: { kind: 'staff', staffId: updated.id, email: updated.email, role: null },
        clientAddress,
        action: 'staff.password_set',
        recordType: 'staff',
        recordId: updated.id,
        customerId: null,
      },
      now,
    )
    await endAllStaffSessions(trx, claimed.staff_id, now)
    return claimed.staff_id
  })
}

/** Whether the link would set a password now (checked before the expensive hash). */
export async function isUsableStaffLink(
  db: Kysely<Database>,
  tokenHash: string,
  now: Date,
): Promise<boolean> {
  const row = await db
    .selectFrom('staff_password_links')
    .select('id')
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst()
  return row !== undefined
}
