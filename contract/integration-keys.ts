/**
 * Named integration keys (issue 23; docs/security.md, "Integration keys"): what the console's form and the
 * staff API share. A key is `esk_` and 43 base64url characters (32 random bytes); the server keeps only its
 * SHA-256 and its first characters (`prefix`), which tell keys apart and are not secret.
 */
import { z } from 'zod'
import { type KeyScope, keyScopes } from './permissions'
import { safeString } from './text'

/** The start of every integration key. */
export const KEY_SECRET_START = 'esk_'
/** How many characters of a key are kept and shown: `esk_` and 8 of its random characters (48 of 256 bits). */
export const KEY_PREFIX_LENGTH = 12
export const KEY_NAME_MAX = 80

export const keyMessages = {
  /** No key, an unknown one, or a revoked one. */
  unauthenticated: 'A valid X-API-Key is required.',
  lacksScope: (scope: KeyScope) => `This key lacks the ${scope} scope.`,
  /** A named key presented to addStaff: only the bootstrap key adds staff without an admin. */
  bootstrapOnly:
    'Only the bootstrap key (OPS_API_KEY) adds staff without an admin: admins add staff in the console.',
  nameRequired: 'Name the key after what uses it.',
  nameTooLong: `At most ${KEY_NAME_MAX} characters.`,
  nameTaken: 'A key of this name exists or existed: choose another name.',
  scopesRequired: 'Choose at least one scope.',
  notFound: 'Integration key not found.',
  created: 'Key created. Copy it now: you will not see it again.',
  revoked: 'Key revoked: it is refused from now on.',
} as const

/** What each scope lets a key do, as the console's form says it. */
export const keyScopeDuties: Record<KeyScope, string> = {
  'events:write': 'Post tracking events (DCSA Track & Trace) for any booking',
  'documents:review': "List any booking's documents, accept or reject files, ask customers for documents",
  'bookings:confirm': 'Confirm bookings: issue the house bill, set the route, mail the customer',
  'rates:write': 'Send rate files that update the rate sheets quotes are priced from',
}

export const keyNameSchema = safeString({ error: keyMessages.nameRequired })
  .trim()
  .min(1, keyMessages.nameRequired)
  .max(KEY_NAME_MAX, keyMessages.nameTooLong)

export const keyScopesSchema = z
  .array(z.enum(keyScopes, { error: keyMessages.scopesRequired }), { error: keyMessages.scopesRequired })
  .min(1, keyMessages.scopesRequired)
  .max(keyScopes.length)
  // In the contract's order, each once.
  .transform((scopes) => keyScopes.filter((scope) => scopes.includes(scope)))

/** POST /api/staff/keys: the console's form and the server's edge. */
export const createKeySchema = z.object({ name: keyNameSchema, scopes: keyScopesSchema })
export type CreateKeyInput = z.input<typeof createKeySchema>

/** Who created or revoked a key. */
export interface KeyStaff {
  id: number
  name: string
}

/** A key as the console lists it: never its secret. */
export interface IntegrationKey {
  id: number
  name: string
  /** The key's first characters (`esk_` and 8 more): how a holder tells which key they have. */
  prefix: string
  scopes: KeyScope[]
  createdAt: string
  createdBy: KeyStaff | null
  /** The last request made with it (to the minute), or null. */
  lastUsedAt: string | null
  revokedAt: string | null
  revokedBy: KeyStaff | null
}

/** What creating a key answers: the key, and its secret, this once. */
export interface CreatedKey {
  key: IntegrationKey
  secret: string
}

export const integrationKeyPaths = {
  list: '/api/staff/keys',
  revoke: (id: number) => `/api/staff/keys/${id}/revoke`,
} as const
