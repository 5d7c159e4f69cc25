/**
 * Password hashing with scrypt at OWASP's cost (N = 2^17, r = 8, p = 1), stored self-describing as
 * `scrypt$<log2 N>$<r>$<p>$<salt, base64>$<key, base64>` so the cost can change without a migration:
 * verification reads the parameters from the hash, and `needsRehash` tells when to re-hash at login.
 *
 * SCRYPT_LOG_N (10 to 17, default 17) lowers the cost of new hashes for tests only; config.ts refuses it
 * below 17 in production.
 */
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto'
import { DEFAULT_SCRYPT_LOG_N, parseScryptLogN } from '../config'

export interface ScryptParams {
  logN: number
  r: number
  p: number
}

const R = 8
const P = 1
const KEY_LENGTH = 64
const SALT_LENGTH = 16
/** 128 * N * r bytes are needed: 128 MiB at N = 2^17, r = 8. */
const MAXMEM = 256 * 1024 * 1024

/** The cost of new hashes: SCRYPT_LOG_N, read at each call so tests can set it. */
export function currentParams(): ScryptParams {
  const raw = process.env.SCRYPT_LOG_N?.trim()
  return {
    logN: raw ? parseScryptLogN(raw, process.env.NODE_ENV === 'production') : DEFAULT_SCRYPT_LOG_N,
    r: R,
    p: P,
  }
}

function derive(password: string, salt: Buffer, params: ScryptParams, length: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(
      password.normalize('NFC'),
      salt,
      length,
      { N: 2 ** params.logN, r: params.r, p: params.p, maxmem: MAXMEM },
      (error, key) => (error ? reject(error) : resolve(key)),
    )
  })
}

export async function hashPassword(
  password: string,
  params: ScryptParams = currentParams(),
): Promise<string> {
  const salt = randomBytes(SALT_LENGTH)
  const key = await derive(password, salt, params, KEY_LENGTH)
  return ['scrypt', params.logN, params.r, params.p, salt.toString('base64'), key.toString('base64')].join(
    '$',
  )
}

interface ParsedHash extends ScryptParams {
  salt: Buffer
  key: Buffer
}

const smallInt = /^\d{1,2}$/

function parseHash(encoded: string): ParsedHash | undefined {
  const [scheme, logN, r, p, salt, key, ...rest] = encoded.split('$')
  if (scheme !== 'scrypt' || rest.length > 0 || !salt || !key) return undefined
  if (!logN || !r || !p || !smallInt.test(logN) || !smallInt.test(r) || !smallInt.test(p)) return undefined
  const parsed = {
    logN: Number(logN),
    r: Number(r),
    p: Number(p),
    salt: Buffer.from(salt, 'base64'),
    key: Buffer.from(key, 'base64'),
  }
  if (parsed.logN < 1 || parsed.r < 1 || parsed.p < 1 || parsed.key.length < 16) return undefined
  if (128 * 2 ** parsed.logN * parsed.r > MAXMEM / 2) return undefined
  return parsed
}

/** Whether `password` matches `encoded`; a malformed hash never matches. */
export async function verifyPassword(password: string, encoded: string): Promise<boolean> {
  const parsed = parseHash(encoded)
  if (!parsed) return false
  const key = await derive(password, parsed.salt, parsed, parsed.key.length)
  return timingSafeEqual(key, parsed.key)
}

/** A valid hash made with other parameters than today's: re-hash it once the password is known. */
export function needsRehash(encoded: string, params: ScryptParams = currentParams()): boolean {
  const parsed = parseHash(encoded)
  return (
    !parsed ||
    parsed.logN !== params.logN ||
    parsed.r !== params.r ||
    parsed.p !== params.p ||
    parsed.key.length !== KEY_LENGTH
  )
}

const dummyHashes = new Map<number, Promise<string>>()

/**
 * A hash of a random password at today's cost. Checking a password against it when the account does not
 * exist costs as much as a real check, so the answer's timing does not tell which emails have accounts.
 */
export function dummyHash(params: ScryptParams = currentParams()): Promise<string> {
  let hash = dummyHashes.get(params.logN)
  if (!hash) {
    hash = hashPassword(randomBytes(16).toString('base64'), params)
    hash.catch(() => dummyHashes.delete(params.logN))
    dummyHashes.set(params.logN, hash)
  }
  return hash
}

/** Verifies against the user's hash, or against the dummy hash (always false) when there is no user. */
export async function verifyOrDummy(password: string, encoded: string | undefined): Promise<boolean> {
  if (encoded === undefined) {
    await verifyPassword(password, await dummyHash())
    return false
  }
  return verifyPassword(password, encoded)
}
