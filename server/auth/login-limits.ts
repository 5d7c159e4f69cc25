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
import { LRUCache } from 'lru-cache'
import type { LoginLimits } from '../config'
import type { Database } from '../db/schema'
import { inTransaction } from '../db/transaction'
import { accountLockedMail, resetPasswordLink } from '../mail/account-templates'
import type { Mailer } from '../mail/index'
import { DEVICE_FAILURES } from './device-tokens'
import {
  claimLockoutNotice,
  deleteLoginFailure,
  deleteOldLoginFailures,
  emailFailures,
  failureAt,
  recordLoginFailure,
} from './login-failures'
import { createPasswordReset } from './password-resets'
import { hashToken, newToken } from './tokens'
import { findUserByEmail } from './users'

/** An account's owner is told of a lockout at most once a day (a completed reset lets the next one through). */
export const LOCKOUT_NOTICE_EVERY_MS = 24 * 60 * 60 * 1000
const CLEANUP_EVERY_MS = 60_000
const REFUSAL_MEMORY_MS = 1000

export interface LoginAttempt {
  id: number
  /** Failed logins of the client's address in its window before this attempt (its place in the hash queue). */
  addressFailures: number
  /** Whether this attempt, if it fails, is the one that reaches the account's limit. */
  reachesAccountLimit: boolean
}

export type LoginAdmission = { attempt: LoginAttempt } | { retryAfter: number }

interface Refusal {
  status: 429 | 503
  /** When the refusal ends (ms). */
  until: number
  /** When to ask the database again, however long the refusal. */
  recheckAt: number
}

export class LoginLimiter {
  private lastCleanup: number | undefined
  /**
   * Addresses this process refused, and until when (ms), so that a flood from one of them costs neither the
   * database nor the hashing queue anything meanwhile:
   * - 429, as the database said: remembered for a second only, then the database is asked again (attempts
   *   that came at once may all have been refused for each other's rows, which they then took back);
   * - 503, the hashing queue had no room for it: remembered for its Retry-After.
   */
  private readonly refusedAddresses = new LRUCache<string, Refusal>({ max: 10_000 })

  constructor(
    private readonly db: Kysely<Database>,
    readonly limits: LoginLimits,
  ) {}

  /** How this process last refused `address`, when that still holds: the answer to give again. */
  addressRefusal(address: string, now: Date): { status: 429 | 503; retryAfter: number } | undefined {
    const refused = this.refusedAddresses.get(address)
    const at = now.getTime()
    if (!refused || refused.until <= at || refused.recheckAt <= at) return undefined
    return { status: refused.status, retryAfter: Math.ceil((refused.until - at) / 1000) }
  }

  /** The hashing queue had no room for an attempt from `address`: it is told to wait `retryAfter` seconds. */
  busy(address: string, retryAfter: number, now: Date): void {
    const until = now.getTime() + retryAfter * 1000
    this.refusedAddresses.set(address, { status: 503, until, recheckAt: until })
  }

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
    let until = 0
    if (counts.address > perAddress.max) {
      until = await this.freeAt({ address }, since.address, counts.address, perAddress.max, id, now)
      this.refusedAddresses.set(address, { status: 429, until, recheckAt: now.getTime() + REFUSAL_MEMORY_MS })
    }
    if (counts.email > perAccount.max) {
      until = Math.max(
        until,
        await this.freeAt({ email }, since.email, counts.email, perAccount.max, id, now),
      )
    }
    if (until > 0) {
      await deleteLoginFailure(this.db, id)
      return { retryAfter: Math.max(1, Math.ceil((until - now.getTime()) / 1000)) }
    }
    return {
      attempt: {
        id,
        addressFailures: counts.address - 1,
        reachesAccountLimit: counts.email >= perAccount.max,
      },
    }
  }

  /**
   * Counts an attempt with the device token `device` (device-tokens.ts) as a failure of that token until it is
   * known to be none, apart from any address or account: refused (the seconds until the next may pass) once
   * the token has made DEVICE_FAILURES.max failures in its window.
   */
  async admitDevice(device: string, now: Date): Promise<LoginAdmission> {
    const { max, windowMs } = DEVICE_FAILURES
    const since = new Date(now.getTime() - windowMs)
    const address = `device:${device}`
    const { id, counts } = await recordLoginFailure(
      this.db,
      { address, email: null, at: now },
      { address: since, email: since },
    )
    await this.cleanup(now)
    if (counts.address > max) {
      const until = await this.freeAt({ address }, since, counts.address, max, id, now)
      await deleteLoginFailure(this.db, id)
      return { retryAfter: Math.max(1, Math.ceil((until - now.getTime()) / 1000)) }
    }
    return { attempt: { id, addressFailures: 0, reachesAccountLimit: false } }
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
    // A deactivated account is not mailed a reset link (password-reset.ts).
    if (!user?.activated_at || user.deactivated_at) return false
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

  /** When (ms) enough of the `count` - 1 earlier failures have left the window for one more to pass. */
  private async freeAt(
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
    if (!at) return now.getTime() + 1000
    return at.getTime() + windowMs
  }

  /** Now and then, deletes failures older than the longest window and notices older than a day. */
  private async cleanup(now: Date): Promise<void> {
    if (this.lastCleanup !== undefined && Math.abs(now.getTime() - this.lastCleanup) < CLEANUP_EVERY_MS)
      return
    this.lastCleanup = now.getTime()
    const longest = Math.max(
      this.limits.perAddress.windowMs,
      this.limits.perAccount.windowMs,
      DEVICE_FAILURES.windowMs,
    )
    await deleteOldLoginFailures(this.db, new Date(now.getTime() - longest))
    await this.db
      .deleteFrom('login_lockout_notices')
      .where('sent_at', '<', new Date(now.getTime() - LOCKOUT_NOTICE_EVERY_MS))
      .execute()
  }
}
