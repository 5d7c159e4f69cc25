/**
 * Named integration keys (issue 23, migration 0022): made, listed, revoked, and found by the secret a request
 * presents. The secret is `esk_` and 32 random bytes in base64url (256 bits), shown once; the table keeps its
 * SHA-256 (hex) and its first 12 characters (`prefix`, 48 of the random bits: enough to tell keys apart, far
 * too few to guess the rest).
 */
import { createHash, randomBytes } from 'node:crypto'
import { type Kysely, type Selectable, sql } from 'kysely'
import { type IntegrationKey, KEY_PREFIX_LENGTH, KEY_SECRET_START } from '../../contract/integration-keys'
import type { KeyScope } from '../../contract/permissions'
import type { Database } from '../db/schema'
import type { IntegrationKeysTable } from '../db/schema/staff'

/** A new secret: `esk_` and 43 base64url characters. */
export const newKeySecret = () => `${KEY_SECRET_START}${randomBytes(32).toString('base64url')}`

/** SHA-256 of a presented secret, hex: what the table keeps and is searched by. */
export const keySecretHash = (secret: string) => createHash('sha256').update(secret, 'utf8').digest('hex')

export const keyPrefixOf = (secret: string) => secret.slice(0, KEY_PREFIX_LENGTH)

/** How often a key's `last_used_at` is written at most: a busy integration costs one write a minute. */
export const LAST_USED_STEP_MS = 60_000

type KeyRow = Selectable<IntegrationKeysTable>
type Listed = KeyRow & { created_by_name: string | null; revoked_by_name: string | null }

const iso = (date: Date | null) => (date ? date.toISOString() : null)

function toKey(row: Listed): IntegrationKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes,
    createdAt: row.created_at.toISOString(),
    createdBy: row.created_by_name === null ? null : { id: row.created_by, name: row.created_by_name },
    lastUsedAt: iso(row.last_used_at),
    revokedAt: iso(row.revoked_at),
    revokedBy:
      row.revoked_by === null || row.revoked_by_name === null
        ? null
        : { id: row.revoked_by, name: row.revoked_by_name },
  }
}

function listed(db: Kysely<Database>) {
  return db
    .selectFrom('integration_keys as k')
    .leftJoin('staff_members as c', 'c.id', 'k.created_by')
    .leftJoin('staff_members as r', 'r.id', 'k.revoked_by')
    .select([
      'k.id',
      'k.name',
      'k.scopes',
      'k.secret_hash',
      'k.prefix',
      'k.created_by',
      'k.created_at',
      'k.last_used_at',
      'k.revoked_at',
      'k.revoked_by',
      'c.name as created_by_name',
      'r.name as revoked_by_name',
    ])
}

/** Every key: those in use first, newest first. */
export async function listKeys(db: Kysely<Database>): Promise<IntegrationKey[]> {
  const rows = await listed(db).orderBy(sql`k.revoked_at is not null`).orderBy('k.id', 'desc').execute()
  return rows.map(toKey)
}

export async function getKey(db: Kysely<Database>, id: number): Promise<IntegrationKey | undefined> {
  const row = await listed(db).where('k.id', '=', id).executeTakeFirst()
  return row ? toKey(row) : undefined
}

/**
 * Makes a key (in the caller's transaction, with its audit row): its secret, to be shown once, or undefined
 * when the name is taken (by a key in use or revoked: names are never reused, so `key:<name>` in the audit
 * trail names one key).
 */
export async function insertKey(
  db: Kysely<Database>,
  input: { name: string; scopes: KeyScope[]; staffId: number },
  at: Date,
): Promise<{ key: IntegrationKey; secret: string } | undefined> {
  const secret = newKeySecret()
  const inserted = await db
    .insertInto('integration_keys')
    .values({
      name: input.name,
      scopes: sql<KeyScope[]>`${sql.val(input.scopes)}::text[]`,
      secret_hash: keySecretHash(secret),
      prefix: keyPrefixOf(secret),
      created_by: input.staffId,
      created_at: at,
    })
    .onConflict((oc) => oc.expression(sql`lower(name)`).doNothing())
    .returning('id')
    .executeTakeFirst()
  if (!inserted) return undefined
  const key = await getKey(db, inserted.id)
  if (!key) throw new Error('the key just made is gone')
  return { key, secret }
}

/**
 * Revokes a key (in the caller's transaction): the key before and after, or undefined when there is none. A
 * key revoked already stays as it was (`before` equals `after`).
 */
export async function revokeKey(
  db: Kysely<Database>,
  id: number,
  staffId: number,
  at: Date,
): Promise<{ before: IntegrationKey; after: IntegrationKey } | undefined> {
  const before = await listed(db).where('k.id', '=', id).forUpdate('k').executeTakeFirst()
  if (!before) return undefined
  if (before.revoked_at) return { before: toKey(before), after: toKey(before) }
  await db
    .updateTable('integration_keys')
    .set({ revoked_at: at, revoked_by: staffId })
    .where('id', '=', id)
    .execute()
  const after = await getKey(db, id)
  if (!after) throw new Error('the key just revoked is gone')
  return { before: toKey(before), after }
}

/** The key in use whose secret was presented, or undefined (unknown, or revoked). */
export async function findLiveKey(
  db: Kysely<Database>,
  secret: string,
): Promise<Pick<KeyRow, 'id' | 'name' | 'scopes' | 'last_used_at'> | undefined> {
  return db
    .selectFrom('integration_keys')
    .select(['id', 'name', 'scopes', 'last_used_at'])
    .where('secret_hash', '=', keySecretHash(secret))
    .where('revoked_at', 'is', null)
    .executeTakeFirst()
}

/**
 * Marks a key used at `at`, unless it was marked within the last minute: conditional, so that processes
 * racing on the same key write once.
 */
export async function markKeyUsed(db: Kysely<Database>, id: number, at: Date): Promise<void> {
  const stale = new Date(at.getTime() - LAST_USED_STEP_MS)
  await db
    .updateTable('integration_keys')
    .set({ last_used_at: at })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<=', stale)]))
    .execute()
}

/** Whether any key is in use: the start-up log warns while OPS_API_KEY is also set. */
export async function hasLiveKeys(db: Kysely<Database>): Promise<boolean> {
  const row = await db
    .selectFrom('integration_keys')
    .select('id')
    .where('revoked_at', 'is', null)
    .limit(1)
    .executeTakeFirst()
  return row !== undefined
}
