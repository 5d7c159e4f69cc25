import type { Kysely } from 'kysely'
import { deleteOldWindows, hitWindow } from '../db/rate-limits'
import type { Database } from '../db/schema'

export interface Limit {
  key: string
  max: number
  windowMs: number
}

const MINUTE = 60_000

export const limits = {
  /** 5 login attempts a minute per email and client address. */
  login: (email: string, ip: string): Limit => ({ key: `login:${email}:${ip}`, max: 5, windowMs: MINUTE }),
  /** One reset mail a minute per email, whether or not it has an account, so answers stay alike. */
  forgotEmail: (email: string): Limit => ({ key: `forgot:email:${email}`, max: 1, windowMs: MINUTE }),
  /** 5 reset requests a minute per client address. */
  forgotIp: (ip: string): Limit => ({ key: `forgot:ip:${ip}`, max: 5, windowMs: MINUTE }),
}

/** Windows are kept this long after they start, then deleted now and then. */
const KEEP_MS = 60 * MINUTE
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
