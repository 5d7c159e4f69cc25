import { createRoute, z } from '@hono/zod-openapi'
import type { Kysely } from 'kysely'
import { priceQuote } from '../../contract/pricing/price'
import { quoteLimits, quoteRequestSchema, serviceSelectionSchema } from '../../contract/pricing/rules'
import {
  modes,
  noServices,
  type PricingContext,
  type QuotePrice,
  type QuoteRequest,
  type RateLane,
  type ServiceSelection,
} from '../../contract/pricing/types'
import {
  type BookingCreated,
  type CreateQuoteResponse,
  confirmBodySchema,
  confirmMessages,
  optionIdSchema,
  type PriceResponse,
  type QuoteDetail,
  type QuoteSummary,
  type QuotesResponse,
  quoteStatus,
  quoteStatuses,
  singaporeDate,
} from '../../contract/quotes'
import { safeString } from '../../contract/text'
import type { ErrorBody, Place } from '../../contract/wire'
import type { LiveSessions } from '../auth/live-sessions'
import { requireSession, type SessionEnv } from '../auth/session'
import type { PlaceIndex } from '../db/locations'
import {
  findQuote,
  firstLclEligible,
  insertBooking,
  insertQuote,
  listQuotes,
  nextNumber,
  placeNames,
  type StoredQuote,
  saveChoice,
} from '../db/quotes'
import type { RateSheets } from '../db/rate-sheets'
import type { Database, LocationRow } from '../db/schema'
import type { Mailer } from '../mail/index'
import { bookingReceivedMail, quoteRequestMail } from '../mail/templates'
import {
  createRouter,
  errorResponse,
  errorResponses,
  json,
  jsonBody,
  limitJsonBody,
  opaque,
  bearerSecurity as security,
  unauthenticatedResponse as unauthenticated,
} from '../openapi'
import { priceRequest } from '../quotes/price-request'

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
}

// ---- OpenAPI shapes ------------------------------------------------------------------------------------

const PlaceRef = z.object({ code: z.string(), name: z.string(), country_code: z.string() })

const QuoteDetailSchema = z
  .object({
    number: z.string().openapi({ example: 'ESQ-2026000042' }),
    status: z.enum(quoteStatuses),
    kind: z.enum(['priced', 'requested']),
    mode: z.enum(modes),
    origin: opaque('The origin place'),
    destination: opaque('The destination place'),
    request: opaque('The request as priced (QuoteRequest)'),
    services: opaque('The additional services last chosen'),
    chosenOptionId: z.int().nullable(),
    options: z.array(
      z.object({
        id: z.int(),
        carrier: z.string(),
        service: z.string(),
        transitDays: z.int(),
        validTo: z.string(),
        totalUsd: z.int().openapi({ description: 'All-in total without services, USD cents' }),
        lane: opaque('The rate sheet as priced, for pricing services in the browser'),
      }),
    ),
    fx: z
      .record(z.string(), z.number())
      .openapi({ description: 'Units per USD in millionths, as stored on the quote' }),
    serviceTariffs: opaque('Customs, insurance and trucking tariffs at origin and destination'),
    firstLclEligible: z.boolean(),
    validTo: z.string().nullable(),
    createdAt: z.string(),
    booking: z.object({ number: z.string(), status: z.string() }).nullable(),
    requotedFrom: z.string().nullable(),
    notes: z.string().nullable(),
  })
  .openapi('Quote')

const QuoteSummarySchema = z
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
  })
  .openapi('QuoteSummary')

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
      ...json(z.object({ price: opaque('QuotePrice'), validTo: z.string() })),
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
      'The confirmation form: `pickupAddress` is required (10 to 500 characters) when `services.pickup` is a zone, `deliveryAddress` when `services.delivery` is; `shownTotalUsd` is the total the customer saw (USD cents), and a different price on the server answers 409',
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

// ---- The work ------------------------------------------------------------------------------------------

function toPlace(row: LocationRow | undefined, code: string): Place {
  return row
    ? {
        code: row.code,
        kind: row.kind,
        name: row.name,
        city: row.city,
        country_code: row.country_code,
        country_name: row.country_name,
        time_zone: row.time_zone,
      }
    : { code, kind: 'port', name: code, city: '', country_code: '', country_name: '', time_zone: null }
}

export function quoteRoutes({ db, now, mailer, salesEmail, places, rateSheets, sessions }: QuoteDeps) {
  const router = createRouter<SessionEnv>()
  const session = requireSession(sessions, now)
  const { reference } = rateSheets
  // '/quotes/*' also matches '/quotes' itself: one registration, so the session is looked up once.
  router.use('/quotes/*', session, limitJsonBody())
  router.use('/quote-requests', session, limitJsonBody())

  /** Places exist and suit the mode; the ready date is not past. Field errors, or undefined. */
  async function requestErrors(request: QuoteRequest): Promise<ErrorBody | undefined> {
    const errors: Record<string, string[]> = {}
    const kind = request.mode === 'AIR' ? 'airport' : 'port'
    const message = kind === 'airport' ? confirmMessages.chooseAirport : confirmMessages.choosePort
    for (const field of ['origin', 'destination'] as const) {
      const place = await places.get(request[field])
      if (place?.kind !== kind) errors[field] = [message]
    }
    if (request.readyDate < singaporeDate(now())) errors.readyDate = [confirmMessages.readyDatePast]
    const first = Object.values(errors)[0]?.[0]
    return first ? { message: first, errors } : undefined
  }

  /** Prices and stores a quote in one statement; its detail as stored, or undefined when nothing is offered. */
  async function storeQuote(
    customerId: number,
    userId: number,
    request: QuoteRequest,
    extra: { kind: 'priced'; requotedFrom?: { id: number; number: string } },
  ): Promise<QuoteDetail | undefined> {
    const priced = await priceRequest({ db, places, reference, lanes: rateSheets }, request, customerId)
    if (priced.options.length === 0) return undefined
    const at = now()
    const quote = {
      customerId,
      userId,
      kind: extra.kind,
      request,
      services: noServices,
      firstLclEligible: priced.eligible,
      fx: priced.fx,
      serviceTariffs: priced.tariffs,
      requotedFrom: extra.requotedFrom?.id ?? null,
      notes: null,
      createdAt: at,
      options: priced.options,
    }
    const inserted = await insertQuote(db, quote)
    // The answer is built from what was just stored, not read back.
    return toDetail(
      {
        quote: {
          number: inserted.number,
          kind: quote.kind,
          mode: request.mode,
          origin: request.origin,
          destination: request.destination,
          request,
          services: quote.services,
          chosen_option_id: null,
          fx: quote.fx,
          service_tariffs: quote.serviceTariffs,
          created_at: at,
          notes: null,
        },
        options: priced.options.map(({ lane, totalUsd }, index) => ({
          id: inserted.optionIds[index] as number,
          carrier: lane.carrier,
          lane,
          transit_days: lane.transitDays,
          valid_to: lane.validTo,
          total_usd: totalUsd,
        })),
        booking: undefined,
        requotedFromNumber: extra.requotedFrom?.number ?? null,
      },
      priced.eligible,
    )
  }

  /** The pricing context of a stored option, with the company's first-LCL eligibility as it is now. */
  async function contextOf(
    conn: Kysely<Database>,
    stored: StoredQuote,
    lane: RateLane,
    services: ServiceSelection,
    customerId: number,
  ): Promise<PricingContext> {
    const { quote } = stored
    const [origin, destination, eligible] = await Promise.all([
      places.get(quote.origin),
      places.get(quote.destination),
      quote.mode === 'LCL' ? firstLclEligible(conn, customerId) : Promise.resolve(false),
    ])
    return {
      lane,
      request: quote.request,
      services,
      originServices: quote.service_tariffs.origin,
      destinationServices: quote.service_tariffs.destination,
      fx: quote.fx,
      firstLclEligible: eligible,
      originCountry: origin?.country_code ?? '',
      destinationCountry: destination?.country_code ?? '',
    }
  }

  async function detail(customerId: number, number: string): Promise<QuoteDetail | undefined> {
    const stored = await findQuote(db, customerId, number)
    if (!stored) return undefined
    const eligible = stored.quote.mode === 'LCL' ? await firstLclEligible(db, customerId) : false
    return toDetail(stored, eligible)
  }

  async function toDetail(
    stored: {
      quote: Pick<
        StoredQuote['quote'],
        | 'number'
        | 'kind'
        | 'mode'
        | 'origin'
        | 'destination'
        | 'request'
        | 'services'
        | 'chosen_option_id'
        | 'fx'
        | 'service_tariffs'
        | 'created_at'
        | 'notes'
      >
      options: Pick<
        StoredQuote['options'][number],
        'id' | 'carrier' | 'lane' | 'transit_days' | 'valid_to' | 'total_usd'
      >[]
      booking: StoredQuote['booking']
      requotedFromNumber: string | null
    },
    eligible: boolean,
  ): Promise<QuoteDetail> {
    const { quote, options, booking, requotedFromNumber } = stored
    const [origin, destination] = await Promise.all([places.get(quote.origin), places.get(quote.destination)])
    const chosen = options.find((o) => o.id === quote.chosen_option_id)
    const validTo =
      quote.kind === 'requested'
        ? null
        : (chosen?.valid_to ??
          options
            .map((o) => o.valid_to)
            .sort()
            .at(-1) ??
          null)
    return {
      number: quote.number,
      status: quoteStatus({ kind: quote.kind, booked: Boolean(booking), validTo }, singaporeDate(now())),
      kind: quote.kind,
      mode: quote.mode,
      origin: toPlace(origin, quote.origin),
      destination: toPlace(destination, quote.destination),
      request: quote.request,
      services: quote.services,
      chosenOptionId: quote.chosen_option_id,
      options: options.map((o) => ({
        id: o.id,
        carrier: o.carrier,
        service: o.lane.service,
        transitDays: o.transit_days,
        validTo: o.valid_to,
        totalUsd: Number(o.total_usd),
        lane: o.lane,
      })),
      fx: quote.fx,
      serviceTariffs: quote.service_tariffs,
      firstLclEligible: eligible,
      validTo,
      createdAt: quote.created_at.toISOString(),
      booking: booking ?? null,
      requotedFrom: requotedFromNumber,
      notes: quote.notes,
    }
  }

  const notFoundBody = { message: confirmMessages.notFound } satisfies ErrorBody

  return router
    .openapi(createQuoteRoute, async (c) => {
      const request = c.req.valid('json') as QuoteRequest
      const invalid = await requestErrors(request)
      if (invalid) return c.json(invalid, 422)
      const { customerId, userId } = c.var.session
      const quote = await storeQuote(customerId, userId, request, { kind: 'priced' })
      if (!quote) return c.json({ quote: null } satisfies CreateQuoteResponse, 200)
      return c.json({ quote } satisfies CreateQuoteResponse, 201)
    })
    .openapi(listQuotesRoute, async (c) => {
      const { status, mode, q } = c.req.valid('query')
      const { customerId } = c.var.session
      const rows = await listQuotes(db, customerId)
      const names = await placeNames(
        db,
        rows.flatMap((r) => [r.origin, r.destination]),
      )
      const today = singaporeDate(now())
      const place = (code: string) => names.get(code) ?? { code, name: code, country_code: '' }
      const needle = q?.toLowerCase()
      const quotes: QuoteSummary[] = rows
        .map((row) => {
          const validTo =
            row.kind === 'requested' ? null : (row.chosen_valid_to ?? row.latest_valid_to ?? null)
          return {
            number: row.number,
            status: quoteStatus({ kind: row.kind, booked: Boolean(row.booking_number), validTo }, today),
            mode: row.mode,
            origin: place(row.origin),
            destination: place(row.destination),
            totalUsd:
              row.chosen_total != null
                ? Number(row.chosen_total)
                : row.cheapest_total != null
                  ? Number(row.cheapest_total)
                  : null,
            carrier: row.chosen_carrier ?? row.cheapest_carrier ?? null,
            validTo,
            createdAt: row.created_at.toISOString(),
            bookingNumber: row.booking_number ?? null,
          }
        })
        .filter((quote) => (!status || quote.status === status) && (!mode || quote.mode === mode))
        .filter(
          (quote) =>
            !needle ||
            [
              quote.number,
              quote.origin.code,
              quote.origin.name,
              quote.destination.code,
              quote.destination.name,
              quote.bookingNumber ?? '',
            ]
              .join(' ')
              .toLowerCase()
              .includes(needle),
        )
      return c.json({ quotes } satisfies QuotesResponse, 200)
    })
    .openapi(getQuoteRoute, async (c) => {
      const quote = await detail(c.var.session.customerId, c.req.valid('param').number)
      return quote ? c.json({ quote }, 200) : c.json(notFoundBody, 404)
    })
    .openapi(priceRoute, async (c) => {
      const { number } = c.req.valid('param')
      const { optionId, services } = c.req.valid('json')
      const { customerId } = c.var.session
      const stored = await findQuote(db, customerId, number)
      if (!stored) return c.json(notFoundBody, 404)
      const option = stored.options.find((o) => o.id === optionId)
      if (!option) {
        return c.json(
          { message: confirmMessages.optionRequired, errors: { optionId: [confirmMessages.optionRequired] } },
          422,
        )
      }
      const price = priceQuote(
        await contextOf(db, stored, option.lane, services as ServiceSelection, customerId),
      )
      if (!stored.booking) await saveChoice(db, stored.quote.id, optionId, services as ServiceSelection)
      return c.json({ price, validTo: option.valid_to } satisfies PriceResponse, 200)
    })
    .openapi(confirmRoute, async (c) => {
      const { number } = c.req.valid('param')
      const input = c.req.valid('json')
      const { services } = input
      const { customerId, userId, user } = c.var.session
      const at = now()
      const outcome = await db.transaction().execute(async (trx) => {
        const stored = await findQuote(trx, customerId, number, true)
        if (!stored) return { status: 404 as const, body: notFoundBody }
        if (stored.booking) return { status: 200 as const, body: { booking: stored.booking } }
        if (stored.quote.kind === 'requested')
          return { status: 409 as const, body: { message: confirmMessages.requested } }
        const option = stored.options.find((o) => o.id === input.optionId)
        if (!option) {
          return {
            status: 422 as const,
            body: {
              message: confirmMessages.optionRequired,
              errors: { optionId: [confirmMessages.optionRequired] },
            },
          }
        }
        if (option.valid_to < singaporeDate(at))
          return { status: 410 as const, body: { message: confirmMessages.expired } }
        const price: QuotePrice = priceQuote(await contextOf(trx, stored, option.lane, services, customerId))
        if (price.totalUsd !== input.shownTotalUsd) {
          return { status: 409 as const, body: { message: confirmMessages.priceChanged, price } }
        }
        const bookingNumber = await nextNumber(trx, 'ESB', at.getUTCFullYear())
        const {
          shownTotalUsd: _shown,
          acceptTerms: _terms,
          optionId: _option,
          services: _services,
          ...details
        } = input
        const booking = await insertBooking(trx, {
          number: bookingNumber,
          customerId,
          userId,
          quoteId: stored.quote.id,
          optionId: option.id,
          mode: stored.quote.mode,
          carrier: option.carrier,
          origin: stored.quote.origin,
          destination: stored.quote.destination,
          details: {
            ...details,
            services,
            carrier: option.carrier,
            service: option.lane.service,
          },
          price,
          createdAt: at,
        })
        await saveChoice(trx, stored.quote.id, option.id, services)
        await mailer.queue(
          trx,
          bookingReceivedMail({
            to: user.esus_email_id,
            name: user.esus_name,
            bookingNumber,
            quoteNumber: stored.quote.number,
            lane: `${stored.quote.origin} to ${stored.quote.destination}`,
            mode: stored.quote.mode,
            carrier: option.carrier,
            totalUsd: price.totalUsd,
            bookingsLink: `${mailer.appUrl}/user/bookings`,
          }),
          at,
        )
        return { status: 201 as const, body: { booking } satisfies { booking: BookingCreated } }
      })
      // Each outcome's body is the one its status documents; the union is too wide for the typed route.
      return c.json(outcome.body as never, outcome.status)
    })
    .openapi(requoteRoute, async (c) => {
      const { customerId, userId } = c.var.session
      const stored = await findQuote(db, customerId, c.req.valid('param').number)
      if (!stored) return c.json(notFoundBody, 404)
      const today = singaporeDate(now())
      const old = stored.quote.request
      const request = { ...old, readyDate: old.readyDate < today ? today : old.readyDate }
      const quote = await storeQuote(customerId, userId, request, {
        kind: 'priced',
        requotedFrom: { id: stored.quote.id, number: stored.quote.number },
      })
      if (!quote) return c.json({ quote: null }, 200)
      return c.json({ quote }, 201)
    })
    .openapi(manualRoute, async (c) => {
      const { request, notes } = c.req.valid('json') as { request: QuoteRequest; notes?: string }
      const invalid = await requestErrors(request)
      if (invalid) return c.json(invalid, 422)
      const { customerId, userId, user } = c.var.session
      const at = now()
      const { fx, tariff } = await reference.get()
      const [origin, destination] = await Promise.all([
        places.get(request.origin),
        places.get(request.destination),
      ])
      const number = await db.transaction().execute(async (trx) => {
        const { number: quoteNumber } = await insertQuote(trx, {
          customerId,
          userId,
          kind: 'requested',
          request,
          services: noServices,
          firstLclEligible: false,
          fx,
          serviceTariffs: {
            origin: tariff(origin?.country_code ?? ''),
            destination: tariff(destination?.country_code ?? ''),
          },
          requotedFrom: null,
          notes: notes ?? null,
          createdAt: at,
          options: [],
        })
        await mailer.queue(
          trx,
          quoteRequestMail({
            to: salesEmail,
            quoteNumber,
            customer: user.esus_company_name,
            requester: user.esus_name,
            requesterEmail: user.esus_email_id,
            summary: [
              ['Mode', request.mode],
              ['From', `${origin?.name ?? request.origin} (${request.origin})`],
              ['To', `${destination?.name ?? request.destination} (${request.destination})`],
              ['Ready', request.readyDate],
              ['Commodity', request.commodity],
              ['Cargo', JSON.stringify(request.containers ?? request.cargo ?? {})],
              [
                'Hazardous',
                request.hazardous
                  ? `UN${request.hazardous.unNumber}, class ${request.hazardous.dgClass}, PG ${request.hazardous.packingGroup}`
                  : 'No',
              ],
            ],
            notes: notes ?? null,
          }),
          at,
        )
        return quoteNumber
      })
      return c.json({ quote: (await detail(customerId, number)) as QuoteDetail }, 201)
    })
}
