import { createRoute, z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import type { Kysely } from 'kysely'
import { messages } from '../../contract/messages'
import { forgotPasswordSchema, type RegistrationPayload, registrationSchema } from '../../contract/rules'
import type { Country, ErrorBody } from '../../contract/wire'
import { activateAccount } from '../auth/activation-tokens'
import type { HashQueue } from '../auth/hash-queue'
import { hashPassword } from '../auth/password'
import { busyLater, checkLimits, limits, retryLater } from '../auth/rate-limit'
import { hashToken } from '../auth/tokens'
import { normalizeEmail } from '../auth/users'
import type { Database } from '../db/schema'
import type { AfterAnswer } from '../jobs/after-answer'
import { findCountry } from '../locations/countries'
import type { Mailer } from '../mail/index'
import {
  busyResponse,
  createRouter,
  errorResponse,
  errorResponses,
  jsonBody,
  limitJsonBody,
  messageResponse,
  noStore,
  tooManyResponse,
} from '../openapi'
import { completeRegistration, resendActivationLink } from '../register/activation'
import { registerMessages } from '../register/messages'
import { withoutServerTiming } from '../timing'

export interface RegisterDeps {
  db: Kysely<Database>
  now: () => Date
  /** The client's address for rate limits. */
  clientIp: (c: Context) => string
  mailer: Mailer
  /** The bound on password hashing of this process. */
  hashing: HashQueue
  /** Where work that must not delay the answer goes (the mails that exist for some emails only). */
  afterAnswer: AfterAnswer
}

const ActivateSchema = z.object({
  token: z
    .string({ error: registerMessages.activationInvalid })
    .min(1, registerMessages.activationInvalid)
    .max(256, registerMessages.activationInvalid)
    .openapi({ description: 'The token of the emailed link /activate?token=…' }),
})

const registerRoute = createRoute({
  method: 'post',
  operationId: 'register',
  path: '/register',
  tags: ['Registration'],
  summary: 'Register a company account; it stays inactive until the emailed link activates it',
  description: [
    'Validates the payload with the registration rules, then checks that `esus_mcou` is a known country,',
    "that `code` is its dialling code and that `esus_mcpy` is the company serving it (the country's `eshp_mcpy`).",
    'A new email gets an inactive account and a mail with a single-use activation link valid for 24 hours.',
    'An email that already has an account gets the same answer in about the same time, and its owner a notice',
    'mail instead of a second account: the answer never tells whether an email is registered.',
  ].join(' '),
  request: jsonBody(registrationSchema),
  responses: {
    200: messageResponse(`Always \`${messages.registered}\``),
    ...tooManyResponse,
    ...busyResponse,
    ...errorResponses.validationError,
    ...errorResponses.serverError,
  },
})

const activateRoute = createRoute({
  method: 'post',
  operationId: 'activateAccount',
  path: '/register/activate',
  tags: ['Registration'],
  summary: 'Activate an account with the token of its emailed link (single use, 24 hours)',
  request: jsonBody(ActivateSchema),
  responses: {
    200: messageResponse(`Activated: \`${registerMessages.activated}\``),
    400: errorResponse(`Unknown token: \`${registerMessages.activationInvalid}\``),
    410: errorResponse(
      `The link was used and the account is active: \`${registerMessages.activationUsed}\`; or it expired (or a newer link replaced it) and the account is still inactive: \`${registerMessages.activationExpired}\``,
    ),
    ...errorResponses.validationError,
    ...errorResponses.serverError,
  },
})

const resendRoute = createRoute({
  method: 'post',
  operationId: 'resendActivation',
  path: '/register/resend-activation',
  tags: ['Registration'],
  summary: 'Mail a new activation link (same answer whether or not an inactive account exists)',
  request: jsonBody(forgotPasswordSchema),
  responses: {
    200: messageResponse(
      `Always \`${registerMessages.activationResent}\`; an inactive account is mailed a new link valid for 24 hours and its earlier links stop working`,
    ),
    ...tooManyResponse,
    ...errorResponses.validationError,
    ...errorResponses.serverError,
  },
})

/** The server-side checks of the country, its dialling code and its company; undefined when they pass. */
export function countryErrors(
  input: RegistrationPayload,
  country: Country | undefined,
): ErrorBody | undefined {
  const errors: Record<string, string[]> = {}
  if (!country) {
    errors.esus_mcou = [registerMessages.unknownCountry]
  } else {
    const digits = (code: string) => code.replace(/^\+/, '')
    if (digits(input.code) !== digits(country.mcou_country_dialing_code)) {
      errors.code = [registerMessages.codeMismatch]
    }
    if (input.esus_mcpy !== country.eshp_mcpy) errors.esus_mcpy = [registerMessages.companyMismatch]
  }
  const first = Object.values(errors)[0]?.[0]
  return first ? { message: first, errors } : undefined
}

export function registerRoutes({ db, now, clientIp, mailer, hashing, afterAnswer }: RegisterDeps) {
  const router = createRouter()
  // Their times would tell which emails have accounts: no Server-Timing (docs/security.md).
  router.use('/register/*', limitJsonBody(), noStore, withoutServerTiming)

  return router
    .openapi(registerRoute, async (c) => {
      const input = c.req.valid('json')
      const at = now()
      const wait = await checkLimits(db, [limits.registerIp(clientIp(c))], at)
      if (wait !== undefined) return c.json(retryLater(c, wait), 429)
      const country = await findCountry(db, input.esus_mcou)
      const invalid = countryErrors(input, country)
      if (invalid || !country) return c.json(invalid ?? { message: registerMessages.unknownCountry }, 422)

      // Up to the answer the same work for every email: the limit, the country, one hash. Whether the email
      // has an account (a new account and its activation mail, or a notice to its owner) is found after it.
      const hashed = await hashing.tryRun(0, () => hashPassword(input.esus_password))
      if ('retryAfter' in hashed) return c.json(busyLater(c, hashed.retryAfter), 503)
      const registration = {
        esus_name: input.esus_name,
        esus_company_name: input.esus_company_name,
        esus_regn_no: input.esus_regn_no,
        esus_email_id: normalizeEmail(input.esus_email_id),
        password_hash: hashed.value,
        esus_mcou: country.mcou_rid,
        code: country.mcou_country_dialing_code,
        esus_phone: input.esus_phone,
        esus_address1: input.esus_address1,
        esus_source: input.esus_source,
        esus_mcpy: country.eshp_mcpy,
      }
      afterAnswer.run(c, 'The registration', () => completeRegistration(db, mailer, registration, at))
      return c.json({ message: messages.registered }, 200)
    })
    .openapi(activateRoute, async (c) => {
      const outcome = await activateAccount(db, hashToken(c.req.valid('json').token), now())
      switch (outcome) {
        case 'activated':
          return c.json({ message: registerMessages.activated }, 200)
        case 'used':
          return c.json({ message: registerMessages.activationUsed }, 410)
        case 'expired':
          return c.json({ message: registerMessages.activationExpired }, 410)
        case 'invalid':
          return c.json({ message: registerMessages.activationInvalid }, 400)
      }
    })
    .openapi(resendRoute, async (c) => {
      const email = normalizeEmail(c.req.valid('json').email)
      const at = now()
      const wait = await checkLimits(db, [limits.resendEmail(email), limits.resendIp(clientIp(c))], at)
      if (wait !== undefined) return c.json(retryLater(c, wait), 429)
      afterAnswer.run(c, 'The activation resend', () => resendActivationLink(db, mailer, email, at))
      return c.json({ message: registerMessages.activationResent }, 200)
    })
}
