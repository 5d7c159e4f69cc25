/** My Team's operations as the OpenAPI document describes them (team.ts serves them). */
import { createRoute, z } from '@hono/zod-openapi'
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
import {
  documents,
  errorResponse,
  errorResponses,
  json,
  jsonBody,
  messageResponse,
  bearerSecurity as security,
  tooManyResponse,
  unauthenticatedResponse as unauthenticated,
} from '../openapi'

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

export const getTeamRoute = createRoute({
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

export const inviteRoute = createRoute({
  method: 'post',
  operationId: 'inviteTeamMember',
  path: '/team/invitations',
  tags,
  summary: 'Invite a colleague by mail: a single-use link valid 7 days, bound to the email',
  description:
    'An open invitation of the email that has expired is sent again with a new link, name and role. An email with an account in another company is invited and answered as any other (its mail tells the person how to join instead, with no link), so the answer never tells who has an account. At most 50 invitations an hour per company.',
  security,
  request: jsonBody(InviteBody),
  responses: {
    201: { description: `\`${teamMessages.invited}\` and the invitation`, ...json(InvitedSchema) },
    409: errorResponse(
      `The email is already one of this company's users: \`${teamMessages.emailTaken}\`; or has an open invitation of this company: \`${teamMessages.alreadyInvited}\``,
    ),
    ...forbidden,
    ...tooManyResponse,
    ...unauthenticated,
    ...errorResponses.validationError,
    ...errorResponses.serverError,
  },
})

export const resendRoute = createRoute({
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

export const revokeRoute = createRoute({
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

export const roleRoute = createRoute({
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

export const deactivateRoute = createRoute({
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

export const reactivateRoute = createRoute({
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

export const approveRoute = createRoute({
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

export const declineRoute = createRoute({
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
