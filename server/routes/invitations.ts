/**
 * The invitation link's two public operations (docs/teams.md "My Team and invitations"): what the link shows,
 * and accepting it, which makes the invitee's account in the inviting company and signs them in as the login
 * does. Rate-limited per client address; like the other sign-in operations, no Server-Timing.
 */
import { createRoute, z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import type { Kysely } from 'kysely'
import { CUSTOMER_USER_TYPE, messages } from '../../contract/messages'
import {
  acceptInvitationSchema,
  companyRoles,
  type InvitationView,
  invitationTokenSchema,
  teamMessages,
} from '../../contract/team'
import type { LoginResponse } from '../../contract/wire'
import type { HashQueue } from '../auth/hash-queue'
import { hashPassword } from '../auth/password'
import { busyLater, checkLimits, retryLater } from '../auth/rate-limit'
import { openSession } from '../auth/sessions'
import { hashToken, newToken } from '../auth/tokens'
import { findUserByEmail, toSessionUser } from '../auth/users'
import type { Database } from '../db/schema'
import {
  busyResponse,
  createRouter,
  documents,
  errorResponse,
  errorResponses,
  json,
  jsonBody,
  limitJsonBody,
  noStore,
  tooManyResponse,
} from '../openapi'
import { SessionUserSchema } from '../schemas'
import { acceptInvitation, acceptRefusal, checkInvitation } from '../team/invitation-link'
import { teamLimits } from '../team/invitations'
import { withoutServerTiming } from '../timing'

export interface InvitationRouteDeps {
  db: Kysely<Database>
  now: () => Date
  clientIp: (c: Context) => string
  hashing: HashQueue
}

const InvitationViewSchema = documents<InvitationView>()(
  z
    .object({
      email: z.string().openapi({ description: 'The invited email: the account is made for it only' }),
      name: z.string().openapi({ description: 'The name the Admin gave; the invitee may change it' }),
      role: z.enum(companyRoles),
      companyName: z.string(),
      dialingCode: z
        .string()
        .openapi({ description: "The company's dialling code: the phone's prefix", example: '+65' }),
      expiresAt: z.string(),
    })
    .openapi('InvitationView'),
)

const AcceptedSchema = documents<Required<LoginResponse>>()(
  z
    .object({
      message: z.string().openapi({ example: messages.userAuthenticated }),
      user_type: z.string().openapi({ example: CUSTOMER_USER_TYPE }),
      user: SessionUserSchema,
      isLoggedIn: z.boolean().openapi({ description: 'Always false: a new session was made' }),
      token: z.string().openapi({ description: 'Bearer token of the new session, as the login gives it' }),
    })
    .openapi('InvitationAccepted'),
)

const TokenBody = z.object(invitationTokenSchema.shape).openapi('InvitationTokenInput')
/** The invitee's name, phone (digits after the company's dialling code) and password, with the invited email. */
const AcceptBody = acceptInvitationSchema

const linkRefusals = {
  400: errorResponse(`Unknown token: \`${teamMessages.invitationInvalid}\``),
  410: errorResponse(
    `Expired: \`${teamMessages.invitationExpired}\`; withdrawn: \`${teamMessages.invitationRevoked}\`; or used: \`${teamMessages.invitationUsed}\``,
  ),
}

const checkRoute = createRoute({
  method: 'post',
  operationId: 'checkInvitation',
  path: '/invitations/check',
  tags: ['Registration'],
  summary: 'What an invitation link shows before its form: the company, the invited email, role and name',
  security: [],
  request: jsonBody(TokenBody),
  responses: {
    200: { description: 'The link works', ...json(InvitationViewSchema) },
    ...linkRefusals,
    ...tooManyResponse,
    ...errorResponses.validationError,
    ...errorResponses.serverError,
  },
})

const acceptRoute = createRoute({
  method: 'post',
  operationId: 'acceptInvitation',
  path: '/invitations/accept',
  tags: ['Registration'],
  summary:
    "Accept an invitation: the account is made, active, in the inviting company with the invitation's role, and signed in",
  description:
    "The link works once: of two accepts at once exactly one makes the account. The answer is the login's, with the token of a new session.",
  security: [],
  request: jsonBody(AcceptBody),
  responses: {
    200: {
      description: `\`${messages.userAuthenticated}\`, the user and the session's token`,
      ...json(AcceptedSchema),
    },
    ...linkRefusals,
    403: errorResponse(`Another email than the invited one: \`${teamMessages.invitationOtherEmail}\``),
    409: errorResponse(`The email got an account meanwhile: \`${teamMessages.invitationEmailTaken}\``),
    ...tooManyResponse,
    ...busyResponse,
    ...errorResponses.validationError,
    ...errorResponses.serverError,
  },
})

export function invitationRoutes({ db, now, clientIp, hashing }: InvitationRouteDeps) {
  const router = createRouter()
  router.use('/invitations/*', limitJsonBody(), noStore, withoutServerTiming)

  return router
    .openapi(checkRoute, async (c) => {
      const at = now()
      const wait = await checkLimits(db, [teamLimits.invitationCheckIp(clientIp(c))], at)
      if (wait !== undefined) return c.json(retryLater(c, wait), 429)
      const checked = await checkInvitation(db, c.req.valid('json').token, at)
      if ('view' in checked) return c.json(checked.view, 200)
      return c.json({ message: checked.message }, checked.status)
    })
    .openapi(acceptRoute, async (c) => {
      const input = c.req.valid('json')
      const at = now()
      const wait = await checkLimits(db, [teamLimits.invitationAcceptIp(clientIp(c))], at)
      if (wait !== undefined) return c.json(retryLater(c, wait), 429)
      // The cheap checks first: no password is hashed for a link that cannot be used.
      const early = await acceptRefusal(db, input.token, input.email, at)
      if (early) return c.json({ message: early.message }, early.status)
      const hashed = await hashing.tryRun(0, () => hashPassword(input.esus_password))
      if ('retryAfter' in hashed) return c.json(busyLater(c, hashed.retryAfter), 503)
      const accepted = await acceptInvitation(db, { ...input, passwordHash: hashed.value }, clientIp(c), at)
      if (!('userId' in accepted)) return c.json({ message: accepted.message }, accepted.status)
      // The user as the login reads them (the accepted email is theirs now).
      const user = await findUserByEmail(db, input.email)
      if (!user) throw new Error(`the accepted invitation's user ${accepted.userId} is not found`)
      const token = newToken()
      // A new account has no other session: this one opens.
      await openSession(db, accepted.userId, hashToken(token), at)
      return c.json(
        {
          message: messages.userAuthenticated,
          user_type: CUSTOMER_USER_TYPE,
          user: toSessionUser(user),
          isLoggedIn: false,
          token,
        },
        200,
      )
    })
}
