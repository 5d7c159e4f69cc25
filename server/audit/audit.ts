/**
 * The audit trail (issue 22, table `audit_events`, migration 0019): every staff action and every customer
 * action that changes data appends one row, in the transaction of the change, so that a change without its
 * row (or a row without its change) cannot be committed. The database refuses to update, delete or truncate
 * rows. Who acted, in which role or as which company, what, on which record, whose record it is, the changed
 * fields before and after, when, and the client address; never a password, hash, token or other secret.
 */
import { type Kysely, type Selectable, sql } from 'kysely'
import {
  AUDIT_PAGE_DEFAULT,
  AUDIT_PAGE_MAX,
  type AuditChanges,
  type AuditEvent,
  type AuditPage,
  type AuditQuery,
} from '../../contract/audit'
import type { StaffRole } from '../../contract/permissions'
import type { LiveSession } from '../auth/sessions'
import type { Database } from '../db/schema'
import type { AuditEventsTable } from '../db/schema/records'

/** Who acted. */
export type AuditActor =
  /** A customer's user, acting for their company. */
  | { kind: 'customer'; userId: number; customerId: number; email: string }
  /** A staff member, with the role the action needed (null when any signed-in staff member may do it). */
  | { kind: 'staff'; staffId: number; email: string; role: StaffRole | null }
  /** An integration key by name: OPS_API_KEY (the bootstrap key), or a named key as `key:<name>` with its id. */
  | { kind: 'key'; name: string; keyId?: number }
  /** The server itself (a job), by name; default 'system'. */
  | { kind: 'system'; name?: string }

/** Who acts and from where: what a route knows before the service knows what changed. */
export interface AuditContext {
  actor: AuditActor
  /** clientIp(c) of the request; null when there is no request (a job). */
  clientAddress: string | null
}

/** One row to append. */
export interface AuditEntry extends AuditContext {
  /** Dotted, area first: 'quote.requested', 'booking.cancelled', 'document.reviewed', … */
  action: string
  /** 'quote', 'booking', 'document', 'user', 'party', … */
  recordType: string
  /** The number the user sees: quote number, booking number, document id, … */
  recordId: string | number
  /** Whose record it is (lets a company's trail be listed); null for records of no company. */
  customerId: number | null
  /** The changed fields, before and after (changedFields); null when there is nothing to show. */
  changes?: AuditChanges | null
}

/** The name the operations API's key is recorded under. */
export const OPS_KEY_NAME = 'OPS_API_KEY'

/** The actor of a customer's session. */
export function customerActor(session: Pick<LiveSession, 'userId' | 'customerId' | 'user'>): AuditActor {
  return {
    kind: 'customer',
    userId: session.userId,
    customerId: session.customerId,
    email: session.user.esus_email_id,
  }
}

/** A customer's request: its actor and address. */
export const customerAudit = (
  session: Pick<LiveSession, 'userId' | 'customerId' | 'user'>,
  clientAddress: string | null,
): AuditContext => ({ actor: customerActor(session), clientAddress })

/** A request of the operations API made with OPS_API_KEY, the bootstrap key. */
export const opsKeyAudit = (clientAddress: string | null): AuditContext => ({
  actor: { kind: 'key', name: OPS_KEY_NAME },
  clientAddress,
})

/** A request made with a named integration key (server/keys/): recorded as `key:<name>`, with the key's id. */
export const integrationKeyAudit = (
  key: { id: number; name: string },
  clientAddress: string | null,
): AuditContext => ({ actor: { kind: 'key', name: `key:${key.name}`, keyId: key.id }, clientAddress })

/** Field names never recorded, whatever a caller passes: passwords, hashes, tokens, secrets, codes. */
const secretField = /password|hash|token|secret|totp|recovery|api_?key/i

/** A value as it is stored in `changes`: dates as ISO text, undefined as null. */
function plain(value: unknown): unknown {
  if (value === undefined) return null
  if (value instanceof Date) return value.toISOString()
  return value
}

/** Deep equality of plain values (JSON's view of them; object keys in any order). */
function same(a: unknown, b: unknown): boolean {
  return stableJson(plain(a)) === stableJson(plain(b))
}

function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([x], [y]) => (x < y ? -1 : 1)))
      : v,
  )
}

/**
 * The fields of `fields` whose values differ between `before` and `after`, as `{ field: { before, after } }`;
 * null when none differs. A missing side (a record created or deleted) reads as null in every field. Secret
 * fields (passwords, hashes, tokens) are never included.
 */
export function changedFields<T extends object>(
  before: T | null | undefined,
  after: T | null | undefined,
  fields: readonly (keyof T & string)[],
): AuditChanges | null {
  const changes: AuditChanges = {}
  for (const field of fields) {
    if (secretField.test(field)) continue
    const was = plain(before?.[field])
    const is = plain(after?.[field])
    if (!same(was, is)) changes[field] = { before: was, after: is }
  }
  return Object.keys(changes).length > 0 ? changes : null
}

/** The fields of a record just created, as changes from nothing (`before` null); null values left out. */
export function createdFields(fields: Record<string, unknown>): AuditChanges | null {
  return changedFields(null, fields, Object.keys(fields))
}

/** The fields of a record just deleted, as changes to nothing (`after` null). */
export function deletedFields(fields: Record<string, unknown>): AuditChanges | null {
  return changedFields(fields, null, Object.keys(fields))
}

/**
 * Appends one row, on `db`: pass the transaction of the change (Kysely<Database> may be one), so that the row
 * is committed or rolled back with it. Secret fields in `changes` are dropped.
 */
export async function appendAudit(db: Kysely<Database>, entry: AuditEntry, at: Date): Promise<void> {
  const { actor } = entry
  const changes = entry.changes
    ? Object.fromEntries(Object.entries(entry.changes).filter(([field]) => !secretField.test(field)))
    : null
  await db
    .insertInto('audit_events')
    .values({
      at,
      actor_kind: actor.kind,
      actor_user_id: actor.kind === 'customer' ? actor.userId : null,
      actor_customer_id: actor.kind === 'customer' ? actor.customerId : null,
      actor_staff_id: actor.kind === 'staff' ? actor.staffId : null,
      actor_role: actor.kind === 'staff' ? actor.role : null,
      actor_label:
        actor.kind === 'customer' || actor.kind === 'staff' ? actor.email : (actor.name ?? 'system'),
      actor_key_id: actor.kind === 'key' ? (actor.keyId ?? null) : null,
      action: entry.action,
      record_type: entry.recordType,
      record_id: String(entry.recordId),
      customer_id: entry.customerId,
      changes: changes && Object.keys(changes).length > 0 ? JSON.stringify(changes) : null,
      client_address: entry.clientAddress,
    })
    .execute()
}

/** The trail's filters (contract/audit.ts auditQuerySchema's output); every one optional. */
export type AuditFilter = Partial<AuditQuery>

/** LIKE's wildcards taken literally. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`)

/**
 * The trail, newest first, filtered (all filters together) and paged by id: at most `limit` rows (default
 * 50, at most 200) older than `before`, with the `before` of the next page, or null on the last.
 */
export async function listAudit(db: Kysely<Database>, filter: AuditFilter = {}): Promise<AuditPage> {
  const limit = Math.min(Math.max(1, filter.limit ?? AUDIT_PAGE_DEFAULT), AUDIT_PAGE_MAX)
  let query = db.selectFrom('audit_events').selectAll()
  if (filter.actorKind) query = query.where('actor_kind', '=', filter.actorKind)
  if (filter.staffId !== undefined) query = query.where('actor_staff_id', '=', filter.staffId)
  if (filter.customerId !== undefined) {
    const id = filter.customerId
    query = query.where((eb) => eb.or([eb('customer_id', '=', id), eb('actor_customer_id', '=', id)]))
  }
  if (filter.action) {
    query = filter.action.endsWith('.')
      ? query.where('action', 'like', `${likeLiteral(filter.action)}%`)
      : query.where('action', '=', filter.action)
  }
  if (filter.recordType) query = query.where('record_type', '=', filter.recordType)
  if (filter.recordId !== undefined) query = query.where('record_id', '=', filter.recordId)
  if (filter.from) query = query.where('at', '>=', new Date(filter.from))
  if (filter.to) query = query.where('at', '<', new Date(filter.to))
  if (filter.before) query = query.where(sql<boolean>`id < ${filter.before}::bigint`)
  const rows = await query
    .orderBy('id', 'desc')
    .limit(limit + 1)
    .execute()
  const events = rows.slice(0, limit).map(toAuditEvent)
  return { events, nextBefore: rows.length > limit ? (events.at(-1)?.id ?? null) : null }
}

/** A row as the API sends it. */
export function toAuditEvent(row: Selectable<AuditEventsTable>): AuditEvent {
  return {
    id: String(row.id),
    at: row.at.toISOString(),
    actor: {
      kind: row.actor_kind,
      userId: row.actor_user_id,
      customerId: row.actor_customer_id,
      staffId: row.actor_staff_id,
      role: row.actor_role,
      label: row.actor_label,
    },
    action: row.action,
    record: { type: row.record_type, id: row.record_id },
    customerId: row.customer_id,
    changes: row.changes,
    clientAddress: row.client_address,
  }
}

/** What a staff operation's rows say of who acted: the person and the role the operation needed. */
export const staffAudit = (
  staff: { staffId: number; staff: { email: string } },
  role: StaffRole | null | undefined,
  clientAddress: string | null,
): AuditContext => ({
  actor: { kind: 'staff', staffId: staff.staffId, email: staff.staff.email, role: role ?? null },
  clientAddress,
})
