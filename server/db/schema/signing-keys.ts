import type { Timestamp } from './columns'

/** The server's signing keys by purpose (migration 0026; server/auth/device-tokens.ts). */
export interface SigningKeysTable {
  purpose: string
  /** 32 random bytes, base64url. */
  secret: string
  created_at: Timestamp
}
