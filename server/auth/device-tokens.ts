/**
 * Device tokens, after OWASP's "Slow Down Online Guessing Attacks with Device Cookies" (docs/security.md
 * "Device tokens"). A successful sign-in leaves in its browser a cookie that proves it: a random id, the time it
 * was issued and an HMAC-SHA256 over both and the account, with a key of the server's (signing_keys, shared by
 * every process). The account is not in the cookie; a token is valid only for the account it was signed for.
 * A later sign-in to that account presenting it (passwordCheck) is a trusted client's: it goes ahead of the
 * password-hashing queue and is not held by the limits per address and per account that a guesser's flood
 * exhausts; its failures count against the token itself (DEVICE_FAILURES), after which its browser signs in as
 * any other.
 *
 * The cookie is HttpOnly, SameSite=Strict, Secure where APP_URL is https, and sent only to its sign-in paths.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import type { Context } from 'hono'
import { getCookie, setCookie } from 'hono/cookie'
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema'

/** How long a device token stays valid after the sign-in that issued it (each sign-in issues a new one). */
export const DEVICE_TOKEN_TTL_MS = 90 * 24 * 3_600_000

/** Failed sign-ins a device token may make in its window; beyond them it no longer counts as trusted. */
export const DEVICE_FAILURES = { max: 10, windowMs: 15 * 60_000 } as const

/** Where a kind of account keeps its device token: the cookie's name and the path it is sent to. */
export interface DeviceCookie {
  name: string
  path: string
}

export const customerDevice: DeviceCookie = { name: 'eship_device', path: '/api/auth' }
export const staffDevice: DeviceCookie = { name: 'eship_staff_device', path: '/api/staff/auth' }

const PURPOSE = 'device-tokens'
/** A token issued up to this far in the future (another process's clock) is still accepted. */
const CLOCK_SKEW_MS = 60_000
const TOKEN = /^([A-Za-z0-9_-]{22})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/

/** The key of PURPOSE, made by the first process that asks for it. */
async function signingKey(db: Kysely<Database>, now: Date): Promise<Buffer> {
  await db
    .insertInto('signing_keys')
    .values({ purpose: PURPOSE, secret: randomBytes(32).toString('base64url'), created_at: now })
    .onConflict((oc) => oc.column('purpose').doNothing())
    .execute()
  const row = await db
    .selectFrom('signing_keys')
    .select('secret')
    .where('purpose', '=', PURPOSE)
    .executeTakeFirstOrThrow()
  return Buffer.from(row.secret, 'base64url')
}

export class DeviceTokens {
  private key: Promise<Buffer> | undefined

  constructor(
    private readonly db: Kysely<Database>,
    /** Whether the site is served over https (APP_URL): the cookie is then Secure. */
    private readonly secure: boolean,
  ) {}

  /**
   * The id of the device token the request presents in `cookie`, when it is valid for the account
   * `accountKey` (as the login limits name it) at `now`; undefined for none, a malformed, expired or forged
   * one, or one of another account. Anything not shaped like a token is refused without the key.
   */
  async verify(c: Context, cookie: DeviceCookie, accountKey: string, now: Date): Promise<string | undefined> {
    const match = TOKEN.exec(getCookie(c, cookie.name) ?? '')
    if (!match) return undefined
    const [, id = '', issued = '', signature = ''] = match
    const age = now.getTime() - Number(issued) * 1000
    if (age > DEVICE_TOKEN_TTL_MS || age < -CLOCK_SKEW_MS) return undefined
    const expected = Buffer.from(await this.sign(cookie, id, issued, accountKey))
    const given = Buffer.from(signature)
    return given.length === expected.length && timingSafeEqual(given, expected) ? id : undefined
  }

  /** Leaves a new device token for the account `accountKey` in the answer's cookies. */
  async issue(c: Context, cookie: DeviceCookie, accountKey: string, now: Date): Promise<void> {
    const id = randomBytes(16).toString('base64url')
    const issued = String(Math.floor(now.getTime() / 1000))
    const signature = await this.sign(cookie, id, issued, accountKey)
    setCookie(c, cookie.name, `${id}.${issued}.${signature}`, {
      path: cookie.path,
      httpOnly: true,
      secure: this.secure,
      sameSite: 'Strict',
      maxAge: DEVICE_TOKEN_TTL_MS / 1000,
    })
  }

  private async sign(cookie: DeviceCookie, id: string, issued: string, accountKey: string): Promise<string> {
    this.key ??= signingKey(this.db, new Date()).catch((error: unknown) => {
      this.key = undefined
      throw error
    })
    return createHmac('sha256', await this.key)
      .update(`${cookie.name}\n${id}\n${issued}\n${accountKey}`)
      .digest('base64url')
  }
}
