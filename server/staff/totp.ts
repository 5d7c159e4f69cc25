import { createHash, randomInt } from 'node:crypto'
import { generateSecret, generateURI, verify } from 'otplib'
import { renderSVG } from 'uqr'

/**
 * The second factor of staff sign-in: time-based one-time passwords (RFC 6238: HMAC-SHA1, 6 digits, 30-second
 * steps, what every authenticator app reads from a QR code) through otplib, and single-use recovery codes.
 */

export const TOTP_ISSUER = 'eShip staff'
const PERIOD_S = 30

/** A new secret: 20 random bytes (160 bits, RFC 4226's recommendation), base32. */
export function newTotpSecret(): string {
  return generateSecret({ length: 20 })
}

/** The secret grouped by four for typing it in by hand. */
export function groupedSecret(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ')
}

export function totpUri(email: string, secret: string): string {
  return generateURI({ issuer: TOTP_ISSUER, label: email, secret })
}

/** The QR code of an otpauth URI, as an SVG document (drawn on the server: the console carries no QR code). */
export function qrSvg(uri: string): string {
  return renderSVG(uri, { ecc: 'M', border: 2 })
}

/**
 * Checks a code at `now`, allowing one step of clock drift either way, and refusing the step last accepted and
 * any before it (a code works once). The step accepted, or undefined.
 */
export async function acceptCode(
  secret: string,
  code: string,
  lastStep: number | null,
  now: Date,
): Promise<number | undefined> {
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(now.getTime() / 1000),
    epochTolerance: PERIOD_S,
    ...(lastStep === null ? {} : { afterTimeStep: lastStep }),
  })
  return result.valid && 'timeStep' in result ? result.timeStep : undefined
}

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789'

/** Ten recovery codes as shown ("k3m9x-7qpt2"): 10 characters of a 31-letter alphabet, about 50 bits each. */
export function newRecoveryCodes(count = 10): string[] {
  return Array.from({ length: count }, () => {
    const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)])
    return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`
  })
}

/** What is stored of a recovery code: SHA-256 of its ten characters (enough for 50 random bits, used once). */
export function hashRecoveryCode(code: string): string {
  const normalized = code.replace(/[\s-]+/g, '').toLowerCase()
  return createHash('sha256').update(normalized, 'utf8').digest('hex')
}
