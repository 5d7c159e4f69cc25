/**
 * The first step of every sign-in, a customer's login (routes/auth.ts) and a staff member's (routes/staff-auth.ts),
 * written once (issue 33): the limits on attempts, the look-up of the account, one scrypt verification through
 * the hashing queue, and the failure counting. Each kind says how its accounts are found, which may sign in,
 * and its answer to a wrong password. A browser that signed in to the account before (its device token,
 * device-tokens.ts) takes the trusted way: ahead of the hashing queue, past the limits a flood exhausts.
 */
import type { Context } from 'hono'
import type { Kysely } from 'kysely'
import type { ErrorBody } from '../../contract/wire'
import type { Database } from '../db/schema'
import type { DeviceCookie, DeviceTokens } from './device-tokens'
import { type HashQueue, TRUSTED_DEVICE } from './hash-queue'
import type { LoginLimiter } from './login-limits'
import { verifyOrDummy } from './password'
import { busyLater, checkLimits, limitAddress, limits, retryLater } from './rate-limit'
import { normalizeEmail } from './users'

/** The accounts of one kind of principal, as the password check sees them. */
export interface PasswordAccounts<A> {
  /** The email as the login limits count it (a staff member's apart from a customer's: one person may be both). */
  limitKey(email: string): string
  find(db: Kysely<Database>, email: string): Promise<A | undefined>
  /** The account's password hash; undefined when it has none yet (checked against the dummy hash). */
  passwordHash(account: A): string | undefined
  /** Whether the account may sign in here at all: when not, its right password reads as a wrong one. */
  maySignIn(account: A): boolean
  /** The answer (401) to an unknown email, a wrong password or an account that may not sign in. */
  invalidCredentials: string
  /** The cookie of this kind's device tokens. */
  device: DeviceCookie
}

export interface PasswordCheckDeps {
  db: Kysely<Database>
  now: () => Date
  /** The client's address for rate limits. */
  clientIp: (c: Context) => string
  /** The bound on password hashing of this process. */
  hashing: HashQueue
  /** The limits on failed logins. */
  loginLimiter: LoginLimiter
  /** The device tokens of past successful sign-ins. */
  devices: DeviceTokens
}

/** Why a password check let no one in: the status and body to answer with (429 and 503 set Retry-After). */
export interface Refusal {
  status: 401 | 429 | 503
  body: ErrorBody
}

/**
 * Checks an email and password of one kind of account. With a valid device token for the account (and fewer
 * than DEVICE_FAILURES failures of that token lately), the trusted way: the token's failure counted until the
 * password proves right, the look-up, and one scrypt verification ahead of the queue that is never refused.
 * Otherwise: the address's refusal this process remembers, the 5 attempts a minute per email and address,
 * the failure limits (per address and per account), the look-up and one scrypt verification in the queue.
 * Known or unknown, every email takes the same steps up to the answer (against a dummy hash when there is
 * no account), so the answer's time tells nothing. The account whose password it is (the attempt withdrawn
 * from the failures) with the time of the check, or the refusal to answer with. `lockedOut` hears of the
 * failure that reaches the account's limit.
 */
export function passwordCheck<A>(
  { db, now, clientIp, hashing, loginLimiter, devices }: PasswordCheckDeps,
  accounts: PasswordAccounts<A>,
  lockedOut?: (c: Context, email: string, at: Date) => void,
) {
  const refusedCredentials: Refusal = { status: 401, body: { message: accounts.invalidCredentials } }

  /** The trusted way; undefined when the token has used up its failures (its browser then goes the other). */
  async function trusted(device: string, email: string, password: string, at: Date) {
    const admitted = await loginLimiter.admitDevice(device, at)
    if ('retryAfter' in admitted) return undefined
    const account = await accounts.find(db, email)
    const verified = await hashing.run(TRUSTED_DEVICE, () =>
      verifyOrDummy(password, account && accounts.passwordHash(account)),
    )
    if (!account || !verified || !accounts.maySignIn(account)) return refusedCredentials
    await loginLimiter.withdraw(admitted.attempt)
    return { account, at }
  }

  return async (
    c: Context,
    typedEmail: string,
    password: string,
  ): Promise<{ account: A; at: Date } | Refusal> => {
    const email = normalizeEmail(typedEmail)
    const key = accounts.limitKey(email)
    const at = now()
    const device = await devices.verify(c, accounts.device, key, at)
    const checked = device === undefined ? undefined : await trusted(device, email, password, at)
    if (checked) return checked
    const ip = clientIp(c)
    const address = limitAddress(ip)
    const refused = loginLimiter.addressRefusal(address, at)
    if (refused?.status === 503) return { status: 503, body: busyLater(c, refused.retryAfter) }
    if (refused) return { status: 429, body: retryLater(c, refused.retryAfter) }
    const wait = await checkLimits(db, [limits.login(key, ip)], at)
    if (wait !== undefined) return { status: 429, body: retryLater(c, wait) }
    const admitted = await loginLimiter.admit(address, key, at)
    if ('retryAfter' in admitted) return { status: 429, body: retryLater(c, admitted.retryAfter) }
    const { attempt } = admitted
    const account = await accounts.find(db, email)
    const verified = await hashing.tryRun(attempt.addressFailures, () =>
      verifyOrDummy(password, account && accounts.passwordHash(account)),
    )
    if ('retryAfter' in verified) {
      await loginLimiter.withdraw(attempt)
      loginLimiter.busy(address, verified.retryAfter, at)
      return { status: 503, body: busyLater(c, verified.retryAfter) }
    }
    if (!account || !verified.value || !accounts.maySignIn(account)) {
      if (attempt.reachesAccountLimit) lockedOut?.(c, email, at)
      return refusedCredentials
    }
    await loginLimiter.withdraw(attempt)
    return { account, at }
  }
}
