import { isIPv6 } from 'node:net'
import type { Kysely } from 'kysely'
import type { ErrorBody } from '../../contract/wire'
import type { Database } from '../db/schema'
import { serverBusy, tooManyAttempts } from './messages'
import { deleteOldWindows, hitWindow } from './rate-limit-counts'

/**
 * The address a limit counts: an IPv4 address as it is (an IPv4-mapped IPv6 one as IPv4), an IPv6 one by its
 * /64, the smallest network a subscriber is usually given: otherwise one client would have 2^64 addresses,
 * each with limits of its own. Anything else (`unknown`) as it is.
 */
export function limitAddress(ip: string): string {
  const address = ip.split('%')[0] ?? ip
  if (!isIPv6(address)) return ip
  let text = address.toLowerCase()
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text)
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number]
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`
  }
  const [head = '', tail] = text.split('::')
  const left = head ? head.split(':') : []
  const right = tail ? tail.split(':') : []
  const groups =
    tail === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill('0'), ...right]
  const hextets = groups.map((group) => Number.parseInt(group, 16))
  if (hextets.slice(0, 5).every((n) => n === 0) && hextets[5] === 0xffff) {
    const [hi = 0, lo = 0] = hextets.slice(6)
    return [hi >> 8, hi & 0xff, lo >> 8, lo & 0xff].join('.')
  }
  return `${hextets
    .slice(0, 4)
    .map((n) => n.toString(16))
    .join(':')}::/64`
}

export interface Limit {
  key: string
  max: number
  windowMs: number
}

const MINUTE = 60_000
const HOUR = 60 * MINUTE

export const limits = {
  /** 5 login attempts a minute per email and client address. */
  login: (email: string, ip: string): Limit => ({
    key: `login:${email}:${limitAddress(ip)}`,
    max: 5,
    windowMs: MINUTE,
  }),
  /** One reset mail a minute per email, whether or not it has an account, so answers stay alike. */
  forgotEmail: (email: string): Limit => ({ key: `forgot:email:${email}`, max: 1, windowMs: MINUTE }),
  /**
   * 3 session release requests an hour per account, counted once the password has been checked (so that no
   * one without it can use up the owner's), whether or not a session is live: at most 3 release mails.
   */
  releaseEmail: (email: string): Limit => ({ key: `release:email:${email}`, max: 3, windowMs: HOUR }),
  /** 5 reset requests a minute per client address. */
  forgotIp: (ip: string): Limit => ({ key: `forgot:ip:${limitAddress(ip)}`, max: 5, windowMs: MINUTE }),
  /** 10 registrations an hour per client address. */
  registerIp: (ip: string): Limit => ({ key: `register:ip:${limitAddress(ip)}`, max: 10, windowMs: HOUR }),
  /**
   * At most 3 "someone tried to register with your address" mails an hour per address. Checked after the
   * answer has gone: over the limit the mail is silently skipped, so the answer stays the same.
   */
  registerNotice: (email: string): Limit => ({ key: `register:notice:${email}`, max: 3, windowMs: HOUR }),
  /** One new activation link a minute per email, whether or not it has an account, so answers stay alike. */
  resendEmail: (email: string): Limit => ({ key: `resend:email:${email}`, max: 1, windowMs: MINUTE }),
  /** 5 activation resend requests a minute per client address. */
  resendIp: (ip: string): Limit => ({ key: `resend:ip:${limitAddress(ip)}`, max: 5, windowMs: MINUTE }),
  /** 10 contact enquiries per 10 minutes per client address. */
  contactIp: (ip: string): Limit => ({
    key: `contact:ip:${limitAddress(ip)}`,
    max: 10,
    windowMs: 10 * MINUTE,
  }),
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

/** Sets Retry-After and returns the 503 body of a request the password hashing queue had no room for. */
export function busyLater(c: { header(name: string, value: string): void }, seconds: number): ErrorBody {
  c.header('Retry-After', String(seconds))
  return { message: serverBusy(seconds) }
}
