/** The customer directory's operations as the OpenAPI document describes them (staff-customers.ts serves them). */
import { createRoute, z } from '@hono/zod-openapi'
import { bookingStatuses } from '../../contract/bookings'
import { type ConversationMessage, conversationSubjects } from '../../contract/conversations'
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
import {
  documents,
  errorResponse as error,
  errorResponses,
  json,
  staffSecurity,
  unauthenticatedResponse as unauthenticated,
} from '../openapi'
import { DocumentItemSchema, PlaceRefSchema } from '../schemas'

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
      totalOf: z.enum(['booking', 'quote']).nullable(),
      pricedBy: z.string().nullable(),
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
      plannedTimes: z.boolean(),
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

const userNotFound = { 404: error(`No customer user of this id: \`${said.userNotFound}\``) }

export const listRoute = createRoute({
  method: 'get',
  operationId: 'listCustomers',
  path: '/staff/customers',
  tags: ['Staff'],
  summary: 'The customer directory: companies by name, searched and filtered by country, 25 a page',
  security: staffSecurity,
  request: { query: customerListQuerySchema },
  responses: {
    200: { description: 'A page of companies', ...json(ListSchema) },
    ...unauthenticated,
    ...errorResponses.validationError,
    ...errorResponses.serverError,
  },
})

export const getRoute = createRoute({
  method: 'get',
  operationId: 'getCustomer',
  path: '/staff/customers/{id}',
  tags: ['Staff'],
  summary: 'A company as its users see it: users, quotes, bookings with documents, conversations (read-only)',
  security: staffSecurity,
  request: { params: idParam(said.notFound) },
  responses: {
    200: { description: 'The company', ...json(DetailSchema) },
    404: error(`\`${said.notFound}\``),
    ...unauthenticated,
    ...errorResponses.validationError,
    ...errorResponses.serverError,
  },
})

export const resendRoute = createRoute({
  method: 'post',
  operationId: 'resendCustomerActivation',
  path: '/staff/customer-users/{id}/resend-activation',
  tags: ['Staff'],
  summary:
    'Mail a user who has not activated their account a new activation link (earlier links stop working)',
  security: staffSecurity,
  request: { params: idParam(said.userNotFound) },
  responses: {
    200: { description: `\`${said.activationSent}\``, ...json(UserAnswerSchema) },
    409: error(`\`${said.alreadyActivated}\`, \`${said.reactivateFirst}\` or \`${said.joinPending}\``),
    ...userNotFound,
    ...unauthenticated,
    ...errorResponses.validationError,
    ...errorResponses.serverError,
  },
})

export const deactivateRoute = createRoute({
  method: 'post',
  operationId: 'deactivateCustomerUser',
  path: '/staff/customer-users/{id}/deactivate',
  tags: ['Staff'],
  summary:
    'Deactivate a customer’s user: their sessions end at once in every process, and they cannot log in',
  security: staffSecurity,
  request: { params: idParam(said.userNotFound) },
  responses: {
    200: {
      description: `\`${said.deactivated}\` (also for a user already deactivated)`,
      ...json(UserAnswerSchema),
    },
    ...userNotFound,
    ...unauthenticated,
    ...errorResponses.validationError,
    ...errorResponses.serverError,
  },
})

export const reactivateRoute = createRoute({
  method: 'post',
  operationId: 'reactivateCustomerUser',
  path: '/staff/customer-users/{id}/reactivate',
  tags: ['Staff'],
  summary: 'Let a deactivated customer’s user log in again',
  security: staffSecurity,
  request: { params: idParam(said.userNotFound) },
  responses: {
    200: {
      description: `\`${said.reactivated}\` (also for a user who is active)`,
      ...json(UserAnswerSchema),
    },
    ...userNotFound,
    ...unauthenticated,
    ...errorResponses.validationError,
    ...errorResponses.serverError,
  },
})
