/**
 * Integration keys in the console (issue 23; admins): list them, make one (its secret answered this once), revoke
 * one. Each change appends its audit row in its transaction; the secret is never recorded nor stored.
 */
import { createRoute, z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import type { Kysely } from 'kysely'
import {
  type CreatedKey,
  createKeySchema,
  type IntegrationKey,
  keyMessages,
} from '../../contract/integration-keys'
import { keyScopes } from '../../contract/permissions'
import { INT32_MAX } from '../../contract/text'
import type { ErrorBody } from '../../contract/wire'
import { appendAudit, changedFields, createdFields, staffAudit } from '../audit/audit'
import type { Database } from '../db/schema'
import { insertKey, listKeys, revokeKey } from '../keys/keys'
import {
  createRouter,
  documents,
  errorResponse as error,
  errorResponses,
  json,
  jsonBody,
  limitJsonBody,
  staffSecurity,
  unauthenticatedResponse as unauthenticated,
} from '../openapi'
import { requireStaff, type StaffEnv } from '../staff/gate'
import type { StaffSessions } from '../staff/sessions'

export interface IntegrationKeyDeps {
  db: Kysely<Database>
  now: () => Date
  staffSessions: StaffSessions
  clientIp: (c: Context) => string
}

const KeyStaffSchema = z.object({ id: z.int(), name: z.string() }).nullable()

const IntegrationKeySchema = documents<IntegrationKey>()(
  z
    .object({
      id: z.int(),
      name: z.string(),
      prefix: z
        .string()
        .openapi({ description: 'The key’s first 12 characters (not secret)', example: 'esk_3fQ9xLbT' }),
      scopes: z.array(z.enum(keyScopes)),
      createdAt: z.string(),
      createdBy: KeyStaffSchema,
      lastUsedAt: z
        .string()
        .nullable()
        .openapi({ description: 'The last request made with it, to the minute; null if never' }),
      revokedAt: z.string().nullable(),
      revokedBy: KeyStaffSchema,
    })
    .openapi('IntegrationKey'),
)

const CreatedKeySchema = documents<CreatedKey>()(
  z
    .object({
      key: IntegrationKeySchema,
      secret: z.string().openapi({
        description: 'The key itself (`esk_` and 43 base64url characters): answered this once, never again',
      }),
    })
    .openapi('CreatedIntegrationKey'),
)

const IdParam = z.object({
  id: z
    .string()
    .regex(/^[1-9]\d{0,9}$/, keyMessages.notFound)
    .openapi({ param: { name: 'id', in: 'path' }, example: '3' }),
})

const listRoute = createRoute({
  method: 'get',
  operationId: 'listIntegrationKeys',
  path: '/staff/keys',
  tags: ['Staff'],
  summary: 'Every integration key, those in use first, newest first (never a secret)',
  security: staffSecurity,
  responses: {
    200: { description: 'The keys', ...json(z.object({ keys: z.array(IntegrationKeySchema) })) },
    ...unauthenticated,
    ...errorResponses.serverError,
  },
})

const createKeyRoute = createRoute({
  method: 'post',
  operationId: 'createIntegrationKey',
  path: '/staff/keys',
  tags: ['Staff'],
  summary: 'Make a named integration key with its scopes: its secret is answered this once',
  security: staffSecurity,
  request: jsonBody(createKeySchema),
  responses: {
    201: { description: 'The key and its secret', ...json(CreatedKeySchema) },
    409: error(`The name is taken, by a key in use or revoked: \`${keyMessages.nameTaken}\``),
    ...unauthenticated,
    ...errorResponses.validationError,
    ...errorResponses.serverError,
  },
})

const revokeRoute = createRoute({
  method: 'post',
  operationId: 'revokeIntegrationKey',
  path: '/staff/keys/{id}/revoke',
  tags: ['Staff'],
  summary: 'Revoke a key: refused at once by every server process (a key revoked already stays as it was)',
  security: staffSecurity,
  request: { params: IdParam },
  responses: {
    200: { description: 'The key as revoked', ...json(z.object({ key: IntegrationKeySchema })) },
    ...unauthenticated,
    404: error(`\`${keyMessages.notFound}\``),
    ...errorResponses.validationError,
    ...errorResponses.serverError,
  },
})

export function integrationKeyRoutes({ db, now, staffSessions, clientIp }: IntegrationKeyDeps) {
  const router = createRouter<StaffEnv>()
  router.use('/staff/keys', limitJsonBody())
  const missing = { message: keyMessages.notFound } satisfies ErrorBody
  const staff = requireStaff(staffSessions, now)

  return router
    .openapi({ ...listRoute, middleware: [staff] as const }, async (c) =>
      c.json({ keys: await listKeys(db) }, 200),
    )
    .openapi({ ...createKeyRoute, middleware: [staff] as const }, async (c) => {
      const { name, scopes } = c.req.valid('json')
      const at = now()
      const made = await db.transaction().execute(async (trx) => {
        const created = await insertKey(trx, { name, scopes, staffId: c.var.staff.staffId }, at)
        if (!created) return undefined
        const { key } = created
        await appendAudit(
          trx,
          {
            ...staffAudit(c.var.staff, c.var.role, clientIp(c)),
            action: 'integration_key.created',
            recordType: 'integration_key',
            recordId: key.id,
            customerId: null,
            changes: createdFields({ name: key.name, prefix: key.prefix, scopes: key.scopes }),
          },
          at,
        )
        return created
      })
      if (!made) {
        return c.json({ message: keyMessages.nameTaken, errors: { name: [keyMessages.nameTaken] } }, 409)
      }
      return c.json(made satisfies CreatedKey, 201)
    })
    .openapi({ ...revokeRoute, middleware: [staff] as const }, async (c) => {
      const id = Number(c.req.valid('param').id)
      if (id > INT32_MAX) return c.json(missing, 404)
      const at = now()
      const revoked = await db.transaction().execute(async (trx) => {
        const outcome = await revokeKey(trx, id, c.var.staff.staffId, at)
        if (outcome && !outcome.before.revokedAt) {
          await appendAudit(
            trx,
            {
              ...staffAudit(c.var.staff, c.var.role, clientIp(c)),
              action: 'integration_key.revoked',
              recordType: 'integration_key',
              recordId: id,
              customerId: null,
              changes: changedFields(outcome.before, outcome.after, ['revokedAt']),
            },
            at,
          )
        }
        return outcome
      })
      if (!revoked) return c.json(missing, 404)
      return c.json({ key: revoked.after }, 200)
    })
}
