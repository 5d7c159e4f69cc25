/** The quotes' operations as the OpenAPI document describes them (quotes.ts serves them). */
import { createRoute, z } from '@hono/zod-openapi'
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
  quoteStatuses,
  SAME_SEARCH_REOPENS_MINUTES,
} from '../../contract/quotes'
import { safeString } from '../../contract/text'
import {
  documents,
  errorResponse,
  errorResponses,
  json,
  jsonBody,
  MessageSchema,
  opaque,
  bearerSecurity as security,
  unauthenticatedResponse as unauthenticated,
} from '../openapi'
import {
  CarriageLegSchema,
  EmissionFactorsSchema,
  OfferVersionSchema,
  PlaceSchema,
  SailingSchema,
} from '../schemas'

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
          carriage: z.array(CarriageLegSchema).nullable().openapi({
            description:
              'The main carriage by leg for its emissions (through the port the service names); null when a place has no coordinates',
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
      emissionFactors: EmissionFactorsSchema,
      firstLclEligible: z.boolean(),
      validTo: z.string().nullable(),
      createdAt: z.string(),
      booking: z.object({ number: z.string(), status: z.string() }).nullable(),
      requotedFrom: z.string().nullable(),
      notes: z.string().nullable(),
      madeBy: z.string().openapi({ description: 'The name of the person of the company who made it' }),
      pricedBy: z
        .string()
        .nullable()
        .openapi({ description: 'Who of our sales team sent the offer in force; null for an instant quote' }),
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
      totalUsd: z.int().nullable().openapi({
        description:
          "USD cents: a booked quote's booking total (freight and services as booked), else the chosen or cheapest option's freight total",
      }),
      totalOf: z.enum(['booking', 'quote']).nullable().openapi({ description: 'Which total totalUsd is' }),
      carrier: z.string().nullable(),
      validTo: z.string().nullable(),
      createdAt: z.string(),
      bookingNumber: z.string().nullable(),
      pricedBySales: z.boolean().openapi({ description: 'Priced by our sales team' }),
      madeBy: z.string().openapi({ description: 'The name of the person of the company who made it' }),
      pricedBy: z
        .string()
        .nullable()
        .openapi({ description: 'Who of our sales team sent the offer in force' }),
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

export const createQuoteRoute = createRoute({
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
      description: `The company's open quote of the same request, made within the last ${SAME_SEARCH_REOPENS_MINUTES} minutes, reopened instead of storing another (\`reopened: true\`); or no sheet has an instant rate (\`quote: null\`): ${confirmMessages.noInstantRate}`,
      ...json(z.object({ quote: QuoteDetailSchema.nullable(), reopened: z.literal(true).optional() })),
    },
    ...unauthenticated,
    ...errorResponses.validationError,
    ...errorResponses.serverError,
  },
})

export const listQuotesRoute = createRoute({
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

export const getQuoteRoute = createRoute({
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

export const priceRoute = createRoute({
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

export const confirmRoute = createRoute({
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

export const requoteRoute = createRoute({
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

export const declineRoute = createRoute({
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

export const manualRoute = createRoute({
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
