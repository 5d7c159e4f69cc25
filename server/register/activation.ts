import type { Kysely } from 'kysely'
import { checkLimits, limits } from '../auth/rate-limit'
import { hashToken, newToken } from '../auth/tokens'
import { createActivationToken } from '../db/activation-tokens'
import type { Database } from '../db/schema'
import { findUserByEmail } from '../db/users'
import type { Mailer } from '../mail/index'
import { activationLink, activationMail, registrationNoticeMail } from '../mail/templates'

/** Mails a new account its activation link (the token was stored with the account). */
export async function sendActivationMail(
  db: Kysely<Database>,
  mailer: Mailer,
  account: { email: string; name: string; token: string },
): Promise<void> {
  const link = activationLink(mailer.appUrl, account.token)
  await mailer.sendMail(db, activationMail({ to: account.email, name: account.name, link }))
}

/**
 * Someone registered an email that already has an account: its owner gets a notice instead of a second
 * account (with a fresh activation link while the account is inactive; earlier links keep working).
 * At most 3 notices an hour per address; beyond that nothing is sent. Runs after the answer has gone.
 */
export async function sendRegistrationNotice(
  db: Kysely<Database>,
  mailer: Mailer,
  email: string,
  now: Date,
): Promise<boolean> {
  const user = await findUserByEmail(db, email)
  if (!user) return false
  if ((await checkLimits(db, [limits.registerNotice(user.esus_email_id)], now)) !== undefined) return false
  let link: string | undefined
  if (!user.activated_at) {
    const token = newToken()
    await createActivationToken(db, user.id, hashToken(token), now, { retireOthers: false })
    link = activationLink(mailer.appUrl, token)
  }
  await mailer.sendMail(
    db,
    registrationNoticeMail({
      to: user.esus_email_id,
      name: user.esus_name,
      appUrl: mailer.appUrl,
      activationLink: link,
    }),
  )
  return true
}

/**
 * Mails a new activation link when `email` belongs to an account that is not active yet, retiring its
 * earlier links; does nothing otherwise. Runs after the answer has gone, so every email gets the same
 * answer in the same time.
 */
export async function resendActivationLink(
  db: Kysely<Database>,
  mailer: Mailer,
  email: string,
  now: Date,
): Promise<boolean> {
  const user = await findUserByEmail(db, email)
  if (!user || user.activated_at) return false
  const token = newToken()
  await createActivationToken(db, user.id, hashToken(token), now, { retireOthers: true })
  await sendActivationMail(db, mailer, { email: user.esus_email_id, name: user.esus_name, token })
  return true
}
