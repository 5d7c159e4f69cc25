import type { Kysely } from 'kysely'
import type { Database } from '../db/schema'
import { inTransaction } from '../db/transaction'
import { passwordResetMail, resetPasswordLink } from '../mail/account-templates'
import type { Mailer } from '../mail/index'
import { createPasswordReset } from './password-resets'
import { hashToken, newToken } from './tokens'
import { findUserByEmail } from './users'

/**
 * Mails a single-use reset link when `email` belongs to an activated account that is not deactivated; does
 * nothing otherwise (known and unknown emails get the same answer). The reset and its mail are written in one transaction.
 */
export async function sendPasswordResetLink(
  db: Kysely<Database>,
  mailer: Mailer,
  email: string,
  now: Date,
): Promise<boolean> {
  const user = await findUserByEmail(db, email)
  // A deactivated user is not mailed a link: a new password would not let them in (routes/auth.ts).
  if (!user?.activated_at || user.deactivated_at) return false
  const token = newToken()
  const link = resetPasswordLink(mailer.appUrl, token)
  await inTransaction(db, async (trx) => {
    await createPasswordReset(trx, user.id, hashToken(token), now)
    await mailer.queue(trx, passwordResetMail({ to: user.esus_email_id, name: user.esus_name, link }), now)
  })
  return true
}
