/**
 * The customer directory's API (issue 23, docs/staff.md "The customer directory"): the companies, one company
 * as its users see it, and the actions on a customer's user. Each operation's roles are in
 * contract/permissions.ts; every change appends its audit row in its transaction.
 */
import { createRoute, z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import type { Kysely } from 'kysely'
import { bookingStatuses } from '../../contract/bookings'
import type { ConversationMessage } from '../../contract/conversations'
import { conversationSubjects } from '../../contract/conversations'
import {
  type CustomerBooking,
  type CustomerCompany,
  type CustomerConversation,
  type CustomerDetail,
  type CustomerListPage,
  type CustomerUser,
  type CustomerUserAnswer,
  customerListQuerySchema,
  customerDirectoryMessages as said,
} from '../../contract/customer-directory'
import { modes } from '../../contract/pricing/types'
import { type QuoteSummary, quoteStatuses } from '../../contract/quotes'
import { companyRoles } from '../../contract/team'
import { INT32_MAX } from '../../contract/text'
import type { ErrorBody } from '../../contract/wire'
import { appendAudit, changedFields, staffAudit } from '../audit/audit'
import type { LiveSessions } from '../auth/live-sessions'
import { customerDetail, type DirectoryDeps, listCustomers } from '../customers/directory'
import {
  deactivateCustomerUser,
  reactivateCustomerUser,
  resendCustomerActivation,
  type UserChange,
} from '../customers/users'
import type { Database } from '../db/schema'
import type { Mailer } from '../mail/index'
import {
  createRouter,
  documents,
  errorResponse as error,
  errorResponses,
  json,
  unauthenticatedResponse as unauthenticated,
} from '../openapi'
import { DocumentItemSchema, PlaceRefSchema } from '../schemas'
import { requireStaff, type StaffEnv } from '../staff/gate'
import type { StaffSessions } from '../staff/sessions'

export interface StaffCustomerDeps extends DirectoryDeps {
  db: Kysely<Database>
  mailer: Mailer
  staffSessions: StaffSessions
  /** The customers' held sessions: a deactivated user's are dropped in this process at once. */
  sessions: LiveSessions
  clientIp: (c: Context) => string
}

// ---- OpenAPI shapes ------------------------------------------------------------------------------------

const CompanySchema = documents<CustomerCompany>()(
  z
    .object({
      id: z.int(),
      name: z.string().openapi({ example: 'Alice Exports Pte Ltd' }),
      regnNo: z.string().openapi({ example: '201912345K' }),
      country: z.object({ code: z.string().openapi({ example: 'SG' }), name: z.string() }),
      users: z.int(),
      quotes: z.int(),
      bookings: z.int(),
      lastActivity: z.string().nullable().openapi({
        description:
          'The latest of its users’ logins, its quotes and bookings made and its users’ messages; null when none',
      }),
      createdAt: z.string(),
    })
    .openapi('CustomerCompany'),
)

const UserSchema = documents<CustomerUser>()(
  z
    .object({
      id: z.int(),
      name: z.string(),
      email: z.string(),
      activated: z.boolean().openapi({ description: 'Has used their activation link' }),
      active: z.boolean().openapi({ description: 'Not deactivated by an admin' }),
      role: z.enum(companyRoles).openapi({ description: "Their role in the company's account" }),
      deactivatedAt: z.string().nullable(),
      lastLogin: z.string().nullable().openapi({ description: 'When they last opened a session' }),
      createdAt: z.string(),
    })
    .openapi('CustomerUser'),
)

const PlaceName = z.object({ code: z.string(), name: z.string(), country_code: z.string() })

const QuoteRowSchema = documents<QuoteSummary>()(
  z
    .object({
      number: z.string(),
      status: z.enum(quoteStatuses),
      mode: z.enum(modes),
      origin: PlaceName,
      destination: PlaceName,
      totalUsd: z.int().nullable(),
      carrier: z.string().nullable(),
      validTo: z.string().nullable(),
      createdAt: z.string(),
      bookingNumber: z.string().nullable(),
      pricedBySales: z.boolean(),
      madeBy: z.string().openapi({ description: 'Who in the company made it' }),
    })
    .openapi('CustomerQuoteRow', { description: 'A quote as My Quotes lists it' }),
)

const BookingRowSchema = documents<CustomerBooking>()(
  z
    .object({
      number: z.string(),
      hbl: z.string().nullable(),
      mode: z.enum(modes),
      origin: PlaceRefSchema,
      destination: PlaceRefSchema,
      carrier: z.string(),
      etd: z.string().nullable(),
      eta: z.string().nullable(),
      status: z.enum(bookingStatuses),
      documentsOutstanding: z.int(),
      quoteNumber: z.string(),
      createdAt: z.string(),
      bookedBy: z.string().openapi({ description: 'Who in the company booked it' }),
      documents: z.array(DocumentItemSchema),
    })
    .openapi('CustomerBookingRow', {
      description: 'A booking as My Bookings lists it, with its documents as its page shows them',
    }),
)

const MessageRowSchema = documents<ConversationMessage>()(
  z
    .object({
      id: z.int(),
      subject: z.object({ type: z.enum(conversationSubjects), number: z.string() }),
      author: z.object({ kind: z.enum(['customer', 'staff']), name: z.string() }),
      body: z.string(),
      at: z.string(),
      mine: z.boolean().openapi({ description: 'Written by the staff member asking' }),
    })
    .openapi('CustomerConversationMessage'),
)

const ConversationRowSchema = documents<CustomerConversation>()(
  z
    .object({
      subject: z.object({ type: z.enum(conversationSubjects), number: z.string() }),
      messages: z.array(MessageRowSchema).openapi({ description: 'Oldest first' }),
    })
    .openapi('CustomerConversation'),
)

const ListSchema = documents<CustomerListPage>()(
  z
    .object({
      customers: z.array(CompanySchema),
      page: z.int(),
      pageSize: z.int(),
      total: z.int().openapi({ description: 'Companies matching, over every page' }),
    })
    .openapi('CustomerListPage'),
)

const DetailSchema = documents<CustomerDetail>()(
  z
    .object({
      company: CompanySchema,
      users: z.array(UserSchema),
      quotes: z.array(QuoteRowSchema).openapi({ description: 'Newest first' }),
      bookings: z.array(BookingRowSchema).openapi({ description: 'Newest first' }),
      conversations: z
        .array(ConversationRowSchema)
        .openapi({ description: 'The one with the newest message first (the newest 1,000 messages)' }),
    })
    .openapi('CustomerDetail'),
)

const UserAnswerSchema = documents<CustomerUserAnswer>()(
  z.object({ message: z.string(), user: UserSchema }).openapi('CustomerUserAnswer'),
)

const idParam = (message: string) =>
  z.object({
    id: z
      .string()
      .regex(/^[1-9]\d{0,9}$/, message)
      .openapi({ param: { name: 'id', in: 'path' }, example: '12' }),
  })

const security = [{ staffBearer: [] }]
const forbidden = (roles: string) => ({
  403: error(`The signed-in staff member lacks the role: \`This needs the ${roles} role.\``),
})
const userNotFound = { 404: error(`No customer user of this id: \`${said.userNotFound}\``) }

const listRoute = createRoute({
  method: 'get',
  operationId: 'listCustomers',
  path: '/staff/customers',
  tags: ['Staff'],
  summary: 'The customer directory: companies by name, searched and filtered by country, 25 a page',
  security,
  request: { query: customerListQuerySchema },
  responses: {
    200: { description: 'A page of companies', ...json(ListSchema) },
    ...unauthenticated,
    ...forbidden('Admin or Sales or Operations'),
    ...errorResponses.validationError,
    ...errorResponses.serverError,
  },
})

const getRoute = createRoute({
  method: 'get',
  operationId: 'getCustomer',
  path: '/staff/customers/{id}',
  tags: ['Staff'],
  summary: 'A company as its users see it: users, quotes, bookings with documents, conversations (read-only)',
  security,
  request: { params: idParam(said.notFound) },
  responses: {
    200: { description: 'The company', ...json(DetailSchema) },
    404: error(`\`${said.notFound}\``),
    ...unauthenticated,
    ...forbidden('Admin or Sales or Operations'),
    ...errorResponses.validationError,
    ...errorResponses.serverError,
  },
})

const resendRoute = createRoute({
  method: 'post',
  operationId: 'resendCustomerActivation',
  path: '/staff/customer-users/{id}/resend-activation',
  tags: ['Staff'],
  summary:
    'Mail a user who has not activated their account a new activation link (earlier links stop working)',
  security,
  request: { params: idParam(said.userNotFound) },
  responses: {
    200: { description: `\`${said.activationSent}\``, ...json(UserAnswerSchema) },
    409: error(`\`${said.alreadyActivated}\`, \`${said.reactivateFirst}\` or \`${said.joinPending}\``),
    ...userNotFound,
    ...unauthenticated,
    ...forbidden('Admin or Sales'),
    ...errorResponses.validationError,
    ...errorResponses.serverError,
  },
})

const deactivateRoute = createRoute({
  method: 'post',
  operationId: 'deactivateCustomerUser',
  path: '/staff/customer-users/{id}/deactivate',
  tags: ['Staff'],
  summary:
    'Deactivate a customer’s user: their sessions end at once in every process, and they cannot log in',
  security,
  request: { params: idParam(said.userNotFound) },
  responses: {
    200: {
      description: `\`${said.deactivated}\` (also for a user already deactivated)`,
      ...json(UserAnswerSchema),
    },
    ...userNotFound,
    ...unauthenticated,
    ...forbidden('Admin'),
    ...errorResponses.validationError,
    ...errorResponses.serverError,
  },
})

const reactivateRoute = createRoute({
  method: 'post',
  operationId: 'reactivateCustomerUser',
  path: '/staff/customer-users/{id}/reactivate',
  tags: ['Staff'],
  summary: 'Let a deactivated customer’s user log in again',
  security,
  request: { params: idParam(said.userNotFound) },
  responses: {
    200: {
      description: `\`${said.reactivated}\` (also for a user who is active)`,
      ...json(UserAnswerSchema),
    },
    ...userNotFound,
    ...unauthenticated,
    ...forbidden('Admin'),
    ...errorResponses.validationError,
    ...errorResponses.serverError,
  },
})

export function staffCustomerRoutes(deps: StaffCustomerDeps) {
  const { db, now, mailer, staffSessions, sessions, clientIp } = deps
  const idOf = (raw: string) => {
    const id = Number(raw)
    return id <= INT32_MAX ? id : undefined
  }
  const userMissing = { message: said.userNotFound } satisfies ErrorBody

  /** Runs a change of a user with its audit row (only when something changed) in one transaction. */
  async function changeUser(
    c: Context<StaffEnv>,
    id: number,
    action: string,
    change: (trx: Kysely<Database>, at: Date) => Promise<UserChange>,
  ): Promise<UserChange> {
    const at = now()
    return db.transaction().execute(async (trx) => {
      const outcome = await change(trx, at)
      const changes = outcome.ok
        ? changedFields(outcome.before, outcome.after, ['active', 'deactivatedAt'])
        : null
      if (outcome.ok && changes) {
        await appendAudit(
          trx,
          {
            ...staffAudit(c.var.staff, c.var.role, clientIp(c)),
            action,
            recordType: 'user',
            recordId: id,
            customerId: outcome.customerId,
            changes,
          },
          at,
        )
      }
      return outcome
    })
  }

  return createRouter<StaffEnv>()
    .openapi(
      { ...listRoute, middleware: [requireStaff(staffSessions, now, 'listCustomers')] as const },
      async (c) => c.json(await listCustomers(db, c.req.valid('query')), 200),
    )
    .openapi(
      { ...getRoute, middleware: [requireStaff(staffSessions, now, 'getCustomer')] as const },
      async (c) => {
        const id = idOf(c.req.valid('param').id)
        const reader = { kind: 'staff' as const, staffId: c.var.staff.staffId }
        const detail = id === undefined ? undefined : await customerDetail(deps, id, reader)
        if (!detail) return c.json({ message: said.notFound } satisfies ErrorBody, 404)
        return c.json(detail, 200)
      },
    )
    .openapi(
      { ...resendRoute, middleware: [requireStaff(staffSessions, now, 'resendCustomerActivation')] as const },
      async (c) => {
        const id = idOf(c.req.valid('param').id)
        if (id === undefined) return c.json(userMissing, 404)
        const at = now()
        const outcome = await db.transaction().execute(async (trx) => {
          const sent = await resendCustomerActivation(trx, mailer, id, at)
          if (sent.ok) {
            // Nothing of the user changes but their links: the fact is recorded (never the token).
            await appendAudit(
              trx,
              {
                ...staffAudit(c.var.staff, c.var.role, clientIp(c)),
                action: 'customer_user.activation_sent',
                recordType: 'user',
                recordId: id,
                customerId: sent.customerId,
                changes: null,
              },
              at,
            )
          }
          return sent
        })
        if (outcome.ok) return c.json({ message: said.activationSent, user: outcome.user }, 200)
        if (outcome.reason === 'notFound') return c.json(userMissing, 404)
        const message =
          outcome.reason === 'activated'
            ? said.alreadyActivated
            : outcome.reason === 'joinPending'
              ? said.joinPending
              : said.reactivateFirst
        return c.json({ message } satisfies ErrorBody, 409)
      },
    )
    .openapi(
      {
        ...deactivateRoute,
        middleware: [requireStaff(staffSessions, now, 'deactivateCustomerUser')] as const,
      },
      async (c) => {
        const id = idOf(c.req.valid('param').id)
        if (id === undefined) return c.json(userMissing, 404)
        const staffId = c.var.staff.staffId
        const outcome = await changeUser(c, id, 'customer_user.deactivated', (trx, at) =>
          deactivateCustomerUser(trx, id, staffId, at),
        )
        if (!outcome.ok) return c.json(userMissing, 404)
        // This process drops the user's held sessions now; the others on the users trigger's notice.
        sessions.forgetUser(id)
        return c.json({ message: said.deactivated, user: outcome.after }, 200)
      },
    )
    .openapi(
      {
        ...reactivateRoute,
        middleware: [requireStaff(staffSessions, now, 'reactivateCustomerUser')] as const,
      },
      async (c) => {
        const id = idOf(c.req.valid('param').id)
        if (id === undefined) return c.json(userMissing, 404)
        const outcome = await changeUser(c, id, 'customer_user.reactivated', (trx) =>
          reactivateCustomerUser(trx, id),
        )
        if (!outcome.ok) return c.json(userMissing, 404)
        return c.json({ message: said.reactivated, user: outcome.after }, 200)
      },
    )
}
