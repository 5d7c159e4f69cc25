import { createRoute, z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import type { Kysely } from 'kysely'
import { quoteLimits, quoteRequestSchema, serviceSelectionSchema } from '../../contract/pricing/rules'
import {
  modes,
  type QuotePrice,
  type QuoteRequest,
  type RateLane,
  type ServiceSelection,
  type ServiceTariff,
} from '../../contract/pricing/types'
import { declineSchema, deskMessages, deskStates } from '../../contract/quote-desk'
import {
  confirmBodySchema,
  confirmMessages,
  mineMessage,
  mineValues,
  optionIdSchema,
  type QuoteDetail,
  type QuoteSummary,
  type QuotesResponse,
  quoteStatuses,
} from '../../contract/quotes'
import { safeString } from '../../contract/text'
import { appendAudit, createdFields, customerAudit } from '../audit/audit'
import type { LiveSessions } from '../auth/live-sessions'
import { requireSession, type SessionEnv } from '../auth/session'
import { confirmQuote } from '../bookings/create'
import type { Database } from '../db/schema'
import type { PlaceIndex } from '../locations/locations'
import type { Mailer } from '../mail/index'
import {
  createRouter,
  documents,
  errorResponse,
  errorResponses,
  json,
  jsonBody,
  limitJsonBody,
  MessageSchema,
  opaque,
  bearerSecurity as security,
  unauthenticatedResponse as unauthenticated,
} from '../openapi'
import { quoteService } from '../quotes/service'
import type { RateSheets } from '../rates/rate-sheets'
import { declineOffer } from '../sales/offers'
import { OfferVersionSchema, PlaceSchema, SailingSchema } from '../schemas'

export interface QuoteDeps {
  db: Kysely<Database>
  now: () => Date
  mailer: Mailer
  /** Where requests for a manual quote are mailed (SALES_EMAIL). */
  salesEmail: string
  places: PlaceIndex
  /** The rate sheets, exchange rates and tariffs as this process holds them. */
  rateSheets: RateSheets
  sessions: LiveSessions
  /** The client's address (clientIp with TRUST_PROXY), for the audit trail. */
  clientIp: (c: Context) => string
}

// ---- OpenAPI shapes ------------------------------------------------------------------------------------

const PlaceRef = z.object({ code: z.string(), name: z.string(), country_code: z.string() })

const QuoteDetailSchema = documents<QuoteDetail>()(
  z
    .object({
      number: z.string().openapi({ example: 'ESQ-2026000042' }),
      status: z.enum(quoteStatuses),
      kind: z.enum(['priced', 'requested']),
      mode: z.enum(modes),
      origin: PlaceSchema,
      destination: PlaceSchema,
      request: opaque<QuoteRequest>('The request as priced (QuoteRequest)'),
      services: opaque<ServiceSelection>('The additional services last chosen (ServiceSelection)'),
      chosenOptionId: z.int().nullable(),
      options: z.array(
        z.object({
          id: z.int(),
          carrier: z.string(),
          service: z.string(),
          transitDays: z.int(),
          validTo: z.string(),
          totalUsd: z.int().openapi({ description: 'All-in total without services, USD cents' }),
          lane: opaque<RateLane>('The rate sheet as priced, for pricing services in the browser (RateLane)'),
          sailing: SailingSchema.nullable().openapi({
            description:
              'The sailing or flight for the ready date; null when the sheet publishes no schedule',
          }),
        }),
      ),
      fx: z
        .record(z.string(), z.number())
        .openapi({ description: 'Units per USD in millionths, as stored on the quote' }),
      serviceTariffs: z
        .object({
          origin: opaque<ServiceTariff>('ServiceTariff'),
          destination: opaque<ServiceTariff>('ServiceTariff'),
        })
        .openapi({ description: 'Customs, insurance and trucking tariffs at origin and destination' }),
      firstLclEligible: z.boolean(),
      validTo: z.string().nullable(),
      createdAt: z.string(),
      booking: z.object({ number: z.string(), status: z.string() }).nullable(),
      requotedFrom: z.string().nullable(),
      notes: z.string().nullable(),
      madeBy: z.string().openapi({ description: 'The name of the person of the company who made it' }),
      salesDesk: z
        .object({
          state: z.enum(deskStates),
          declineReason: z.string().nullable(),
          offers: z.array(OfferVersionSchema),
        })
        .nullable()
        .openapi({
          description:
            'A request our sales team prices: where it stands and every offer version (newest first)',
        }),
    })
    .openapi('Quote'),
)

const QuoteSummarySchema = documents<QuoteSummary>()(
  z
    .object({
      number: z.string(),
      status: z.enum(quoteStatuses),
      mode: z.enum(modes),
      origin: PlaceRef,
      destination: PlaceRef,
      totalUsd: z.int().nullable(),
      carrier: z.string().nullable(),
      validTo: z.string().nullable(),
      createdAt: z.string(),
      bookingNumber: z.string().nullable(),
      pricedBySales: z.boolean().openapi({ description: 'Priced by our sales team' }),
      madeBy: z.string().openapi({ description: 'The name of the person of the company who made it' }),
    })
    .openapi('QuoteSummary'),
)

const NumberParam = z.object({
  number: z
    .string()
    .regex(/^ESQ-\d{10}$/, confirmMessages.notFound)
    .openapi({ param: { name: 'number', in: 'path' }, example: 'ESQ-2026000042' }),
})

const notFound = { 404: errorResponse(`Not this company's quote, or none: \`${confirmMessages.notFound}\``) }

const createQuoteRoute = createRoute({
  method: 'post',
  operationId: 'createQuote',
  path: '/quotes',
  tags: ['Quotes'],
  summary: 'Price a request on every rate sheet in force for its lane and store the quote with its options',
  security,
  request: jsonBody(quoteRequestSchema),
  responses: {
    201: {
      description: 'The quote, its options cheapest first',
      ...json(z.object({ quote: QuoteDetailSchema })),
    },
    200: {
      description: `No sheet has an instant rate (\`quote: null\`): ${confirmMessages.noInstantRate}`,
      ...json(z.object({ quote: z.null() })),
    },
    ...unauthenticated,
    ...errorResponses.validationError,
    ...errorResponses.serverError,
  },
})

const listQuotesRoute = createRoute({
  method: 'get',
  operationId: 'listQuotes',
  path: '/quotes',
  tags: ['Quotes'],
  summary: "The company's quotes, newest first; filter by status and mode, search by number or place",
  security,
  request: {
    query: z.object({
      status: z.enum(quoteStatuses).optional(),
      mode: z.enum(modes).optional(),
      q: z.string().trim().max(80).optional().openapi({ description: 'Quote number, place code or name' }),
      mine: z.enum(mineValues, { error: mineMessage }).optional().openapi({
        description: "Mine (`true`): only the quotes the signed-in user made; else the whole company's",
      }),
    }),
  },
  responses: {
    200: { description: 'The quotes', ...json(z.object({ quotes: z.array(QuoteSummarySchema) })) },
    ...unauthenticated,
    ...errorResponses.validationError,
    ...errorResponses.serverError,
  },
})

const getQuoteRoute = createRoute({
  method: 'get',
  operationId: 'getQuote',
  path: '/quotes/{number}',
  tags: ['Quotes'],
  summary: 'One quote of the company with its options, services, exchange rates and tariffs',
  security,
  request: { params: NumberParam },
  responses: {
    200: { description: 'The quote', ...json(z.object({ quote: QuoteDetailSchema })) },
    ...unauthenticated,
    ...notFound,
    ...errorResponses.validationError,
    ...errorResponses.serverError,
  },
})

const PriceBody = z.object({ optionId: optionIdSchema, services: serviceSelectionSchema })

const priceRoute = createRoute({
  method: 'post',
  operationId: 'priceQuoteServices',
  path: '/quotes/{number}/price',
  tags: ['Quotes'],
  summary: 'Price an option with additional services, line by line, and keep the choice on the quote',
  security,
  request: { params: NumberParam, ...jsonBody(PriceBody) },
  responses: {
    200: {
      description: 'The price in USD cents with the SGD equivalent at the rate stored on the quote',
      ...json(z.object({ price: opaque<QuotePrice>('QuotePrice'), validTo: z.string() })),
    },
    ...unauthenticated,
    ...notFound,
    ...errorResponses.validationError,
    ...errorResponses.serverError,
  },
})

/** The contract's schema as it is (contract schemas are made before zod has `.openapi`). */
const confirmBody = {
  body: {
    required: true,
    description:
      "The confirmation form: `pickupAddress` is required (10 to 500 characters) when `services.pickup` is a zone, `deliveryAddress` when `services.delivery` is; `shownTotalUsd` is the total the customer saw (USD cents), and a different price on the server answers 409. For an FCL quote `containerWeightsKg` is required: the gross weight of each container of its request in order (kg, cargo and packing without the tare: the VGM), each at most its type's bound (20GP 28,200, 20RF 27,500, 40' and 45' types 29,000), else 422 naming `containerWeightsKg.N`. The shipper, consignee and notify party are saved into the company's address book (/api/parties)",
    ...json(confirmBodySchema),
  },
}

const confirmRoute = createRoute({
  method: 'post',
  operationId: 'confirmQuote',
  path: '/quotes/{number}/confirm',
  tags: ['Quotes'],
  summary: 'Confirm an option into a booking (re-priced on the server; idempotent: one booking per quote)',
  security,
  request: { params: NumberParam, ...confirmBody },
  responses: {
    201: {
      description: 'The booking made',
      ...json(z.object({ booking: z.object({ number: z.string(), status: z.string() }) })),
    },
    200: {
      description: 'The quote was already confirmed: its booking',
      ...json(z.object({ booking: z.object({ number: z.string(), status: z.string() }) })),
    },
    409: errorResponse(
      `\`${confirmMessages.priceChanged}\` (with \`price\`), or \`${confirmMessages.requested}\``,
    ),
    410: errorResponse(`\`${confirmMessages.expired}\``),
    ...unauthenticated,
    ...notFound,
    ...errorResponses.validationError,
    ...errorResponses.serverError,
  },
})

const requoteRoute = createRoute({
  method: 'post',
  operationId: 'requoteQuote',
  path: '/quotes/{number}/requote',
  tags: ['Quotes'],
  summary: 'Price the request of a quote again at current rates, as a new quote',
  security,
  request: { params: NumberParam },
  responses: {
    201: { description: 'The new quote', ...json(z.object({ quote: QuoteDetailSchema })) },
    200: { description: 'No instant rate now (`quote: null`)', ...json(z.object({ quote: z.null() })) },
    ...unauthenticated,
    ...notFound,
    ...errorResponses.validationError,
    ...errorResponses.serverError,
  },
})

const declineRoute = createRoute({
  method: 'post',
  operationId: 'declineOffer',
  path: '/quotes/{number}/decline',
  tags: ['Quotes'],
  summary:
    "Decline the sales team's offer for a requested quote, with a reason (they may send a revised one)",
  security,
  request: { params: NumberParam, ...jsonBody(declineSchema) },
  responses: {
    200: { description: `\`${deskMessages.declined}\``, ...json(MessageSchema) },
    409: errorResponse(
      'Not an offer of our sales team, or no longer open: `Not possible while the request is …`',
    ),
    ...unauthenticated,
    ...notFound,
    ...errorResponses.validationError,
    ...errorResponses.serverError,
  },
})

const manualRoute = createRoute({
  method: 'post',
  operationId: 'requestManualQuote',
  path: '/quote-requests',
  tags: ['Quotes'],
  summary: 'Ask the sales team to price a lane without an instant rate; listed in My Quotes as Requested',
  security,
  request: jsonBody(
    z
      .object({
        request: quoteRequestSchema,
        notes: safeString().trim().max(quoteLimits.notesMax).optional(),
      })
      .openapi('ManualQuoteRequest'),
  ),
  responses: {
    201: { description: 'The requested quote', ...json(z.object({ quote: QuoteDetailSchema })) },
    ...unauthenticated,
    ...errorResponses.validationError,
    ...errorResponses.serverError,
  },
})

// ---- The handlers: validate (the schemas above), call the service, answer ------------------------------

export function quoteRoutes({
  db,
  now,
  mailer,
  salesEmail,
  places,
  rateSheets,
  sessions,
  clientIp,
}: QuoteDeps) {
  const router = createRouter<SessionEnv>()
  const session = requireSession(sessions, now)
  // '/quotes/*' also matches '/quotes' itself: one registration, so the session is looked up once.
  router.use('/quotes/*', session, limitJsonBody())
  router.use('/quote-requests', session, limitJsonBody())
  const quotes = quoteService({ db, now, mailer, salesEmail, places, rateSheets })
  // Each outcome's body is the one its status documents; the union is too wide for the typed route.
  const answer = <S extends 200 | 201 | 404 | 409 | 410 | 422>(
    c: Context,
    { status, body }: { status: S; body: unknown },
  ) => c.json(body as never, status)
  const audit = (c: Context<SessionEnv>) => customerAudit(c.var.session, clientIp(c))

  return router
    .openapi(createQuoteRoute, async (c) =>
      answer(c, await quotes.create(c.var.session, c.req.valid('json') as QuoteRequest, audit(c))),
    )
    .openapi(listQuotesRoute, async (c) => {
      const { mine, ...filters } = c.req.valid('query')
      const { customerId, userId } = c.var.session
      const list = await quotes.list(customerId, filters, mine === 'true' ? userId : undefined)
      return c.json({ quotes: list } satisfies QuotesResponse, 200)
    })
    .openapi(getQuoteRoute, async (c) =>
      answer(c, await quotes.get(c.var.session.customerId, c.req.valid('param').number)),
    )
    .openapi(priceRoute, async (c) => {
      const { optionId, services } = c.req.valid('json')
      const { number } = c.req.valid('param')
      return answer(
        c,
        await quotes.price(c.var.session.customerId, number, optionId, services as ServiceSelection),
      )
    })
    .openapi(confirmRoute, async (c) =>
      answer(
        c,
        await confirmQuote(
          { db, now, mailer, quotes },
          c.var.session,
          c.req.valid('param').number,
          c.req.valid('json'),
          audit(c),
        ),
      ),
    )
    .openapi(requoteRoute, async (c) =>
      answer(c, await quotes.requote(c.var.session, c.req.valid('param').number, audit(c))),
    )
    .openapi(declineRoute, async (c) => {
      const { number } = c.req.valid('param')
      const { reason } = c.req.valid('json')
      const { customerId } = c.var.session
      const at = now()
      // The decline and its audit row in one transaction (declineOffer joins the caller's).
      const outcome = await db.transaction().execute(async (trx) => {
        const declined = await declineOffer(trx, customerId, number, reason, at)
        if (declined.status === 200) {
          await appendAudit(
            trx,
            {
              ...audit(c),
              action: 'offer.declined',
              recordType: 'quote',
              recordId: number,
              customerId,
              changes: createdFields({ declineReason: reason }),
            },
            at,
          )
        }
        return declined
      })
      return c.json(outcome.body, outcome.status)
    })
    .openapi(manualRoute, async (c) => {
      const { request, notes } = c.req.valid('json') as { request: QuoteRequest; notes?: string }
      return answer(c, await quotes.requestManual(c.var.session, request, notes, audit(c)))
    })
}
