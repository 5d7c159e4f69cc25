import type { Kysely } from 'kysely'
import { checkLimits, limits } from '../auth/rate-limit'
import { hashToken, newToken } from '../auth/tokens'
import { findUserByEmail } from '../auth/users'
import type { Database } from '../db/schema'
import { inTransaction } from '../db/transaction'
import type { Mailer } from '../mail/index'
import { activationLink, activationMail, registrationNoticeMail } from '../mail/templates'
import { createActivationToken, type NewRegistration, registerUser } from './activation-tokens'

/** Queues a new account's activation mail (the token was stored with the account, in `db`'s transaction). */
export async function queueActivationMail(
  db: Kysely<Database>,
  mailer: Mailer,
  account: { email: string; name: string; token: string },
  now: Date,
): Promise<void> {
  const link = activationLink(mailer.appUrl, account.token)
  await mailer.queue(db, activationMail({ to: account.email, name: account.name, link }), now)
}

/**
 * Someone registered an email that already has an account: its owner gets a notice instead of a second
 * account (with a fresh activation link while the account is inactive; earlier links keep working).
 * At most 3 notices an hour per address; beyond that nothing is sent (the answer stays the same). The
 * token and the mail are written in one transaction.
 */
export async function queueRegistrationNotice(
  db: Kysely<Database>,
  mailer: Mailer,
  email: string,
  now: Date,
): Promise<boolean> {
  const user = await findUserByEmail(db, email)
  if (!user) return false
  if ((await checkLimits(db, [limits.registerNotice(user.esus_email_id)], now)) !== undefined) return false
  await inTransaction(db, async (trx) => {
    let link: string | undefined
    if (!user.activated_at) {
      const token = newToken()
      await createActivationToken(trx, user.id, hashToken(token), now, { retireOthers: false })
      link = activationLink(mailer.appUrl, token)
    }
    const notice = registrationNoticeMail({
      to: user.esus_email_id,
      name: user.esus_name,
      appUrl: mailer.appUrl,
      activationLink: link,
    })
    await mailer.queue(trx, notice, now)
  })
  return true
}

/**
 * Mails a new activation link when `email` belongs to an account that is not active yet, retiring its
 * earlier links; does nothing otherwise (every email gets the same answer). The new token and its mail are
 * written in one transaction.
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
  await inTransaction(db, async (trx) => {
    await createActivationToken(trx, user.id, hashToken(token), now, { retireOthers: true })
    await queueActivationMail(trx, mailer, { email: user.esus_email_id, name: user.esus_name, token }, now)
  })
  return true
}

/**
 * A registration, after its answer: a new email gets its inactive account, token and activation mail in one
 * transaction; an email that has an account gets no second one, and its owner a notice instead.
 */
export async function completeRegistration(
  db: Kysely<Database>,
  mailer: Mailer,
  registration: NewRegistration & { esus_email_id: string; esus_name: string },
  now: Date,
): Promise<'registered' | 'notified' | 'skipped'> {
  const token = newToken()
  const email = registration.esus_email_id
  const created = await db.transaction().execute(async (trx) => {
    const userId = await registerUser(trx, registration, hashToken(token), now)
    if (userId !== undefined) {
      await queueActivationMail(trx, mailer, { email, name: registration.esus_name, token }, now)
    }
    return userId !== undefined
  })
  if (created) return 'registered'
  return (await queueRegistrationNotice(db, mailer, email, now)) ? 'notified' : 'skipped'
}
