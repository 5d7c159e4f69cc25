/**
 * The limits on failed logins (docs/security.md), beside the 5 attempts a minute per email and address of
 * rate-limit.ts: per client address across all emails (password spraying), and per email across all
 * addresses (guessing one account's password from many addresses). Both are sliding windows counted in the
 * database, so every server process shares them.
 *
 * A failure is a login answered 401: a wrong password for an account, and any password for an email without
 * one (or for an account that may not log in here). A right password (200, or 403 for an account not yet
 * activated) is not a failure, and it resets nothing: the failures leave their window by themselves. Were a
 * success to reset the address's count, an attacker could keep spraying by logging in to an account of their
 * own now and then; were it to reset the account's, every login of the owner would give an attacker on that
 * account a fresh allowance. Only a completed password reset lifts an account's count (liftAccountFailures).
 *
 * Each attempt writes its failure row before the password is checked and takes it back if the password was
 * right, so concurrent attempts cannot slip past a limit while their hashes are computed. An attempt refused
 * with 429 is taken back too: it was not checked, and Retry-After then says when the next one will be.
 */
import type { Kysely } from 'kysely'
import type { LoginLimits } from '../config'
import {
  claimLockoutNotice,
  deleteLoginFailure,
  deleteOldLoginFailures,
  emailFailures,
  failureAt,
  recordLoginFailure,
} from '../db/login-failures'
import { createPasswordReset } from '../db/password-resets'
import type { Database } from '../db/schema'
import { inTransaction } from '../db/transaction'
import { findUserByEmail } from '../db/users'
import type { Mailer } from '../mail/index'
import { accountLockedMail, resetPasswordLink } from '../mail/templates'
import { hashToken, newToken } from './tokens'

/** An account's owner is told of a lockout at most once a day (a completed reset lets the next one through). */
export const LOCKOUT_NOTICE_EVERY_MS = 24 * 60 * 60 * 1000
const CLEANUP_EVERY_MS = 60_000

export interface LoginAttempt {
  id: number
  /** Failed logins of the client's address in its window before this attempt (its place in the hash queue). */
  addressFailures: number
  /** Whether this attempt, if it fails, is the one that reaches the account's limit. */
  reachesAccountLimit: boolean
}

export type LoginAdmission = { attempt: LoginAttempt } | { retryAfter: number }

export class LoginLimiter {
  private lastCleanup: number | undefined

  constructor(
    private readonly db: Kysely<Database>,
    readonly limits: LoginLimits,
  ) {}

  /**
   * Counts this attempt as a failure until it is known to be none; refuses it (the seconds until the next
   * attempt may pass) when its address or its email has used up its window.
   */
  async admit(address: string, email: string, now: Date): Promise<LoginAdmission> {
    const { perAddress, perAccount } = this.limits
    const since = {
      address: new Date(now.getTime() - perAddress.windowMs),
      email: new Date(now.getTime() - perAccount.windowMs),
    }
    const { id, counts } = await recordLoginFailure(this.db, { address, email, at: now }, since)
    await this.cleanup(now)
    let retryAfter = 0
    if (counts.address > perAddress.max) {
      retryAfter = await this.wait({ address }, since.address, counts.address, perAddress.max, id, now)
    }
    if (counts.email > perAccount.max) {
      const wait = await this.wait({ email }, since.email, counts.email, perAccount.max, id, now)
      retryAfter = Math.max(retryAfter, wait)
    }
    if (retryAfter > 0) {
      await deleteLoginFailure(this.db, id)
      return { retryAfter }
    }
    return {
      attempt: {
        id,
        addressFailures: counts.address - 1,
        reachesAccountLimit: counts.email >= perAccount.max,
      },
    }
  }

  /** The password was right, or it was never checked: the attempt was no failure. */
  async withdraw(attempt: LoginAttempt): Promise<void> {
    await deleteLoginFailure(this.db, attempt.id)
  }

  /**
   * The account of `email` has reached its limit: mail its owner (an activated account) that logins are
   * paused, with a password reset link, unless they were told in the last day. Exactly one process and
   * request sends it; the notice, the reset link and the mail are written in one transaction.
   */
  async noticeLockout(mailer: Mailer, email: string, now: Date): Promise<boolean> {
    const { perAccount } = this.limits
    const since = new Date(now.getTime() - perAccount.windowMs)
    if ((await emailFailures(this.db, email, since)) < perAccount.max) return false
    const user = await findUserByEmail(this.db, email)
    if (!user?.activated_at) return false
    return inTransaction(this.db, async (trx) => {
      const notAfter = new Date(now.getTime() - LOCKOUT_NOTICE_EVERY_MS)
      if (!(await claimLockoutNotice(trx, email, now, notAfter))) return false
      const token = newToken()
      await createPasswordReset(trx, user.id, hashToken(token), now)
      const mail = accountLockedMail({
        to: user.esus_email_id,
        name: user.esus_name,
        failures: perAccount.max,
        windowMs: perAccount.windowMs,
        link: resetPasswordLink(mailer.appUrl, token),
      })
      await mailer.queue(trx, mail, now)
      return true
    })
  }

  /** Seconds until enough of the `count` - 1 earlier failures leave the window for one more to pass. */
  private async wait(
    by: { address: string } | { email: string },
    since: Date,
    count: number,
    max: number,
    except: number,
    now: Date,
  ): Promise<number> {
    const windowMs = now.getTime() - since.getTime()
    const at = await failureAt(this.db, by, since, count - 1 - max, except)
    // None: failures were taken back meanwhile (right passwords), and the next attempt may well pass.
    if (!at) return 1
    return Math.max(1, Math.ceil((at.getTime() + windowMs - now.getTime()) / 1000))
  }

  /** Now and then, deletes failures older than the longest window and notices older than a day. */
  private async cleanup(now: Date): Promise<void> {
    if (this.lastCleanup !== undefined && Math.abs(now.getTime() - this.lastCleanup) < CLEANUP_EVERY_MS)
      return
    this.lastCleanup = now.getTime()
    const longest = Math.max(this.limits.perAddress.windowMs, this.limits.perAccount.windowMs)
    await deleteOldLoginFailures(this.db, new Date(now.getTime() - longest))
    await this.db
      .deleteFrom('login_lockout_notices')
      .where('sent_at', '<', new Date(now.getTime() - LOCKOUT_NOTICE_EVERY_MS))
      .execute()
  }
}
