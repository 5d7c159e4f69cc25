import type { ColumnType, Generated } from 'kysely'
import type { KeyScope, StaffRole } from '../../../contract/permissions'
import type { MaybeTimestamp, Timestamp } from './columns'

/** The forwarder's staff and their sign-in records, and the integration keys they issue. */

/** The forwarder's staff (migration 0018, server/staff/). */
export interface StaffMembersTable {
  id: Generated<number>
  /** Lower-cased, unique. */
  email: string
  name: string
  roles: ColumnType<StaffRole[], StaffRole[], StaffRole[]>
  password_hash: string | null
  totp_secret: string | null
  /** Bigint: the driver gives a string, or a number through PGlite. */
  totp_last_step: ColumnType<string | number | null, number | null, number | null>
  deactivated_at: MaybeTimestamp
  created_at: Timestamp
}

export interface StaffRecoveryCodesTable {
  id: Generated<number>
  staff_id: number
  /** SHA-256 of the code, hex. */
  code_hash: string
  created_at: Timestamp
  used_at: MaybeTimestamp
}

export interface StaffChallengesTable {
  id: Generated<number>
  staff_id: number
  token_hash: string
  /** During enrolment: the secret the QR code showed, kept until the first code confirms it. */
  pending_secret: string | null
  failures: Generated<number>
  created_at: Timestamp
  expires_at: Timestamp
  used_at: MaybeTimestamp
}

export interface StaffPasswordLinksTable {
  id: Generated<number>
  staff_id: number
  token_hash: string
  created_at: Timestamp
  expires_at: Timestamp
  used_at: MaybeTimestamp
}

export interface StaffSessionsTable {
  id: Generated<number>
  staff_id: number
  token_hash: string
  created_at: Timestamp
  last_seen_at: Timestamp
  ended_at: ColumnType<Date | null, Date | null | undefined, Date | null>
}

/** Named integration keys (migration 0022, server/keys/): never the secret, only its SHA-256 and its prefix. */
export interface IntegrationKeysTable {
  id: Generated<number>
  name: string
  scopes: ColumnType<KeyScope[], KeyScope[], KeyScope[]>
  /** SHA-256 of the secret, hex (char(64), unique). */
  secret_hash: string
  /** `esk_` and the secret's next 8 characters: not secret. */
  prefix: string
  created_by: number
  created_at: Timestamp
  last_used_at: MaybeTimestamp
  revoked_at: MaybeTimestamp
  revoked_by: number | null
}
