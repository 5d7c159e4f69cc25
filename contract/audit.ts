/**
 * The audit trail (issue 22) as the API sends it and as the console filters it: the wire shape of one event
 * and the query of the trail's list, one schema for the console's filter form and the server.
 */
import { z } from 'zod'
import { safeString } from './text'

export const auditActorKinds = ['customer', 'staff', 'key', 'system'] as const
export type AuditActorKind = (typeof auditActorKinds)[number]

/** One changed field: what it was and what it became (null before a record existed, or after it was deleted). */
export interface AuditChange {
  before: unknown
  after: unknown
}

export type AuditChanges = Record<string, AuditChange>

/** One row of the trail, newest first in a list. */
export interface AuditEvent {
  /** Increasing with every row (a bigint, as text); the list's `before` takes it. */
  id: string
  /** ISO 8601, UTC. */
  at: string
  actor: {
    kind: AuditActorKind
    /** The customer's user and company, when a customer acted. */
    userId: number | null
    customerId: number | null
    /** The staff member, when staff acted. */
    staffId: number | null
    /** The staff role the action needed. */
    role: string | null
    /** The person's email, or the key's name, as it was then. */
    label: string
  }
  /** Dotted: `quote.requested`, `booking.cancelled`, `profile.updated`, … */
  action: string
  /** The record the action was on, by the number its users see (quote number, booking number, document id…). */
  record: { type: string; id: string }
  /** Whose record it is: the company. */
  customerId: number | null
  /** The fields that changed, before and after; never a password or a secret. */
  changes: AuditChanges | null
  clientAddress: string | null
}

export interface AuditPage {
  events: AuditEvent[]
  /** Pass as `before` for the next, older page; null on the last. */
  nextBefore: string | null
}

export const AUDIT_PAGE_MAX = 200
export const AUDIT_PAGE_DEFAULT = 50

export const auditMessages = {
  badId: 'Must be a positive whole number.',
  badAction: "Must be an action such as 'booking.cancelled', or a prefix ending in a dot such as 'booking.'.",
  badRecordType: "Must be a record type such as 'booking'.",
  recordTypeNeeded: 'Choose the record type too.',
  badRecordId: 'Must be at most 80 characters.',
  badTime: 'Must be an ISO 8601 date-time with its offset, such as 2026-03-01T00:00:00+08:00.',
  badRange: "'From' must be before 'to'.",
  badLimit: `Must be a whole number from 1 to ${AUDIT_PAGE_MAX}.`,
} as const

/** A positive id in a query string (at most an `integer` column's range for ids, 19 digits for `before`). */
const idText = (digits: number) =>
  z
    .string()
    .regex(new RegExp(`^[1-9][0-9]{0,${digits - 1}}$`), auditMessages.badId)
    .transform(Number)

const isoTime = z.iso.datetime({ offset: true, error: auditMessages.badTime })

/**
 * The trail's filters (GET query): each optional, all of them together. `customerId` matches a company that
 * acted or whose record it is; `action` is exact, or a prefix when it ends in a dot; `from` is inclusive and
 * `to` exclusive; `before` is the `nextBefore` of the previous page.
 */
export const auditQuerySchema = z
  .object({
    actorKind: z.enum(auditActorKinds).optional(),
    staffId: idText(10).pipe(z.number().max(2_147_483_647, auditMessages.badId)).optional(),
    customerId: idText(10).pipe(z.number().max(2_147_483_647, auditMessages.badId)).optional(),
    action: z
      .string()
      .max(80, auditMessages.badAction)
      .regex(/^[a-z][a-z_]*(\.[a-z][a-z_]*)*\.?$/, auditMessages.badAction)
      .optional(),
    recordType: z
      .string()
      .max(40, auditMessages.badRecordType)
      .regex(/^[a-z][a-z_]*$/, auditMessages.badRecordType)
      .optional(),
    recordId: safeString()
      .trim()
      .min(1, auditMessages.badRecordId)
      .max(80, auditMessages.badRecordId)
      .optional(),
    from: isoTime.optional(),
    to: isoTime.optional(),
    // Kept as text: ids are bigints.
    before: z
      .string()
      .regex(/^[1-9][0-9]{0,18}$/, auditMessages.badId)
      .optional(),
    limit: z
      .string()
      .regex(/^[0-9]{1,3}$/, auditMessages.badLimit)
      .transform(Number)
      .pipe(z.number().min(1, auditMessages.badLimit).max(AUDIT_PAGE_MAX, auditMessages.badLimit))
      .optional(),
  })
  .refine((query) => query.recordId === undefined || query.recordType !== undefined, {
    error: auditMessages.recordTypeNeeded,
    path: ['recordType'],
  })
  .refine((query) => !query.from || !query.to || Date.parse(query.from) < Date.parse(query.to), {
    error: auditMessages.badRange,
    path: ['to'],
  })

export type AuditQueryInput = z.input<typeof auditQuerySchema>
export type AuditQuery = z.output<typeof auditQuerySchema>
