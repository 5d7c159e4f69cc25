import { createRoute, z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import type { Kysely } from 'kysely'
import { SESSION_RELEASE_TTL_MS } from '../../contract/link-lifetimes'
import { CUSTOMER_USER_TYPE, messages } from '../../contract/messages'
import {
  forgotPasswordSchema,
  loginSchema,
  resetPasswordSchema,
  sessionReleaseRequestSchema,
  sessionReleaseSchema,
} from '../../contract/rules'
import { teamMessages } from '../../contract/team'
import type { ErrorBody, LoginResponse } from '../../contract/wire'
import { customerDevice, type DeviceTokens } from '../auth/device-tokens'
import type { HashQueue } from '../auth/hash-queue'
import type { LiveSessions } from '../auth/live-sessions'
import type { LoginLimiter } from '../auth/login-limits'
import { authMessages } from '../auth/messages'
import { hashPassword, needsRehash } from '../auth/password'
import { type PasswordAccounts, type Refusal as PasswordRefusal, passwordCheck } from '../auth/password-check'
import { sendPasswordResetLink } from '../auth/password-reset'
import { completePasswordReset, isUsableReset } from '../auth/password-resets'
import { busyLater, checkLimits, limits, retryLater } from '../auth/rate-limit'
import { requireSession } from '../auth/session'
import { releaseSessions } from '../auth/session-release'
import { sendSessionReleaseLink } from '../auth/session-release-mail'
import { endSession, openSession } from '../auth/sessions'
import { hashToken, newToken } from '../auth/tokens'
import {
  findUserByEmail,
  type LoginUser,
  normalizeEmail,
  setPasswordHash,
  toSessionUser,
} from '../auth/users'
import type { Database } from '../db/schema'
import type { AfterAnswer } from '../jobs/after-answer'
import type { Mailer } from '../mail/index'
import {
  busyResponse,
  createRouter,
  documents,
  errorResponse as error,
  errorResponses,
  json,
  jsonBody,
  limitJsonBody,
  MessageSchema,
  noStore,
  bearerSecurity as security,
  tooManyResponse as tooMany,
  unauthenticatedResponse as unauthenticated,
} from '../openapi'
import { SessionUserSchema } from '../schemas'
import { pendingJoinOf } from '../team/join-requests'
import { withoutServerTiming } from '../timing'

export interface AuthDeps {
  db: Kysely<Database>
  now: () => Date
  /** The client's address for rate limits. */
  clientIp: (c: Context) => string
  mailer: Mailer
  sessions: LiveSessions
  /** The bound on password hashing of this process. */
  hashing: HashQueue
  /** The limits on failed logins. */
  loginLimiter: LoginLimiter
  /** Where work that must not delay the answer goes (the mails that exist for some emails only). */
  afterAnswer: AfterAnswer
  /** The device tokens of past successful logins (server/auth/device-tokens.ts). */
  devices: DeviceTokens
}

const LoginResponseSchema = documents<LoginResponse>()(
  z
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
    .openapi('LoginResponse'),
)

const AuthCheckSchema = z
  .object({ message: z.literal(authMessages.authenticated), user: SessionUserSchema })
  .openapi('AuthCheckResponse')

const loginRoute = createRoute({
  method: 'post',
  operationId: 'login',
  path: '/auth/login',
  tags: ['Authentication'],
  summary: 'Log in with email and password; one live session per user',
  description:
    'A browser that presents the device token of an earlier login to the account (the `eship_device` cookie) goes ahead of the bound on password hashing and of the limits per address and per account; its failures count against the token (docs/security.md "Device tokens").',
  request: jsonBody(loginSchema),
  responses: {
    200: {
      description: `Logged in (\`${messages.userAuthenticated}\`, a token and the user), or \`isLoggedIn: true\` when the user has a live session elsewhere (no new session)`,
      headers: z.object({
        'Set-Cookie': z.string().openapi({
          description: `The device token of this browser: \`${customerDevice.name}\`, HttpOnly, SameSite=Strict, Path=${customerDevice.path}, Secure where the site is https`,
        }),
      }),
      ...json(LoginResponseSchema),
    },
    401: error(`Unknown email, wrong password or not a customer: \`${authMessages.invalidCredentials}\``),
    403: error(
      `Right password, account not activated: \`${authMessages.notActivated}\`; its request to join a company still waiting: \`${teamMessages.joinPending}\`; or deactivated by an admin: \`${authMessages.deactivated}\``,
    ),
    ...tooMany,
    ...busyResponse,
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
    ...busyResponse,
    ...errorResponses.validationError,
    ...errorResponses.serverError,
  },
})

const sessionReleaseRoute = createRoute({
  method: 'post',
  operationId: 'requestSessionRelease',
  path: '/auth/session-release',
  tags: ['Authentication'],
  summary: 'Mail a link that ends the live session elsewhere (checks the password as the login does)',
  request: jsonBody(sessionReleaseRequestSchema),
  responses: {
    200: {
      description: `Right password: always \`${authMessages.releaseLinkSent}\`; when the user has a live session, the account is mailed a single-use link valid for ${SESSION_RELEASE_TTL_MS / 60_000} minutes`,
      ...json(MessageSchema),
    },
    401: error(`Unknown email, wrong password or not a customer: \`${authMessages.invalidCredentials}\``),
    403: error(
      `Right password, account not activated: \`${authMessages.notActivated}\`; its request to join a company still waiting: \`${teamMessages.joinPending}\`; or deactivated by an admin: \`${authMessages.deactivated}\``,
    ),
    ...tooMany,
    ...busyResponse,
    ...errorResponses.validationError,
    ...errorResponses.serverError,
  },
})

const sessionReleaseConfirmRoute = createRoute({
  method: 'post',
  operationId: 'releaseSession',
  path: '/auth/session-release/confirm',
  tags: ['Authentication'],
  summary: 'End every session of the user with a session release link token',
  request: jsonBody(sessionReleaseSchema),
  responses: {
    200: { description: `\`${authMessages.sessionReleased}\``, ...json(MessageSchema) },
    400: error(`Unknown, used or expired token: \`${authMessages.releaseInvalid}\``),
    ...errorResponses.validationError,
    ...errorResponses.serverError,
  },
})

/** The customers' accounts as the password check sees them: only a customer's may log in here. */
const customerAccounts: PasswordAccounts<LoginUser> = {
  limitKey: (email) => email,
  find: findUserByEmail,
  passwordHash: (user) => user.password_hash,
  maySignIn: (user) => user.user_type === CUSTOMER_USER_TYPE,
  invalidCredentials: authMessages.invalidCredentials,
  device: customerDevice,
}

/** Why a login let no one in: the status and body to answer with (429 and 503 set Retry-After). */
type Refusal = PasswordRefusal | { status: 403; body: ErrorBody }

export function authRoutes({
  db,
  now,
  clientIp,
  mailer,
  sessions,
  hashing,
  loginLimiter,
  afterAnswer,
  devices,
}: AuthDeps) {
  const session = requireSession(sessions, now)
  const router = createRouter()
  router.openAPIRegistry.registerComponent('securitySchemes', 'bearerAuth', {
    type: 'http',
    scheme: 'bearer',
    description: 'The token of POST /api/auth/login',
  })
  // Their times would tell which emails have accounts: no Server-Timing (docs/security.md).
  router.use('/auth/*', limitJsonBody(), noStore, withoutServerTiming)

  const checkPassword = passwordCheck(
    { db, now, clientIp, hashing, loginLimiter, devices },
    customerAccounts,
    (c, email, at) =>
      afterAnswer.run(c, 'The lockout notice', () => loginLimiter.noticeLockout(mailer, email, at)),
  )

  /**
   * Checks an email and password as the login does, for the login and for the session release (passwordCheck),
   * then what a customer's right password may still be refused for. The active customer whose password it is,
   * or the refusal to answer with.
   */
  async function authenticate(
    c: Context,
    email: string,
    password: string,
  ): Promise<{ user: LoginUser } | Refusal> {
    const checked = await checkPassword(c, email, password)
    if (!('account' in checked)) return checked
    const user = checked.account
    if (!user.activated_at) {
      // A request to join a company still with its Admins (docs/teams.md): told so, only after the right password.
      if (await pendingJoinOf(db, user.id))
        return { status: 403, body: { message: teamMessages.joinPending } }
      return { status: 403, body: { message: authMessages.notActivated } }
    }
    // An admin deactivated the user (the customer directory): told so, only after the right password, as an
    // account not activated yet is; a wrong password still reads as any other (docs/staff.md).
    if (user.deactivated_at) return { status: 403, body: { message: authMessages.deactivated } }
    if (needsRehash(user.password_hash)) {
      // A hash of an older cost is replaced now that the password is known; when hashing is busy, next time.
      const rehashed = await hashing.tryRun(0, () => hashPassword(password))
      if ('value' in rehashed) await setPasswordHash(db, user.id, rehashed.value)
    }
    return { user }
  }

  return router
    .openapi(loginRoute, async (c) => {
      const { email, password } = c.req.valid('json')
      const checked = await authenticate(c, email, password)
      if (!('user' in checked)) return c.json(checked.body, checked.status)
      const { user } = checked
      // The right password from this browser: its next login to the account is a trusted client's.
      await devices.issue(c, customerDevice, customerAccounts.limitKey(user.esus_email_id), now())
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
      afterAnswer.run(c, 'The password reset mail', () => sendPasswordResetLink(db, mailer, email, at))
      return c.json({ message: messages.resetLinkSent }, 200)
    })
    .openapi(resetRoute, async (c) => {
      const { token, esus_password } = c.req.valid('json')
      const tokenHash = hashToken(token)
      // An unknown token and a used or expired one (of a real account) are refused after the same statement.
      if (!(await isUsableReset(db, tokenHash, now()))) {
        return c.json({ message: authMessages.resetInvalid }, 400)
      }
      const hashed = await hashing.tryRun(0, () => hashPassword(esus_password))
      if ('retryAfter' in hashed) return c.json(busyLater(c, hashed.retryAfter), 503)
      const userId = await completePasswordReset(db, tokenHash, hashed.value, now())
      if (userId === undefined) return c.json({ message: authMessages.resetInvalid }, 400)
      sessions.forgetUser(userId)
      return c.json({ message: authMessages.passwordReset }, 200)
    })
    .openapi(sessionReleaseRoute, async (c) => {
      const { email, password } = c.req.valid('json')
      const checked = await authenticate(c, email, password)
      if (!('user' in checked)) return c.json(checked.body, checked.status)
      const { user } = checked
      const at = now()
      // Counted only with the right password (no one else can use up the owner's), live session or not.
      const wait = await checkLimits(db, [limits.releaseEmail(user.esus_email_id)], at)
      if (wait !== undefined) return c.json(retryLater(c, wait), 429)
      await sendSessionReleaseLink(db, mailer, user, at)
      return c.json({ message: authMessages.releaseLinkSent }, 200)
    })
    .openapi(sessionReleaseConfirmRoute, async (c) => {
      const userId = await releaseSessions(db, hashToken(c.req.valid('json').token), now())
      if (userId === undefined) return c.json({ message: authMessages.releaseInvalid }, 400)
      sessions.forgetUser(userId)
      return c.json({ message: authMessages.sessionReleased }, 200)
    })
}
