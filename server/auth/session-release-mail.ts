import type { Kysely } from 'kysely'
import type { Database } from '../db/schema'
import { inTransaction } from '../db/transaction'
import { sessionReleaseLink, sessionReleaseMail } from '../mail/account-templates'
import type { Mailer } from '../mail/index'
import { createSessionRelease } from './session-release'
import { hasLiveSession } from './sessions'
import { hashToken, newToken } from './tokens'

/**
 * Mails the account a single-use link that ends its sessions, when it has a live one; does nothing
 * otherwise (the person can simply log in). The caller has checked the password. The token and its mail are
 * written in one transaction. (Apart from session-release.ts, which the mail template reads the link's
 * lifetime from.)
 */
export async function sendSessionReleaseLink(
  db: Kysely<Database>,
  mailer: Mailer,
  user: { id: number; esus_email_id: string; esus_name: string },
  now: Date,
): Promise<boolean> {
  if (!(await hasLiveSession(db, user.id, now))) return false
  const token = newToken()
  const link = sessionReleaseLink(mailer.appUrl, token)
  await inTransaction(db, async (trx) => {
    await createSessionRelease(trx, user.id, hashToken(token), now)
    await mailer.queue(trx, sessionReleaseMail({ to: user.esus_email_id, name: user.esus_name, link }), now)
  })
  return true
}
