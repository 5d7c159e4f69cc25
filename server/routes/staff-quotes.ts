import { createRoute, z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import type { Kysely } from 'kysely'
import { modes, type QuotePrice, type QuoteRequest, type RateLane } from '../../contract/pricing/types'
import {
  assignSchema,
  type DeskQueueItem,
  deskMessages,
  deskStates,
  type FollowUp,
  offerSchema,
} from '../../contract/quote-desk'
import { staffAudit } from '../audit/audit'
import type { Database } from '../db/schema'
import {
  createRouter,
  documents,
  errorResponse as error,
  errorResponses,
  json,
  jsonBody,
  limitJsonBody,
  opaque,
  staffSecurity,
  unauthenticatedResponse as unauthenticated,
} from '../openapi'
import type { SalesDesk } from '../sales/desk'
import { OfferVersionSchema } from '../schemas'
import { requireStaff, type StaffEnv } from '../staff/gate'
import type { StaffSessions } from '../staff/sessions'

export interface StaffQuoteDeps {
  db: Kysely<Database>
  now: () => Date
  staffSessions: StaffSessions
  desk: SalesDesk
  /** The client's address, for the audit trail. */
  clientIp: (c: Context) => string
}

const notFound = { 404: error(`\`${deskMessages.notFound}\``) }
const refused = {
  409: error('The request is in a state that does not allow it: `Not possible while the request is …`'),
}

const PlaceRef = z.object({ code: z.string(), name: z.string() })
const QueueItemSchema = documents<DeskQueueItem>()(
  z
    .object({
      number: z.string().openapi({ example: 'ESQ-2026000042' }),
      state: z.enum(deskStates),
      mode: z.enum(modes),
      origin: PlaceRef,
      destination: PlaceRef,
      company: z.string(),
      requester: z.string(),
      requestedAt: z.string(),
      assignee: z.object({ id: z.int(), name: z.string() }).nullable(),
      serviceLevel: z.object({
        level: z.enum(['on time', 'due soon', 'overdue', 'answered']),
        dueAt: z
          .string()
          .openapi({ description: 'When the answer is due, counted in Singapore working hours' }),
      }),
    })
    .openapi('QuoteRequestItem'),
)

const DetailSchema = QueueItemSchema.extend({
  request: opaque<QuoteRequest>('The request (QuoteRequest)'),
  notes: z.string().nullable(),
  declineReason: z.string().nullable(),
  offers: z.array(OfferVersionSchema),
  templates: z.array(
    opaque<Pick<RateLane, 'carrier'>>('A rate sheet of the lane to start from (part of RateLane)'),
  ),
  currencies: z.array(z.string()),
}).openapi('QuoteRequestDetail')

const FollowUpSchema = documents<FollowUp>()(
  z
    .object({
      number: z.string(),
      company: z.string(),
      requester: z.string(),
      email: z.string(),
      mode: z.enum(modes),
      origin: z.string(),
      destination: z.string(),
      validTo: z.string(),
      totalUsd: z.int().nullable(),
    })
    .openapi('FollowUp'),
)

const NumberParam = z.object({
  number: z
    .string()
    .regex(/^ESQ-\d{10}$/, deskMessages.notFound)
    .openapi({ param: { name: 'number', in: 'path' }, example: 'ESQ-2026000042' }),
})

const OfferBody = z.object(offerSchema.shape).openapi('Offer', {
  description:
    'Charge lines in minor units (cents) of their currency, a validity date, the carrier and transit',
})

const listRoute = createRoute({
  method: 'get',
  operationId: 'listQuoteRequests',
  path: '/staff/quote-requests',
  tags: ['Sales desk'],
  summary:
    'The queue: open requests oldest first (`view=open`), or those answered, newest first (`view=answered`)',
  security: staffSecurity,
  request: { query: z.object({ view: z.enum(['open', 'answered']).default('open') }) },
  responses: {
    200: { description: 'The requests', ...json(z.object({ requests: z.array(QueueItemSchema) })) },
    ...unauthenticated,
    ...errorResponses.validationError,
    ...errorResponses.serverError,
  },
})

const getRoute = createRoute({
  method: 'get',
  operationId: 'getQuoteRequest',
  path: '/staff/quote-requests/{number}',
  tags: ['Sales desk'],
  summary: 'A request: the cargo, the notes, every offer version, and the lane’s sheets to start from',
  security: staffSecurity,
  request: { params: NumberParam },
  responses: {
    200: { description: 'The request', ...json(z.object({ request: DetailSchema })) },
    ...unauthenticated,
    ...notFound,
    ...errorResponses.validationError,
    ...errorResponses.serverError,
  },
})

const assignRoute = createRoute({
  method: 'post',
  operationId: 'assignQuoteRequest',
  path: '/staff/quote-requests/{number}/assign',
  tags: ['Sales desk'],
  summary: 'Take the request (or give it to a colleague with the Sales role): it is In progress',
  security: staffSecurity,
  request: { params: NumberParam, ...jsonBody(assignSchema) },
  responses: {
    200: { description: `\`${deskMessages.assigned}\``, ...json(z.object({ request: QueueItemSchema })) },
    ...unauthenticated,
    ...notFound,
    ...refused,
    ...errorResponses.validationError,
    ...errorResponses.serverError,
  },
})

const previewRoute = createRoute({
  method: 'post',
  operationId: 'previewOffer',
  path: '/staff/quote-requests/{number}/preview',
  tags: ['Sales desk'],
  summary: 'Price an offer exactly as the customer’s Quotation Preview will (nothing is stored)',
  security: staffSecurity,
  request: { params: NumberParam, ...jsonBody(OfferBody) },
  responses: {
    200: {
      description: 'The price the customer will see before choosing services',
      ...json(z.object({ price: opaque<QuotePrice>('QuotePrice'), validTo: z.string() })),
    },
    ...unauthenticated,
    ...notFound,
    ...errorResponses.validationError,
    ...errorResponses.serverError,
  },
})

const sendRoute = createRoute({
  method: 'post',
  operationId: 'sendOffer',
  path: '/staff/quote-requests/{number}/offers',
  tags: ['Sales desk'],
  summary:
    'Send an offer: the customer is mailed and sees the quote Active; a new version supersedes the last',
  security: staffSecurity,
  request: { params: NumberParam, ...jsonBody(OfferBody) },
  responses: {
    200: {
      description: `\`${deskMessages.offerSent}\` The version sent, its price, and the versions it superseded`,
      ...json(
        z.object({
          version: z.int(),
          price: opaque<QuotePrice>('QuotePrice'),
          superseded: z.array(z.int()),
        }),
      ),
    },
    ...unauthenticated,
    ...notFound,
    ...refused,
    ...errorResponses.validationError,
    ...errorResponses.serverError,
  },
})

const followUpsRoute = createRoute({
  method: 'get',
  operationId: 'listFollowUps',
  path: '/staff/follow-ups',
  tags: ['Sales desk'],
  summary: 'Instant quotes that expire unbooked within 3 days, soonest first: customers to call',
  security: staffSecurity,
  responses: {
    200: { description: 'The quotes', ...json(z.object({ quotes: z.array(FollowUpSchema) })) },
    ...unauthenticated,
    ...errorResponses.serverError,
  },
})

export function staffQuoteRoutes({ now, staffSessions, desk, clientIp }: StaffQuoteDeps) {
  const router = createRouter<StaffEnv>()
  router.use('/staff/quote-requests/*', limitJsonBody(64 * 1024))
  const answer = <S extends 200 | 404 | 409 | 422>(c: Context, outcome: { status: S; body: unknown }) =>
    c.json(outcome.body as never, outcome.status)
  const acting = (c: { var: StaffEnv['Variables'] }) => ({
    staffId: c.var.staff.staffId,
    name: c.var.staff.staff.name,
  })
  const audit = (c: Context<StaffEnv>) => staffAudit(c.var.staff, c.var.role, clientIp(c))
  const staff = requireStaff(staffSessions, now)

  return router
    .openapi({ ...listRoute, middleware: [staff] as const }, async (c) =>
      c.json({ requests: await desk.queue(c.req.valid('query').view) }, 200),
    )
    .openapi({ ...getRoute, middleware: [staff] as const }, async (c) =>
      answer(c, await desk.detail(c.req.valid('param').number)),
    )
    .openapi({ ...assignRoute, middleware: [staff] as const }, async (c) =>
      answer(
        c,
        await desk.assign(c.req.valid('param').number, acting(c), c.req.valid('json').staffId, audit(c)),
      ),
    )
    .openapi({ ...previewRoute, middleware: [staff] as const }, async (c) =>
      answer(c, await desk.preview(c.req.valid('param').number, c.req.valid('json'))),
    )
    .openapi({ ...sendRoute, middleware: [staff] as const }, async (c) =>
      answer(c, await desk.send(c.req.valid('param').number, acting(c), c.req.valid('json'), audit(c))),
    )
    .openapi({ ...followUpsRoute, middleware: [staff] as const }, async (c) =>
      c.json({ quotes: await desk.followUps() }, 200),
    )
}
