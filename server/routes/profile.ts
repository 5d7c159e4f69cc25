import { createRoute, z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import type { Kysely } from 'kysely'
import {
  type ChangePasswordResponse,
  changePasswordSchema,
  type NotificationSettings,
  type NotificationSettingsResponse,
  notificationKinds,
  notificationSettingsSchema,
  type Profile,
  type ProfileResponse,
  profileMessages,
  profileSchema,
} from '../../contract/profile'
import { teamMessages } from '../../contract/team'
import type { ErrorBody } from '../../contract/wire'
import { appendAudit, changedFields, customerAudit } from '../audit/audit'
import type { HashQueue } from '../auth/hash-queue'
import type { LiveSessions } from '../auth/live-sessions'
import { hashPassword, verifyPassword } from '../auth/password'
import { busyLater, checkLimits, type Limit, retryLater } from '../auth/rate-limit'
import { requireSession, type SessionEnv } from '../auth/session'
import { hashToken, newToken } from '../auth/tokens'
import type { Database } from '../db/schema'
import { findCountry } from '../locations/countries'
import { passwordChangedMail } from '../mail/account-templates'
import type { Mailer } from '../mail/index'
import {
  busyResponse,
  createRouter,
  documents,
  ErrorSchema,
  errorResponses,
  json,
  jsonBody,
  limitJsonBody,
  bearerSecurity as security,
  tooManyResponse,
  unauthenticatedResponse as unauthenticated,
} from '../openapi'
import { getNotificationSettings, saveNotificationSettings } from '../profile/notification-settings'
import {
  changesCompanyDetails,
  findProfile,
  passwordHashOf,
  profileUser,
  replacePassword,
  saveProfile,
} from '../profile/queries'
import { registerMessages } from '../register/messages'
import { SessionUserSchema } from '../schemas'

export interface ProfileDeps {
  db: Kysely<Database>
  now: () => Date
  mailer: Mailer
  sessions: LiveSessions
  /** The bound on password hashing of this process. */
  hashing: HashQueue
  /** The client's address (clientIp with TRUST_PROXY), for the audit trail. */
  clientIp: (c: Context) => string
}

/** What the audit trail records of a profile edit: what My Profile may change (never the email or a password). */
const profileAuditFields = [
  'esus_name',
  'esus_phone',
  'esus_address1',
  'esus_company_name',
  'esus_mcou',
] as const

/** 5 change-password attempts a minute per user, counted like login attempts (right or wrong). */
export const changePasswordLimit = (userId: number): Limit => ({
  key: `password:user:${userId}`,
  max: 5,
  windowMs: 60_000,
})

const ProfileSchema = documents<Profile>()(
  z
    .object({
      esus_name: z.string().openapi({ example: 'Tan Wei Ming' }),
      esus_email_id: z
        .string()
        .openapi({ description: 'Read-only: the login name', example: 'ops@lioncity.example' }),
      esus_mcou: z.int().openapi({ description: "The company's country id", example: 200 }),
      code: z.string().openapi({ description: "The country's dialling code, the phone's", example: '+65' }),
      esus_phone: z.string().openapi({ example: '61234567' }),
      esus_address1: z.string().openapi({ example: '10 Anson Road, #20-01, Singapore 079903' }),
      esus_company_name: z.string().openapi({ example: 'Lion City Exports Pte Ltd' }),
      esus_regn_no: z
        .string()
        .openapi({ description: 'Read-only: the company registration number', example: '201912345K' }),
      esus_mcpy: z.int().openapi({ description: 'The branch serving the country', example: 1 }),
    })
    .openapi('Profile'),
)

const NotificationSettingsSchema = documents<NotificationSettings>()(
  z
    .object({
      milestones: z
        .boolean()
        .openapi({ description: 'Booking milestone mails (confirmed, departed, arrived, …)' }),
      etaChanges: z.boolean().openapi({ description: 'Mails when the ETA of a shipment moves' }),
      documents: z.boolean().openapi({ description: 'Document mails (requested, verified, rejected)' }),
      quoteExpiry: z
        .boolean()
        .openapi({ description: 'The reminder the day before a company quote expires' }),
      messages: z
        .boolean()
        .openapi({ description: 'The mail of a conversation message unread for 5 minutes' }),
      companyBookings: z.boolean().openapi({
        description:
          "Whose bookings the booking mails are about: also the colleagues' (true), or only the user's own (false, the default)",
      }),
    })
    .openapi('NotificationSettings', {
      description: 'Which mails the user gets; all true for a new account',
    }),
)

const ProfileResponseSchema = documents<ProfileResponse>()(
  z
    .object({ profile: ProfileSchema, notifications: NotificationSettingsSchema, user: SessionUserSchema })
    .openapi('ProfileResponse'),
)

const getProfileRoute = createRoute({
  method: 'get',
  operationId: 'getProfile',
  path: '/profile',
  tags: ['Profile'],
  summary: "The user's details, their company's and their notification settings",
  security,
  responses: {
    200: { description: 'The profile', ...json(ProfileResponseSchema) },
    ...unauthenticated,
    ...errorResponses.serverError,
  },
})

const updateProfileRoute = createRoute({
  method: 'put',
  operationId: 'updateProfile',
  path: '/profile',
  tags: ['Profile'],
  summary: "Edit the user's name and phone and, for an Admin, the company's name, country and address",
  description: [
    'Validated with the registration rules and messages of spec section 5. `code` must be the dialling code of',
    '`esus_mcou` and `esus_mcpy` its branch, as at registration. The email and the company registration number',
    'are read-only: they are not part of the payload and are ignored when sent. The company name, country and',
    "address are the company's: an Admin's change of them reaches every user of the company; anyone else's",
    'change of them is refused with 403 (sent as stored, they are no change). The answer carries the session',
    'user as it now stands (`user`, what the browser keeps as `eshipUser`).',
  ].join(' '),
  security,
  request: jsonBody(profileSchema),
  responses: {
    200: {
      description: `Saved: \`${profileMessages.saved}\` and the profile as stored`,
      ...json(ProfileResponseSchema.extend({ message: z.string() })),
    },
    403: {
      description: `A Member or Viewer changed the company's name, country or address (the Admins' to change): \`${teamMessages.companyDetailsAdminOnly}\`; nothing is saved`,
      ...json(ErrorSchema),
    },
    ...unauthenticated,
    ...errorResponses.validationError,
    ...errorResponses.serverError,
  },
})

const changePasswordRoute = createRoute({
  method: 'post',
  operationId: 'changePassword',
  path: '/profile/password',
  tags: ['Profile'],
  summary: 'Change the password; ends every session of the user and answers the token of a new one',
  description: [
    'The current password must be right (else 422 with `current_password`:',
    `\`${profileMessages.currentWrong}\`); the new one follows the registration rules and differs from it.`,
    'On success every session of the user ends (this token answers 401 afterwards, as does any other',
    "device's) and the body's `token` is the new session's. A notice is mailed. 5 attempts a minute per user.",
  ].join(' '),
  security,
  request: jsonBody(changePasswordSchema),
  responses: {
    200: {
      description: `\`${profileMessages.passwordChanged}\` and the new session's token`,
      ...json(
        documents<ChangePasswordResponse>()(
          z.object({ message: z.string(), token: z.string() }).openapi('ChangePasswordResponse'),
        ),
      ),
    },
    ...unauthenticated,
    ...tooManyResponse,
    ...busyResponse,
    ...errorResponses.validationError,
    ...errorResponses.serverError,
  },
})

const updateNotificationsRoute = createRoute({
  method: 'put',
  operationId: 'updateNotificationSettings',
  path: '/profile/notifications',
  tags: ['Profile'],
  summary: 'Choose which mails the user gets: milestones, ETA changes, documents, quote expiry reminders',
  security,
  request: jsonBody(notificationSettingsSchema),
  responses: {
    200: {
      description: `\`${profileMessages.notificationsSaved}\` and the settings as stored`,
      ...json(z.object({ message: z.string(), notifications: NotificationSettingsSchema })),
    },
    ...unauthenticated,
    ...errorResponses.validationError,
    ...errorResponses.serverError,
  },
})

export function profileRoutes({ db, now, mailer, sessions, hashing, clientIp }: ProfileDeps) {
  const session = requireSession(sessions, now)
  const router = createRouter<SessionEnv>()
  // '/profile/*' matches '/profile' too: one registration, so the session is looked up once.
  router.use('/profile/*', session, limitJsonBody())

  const answer = async (c: Context<SessionEnv>): Promise<ProfileResponse> => {
    const { userId } = c.var.session
    const [profile, notifications] = await Promise.all([
      findProfile(db, userId),
      getNotificationSettings(db, userId),
    ])
    // The session's user exists: requireSession joined it.
    if (!profile || !notifications) throw new Error(`user ${userId} of a live session has no profile`)
    const { mcou_code: _, ...fields } = profile
    return { profile: fields, notifications, user: profileUser(profile) }
  }

  return router
    .openapi(getProfileRoute, async (c) => c.json(await answer(c), 200))
    .openapi(updateProfileRoute, async (c) => {
      const input = c.req.valid('json')
      const country = await findCountry(db, input.esus_mcou)
      const errors: Record<string, string[]> = {}
      if (!country) errors.esus_mcou = [registerMessages.unknownCountry]
      else {
        const digits = (code: string) => code.replace(/^\+/, '')
        if (digits(input.code) !== digits(country.mcou_country_dialing_code))
          errors.code = [registerMessages.codeMismatch]
        if (input.esus_mcpy !== country.eshp_mcpy) errors.esus_mcpy = [registerMessages.companyMismatch]
      }
      const first = Object.values(errors)[0]?.[0]
      if (first || !country) return c.json({ message: first ?? registerMessages.unknownCountry, errors }, 422)
      const { userId, customerId } = c.var.session
      // The edit and its audit row (the fields that changed, before and after) in one transaction. The
      // company's details are its Admins' (issue 24): anyone else's change of them saves nothing (403); the
      // role is read with the row, so a role changed a moment ago counts.
      const saved = await db.transaction().execute(async (trx) => {
        const before = await findProfile(trx, userId)
        if (!before) throw new Error(`user ${userId} of a live session has no profile`)
        const company = changesCompanyDetails(before, input)
        if (company && before.company_role !== 'admin') return undefined
        const changedUsers = await saveProfile(trx, { userId, customerId }, input, country, { company })
        const after = await findProfile(trx, userId)
        const changes = changedFields(before, after, profileAuditFields)
        if (changes) {
          await appendAudit(
            trx,
            {
              ...customerAudit(c.var.session, clientIp(c)),
              action: 'profile.updated',
              recordType: 'user',
              recordId: userId,
              customerId,
              changes,
            },
            now(),
          )
        }
        return changedUsers
      })
      if (!saved) return c.json({ message: teamMessages.companyDetailsAdminOnly } satisfies ErrorBody, 403)
      // Their sessions carry the company's name and country: held ones are read again (other processes
      // hear the users trigger).
      for (const changed of saved) sessions.forgetUser(changed)
      return c.json({ message: profileMessages.saved, ...(await answer(c)) }, 200)
    })
    .openapi(changePasswordRoute, async (c) => {
      const { current_password, esus_password } = c.req.valid('json')
      const { userId, user } = c.var.session
      const at = now()
      const wait = await checkLimits(db, [changePasswordLimit(userId)], at)
      if (wait !== undefined) return c.json(retryLater(c, wait), 429)
      const hash = await passwordHashOf(db, userId)
      // Both hashes, the check of the current password and the new one, in one turn of the hashing queue.
      const hashed = await hashing.tryRun(0, async () =>
        hash && (await verifyPassword(current_password, hash)) ? hashPassword(esus_password) : undefined,
      )
      if ('retryAfter' in hashed) return c.json(busyLater(c, hashed.retryAfter), 503)
      const passwordHash = hashed.value
      if (!passwordHash) {
        return c.json(
          {
            message: profileMessages.currentWrong,
            errors: { current_password: [profileMessages.currentWrong] },
          },
          422,
        )
      }
      const token = newToken()
      await replacePassword(
        db,
        { userId, passwordHash, tokenHash: hashToken(token), now: at },
        async (trx) => {
          await mailer.queue(
            trx,
            passwordChangedMail({ to: user.esus_email_id, name: user.esus_name, appUrl: mailer.appUrl }),
            at,
          )
          // That it changed, never what to.
          await appendAudit(
            trx,
            {
              ...customerAudit(c.var.session, clientIp(c)),
              action: 'profile.password_changed',
              recordType: 'user',
              recordId: userId,
              customerId: c.var.session.customerId,
            },
            at,
          )
        },
      )
      sessions.forgetUser(userId)
      return c.json({ message: profileMessages.passwordChanged, token } satisfies ChangePasswordResponse, 200)
    })
    .openapi(updateNotificationsRoute, async (c) => {
      const { userId, customerId } = c.var.session
      const notifications = await db.transaction().execute(async (trx) => {
        const before = await getNotificationSettings(trx, userId)
        const after = await saveNotificationSettings(trx, userId, c.req.valid('json'))
        const changes = changedFields(before, after, notificationKinds)
        if (changes) {
          await appendAudit(
            trx,
            {
              ...customerAudit(c.var.session, clientIp(c)),
              action: 'profile.notifications_changed',
              recordType: 'user',
              recordId: userId,
              customerId,
              changes,
            },
            now(),
          )
        }
        return after
      })
      if (!notifications) throw new Error('the session user is gone')
      return c.json(
        { message: profileMessages.notificationsSaved, notifications } satisfies NotificationSettingsResponse,
        200,
      )
    })
}
