import { createRoute, z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import type { Kysely } from 'kysely'
import { staffRoles } from '../../contract/permissions'
import { addStaffSchema, type StaffMember, staffMessages, updateStaffSchema } from '../../contract/staff'
import { INT32_MAX } from '../../contract/text'
import type { ErrorBody } from '../../contract/wire'
import { appendAudit, changedFields, createdFields, staffAudit } from '../audit/audit'
import { OPS_KEY_HEADER } from '../auth/ops-key'
import type { Database } from '../db/schema'
import { keyAudit, type RequireKey } from '../keys/require-key'
import type { Mailer } from '../mail/index'
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
import { deactivateStaff, getStaff, insertStaff, listStaff, updateStaff } from '../staff/accounts'
import { requireStaff, type StaffEnv } from '../staff/gate'
import { sendStaffPasswordLink } from '../staff/invitations'
import type { StaffSessions } from '../staff/sessions'

export interface StaffTeamDeps {
  db: Kysely<Database>
  now: () => Date
  mailer: Mailer
  staffSessions: StaffSessions
  /** The X-API-Key check (server/keys/require-key.ts): for addStaff only OPS_API_KEY, the deployer's bootstrap key. */
  requireKey: RequireKey
  /** The client's address, for the audit trail. */
  clientIp: (c: Context) => string
}

const StaffMemberSchema = documents<StaffMember>()(
  z
    .object({
      id: z.int(),
      email: z.string(),
      name: z.string(),
      roles: z.array(z.enum(staffRoles)),
      enrolled: z.boolean().openapi({ description: 'Has set a password and enrolled an authenticator' }),
      active: z.boolean(),
    })
    .openapi('StaffMember'),
)

const IdParam = z.object({
  id: z
    .string()
    .regex(/^[1-9]\d{0,9}$/, staffMessages.notFound)
    .openapi({ param: { name: 'id', in: 'path' }, example: '3' }),
})

const forbiddenToKeys = {
  403: error('A named integration key was sent: only OPS_API_KEY adds staff without an admin'),
}
const notFound = { 404: error(`\`${staffMessages.notFound}\``) }
const memberAnswer = (description: string) => ({
  description,
  ...json(z.object({ staff: StaffMemberSchema })),
})

const listRoute = createRoute({
  method: 'get',
  operationId: 'listStaff',
  path: '/staff/team',
  tags: ['Staff'],
  summary: 'The team: every staff member, active first',
  security: staffSecurity,
  responses: {
    200: { description: 'The team', ...json(z.object({ staff: z.array(StaffMemberSchema) })) },
    ...unauthenticated,
    ...errorResponses.serverError,
  },
})

const addRoute = createRoute({
  method: 'post',
  operationId: 'addStaff',
  path: '/staff/team',
  tags: ['Staff'],
  summary: 'Add a staff member: they are mailed a single-use link (72 hours) to set their password',
  description: `An admin's staff token, or the deployer's \`${OPS_KEY_HEADER}\` (OPS_API_KEY), with which \`npm run staff -- add\` adds the first admin.`,
  security: [...staffSecurity, { opsApiKey: [] }],
  request: jsonBody(addStaffSchema),
  responses: {
    201: memberAnswer(`\`${staffMessages.invited}\``),
    409: error(`\`${staffMessages.emailTaken}\``),
    ...unauthenticated,
    ...forbiddenToKeys,
    ...errorResponses.validationError,
    ...errorResponses.serverError,
  },
})

const updateRoute = createRoute({
  method: 'patch',
  operationId: 'updateStaff',
  path: '/staff/team/{id}',
  tags: ['Staff'],
  summary: 'Rename a staff member or set their roles (takes effect on their next request, in every process)',
  security: staffSecurity,
  request: { params: IdParam, ...jsonBody(updateStaffSchema) },
  responses: {
    200: memberAnswer('The staff member as changed'),
    409: error(`\`${staffMessages.lastAdmin}\``),
    ...unauthenticated,
    ...notFound,
    ...errorResponses.validationError,
    ...errorResponses.serverError,
  },
})

const deactivateRoute = createRoute({
  method: 'post',
  operationId: 'deactivateStaff',
  path: '/staff/team/{id}/deactivate',
  tags: ['Staff'],
  summary: 'Deactivate a staff member: their sessions end at once in every process',
  security: staffSecurity,
  request: { params: IdParam },
  responses: {
    200: memberAnswer(`\`${staffMessages.deactivated}\``),
    409: error(`\`${staffMessages.lastAdmin}\` or \`${staffMessages.notYourself}\``),
    ...unauthenticated,
    ...notFound,
    ...errorResponses.validationError,
    ...errorResponses.serverError,
  },
})

const inviteRoute = createRoute({
  method: 'post',
  operationId: 'resendStaffInvite',
  path: '/staff/team/{id}/invite',
  tags: ['Staff'],
  summary: 'Mail a staff member a new set-password link (older links stop working)',
  security: staffSecurity,
  request: { params: IdParam },
  responses: {
    200: memberAnswer(`\`${staffMessages.invited}\``),
    409: error('Deactivated: `Staff member not found.`'),
    ...unauthenticated,
    ...notFound,
    ...errorResponses.validationError,
    ...errorResponses.serverError,
  },
})

export function staffTeamRoutes({ db, now, mailer, staffSessions, requireKey, clientIp }: StaffTeamDeps) {
  const router = createRouter<StaffEnv>()
  router.use('/staff/team', limitJsonBody())
  router.use('/staff/team/*', limitJsonBody())
  const idOf = (raw: string) => {
    const id = Number(raw)
    return id <= INT32_MAX ? id : undefined
  }
  const missing = { message: staffMessages.notFound } satisfies ErrorBody
  const staff = requireStaff(staffSessions, now)

  /** The deployer's key lets the add through (the first admin); anything else must be an admin's session. */
  const deployerKey = requireKey('addStaff')
  const adminOrDeployer = createMiddleware<StaffEnv>(async (c, next) => {
    if (c.req.header(OPS_KEY_HEADER) !== undefined) return deployerKey(c as never, next)
    return staff(c, next)
  })

  return router
    .openapi({ ...listRoute, middleware: [staff] as const }, async (c) =>
      c.json({ staff: await listStaff(db) }, 200),
    )
    .openapi({ ...addRoute, middleware: [adminOrDeployer] as const }, async (c) => {
      const input = c.req.valid('json')
      const at = now()
      // An admin's session, or the deployer's key (the first admin).
      const audit = c.var.staff ? staffAudit(c.var.staff, c.var.role, clientIp(c)) : keyAudit(c)
      const added = await db.transaction().execute(async (trx) => {
        const member = await insertStaff(trx, input, at)
        if (!member) return undefined
        await sendStaffPasswordLink(trx, mailer, member, at)
        await appendAudit(
          trx,
          {
            ...audit,
            action: 'staff.added',
            recordType: 'staff',
            recordId: member.id,
            customerId: null,
            changes: createdFields({ email: member.email, name: member.name, roles: member.roles }),
          },
          at,
        )
        return member
      })
      if (!added) return c.json({ message: staffMessages.emailTaken }, 409)
      return c.json({ staff: added }, 201)
    })
    .openapi({ ...updateRoute, middleware: [staff] as const }, async (c) => {
      const id = idOf(c.req.valid('param').id)
      if (id === undefined) return c.json(missing, 404)
      const at = now()
      const changed = await db.transaction().execute(async (trx) => {
        const outcome = await updateStaff(trx, id, c.req.valid('json'))
        const changes = outcome.ok ? changedFields(outcome.before, outcome.after, ['name', 'roles']) : null
        if (changes) {
          await appendAudit(
            trx,
            {
              ...staffAudit(c.var.staff, c.var.role, clientIp(c)),
              action: 'staff.updated',
              recordType: 'staff',
              recordId: id,
              customerId: null,
              changes,
            },
            at,
          )
        }
        return outcome
      })
      if (!changed.ok) {
        return changed.reason === 'notFound'
          ? c.json(missing, 404)
          : c.json({ message: staffMessages.lastAdmin }, 409)
      }
      staffSessions.forgetUser(id)
      return c.json({ staff: changed.after }, 200)
    })
    .openapi({ ...deactivateRoute, middleware: [staff] as const }, async (c) => {
      const id = idOf(c.req.valid('param').id)
      if (id === undefined) return c.json(missing, 404)
      if (id === c.var.staff.staffId) return c.json({ message: staffMessages.notYourself }, 409)
      const at = now()
      const changed = await db.transaction().execute(async (trx) => {
        const outcome = await deactivateStaff(trx, id, at)
        if (outcome.ok && outcome.before.active) {
          await appendAudit(
            trx,
            {
              ...staffAudit(c.var.staff, c.var.role, clientIp(c)),
              action: 'staff.deactivated',
              recordType: 'staff',
              recordId: id,
              customerId: null,
              changes: changedFields(outcome.before, outcome.after, ['active']),
            },
            at,
          )
        }
        return outcome
      })
      if (!changed.ok) {
        return changed.reason === 'notFound'
          ? c.json(missing, 404)
          : c.json({ message: staffMessages.lastAdmin }, 409)
      }
      staffSessions.forgetUser(id)
      return c.json({ staff: changed.after }, 200)
    })
    .openapi({ ...inviteRoute, middleware: [staff] as const }, async (c) => {
      const id = idOf(c.req.valid('param').id)
      const member = id === undefined ? undefined : await getStaff(db, id)
      if (!member) return c.json(missing, 404)
      if (!member.active) return c.json(missing, 409)
      await sendStaffPasswordLink(db, mailer, member, now())
      return c.json({ staff: member }, 200)
    })
}
