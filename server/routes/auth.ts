import { createRoute, z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import type { Kysely } from 'kysely'
import { CUSTOMER_USER_TYPE, messages } from '../../contract/messages'
import { forgotPasswordSchema, loginSchema, resetPasswordSchema } from '../../contract/rules'
import type { LoginResponse, SessionUser } from '../../contract/wire'
import type { LiveSessions } from '../auth/live-sessions'
import { authMessages } from '../auth/messages'
import { hashPassword, needsRehash, verifyOrDummy } from '../auth/password'
import { sendPasswordResetLink } from '../auth/password-reset'
import { checkLimits, limits, retryLater } from '../auth/rate-limit'
import { requireSession } from '../auth/session'
import { hashToken, newToken } from '../auth/tokens'
import { completePasswordReset, isUsableReset } from '../db/password-resets'
import type { Database } from '../db/schema'
import { endSession, openSession } from '../db/sessions'
import { findUserByEmail, normalizeEmail, setPasswordHash, toSessionUser } from '../db/users'
import type { AfterAnswer } from '../jobs/after-answer'
import type { Mailer } from '../mail/index'
import {
  createRouter,
  errorResponse as error,
  errorResponses,
  json,
  jsonBody,
  limitJsonBody,
  MessageSchema,
  noStore,
  tooManyResponse as tooMany,
} from '../openapi'
import { withoutServerTiming } from '../timing'

export interface AuthDeps {
  db: Kysely<Database>
  now: () => Date
  /** The client's address for rate limits. */
  clientIp: (c: Context) => string
  mailer: Mailer
  sessions: LiveSessions
  /** Where work that must not delay the answer goes (the mails that exist for some emails only). */
  afterAnswer: AfterAnswer
}

export const SessionUserSchema = z
  .object({
    esus_name: z.string().openapi({ example: 'Demo Customer' }),
    esus_email_id: z.string().openapi({ example: 'demo@eship.example' }),
    esus_company_name: z.string().openapi({ example: 'eShip Demo Trading Pte Ltd' }),
    esus_mcou: z.int().openapi({ description: 'Country id', example: 200 }),
    mcou_code: z.string().openapi({ description: "The country's two-letter code", example: 'SG' }),
  })
  .openapi('SessionUser') satisfies z.ZodType<SessionUser>

const LoginResponseSchema = z
  .object({
    message: z.string().openapi({ example: messages.userAuthenticated }),
    user_type: z.string().optional().openapi({ example: CUSTOMER_USER_TYPE }),
    user: SessionUserSchema.optional(),
    isLoggedIn: z.boolean().optional().openapi({
      description: 'True when the user already has a live session elsewhere; no new session was made.',
    }),
    token: z.string().optional().openapi({
      description: 'Bearer token of the new session (present on success only, returned once)',
    }),
  })
  .openapi('LoginResponse') satisfies z.ZodType<LoginResponse>

const AuthCheckSchema = z
  .object({ message: z.literal(authMessages.authenticated), user: SessionUserSchema })
  .openapi('AuthCheckResponse')

const unauthenticated = {
  401: error(`No live session: \`{"message":"${messages.unauthenticated}"}\``),
}
const security = [{ bearerAuth: [] }]

const loginRoute = createRoute({
  method: 'post',
  operationId: 'login',
  path: '/auth/login',
  tags: ['Authentication'],
  summary: 'Log in with email and password; one live session per user',
  request: jsonBody(loginSchema),
  responses: {
    200: {
      description: `Logged in (\`${messages.userAuthenticated}\`, a token and the user), or \`isLoggedIn: true\` when the user has a live session elsewhere (no new session)`,
      ...json(LoginResponseSchema),
    },
    401: error(`Unknown email, wrong password or not a customer: \`${authMessages.invalidCredentials}\``),
    403: error(`Right password, account not activated: \`${authMessages.notActivated}\``),
    ...tooMany,
    ...errorResponses.validationError,
    ...errorResponses.serverError,
  },
})

const logoutRoute = createRoute({
  method: 'post',
  operationId: 'logout',
  path: '/auth/logout',
  tags: ['Authentication'],
  summary: 'End the session of the bearer token',
  security,
  responses: {
    200: { description: `\`${messages.loggedOut}\``, ...json(MessageSchema) },
    ...unauthenticated,
    ...errorResponses.serverError,
  },
})

const checkRoute = createRoute({
  method: 'get',
  operationId: 'checkSession',
  path: '/auth/check',
  tags: ['Authentication'],
  summary: 'Whether the bearer token has a live session (and keep it alive)',
  security,
  responses: {
    200: { description: 'The session is live; its idle window starts again', ...json(AuthCheckSchema) },
    ...unauthenticated,
    ...errorResponses.serverError,
  },
})

const forgotRoute = createRoute({
  method: 'post',
  operationId: 'forgotPassword',
  path: '/auth/forgot-password',
  tags: ['Authentication'],
  summary: 'Mail a password reset link (same answer whether or not the account exists)',
  request: jsonBody(forgotPasswordSchema),
  responses: {
    200: {
      description: `Always \`${messages.resetLinkSent}\`; an activated account is mailed a link valid for 60 minutes`,
      ...json(MessageSchema),
    },
    ...tooMany,
    ...errorResponses.validationError,
    ...errorResponses.serverError,
  },
})

const resetRoute = createRoute({
  method: 'post',
  operationId: 'resetPassword',
  path: '/auth/reset-password',
  tags: ['Authentication'],
  summary: 'Set a new password with a reset link token; ends every session of the user',
  request: jsonBody(resetPasswordSchema),
  responses: {
    200: { description: `\`${authMessages.passwordReset}\``, ...json(MessageSchema) },
    400: error(`Unknown, used or expired token: \`${authMessages.resetInvalid}\``),
    ...errorResponses.validationError,
    ...errorResponses.serverError,
  },
})

export function authRoutes({ db, now, clientIp, mailer, sessions, afterAnswer }: AuthDeps) {
  const session = requireSession(sessions, now)
  const router = createRouter()
  router.openAPIRegistry.registerComponent('securitySchemes', 'bearerAuth', {
    type: 'http',
    scheme: 'bearer',
    description: 'The token of POST /api/auth/login',
  })
  // Their times would tell which emails have accounts: no Server-Timing (docs/security.md).
  router.use('/auth/*', limitJsonBody(), noStore, withoutServerTiming)

  return router
    .openapi(loginRoute, async (c) => {
      const { email, password } = c.req.valid('json')
      const wait = await checkLimits(db, [limits.login(normalizeEmail(email), clientIp(c))], now())
      if (wait !== undefined) return c.json(retryLater(c, wait), 429)
      const user = await findUserByEmail(db, email)
      const valid = await verifyOrDummy(password, user?.password_hash)
      if (!user || !valid || user.user_type !== CUSTOMER_USER_TYPE) {
        return c.json({ message: authMessages.invalidCredentials }, 401)
      }
      if (!user.activated_at) return c.json({ message: authMessages.notActivated }, 403)
      if (needsRehash(user.password_hash)) await setPasswordHash(db, user.id, await hashPassword(password))
      const token = newToken()
      if (!(await openSession(db, user.id, hashToken(token), now()))) {
        return c.json({ message: messages.loggedInElsewhere, isLoggedIn: true }, 200)
      }
      const body = {
        message: messages.userAuthenticated,
        user_type: CUSTOMER_USER_TYPE,
        user: toSessionUser(user),
        isLoggedIn: false,
        token,
      }
      return c.json(body, 200)
    })
    .openapi({ ...logoutRoute, middleware: [session] as const }, async (c) => {
      await endSession(db, c.var.session.sessionId, now())
      sessions.forgetUser(c.var.session.userId)
      return c.json({ message: messages.loggedOut }, 200)
    })
    .openapi({ ...checkRoute, middleware: [session] as const }, (c) =>
      c.json({ message: authMessages.authenticated, user: c.var.session.user }, 200),
    )
    .openapi(forgotRoute, async (c) => {
      const email = normalizeEmail(c.req.valid('json').email)
      const at = now()
      const wait = await checkLimits(db, [limits.forgotEmail(email), limits.forgotIp(clientIp(c))], at)
      if (wait !== undefined) return c.json(retryLater(c, wait), 429)
      // Whether there is an account to mail is looked up after the answer, so every email gets it alike.
      afterAnswer.run('The password reset mail', () => sendPasswordResetLink(db, mailer, email, at))
      return c.json({ message: messages.resetLinkSent }, 200)
    })
    .openapi(resetRoute, async (c) => {
      const { token, esus_password } = c.req.valid('json')
      const tokenHash = hashToken(token)
      // An unknown token and a used or expired one (of a real account) are refused after the same statement.
      if (!(await isUsableReset(db, tokenHash, now()))) {
        return c.json({ message: authMessages.resetInvalid }, 400)
      }
      const passwordHash = await hashPassword(esus_password)
      const userId = await completePasswordReset(db, tokenHash, passwordHash, now())
      if (userId === undefined) return c.json({ message: authMessages.resetInvalid }, 400)
      sessions.forgetUser(userId)
      return c.json({ message: authMessages.passwordReset }, 200)
    })
}
