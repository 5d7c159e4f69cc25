import type { Kysely } from 'kysely'
import { createPasswordReset } from '../db/password-resets'
import type { Database } from '../db/schema'
import { findUserByEmail } from '../db/users'
import type { Mailer } from '../mail/index'
import { passwordResetMail, resetPasswordLink } from '../mail/templates'
import { hashToken, newToken } from './tokens'

/**
 * Mails a single-use reset link when `email` belongs to an activated account; does nothing otherwise.
 * It runs after the answer has gone, so known and unknown emails get the same answer in the same time.
 */
export async function sendPasswordResetLink(
  db: Kysely<Database>,
  mailer: Mailer,
  email: string,
  now: Date,
): Promise<boolean> {
  const user = await findUserByEmail(db, email)
  if (!user?.activated_at) return false
  const token = newToken()
  await createPasswordReset(db, user.id, hashToken(token), now)
  const link = resetPasswordLink(mailer.appUrl, token)
  await mailer.sendMail(db, passwordResetMail({ to: user.esus_email_id, name: user.esus_name, link }))
  return true
}
