import type { Context } from 'hono'
import { HTTPException } from 'hono/http-exception'
import type { Kysely } from 'kysely'
import { messages } from '../contract/messages'
import { apiPaths, type ErrorBody } from '../contract/wire'
import { apiCompress } from './api-compress'
import { clientIp } from './auth/client-ip'
import { DeviceTokens } from './auth/device-tokens'
import { HashQueue } from './auth/hash-queue'
import { LiveSessions, SESSIONS_CHANNEL } from './auth/live-sessions'
import { LoginLimiter } from './auth/login-limits'
import { checkRolesWith, type OperationTable, operationTableOf } from './auth/operations'
import { withCustomerRoles } from './auth/session'
import { refuseDeepJson, tooDeepAnswer } from './body-depth'
import {
  DEFAULT_LOGIN_LIMITS,
  DEFAULT_PASSWORD_HASH_QUEUE,
  DEFAULT_SALES_EMAIL,
  defaultHashConcurrency,
  type LoginLimits,
  type PasswordHashingSettings,
} from './config'
import { securityHeaders } from './csp'
import type { DatabaseHandle } from './db/client'
import type { Database } from './db/schema'
import { BOOKINGS_CHANNEL, CONVERSATIONS_CHANNEL, EventHub, QUOTE_DESK_CHANNEL } from './events/hub'
import { AfterAnswer } from './jobs/after-answer'
import { keyGate } from './keys/require-key'
import { PlaceIndex } from './locations/locations'
import { createMailer, type Mailer } from './mail/index'
import { createRouter, errorResponses, withSharedAnswers } from './openapi'
import { quoteService } from './quotes/service'
import { RATE_SHEETS_CHANNEL, RateSheets } from './rates/rate-sheets'
import { authRoutes } from './routes/auth'
import { billingContactRoutes } from './routes/billing-contact'
import { bookingRoutes } from './routes/bookings'
import { chargeRoutes } from './routes/charges'
import { contactRoutes } from './routes/contact'
import { conversationRoutes } from './routes/conversations'
import { countriesRoutes } from './routes/countries'
import { dashboardRoutes } from './routes/dashboard'
import { devOutboxRoutes } from './routes/dev-outbox'
import { documentRoutes } from './routes/documents'
import { emissionFactorRoutes } from './routes/emission-factors'
import { emissionsRoutes } from './routes/emissions'
import { healthRoutes } from './routes/health'
import { integrationKeyRoutes } from './routes/integration-keys'
import { invitationRoutes } from './routes/invitations'
import { invoiceRoutes } from './routes/invoices'
import { locationRoutes, staffLocationRoutes } from './routes/locations'
import { operationsRoutes } from './routes/operations'
import { partyRoutes } from './routes/parties'
import { profileRoutes } from './routes/profile'
import { quoteRoutes } from './routes/quotes'
import { rateFileRoutes } from './routes/rate-files'
import { registerRoutes } from './routes/register'
import { staffAuditRoutes } from './routes/staff-audit'
import { staffAuthRoutes } from './routes/staff-auth'
import { staffBankRoutes } from './routes/staff-bank'
import { staffBookingDocumentRoutes } from './routes/staff-booking-documents'
import { staffBookingRoutes } from './routes/staff-bookings'
import { staffChargeRoutes } from './routes/staff-charges'
import { staffCreditRoutes } from './routes/staff-credit'
import { staffCustomerRoutes } from './routes/staff-customers'
import { staffFinanceRoutes } from './routes/staff-finance'
import { staffInvoiceRoutes } from './routes/staff-invoices'
import { staffPaymentRoutes } from './routes/staff-payments'
import { staffQuoteRoutes } from './routes/staff-quotes'
import { staffTeamRoutes } from './routes/staff-team'
import { staffStatementRoutes, statementRoutes } from './routes/statement'
import { teamRoutes } from './routes/team'
import { teamActivityRoutes } from './routes/team-activity'
import { trackingRoutes } from './routes/tracking'
import { salesDesk } from './sales/desk'
import { withStaffRoles } from './staff/gate'
import { STAFF_SESSIONS_CHANNEL, StaffSessions } from './staff/sessions'
import { mountStaticSite } from './static'
import type { DocumentStorage } from './storage/index'
import { postgresStorage } from './storage/postgres'
import { serverTiming } from './timing'

export interface AppOptions {
  db: Kysely<Database>
  /** The database through connections that keep each statement's generic plan (DatabaseHandle.generic); default `db`. */
  genericDb?: Kysely<Database>
  /** Directory of the built SPA; without it only the API is served. */
  staticDir?: string
  /** Where unexpected errors are reported and outbox links printed (`info`; defaults to the console). */
  logger?: Pick<Console, 'error'> & Partial<Pick<Console, 'info'>>
  /** The clock of sessions, reset links and rate limits (tests move it). */
  now?: () => Date
  /**
   * Reverse proxies in front of the server (TRUST_PROXY): when above 0 the client address comes from
   * X-Forwarded-For, which is also how `app.request` tests give requests an address. Default 0.
   */
  trustProxy?: number
  /** NODE_ENV is 'production': the development outbox page is off. */
  production?: boolean
  /**
   * Whether the development outbox (/dev/outbox, /api/dev/outbox) is served, to loopback clients only:
   * devOutboxServed(config), false with SMTP_URL or in production. Default: not in production.
   */
  devOutbox?: boolean
  /** APP_URL, the base of links in mails; default http://localhost:3000. */
  appUrl?: string
  /** SALES_EMAIL: where new contact enquiries are mailed; default `sales@eship.local`. */
  salesEmail?: string
  /** SALES_ANSWER_TARGET: the sales desk's service level, working time in ms; default 2 hours. */
  salesAnswerTargetMs?: number
  /** Where uploaded documents are kept; default PostgreSQL (document_blobs) through `db`. */
  storage?: DocumentStorage
  /**
   * OPS_API_KEY: the bootstrap key of the X-API-Key endpoints (every scope, and adding staff); unset, only the
   * named integration keys admins make in the console are accepted (server/keys/require-key.ts).
   */
  opsApiKey?: string | undefined
  /**
   * The database's notifications (DatabaseHandle.listen): with them the process holds the rate sheets and the
   * live sessions between requests and drops them when they change (server/rates/rate-sheets.ts,
   * server/auth/live-sessions.ts); without, each quote reads its sheets and each request its session.
   */
  listen?: DatabaseHandle['listen']
  /** SERVER_TIMING: Server-Timing on API answers (never on the sign-in operations); default on, off in production. */
  serverTiming?: boolean
  /** LOGIN_FAILURES_PER_ADDRESS and LOGIN_FAILURES_PER_ACCOUNT; default 20 in 15 minutes and 50 in an hour. */
  loginLimits?: LoginLimits
  /** PASSWORD_HASH_CONCURRENCY and PASSWORD_HASH_QUEUE, or the queue itself (a test holds its slot). */
  passwordHashing?: PasswordHashingSettings | HashQueue
  /** Runs the work an answer must not wait for (the server awaits it before closing; tests, before looking). */
  afterAnswer?: AfterAnswer
  /** The event streams of conversations (server/events/hub.ts); the server closes them at shutdown. */
  eventHub?: EventHub
}

export const openApiConfig = {
  openapi: '3.1.0',
  info: {
    title: 'eShip API',
    version: '1.0.0',
    description: [
      'API of the eShip digital freight forwarding web application.',
      'Every error is JSON `{ message, errors? }`. Every string of a request refuses NUL (U+0000) and unpaired',
      'UTF-16 surrogates with 422, and keeps to the maximum length its field documents.',
    ].join(' '),
  },
  servers: [{ url: '/' }],
}

export function createApp(options: AppOptions) {
  const {
    db,
    staticDir,
    logger = console,
    now = () => new Date(),
    trustProxy = 0,
    production = false,
    salesEmail = DEFAULT_SALES_EMAIL,
  } = options
  const mailer: Mailer = createMailer({ appUrl: options.appUrl })
  const app = createRouter()

  app.use(securityHeaders(staticDir))
  // Only the API's answers are compressed per request (and not those already encoded, such as the countries):
  // static files are compressed once at build (scripts/precompress.ts) and sent as they are.
  app.use('/api/*', apiCompress())
  // A JSON body nested deeper than MAX_JSON_DEPTH is refused before it is parsed (server/body-depth.ts).
  app.use('/api/*', refuseDeepJson)

  app.route('/api', countriesRoutes(db))
  app.route('/api', healthRoutes(db))
  // API answers after these two say how long the server took (`Server-Timing: total;dur=…`), unless SERVER_TIMING
  // is off (the default in production) or their router says it would leak (server/timing.ts). The countries
  // list is a cached file and health a ping.
  app.use('/api/*', serverTiming(options.serverTiming ?? !production))
  // Who is logged in, held between requests while the database notifies sessions' ends (live-sessions.ts).
  const sessions = new LiveSessions(db)
  options.listen?.(SESSIONS_CHANNEL, sessions)
  // The operations as mounted, read at the first request: the company role on every customer operation is
  // checked by its id (customerPermissions), and the staff roles on every staff operation (staffPermissions).
  let operationTable: OperationTable | undefined
  const operations = () => {
    operationTable ??= operationTableOf(app.openAPIRegistry.definitions)
    return operationTable
  }
  checkRolesWith(sessions, operations)
  const hashing =
    options.passwordHashing instanceof HashQueue
      ? options.passwordHashing
      : new HashQueue(
          options.passwordHashing ?? {
            concurrency: defaultHashConcurrency(),
            queue: DEFAULT_PASSWORD_HASH_QUEUE,
          },
        )
  const deps = {
    db,
    now,
    mailer,
    sessions,
    clientIp: (c: Context) => clientIp(c, trustProxy),
    hashing,
    loginLimiter: new LoginLimiter(db, options.loginLimits ?? DEFAULT_LOGIN_LIMITS),
    // Signed cookies of past successful sign-ins (server/auth/device-tokens.ts), Secure where the site is https.
    devices: new DeviceTokens(db, mailer.appUrl.startsWith('https:')),
    afterAnswer: options.afterAnswer ?? new AfterAnswer(logger),
  }
  app.route('/api', authRoutes(deps))
  app.route('/api', registerRoutes(deps))
  app.route('/api', contactRoutes({ ...deps, salesEmail }))
  // X-API-Key: named integration keys (looked up on every request) and the bootstrap OPS_API_KEY.
  const { requireKey } = keyGate({ db, now, opsApiKey: options.opsApiKey, clientIp: deps.clientIp })
  const places = new PlaceIndex(db)
  const rateSheets = new RateSheets(db)
  options.listen?.(RATE_SHEETS_CHANNEL, rateSheets)
  app.route('/api', locationRoutes(sessions, now, places, rateSheets))
  const { clientIp: address } = deps
  app.route(
    '/api',
    quoteRoutes({ db, now, mailer, salesEmail, places, rateSheets, sessions, clientIp: address }),
  )
  app.route('/api', partyRoutes({ db, now, sessions, clientIp: address }))
  const documentStorage = options.storage ?? postgresStorage(db)
  app.route(
    '/api',
    documentRoutes({
      db,
      now,
      mailer,
      storage: documentStorage,
      requireKey,
      sessions,
      clientIp: address,
    }),
  )
  app.route('/api', profileRoutes({ db, now, mailer, sessions, hashing, clientIp: address }))
  // My Team (docs/teams.md): the company's members, invitations and requests to join; the invitation link.
  app.route('/api', teamRoutes({ db, now, mailer, sessions, clientIp: address }))
  app.route('/api', invitationRoutes({ db, now, hashing, clientIp: address }))
  // The company's activity (docs/teams.md "Who did what"), for its Admins.
  app.route('/api', teamActivityRoutes({ db, now, sessions }))
  // The billing contact an Admin names: payment reminders go to them too (docs/payments.md).
  app.route('/api', billingContactRoutes({ db, now, sessions, clientIp: address }))
  const bookingDeps = { db, now, mailer, places, sessions, clientIp: address }
  app.route('/api', bookingRoutes(bookingDeps))
  app.route('/api', trackingRoutes(bookingDeps))
  app.route('/api', dashboardRoutes({ ...bookingDeps, genericDb: options.genericDb ?? db }))
  app.route('/api', operationsRoutes({ ...bookingDeps, requireKey }))
  // The forwarder's staff: their own sessions, held like the customers' and dropped on the same kind of notice.
  const staffSessions = new StaffSessions(db)
  options.listen?.(STAFF_SESSIONS_CHANNEL, staffSessions)
  checkRolesWith(staffSessions, operations)
  app.route('/api', staffAuthRoutes({ ...deps, staffSessions }))
  app.route('/api', staffLocationRoutes(staffSessions, now, places, rateSheets))
  // Conversations and their event streams: one LISTEN per process on new messages (server/events/hub.ts).
  const hub = options.eventHub ?? new EventHub({ db, now, logger })
  options.listen?.(CONVERSATIONS_CHANNEL, hub)
  // The sales desk's queue changed in some process: its open consoles read it again.
  options.listen?.(QUOTE_DESK_CHANNEL, { notify: () => hub.deskChanged(), live: () => {} })
  // A booking changed in some process: the company's open pages and the operations desks read it again.
  options.listen?.(BOOKINGS_CHANNEL, hub.bookings)
  const conversations = conversationRoutes({ db, now, sessions, staffSessions, hub, clientIp: deps.clientIp })
  app.route('/api', conversations.customer)
  app.route('/api', conversations.staff)
  // The operations desk (docs/operations-desk.md).
  const staffBookingDeps = { ...bookingDeps, staffSessions, storage: documentStorage, hub }
  app.route('/api', staffBookingRoutes(staffBookingDeps))
  app.route('/api', staffBookingDocumentRoutes(staffBookingDeps))
  // A booking's charges: the customer's answers and the console's change requests (docs/invoices.md).
  app.route('/api', chargeRoutes(staffBookingDeps))
  app.route('/api', staffChargeRoutes(staffBookingDeps))
  app.route(
    '/api',
    staffTeamRoutes({
      db,
      now,
      mailer,
      staffSessions,
      requireKey,
      clientIp: deps.clientIp,
    }),
  )
  app.route('/api', staffAuditRoutes({ db, now, staffSessions }))
  // The pricing desk: rate sheets and rate files, for the Pricing role and for keys with rates:write.
  app.route('/api', rateFileRoutes({ db, now, staffSessions, requireKey, clientIp: deps.clientIp }))
  // The emission factors table: its versions, a new one's dry run and apply, for the Pricing role.
  app.route('/api', emissionFactorRoutes({ db, now, staffSessions, clientIp: deps.clientIp }))
  app.route('/api', integrationKeyRoutes({ db, now, staffSessions, clientIp: deps.clientIp }))
  // The customer directory: the customers' own list functions, with the company's scope (docs/staff.md).
  app.route(
    '/api',
    staffCustomerRoutes({
      db,
      now,
      mailer,
      places,
      quotes: quoteService({ db, now, mailer, salesEmail, places, rateSheets }),
      staffSessions,
      sessions,
      clientIp: deps.clientIp,
    }),
  )
  app.route(
    '/api',
    staffQuoteRoutes({
      db,
      now,
      staffSessions,
      clientIp: deps.clientIp,
      desk: salesDesk({
        db,
        now,
        mailer,
        places,
        answerTargetMs: options.salesAnswerTargetMs ?? 2 * 3_600_000,
      }),
    }),
  )
  // Tax invoices and credit notes (docs/invoices.md): the customer's, and finance's desk.
  app.route('/api', invoiceRoutes({ db, now, sessions }))
  app.route('/api', staffInvoiceRoutes({ db, now, mailer, staffSessions, clientIp: deps.clientIp }))
  app.route('/api', staffFinanceRoutes({ db, now, staffSessions, clientIp: deps.clientIp }))
  // Statements of account (docs/payments.md): the customer's company's, and any company's for finance.
  app.route('/api', statementRoutes({ db, now, sessions }))
  // The emissions report (docs/emissions.md "The report"): the company's bookings of a period, JSON, CSV, PDF.
  app.route('/api', emissionsRoutes({ db, now, sessions }))
  app.route('/api', staffStatementRoutes({ db, now, staffSessions }))
  // Bank statements (docs/payments.md): uploads, their lines with suggested matches, matched or ignored.
  app.route('/api', staffBankRoutes({ db, now, staffSessions, clientIp: deps.clientIp }))
  // Credit control (docs/payments.md): bookings waiting for finance's release, and the release.
  app.route('/api', staffCreditRoutes({ db, now, mailer, hub, staffSessions, clientIp: deps.clientIp }))
  app.route('/api', staffPaymentRoutes({ db, now, staffSessions, clientIp: deps.clientIp }))
  // Mounted even when not served, so that /dev/outbox answers the 404 rather than the SPA's fallback.
  app.route(
    '/',
    devOutboxRoutes(db, { served: options.devOutbox ?? !production, clientAddress: deps.clientIp }),
  )

  app.openAPIRegistry.registerPath({
    method: 'get',
    path: apiPaths.openapi,
    operationId: 'getOpenApiDocument',
    tags: ['Operations'],
    summary: 'This OpenAPI 3.1 document',
    responses: {
      200: {
        description: 'The OpenAPI document of the API',
        content: { 'application/json': { schema: { type: 'object' } } },
      },
      ...errorResponses.serverError,
    },
  })
  let document: ReturnType<typeof app.getOpenAPI31Document> | undefined
  app.get(apiPaths.openapi, (c) => {
    document ??= withStaffRoles(withCustomerRoles(withSharedAnswers(app.getOpenAPI31Document(openApiConfig))))
    return c.json(document)
  })

  if (staticDir) mountStaticSite(app, staticDir)

  app.notFound((c) => c.json({ message: 'Not Found' } satisfies ErrorBody, 404))

  app.onError((err, c) => {
    const tooDeep = tooDeepAnswer(c, err)
    if (tooDeep) return tooDeep
    if (err instanceof HTTPException && err.status < 500) {
      return c.json({ message: err.message || 'Bad Request' } satisfies ErrorBody, err.status)
    }
    logger.error(`${c.req.method} ${c.req.path} failed:`, err)
    return c.json({ message: messages.generic } satisfies ErrorBody, 500)
  })

  return app
}

export type App = ReturnType<typeof createApp>
