import { createHash, randomBytes } from 'node:crypto'

/** A bearer or one-time token: 32 random bytes, base64url. Only its hash is ever stored. */
export function newToken(): string {
  return randomBytes(32).toString('base64url')
}

/** SHA-256 of the token, hex: what the database keeps and looks tokens up by. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex')
}
