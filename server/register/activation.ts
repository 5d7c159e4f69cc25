import type { Kysely } from 'kysely'
import { createActivationToken, type NewRegistration, registerUser } from '../auth/activation-tokens'
import { checkLimits, limits } from '../auth/rate-limit'
import { hashToken, newToken } from '../auth/tokens'
import { findUserByEmail } from '../auth/users'
import type { Database } from '../db/schema'
import { inTransaction } from '../db/transaction'
import { activationLink, activationMail, registrationNoticeMail } from '../mail/account-templates'
import type { Mailer } from '../mail/index'
import { joinStillPendingMail } from '../mail/team-templates'
import { joinableCompany, lockCompanyKey, pendingJoinOf, requestToJoin } from '../team/join-requests'

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
  // A request to join a company still waiting for its Admins: no activation link (the person must not
  // activate themself into the company), a reminder that it waits instead.
  const pending = user.activated_at ? undefined : await pendingJoinOf(db, user.id)
  if (pending) {
    const mail = joinStillPendingMail({
      to: user.esus_email_id,
      name: user.esus_name,
      companyName: pending.companyName,
    })
    await mailer.queue(db, mail, now)
    return true
  }
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
  // A request to join still waiting for the company's Admins: their approval mails the link, nothing else.
  if (await pendingJoinOf(db, user.id)) return false
  const token = newToken()
  await inTransaction(db, async (trx) => {
    await createActivationToken(trx, user.id, hashToken(token), now, { retireOthers: true })
    await queueActivationMail(trx, mailer, { email: user.esus_email_id, name: user.esus_name, token }, now)
  })
  return true
}

/**
 * A registration, after its answer: a new email gets its inactive account, token and activation mail in one
 * transaction, or, when its company (country and registration number) already has an account with an active
 * Admin, a request to join it; an email that has an account gets no second one, and its owner a notice instead.
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
    // One registration of a company at a time: two people registering it at once make one company.
    await lockCompanyKey(trx, registration.esus_mcou, registration.esus_regn_no)
    // A company of this number in this country with an active Admin: the registration asks to join it
    // (docs/teams.md), and no second company is made.
    const company = await joinableCompany(trx, registration.esus_mcou, registration.esus_regn_no)
    if (company) return (await requestToJoin(trx, mailer, registration, company, now)) !== undefined
    const userId = await registerUser(trx, registration, hashToken(token), now)
    if (userId !== undefined) {
      await queueActivationMail(trx, mailer, { email, name: registration.esus_name, token }, now)
    }
    return userId !== undefined
  })
  if (created) return 'registered'
  return (await queueRegistrationNotice(db, mailer, email, now)) ? 'notified' : 'skipped'
}
