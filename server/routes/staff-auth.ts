import { createRoute, z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import type { Kysely } from 'kysely'
import { staffRoles } from '../../contract/permissions'
import {
  type StaffLoginStep,
  type StaffSignedIn,
  type StaffUser,
  staffCodeSchema,
  staffLoginSchema,
  staffMessages,
  staffSetPasswordSchema,
} from '../../contract/staff'
import { type DeviceTokens, staffDevice } from '../auth/device-tokens'
import type { HashQueue } from '../auth/hash-queue'
import type { LoginLimiter } from '../auth/login-limits'
import { hashPassword } from '../auth/password'
import { type PasswordAccounts, passwordCheck } from '../auth/password-check'
import { busyLater, checkLimits, type Limit, retryLater } from '../auth/rate-limit'
import { hashToken } from '../auth/tokens'
import type { Database } from '../db/schema'
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
  tooManyResponse as tooMany,
  unauthenticatedResponse as unauthenticated,
} from '../openapi'
import { findStaffByEmail, type StaffRow } from '../staff/accounts'
import { requireStaff, type StaffEnv } from '../staff/gate'
import { claimStaffPasswordLink, isUsableStaffLink } from '../staff/invitations'
import { endStaffSession, type StaffSessions } from '../staff/sessions'
import { completeChallenge, startChallenge } from '../staff/sign-in'
import { withoutServerTiming } from '../timing'

export interface StaffAuthDeps {
  db: Kysely<Database>
  now: () => Date
  clientIp: (c: Context) => string
  staffSessions: StaffSessions
  hashing: HashQueue
  loginLimiter: LoginLimiter
  /** The device tokens of past successful sign-ins (server/auth/device-tokens.ts). */
  devices: DeviceTokens
}

/**
 * The staff's accounts as the password check sees them: counted apart from customers' in the login limits (one
 * person may be both); one without a password yet or deactivated reads as a wrong password.
 */
const staffAccounts: PasswordAccounts<StaffRow> = {
  limitKey: (email) => `staff:${email}`,
  find: findStaffByEmail,
  passwordHash: (staff) => staff.password_hash ?? undefined,
  maySignIn: (staff) => staff.deactivated_at === null,
  invalidCredentials: staffMessages.invalidCredentials,
  device: staffDevice,
}

/** 10 second-step attempts per 15 minutes per staff member, whatever the challenge. */
const codeLimit = (staffId: number): Limit => ({
  key: `staff-code:${staffId}`,
  max: 10,
  windowMs: 15 * 60_000,
})

export const StaffUserSchema = documents<StaffUser>()(
  z
    .object({
      id: z.int(),
      email: z.string().openapi({ example: 'sales@eship.local' }),
      name: z.string().openapi({ example: 'Siti Rahman' }),
      roles: z.array(z.enum(staffRoles)),
    })
    .openapi('StaffUser'),
)

const LoginStepSchema = documents<StaffLoginStep>()(
  z
    .discriminatedUnion('step', [
      z.object({ step: z.literal('code'), challenge: z.string() }),
      z.object({
        step: z.literal('enrol'),
        challenge: z.string(),
        secret: z
          .string()
          .openapi({ description: 'The new secret, base32 in groups of four, to type by hand' }),
        uri: z.string().openapi({ description: 'otpauth:// URI of the secret (what the QR code holds)' }),
        qrSvg: z.string().openapi({ description: 'The QR code of `uri`, an SVG document' }),
      }),
    ])
    .openapi('StaffLoginStep'),
)

const SignedInSchema = documents<StaffSignedIn>()(
  z
    .object({
      message: z.string(),
      token: z.string().openapi({ description: 'Bearer token of the staff session (returned once)' }),
      staff: StaffUserSchema,
      recoveryCodes: z.array(z.string()).optional().openapi({
        description: 'After enrolment only: ten single-use recovery codes, shown this once',
      }),
    })
    .openapi('StaffSignedIn'),
)

const ChallengeField = z
  .string()
  .min(1)
  .max(256)
  .openapi({ description: 'The `challenge` of the first step' })

const CodeBody = z
  .union([
    z.object({ challenge: ChallengeField, code: z.string().max(32).openapi({ example: '123456' }) }),
    z.object({
      challenge: ChallengeField,
      recoveryCode: z.string().max(32).openapi({ example: 'k3m9x-7qpt2' }),
    }),
  ])
  .openapi('StaffSecondFactor')

const staffSecurity = [{ staffBearer: [] }]

const loginRoute = createRoute({
  method: 'post',
  operationId: 'staffLogin',
  path: '/staff/auth/login',
  tags: ['Staff'],
  summary: 'Staff sign-in, first step: email and password; answers the second step to take',
  request: jsonBody(staffLoginSchema),
  responses: {
    200: {
      description:
        'Right password: `code` (enter the authenticator code) or, before the first sign-in, `enrol` with a new secret and its QR code',
      ...json(LoginStepSchema),
    },
    401: error(
      `Unknown email, wrong password, no password yet or deactivated: \`${staffMessages.invalidCredentials}\``,
    ),
    ...tooMany,
    ...busyResponse,
    ...errorResponses.validationError,
    ...errorResponses.serverError,
  },
})

const verifyRoute = createRoute({
  method: 'post',
  operationId: 'staffVerifyCode',
  path: '/staff/auth/verify',
  tags: ['Staff'],
  summary: 'Staff sign-in, second step: a 6-digit authenticator code or a recovery code; opens the session',
  description:
    'A code is accepted once, within one 30-second step of the server clock. A challenge takes 5 wrong codes and lives 10 minutes; a staff member has 10 attempts per 15 minutes. The new session ends any other session of the same person.',
  request: jsonBody(CodeBody),
  responses: {
    200: {
      description: `\`${staffMessages.signedIn}\`, the token and the staff member`,
      headers: z.object({
        'Set-Cookie': z.string().openapi({
          description: `The device token of this browser (\`${staffDevice.name}\`, HttpOnly, SameSite=Strict, Path=${staffDevice.path}): its next password step goes ahead of the limits a flood exhausts`,
        }),
      }),
      ...json(SignedInSchema),
    },
    400: error(`Unknown, used or expired challenge: \`${staffMessages.challengeExpired}\``),
    401: error(`\`${staffMessages.codeInvalid}\` or \`${staffMessages.recoveryInvalid}\``),
    ...tooMany,
    ...errorResponses.validationError,
    ...errorResponses.serverError,
  },
})

const logoutRoute = createRoute({
  method: 'post',
  operationId: 'staffLogout',
  path: '/staff/auth/logout',
  tags: ['Staff'],
  summary: 'End the staff session of the bearer token',
  security: staffSecurity,
  responses: {
    200: { description: `\`${staffMessages.signedOut}\``, ...json(MessageSchema) },
    ...unauthenticated,
    ...errorResponses.serverError,
  },
})

const checkRoute = createRoute({
  method: 'get',
  operationId: 'checkStaffSession',
  path: '/staff/auth/check',
  tags: ['Staff'],
  summary: 'The signed-in staff member (and keep the session alive)',
  security: staffSecurity,
  responses: {
    200: { description: 'The session is live', ...json(z.object({ staff: StaffUserSchema })) },
    ...unauthenticated,
    ...errorResponses.serverError,
  },
})

const setPasswordRoute = createRoute({
  method: 'post',
  operationId: 'staffSetPassword',
  path: '/staff/auth/set-password',
  tags: ['Staff'],
  summary: "Set a staff member's password with the link of their invitation mail; ends their sessions",
  request: jsonBody(staffSetPasswordSchema),
  responses: {
    200: { description: `\`${staffMessages.passwordSet}\``, ...json(MessageSchema) },
    400: error(`Unknown, used or expired link: \`${staffMessages.linkInvalid}\``),
    ...busyResponse,
    ...errorResponses.validationError,
    ...errorResponses.serverError,
  },
})

export function staffAuthRoutes({
  db,
  now,
  clientIp,
  staffSessions,
  hashing,
  loginLimiter,
  devices,
}: StaffAuthDeps) {
  const router = createRouter<StaffEnv>()
  router.openAPIRegistry.registerComponent('securitySchemes', 'staffBearer', {
    type: 'http',
    scheme: 'bearer',
    description: 'The token of POST /api/staff/auth/verify (a customer token is refused)',
  })
  router.use('/staff/auth/*', limitJsonBody(), noStore, withoutServerTiming)
  const checkPassword = passwordCheck({ db, now, clientIp, hashing, loginLimiter, devices }, staffAccounts)

  return router
    .openapi(loginRoute, async (c) => {
      const { email, password } = c.req.valid('json')
      const checked = await checkPassword(c, email, password)
      if (!('account' in checked)) return c.json(checked.body, checked.status)
      return c.json(await startChallenge(db, checked.account, checked.at), 200)
    })
    .openapi(verifyRoute, async (c) => {
      const parsed = staffCodeSchema.safeParse(c.req.valid('json'))
      if (!parsed.success) {
        const first = parsed.error.issues[0]?.message ?? staffMessages.codeRequired
        return c.json({ message: first, errors: { code: [first] } }, 422)
      }
      const body = parsed.data
      const at = now()
      const holder = await db
        .selectFrom('staff_challenges')
        .select('staff_id')
        .where('token_hash', '=', hashToken(body.challenge))
        .executeTakeFirst()
      if (holder) {
        const wait = await checkLimits(db, [codeLimit(holder.staff_id)], at)
        if (wait !== undefined) return c.json(retryLater(c, wait), 429)
      }
      const factor = 'code' in body ? { code: body.code } : { recoveryCode: body.recoveryCode }
      const outcome = await completeChallenge(db, body.challenge, factor, at, clientIp(c))
      if (!outcome.ok) return c.json({ message: outcome.message }, outcome.status)
      staffSessions.forgetUser(outcome.staff.id)
      // Signed in, both factors: this browser's next sign-in with the password is a trusted client's.
      await devices.issue(c, staffDevice, staffAccounts.limitKey(outcome.staff.email), at)
      const answer: StaffSignedIn = {
        message: staffMessages.signedIn,
        token: outcome.token,
        staff: outcome.staff,
        ...(outcome.recoveryCodes ? { recoveryCodes: outcome.recoveryCodes } : {}),
      }
      return c.json(answer, 200)
    })
    .openapi({ ...logoutRoute, middleware: [requireStaff(staffSessions, now)] as const }, async (c) => {
      await endStaffSession(db, c.var.staff.sessionId, now())
      staffSessions.forgetUser(c.var.staff.staffId)
      return c.json({ message: staffMessages.signedOut }, 200)
    })
    .openapi({ ...checkRoute, middleware: [requireStaff(staffSessions, now)] as const }, (c) =>
      c.json({ staff: c.var.staff.staff }, 200),
    )
    .openapi(setPasswordRoute, async (c) => {
      const { token, esus_password } = c.req.valid('json')
      const tokenHash = hashToken(token)
      if (!(await isUsableStaffLink(db, tokenHash, now()))) {
        return c.json({ message: staffMessages.linkInvalid }, 400)
      }
      const hashed = await hashing.tryRun(0, () => hashPassword(esus_password))
      if ('retryAfter' in hashed) return c.json(busyLater(c, hashed.retryAfter), 503)
      const staffId = await claimStaffPasswordLink(db, tokenHash, hashed.value, now(), clientIp(c))
      if (staffId === undefined) return c.json({ message: staffMessages.linkInvalid }, 400)
      staffSessions.forgetUser(staffId)
      return c.json({ message: staffMessages.passwordSet }, 200)
    })
}
