import { createRoute, z } from '@hono/zod-openapi'
import type { Kysely } from 'kysely'
import { type AuditEvent, type AuditPage, auditActorKinds, auditQuerySchema } from '../../contract/audit'
import { listAudit } from '../audit/audit'
import type { Database } from '../db/schema'
import {
  createRouter,
  documents,
  errorResponses,
  json,
  staffSecurity,
  unauthenticatedResponse as unauthenticated,
} from '../openapi'
import { requireStaff, type StaffEnv } from '../staff/gate'
import type { StaffSessions } from '../staff/sessions'

export interface StaffAuditDeps {
  db: Kysely<Database>
  now: () => Date
  staffSessions: StaffSessions
}

const AuditEventSchema = documents<AuditEvent>()(
  z
    .object({
      id: z.string().openapi({ description: 'Increasing; pass the last page’s `nextBefore` as `before`' }),
      at: z.string(),
      actor: z.object({
        kind: z.enum(auditActorKinds),
        userId: z.int().nullable(),
        customerId: z.int().nullable(),
        staffId: z.int().nullable(),
        role: z.string().nullable(),
        label: z.string().openapi({ description: 'The person’s email, or the key’s name, as it was then' }),
      }),
      action: z.string().openapi({ example: 'offer.sent' }),
      record: z.object({ type: z.string(), id: z.string() }),
      customerId: z.int().nullable(),
      changes: z
        .record(z.string(), z.object({ before: z.unknown(), after: z.unknown() }))
        .nullable()
        .openapi({ description: 'The fields that changed; never a password or a secret' }),
      clientAddress: z.string().nullable(),
    })
    .openapi('AuditEvent'),
)

const PageSchema = documents<AuditPage>()(
  z.object({ events: z.array(AuditEventSchema), nextBefore: z.string().nullable() }).openapi('AuditPage'),
)

const listRoute = createRoute({
  method: 'get',
  operationId: 'listAuditEvents',
  path: '/staff/audit',
  tags: ['Staff'],
  summary: 'The audit trail, newest first, filtered by who, what, which record and when (admins)',
  security: staffSecurity,
  request: { query: auditQuerySchema },
  responses: {
    200: { description: 'A page of events', ...json(PageSchema) },
    ...unauthenticated,
    ...errorResponses.validationError,
    ...errorResponses.serverError,
  },
})

export function staffAuditRoutes({ db, now, staffSessions }: StaffAuditDeps) {
  return createRouter<StaffEnv>().openapi(
    { ...listRoute, middleware: [requireStaff(staffSessions, now)] as const },
    async (c) => c.json(await listAudit(db, c.req.valid('query')), 200),
  )
}
