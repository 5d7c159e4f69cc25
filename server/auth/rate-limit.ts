import type { Kysely } from 'kysely'
import type { ErrorBody } from '../../contract/wire'
import { deleteOldWindows, hitWindow } from '../db/rate-limits'
import type { Database } from '../db/schema'
import { tooManyAttempts } from './messages'

export interface Limit {
  key: string
  max: number
  windowMs: number
}

const MINUTE = 60_000
const HOUR = 60 * MINUTE

export const limits = {
  /** 5 login attempts a minute per email and client address. */
  login: (email: string, ip: string): Limit => ({ key: `login:${email}:${ip}`, max: 5, windowMs: MINUTE }),
  /** One reset mail a minute per email, whether or not it has an account, so answers stay alike. */
  forgotEmail: (email: string): Limit => ({ key: `forgot:email:${email}`, max: 1, windowMs: MINUTE }),
  /** 5 reset requests a minute per client address. */
  forgotIp: (ip: string): Limit => ({ key: `forgot:ip:${ip}`, max: 5, windowMs: MINUTE }),
  /** 10 registrations an hour per client address. */
  registerIp: (ip: string): Limit => ({ key: `register:ip:${ip}`, max: 10, windowMs: HOUR }),
  /**
   * At most 3 "someone tried to register with your address" mails an hour per address. Checked after the
   * answer has gone: over the limit the mail is silently skipped, so the answer stays the same.
   */
  registerNotice: (email: string): Limit => ({ key: `register:notice:${email}`, max: 3, windowMs: HOUR }),
  /** One new activation link a minute per email, whether or not it has an account, so answers stay alike. */
  resendEmail: (email: string): Limit => ({ key: `resend:email:${email}`, max: 1, windowMs: MINUTE }),
  /** 5 activation resend requests a minute per client address. */
  resendIp: (ip: string): Limit => ({ key: `resend:ip:${ip}`, max: 5, windowMs: MINUTE }),
  /** 10 contact enquiries per 10 minutes per client address. */
  contactIp: (ip: string): Limit => ({ key: `contact:ip:${ip}`, max: 10, windowMs: 10 * MINUTE }),
}

/** Windows are kept this long after they start (at least the longest window), then deleted now and then. */
const KEEP_MS = HOUR
const lastCleanup = new WeakMap<Kysely<Database>, number>()

/**
 * Counts this request against every limit; returns the seconds to wait when any is exceeded (the longest),
 * or undefined. Every limit is counted even when an earlier one is already exceeded.
 */
export async function checkLimits(
  db: Kysely<Database>,
  list: Limit[],
  now: Date,
): Promise<number | undefined> {
  let retryAfter: number | undefined
  for (const limit of list) {
    const hit = await hitWindow(db, limit.key, limit.windowMs, now)
    if (hit.count > limit.max) {
      const seconds = Math.max(1, Math.ceil((hit.windowEnd.getTime() - now.getTime()) / 1000))
      retryAfter = Math.max(retryAfter ?? 0, seconds)
    }
  }
  const last = lastCleanup.get(db)
  if (last === undefined || Math.abs(now.getTime() - last) > MINUTE) {
    lastCleanup.set(db, now.getTime())
    await deleteOldWindows(db, new Date(now.getTime() - KEEP_MS))
  }
  return retryAfter
}

/** Sets Retry-After and returns the 429 body. */
export function retryLater(c: { header(name: string, value: string): void }, seconds: number): ErrorBody {
  c.header('Retry-After', String(seconds))
  return { message: tooManyAttempts(seconds) }
}
