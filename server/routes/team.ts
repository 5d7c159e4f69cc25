/**
 * My Team's API (docs/teams.md "My Team and invitations"): the company's members, open invitations and (for
 * Admins) requests to join; inviting, resending and revoking invitations; changing roles, deactivating and
 * reactivating members; approving and declining requests to join. Behind the customer's session, whose gate
 * checks the role each operation needs (contract/team.ts customerPermissions); every id is the company's own
 * (another company's answers 404). Every change appends its audit row in its transaction.
 */
import { createRoute, z } from '@hono/zod-openapi'
import type { Context, Input } from 'hono'
import type { Kysely } from 'kysely'
import {
  changeRoleSchema,
  companyRoles,
  inviteSchema,
  joinDecisionSchema,
  type TeamInvitation,
  type TeamJoinRequest,
  type TeamMember,
  type TeamView,
  teamMessages,
} from '../../contract/team'
import { INT32_MAX } from '../../contract/text'
import { customerAudit } from '../audit/audit'
import type { LiveSessions } from '../auth/live-sessions'
import { checkLimits, retryLater } from '../auth/rate-limit'
import { requireSession, type SessionEnv } from '../auth/session'
import type { Database } from '../db/schema'
import type { Mailer } from '../mail/index'
import {
  createRouter,
  documents,
  errorResponse,
  errorResponses,
  json,
  jsonBody,
  limitJsonBody,
  messageResponse,
  bearerSecurity as security,
  tooManyResponse,
  unauthenticatedResponse as unauthenticated,
} from '../openapi'
import { invite, resendInvitation, revokeInvitation, teamLimits } from '../team/invitations'
import { approveJoin, declineJoin } from '../team/join-requests'
import { changeRole, deactivateMember, reactivateMember, teamView } from '../team/members'

export interface TeamRouteDeps {
  db: Kysely<Database>
  now: () => Date
  mailer: Mailer
  sessions: LiveSessions
  /** The client's address (clientIp with TRUST_PROXY), for the audit trail. */
  clientIp: (c: Context) => string
}

// ---- OpenAPI shapes ------------------------------------------------------------------------------------

const Role = z.enum(companyRoles).openapi({ example: 'member' })

const TeamMemberSchema = documents<TeamMember>()(
  z
    .object({
      id: z.int().openapi({ example: 42 }),
      name: z.string().openapi({ example: 'Priya Tan' }),
      email: z.string().openapi({ example: 'priya@example.com' }),
      role: Role,
      status: z.enum(['Active', 'Deactivated', 'Awaiting activation']),
      lastSignInAt: z
        .string()
        .nullable()
        .openapi({ description: 'When a session was last opened (ISO), or null' }),
      isMe: z.boolean().openapi({ description: 'The signed-in user themself' }),
    })
    .openapi('TeamMember'),
)

const TeamInvitationSchema = documents<TeamInvitation>()(
  z
    .object({
      id: z.int().openapi({ example: 7 }),
      email: z.string().openapi({ example: 'wei@example.com' }),
      name: z.string().openapi({ example: 'Tan Wei' }),
      role: Role,
      status: z.enum(['Invited', 'Expired']),
      sentAt: z.string(),
      expiresAt: z.string().openapi({ description: '7 days after it was (last) sent' }),
      invitedBy: z.string().openapi({ description: "The inviting Admin's name" }),
    })
    .openapi('TeamInvitation'),
)

const TeamJoinRequestSchema = documents<TeamJoinRequest>()(
  z
    .object({
      id: z.int().openapi({ example: 3 }),
      name: z.string(),
      email: z.string(),
      requestedAt: z.string(),
    })
    .openapi('TeamJoinRequest'),
)

const TeamViewSchema = documents<TeamView>()(
  z
    .object({
      company: z.object({ name: z.string(), regnNo: z.string() }),
      myRole: Role,
      members: z.array(TeamMemberSchema),
      invitations: z
        .array(TeamInvitationSchema)
        .openapi({ description: 'Open ones: neither revoked nor accepted' }),
      joinRequests: z
        .array(TeamJoinRequestSchema)
        .openapi({ description: 'Pending requests to join, for an Admin; empty for anyone else' }),
    })
    .openapi('TeamView'),
)

const InvitedSchema = z
  .object({ message: z.string(), invitation: TeamInvitationSchema })
  .openapi('TeamInvitationSent')

const InviteBody = z.object(inviteSchema.shape).openapi('TeamInviteInput')
const RoleBody = z.object(changeRoleSchema.shape).openapi('TeamRoleInput')
const JoinDecisionBody = z
  .object(joinDecisionSchema.shape)
  .openapi('TeamJoinDecisionInput', { description: 'The role the person joins with: member or viewer' })

const IdParam = z.object({
  id: z
    .string()
    .regex(/^[1-9]\d{0,9}$/, teamMessages.notFound)
    .openapi({ param: { name: 'id', in: 'path' }, example: '42' }),
})

const tags = ['My Team']
const notFound = (what: string) => ({
  404: errorResponse(`Not one of this company's ${what}: \`${teamMessages.notFound}\``),
})
const forbidden = {
  403: errorResponse(
    `The caller is not an Admin of the company: \`${teamMessages.adminOnly}\` (or the Viewer's message)`,
  ),
}
const staleAnswer = `The record changed since the page was read: \`${teamMessages.stale}\``

const getTeamRoute = createRoute({
  method: 'get',
  operationId: 'getTeam',
  path: '/team',
  tags,
  summary: "The company's team: members, open invitations and (for an Admin) requests to join",
  security,
  responses: {
    200: { description: 'The team', ...json(TeamViewSchema) },
    ...unauthenticated,
    ...errorResponses.serverError,
  },
})

const inviteRoute = createRoute({
  method: 'post',
  operationId: 'inviteTeamMember',
  path: '/team/invitations',
  tags,
  summary: 'Invite a colleague by mail: a single-use link valid 7 days, bound to the email',
  description:
    'An open invitation of the email that has expired is sent again with a new link, name and role. At most 50 invitations an hour per company.',
  security,
  request: jsonBody(InviteBody),
  responses: {
    201: { description: `\`${teamMessages.invited}\` and the invitation`, ...json(InvitedSchema) },
    409: errorResponse(
      `The email has an account: \`${teamMessages.emailTaken}\`; or an open invitation of this company: \`${teamMessages.alreadyInvited}\``,
    ),
    ...forbidden,
    ...tooManyResponse,
    ...unauthenticated,
    ...errorResponses.validationError,
    ...errorResponses.serverError,
  },
})

const resendRoute = createRoute({
  method: 'post',
  operationId: 'resendTeamInvitation',
  path: '/team/invitations/{id}/resend',
  tags,
  summary: 'Send an invitation again: a new link valid 7 days; the earlier link stops working',
  security,
  request: { params: IdParam },
  responses: {
    200: { description: `\`${teamMessages.resent}\` and the invitation`, ...json(InvitedSchema) },
    409: errorResponse(`Revoked or accepted: ${staleAnswer}`),
    ...forbidden,
    ...notFound('invitations'),
    ...tooManyResponse,
    ...unauthenticated,
    ...errorResponses.validationError,
    ...errorResponses.serverError,
  },
})

const revokeRoute = createRoute({
  method: 'delete',
  operationId: 'revokeTeamInvitation',
  path: '/team/invitations/{id}',
  tags,
  summary: 'Withdraw an invitation: its link stops working',
  security,
  request: { params: IdParam },
  responses: {
    200: messageResponse(`\`${teamMessages.revoked}\``),
    409: errorResponse(`Already revoked or accepted: ${staleAnswer}`),
    ...forbidden,
    ...notFound('invitations'),
    ...unauthenticated,
    ...errorResponses.validationError,
    ...errorResponses.serverError,
  },
})

const roleRoute = createRoute({
  method: 'put',
  operationId: 'changeTeamRole',
  path: '/team/members/{id}/role',
  tags,
  summary: "Change a member's role; their open session reads the new role on its next request",
  security,
  request: { params: IdParam, ...jsonBody(RoleBody) },
  responses: {
    200: messageResponse(`\`${teamMessages.roleChanged}\``),
    409: errorResponse(
      `The company would have no active Admin: \`${teamMessages.lastAdmin}\`; or ${staleAnswer}`,
    ),
    ...forbidden,
    ...notFound('members'),
    ...unauthenticated,
    ...errorResponses.validationError,
    ...errorResponses.serverError,
  },
})

const deactivateRoute = createRoute({
  method: 'post',
  operationId: 'deactivateTeamMember',
  path: '/team/members/{id}/deactivate',
  tags,
  summary: 'Deactivate a member: their sessions end at once, and they cannot log in until reactivated',
  security,
  request: { params: IdParam },
  responses: {
    200: messageResponse(`\`${teamMessages.deactivated}\``),
    409: errorResponse(
      `Oneself: \`${teamMessages.notYourself}\`; the company's last active Admin: \`${teamMessages.lastAdmin}\`; or already deactivated: ${staleAnswer}`,
    ),
    ...forbidden,
    ...notFound('members'),
    ...unauthenticated,
    ...errorResponses.validationError,
    ...errorResponses.serverError,
  },
})

const reactivateRoute = createRoute({
  method: 'post',
  operationId: 'reactivateTeamMember',
  path: '/team/members/{id}/reactivate',
  tags,
  summary: 'Reactivate a member an Admin deactivated: they can log in again',
  security,
  request: { params: IdParam },
  responses: {
    200: messageResponse(`\`${teamMessages.reactivated}\``),
    409: errorResponse(
      `Deactivated by the forwarder: \`${teamMessages.deactivatedByForwarder}\`; or not deactivated: ${staleAnswer}`,
    ),
    ...forbidden,
    ...notFound('members'),
    ...unauthenticated,
    ...errorResponses.validationError,
    ...errorResponses.serverError,
  },
})

const approveRoute = createRoute({
  method: 'post',
  operationId: 'approveJoinRequest',
  path: '/team/join-requests/{id}/approve',
  tags,
  summary:
    'Approve a request to join, as Member or Viewer: the person is mailed a link that activates their account',
  security,
  request: { params: IdParam, ...jsonBody(JoinDecisionBody) },
  responses: {
    200: messageResponse(`\`${teamMessages.approved}\``),
    409: errorResponse(`Already decided: ${staleAnswer}`),
    ...forbidden,
    ...notFound('requests to join'),
    ...unauthenticated,
    ...errorResponses.validationError,
    ...errorResponses.serverError,
  },
})

const declineRoute = createRoute({
  method: 'post',
  operationId: 'declineJoinRequest',
  path: '/team/join-requests/{id}/decline',
  tags,
  summary:
    'Decline a request to join: no account is made (the email may register again); the person is mailed',
  security,
  request: { params: IdParam },
  responses: {
    200: messageResponse(`\`${teamMessages.declined}\``),
    409: errorResponse(`Already decided: ${staleAnswer}`),
    ...forbidden,
    ...notFound('requests to join'),
    ...unauthenticated,
    ...errorResponses.validationError,
    ...errorResponses.serverError,
  },
})

/** What a decision on one record answers (server/team/: members, invitations, join requests). */
type Decision = { ok: true; message: string } | { ok: false; status: 404 | 409; message: string }

// ---- The handlers ----------------------------------------------------------------------------------------

export function teamRoutes({ db, now, mailer, sessions, clientIp }: TeamRouteDeps) {
  const router = createRouter<SessionEnv>()
  // '/team/*' also matches '/team' itself.
  router.use('/team/*', requireSession(sessions, now), limitJsonBody())

  /** Who acts, for the services and the audit trail. */
  const who = (c: Context<SessionEnv>) => ({
    ...customerAudit(c.var.session, clientIp(c)),
    customerId: c.var.session.customerId,
    userId: c.var.session.userId,
  })
  /** A path id past the integer column's range is no record (not a database error). */
  const idOf = (c: { req: { valid: (target: 'param') => { id: string } } }) => {
    const id = Number(c.req.valid('param').id)
    return id <= INT32_MAX ? id : null
  }
  const missing = { message: teamMessages.notFound }
  /** Drops what this process holds of the user's sessions: a changed role or a deactivation counts at once. */
  const forget = (id: number) => sessions.forgetUser(id)
  /**
   * One decision on a record of the company named by the path's id, in a transaction: its message (200), or its
   * refusal (404 for an id of another company or none, 409 when its state does not allow it).
   */
  const decide = async <P extends string, I extends Input>(
    c: Context<SessionEnv, P, I>,
    change: (trx: Kysely<Database>, id: number, at: Date) => Promise<Decision>,
    done?: (id: number) => void,
  ) => {
    const id = Number(c.req.param('id'))
    if (!(id > 0 && id <= INT32_MAX)) return c.json(missing, 404)
    const at = now()
    const outcome = await db.transaction().execute((trx) => change(trx, id, at))
    if (!outcome.ok) return c.json({ message: outcome.message }, outcome.status)
    done?.(id)
    return c.json({ message: outcome.message }, 200)
  }
  const inviteLimit = async (c: Context<SessionEnv>, at: Date) => {
    const wait = await checkLimits(db, [teamLimits.invitations(c.var.session.customerId)], at)
    return wait === undefined ? undefined : retryLater(c, wait)
  }

  return router
    .openapi(getTeamRoute, async (c) => {
      const { userId, customerId, user } = c.var.session
      return c.json(await teamView(db, { userId, customerId, role: user.company_role }, now()), 200)
    })
    .openapi(inviteRoute, async (c) => {
      const at = now()
      const limited = await inviteLimit(c, at)
      if (limited) return c.json(limited, 429)
      const input = c.req.valid('json')
      const outcome = await db.transaction().execute((trx) => invite(trx, mailer, who(c), input, at))
      if (!outcome.ok) return c.json({ message: outcome.message }, outcome.status as 409)
      return c.json({ message: outcome.message, invitation: outcome.invitation }, 201)
    })
    .openapi(resendRoute, async (c) => {
      const id = idOf(c)
      if (id === null) return c.json(missing, 404)
      const at = now()
      const limited = await inviteLimit(c, at)
      if (limited) return c.json(limited, 429)
      const outcome = await db.transaction().execute((trx) => resendInvitation(trx, mailer, who(c), id, at))
      if (!outcome.ok) return c.json({ message: outcome.message }, outcome.status)
      return c.json({ message: outcome.message, invitation: outcome.invitation }, 200)
    })
    .openapi(revokeRoute, (c) => decide(c, (trx, id, at) => revokeInvitation(trx, who(c), id, at)))
    .openapi(roleRoute, (c) => {
      const { role } = c.req.valid('json')
      // This process's held sessions of the user read the new role at once (the others on the users notice).
      return decide(c, (trx, id, at) => changeRole(trx, who(c), id, role, at), forget)
    })
    .openapi(deactivateRoute, (c) =>
      decide(c, (trx, id, at) => deactivateMember(trx, who(c), id, at), forget),
    )
    .openapi(reactivateRoute, (c) => decide(c, (trx, id, at) => reactivateMember(trx, who(c), id, at)))
    .openapi(approveRoute, (c) => {
      const { role } = c.req.valid('json')
      return decide(c, (trx, id, at) => approveJoin(trx, mailer, who(c), id, role, at))
    })
    .openapi(declineRoute, (c) => decide(c, (trx, id, at) => declineJoin(trx, mailer, who(c), id, at)))
}
