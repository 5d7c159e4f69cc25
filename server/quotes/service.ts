/**
 * The quote service: prices a request on the rate sheets in force and stores it, lists and reads a company's
 * quotes, prices an option with the services chosen, requotes, and stores a request for a manual quote with
 * its mail to the sales team. The routes (server/routes/quotes.ts) validate, call it and answer with the
 * status and body it returns; confirming a quote into a booking is server/bookings/create.ts.
 */
import type { Kysely } from 'kysely'
import { plannedSailingFor } from '../../contract/pricing/planned-sailing'
import { priceQuote } from '../../contract/pricing/price'
import {
  type Mode,
  noServices,
  type PricingContext,
  type QuoteRequest,
  type RateLane,
  type ServiceSelection,
} from '../../contract/pricing/types'
import {
  type CreateQuoteResponse,
  confirmMessages,
  type PriceResponse,
  type QuoteDeskView,
  type QuoteDetail,
  type QuoteStatus,
  type QuoteSummary,
  quoteStatus,
  readyDateProblem,
  singaporeDate,
} from '../../contract/quotes'
import type { ErrorBody, Place } from '../../contract/wire'
import { type AuditContext, appendAudit, createdFields } from '../audit/audit'
import type { LiveSession } from '../auth/sessions'
import type { Database, LocationRow } from '../db/schema'
import { type PlaceIndex, placeOf } from '../locations/locations'
import type { Mailer } from '../mail/index'
import { quoteRequestMail } from '../mail/quote-templates'
import type { RateSheets } from '../rates/rate-sheets'
import { deskViewOf } from '../sales/offers'
import { priceRequest } from './price-request'
import {
  findQuote,
  firstLclEligible,
  insertQuote,
  listQuotes,
  placeNames,
  type StoredQuote,
  saveChoice,
} from './queries'

export interface QuoteServiceDeps {
  db: Kysely<Database>
  now: () => Date
  mailer: Mailer
  /** Where requests for a manual quote are mailed (SALES_EMAIL). */
  salesEmail: string
  places: PlaceIndex
  /** The rate sheets, exchange rates and tariffs as this process holds them. */
  rateSheets: RateSheets
}

/** My Quotes' filters as listQuotes' query carries them. */
export interface QuoteListQuery {
  status?: QuoteStatus | undefined
  mode?: Mode | undefined
  q?: string | undefined
}

/** An option the quote does not offer. */
export const optionNotOffered = {
  status: 422 as const,
  body: {
    message: confirmMessages.optionRequired,
    errors: { optionId: [confirmMessages.optionRequired] },
  } satisfies ErrorBody,
}

/** A quote that is not this company's, or none. */
export const quoteNotFound = {
  status: 404 as const,
  body: { message: confirmMessages.notFound } satisfies ErrorBody,
}

/** A stored quote's place, or its bare code when the place is no longer in the data packages. */
function toPlace(row: LocationRow | undefined, code: string): Place {
  return row
    ? placeOf(row)
    : { code, kind: 'port', name: code, city: '', country_code: '', country_name: '', time_zone: null }
}

/** What the audit trail keeps of a new quote's request. */
function quoteFields(request: QuoteRequest) {
  return {
    mode: request.mode,
    origin: request.origin,
    destination: request.destination,
    readyDate: request.readyDate,
  }
}

export function quoteService({ db, now, mailer, salesEmail, places, rateSheets }: QuoteServiceDeps) {
  const { reference } = rateSheets

  /** Places exist and suit the mode; the ready date is not past. Field errors, or undefined. */
  async function requestErrors(request: QuoteRequest): Promise<ErrorBody | undefined> {
    const errors: Record<string, string[]> = {}
    const kind = request.mode === 'AIR' ? 'airport' : 'port'
    const message = kind === 'airport' ? confirmMessages.chooseAirport : confirmMessages.choosePort
    for (const field of ['origin', 'destination'] as const) {
      const place = await places.get(request[field])
      if (place?.kind !== kind) errors[field] = [message]
    }
    const past = readyDateProblem(request.readyDate, singaporeDate(now()))
    if (past) errors.readyDate = [past]
    const first = Object.values(errors)[0]?.[0]
    return first ? { message: first, errors } : undefined
  }

  /** Prices and stores a quote in one statement; its detail as stored, or undefined when nothing is offered. */
  async function storeQuote(
    { customerId, userId, user }: Pick<LiveSession, 'customerId' | 'userId' | 'user'>,
    request: QuoteRequest,
    extra: { kind: 'priced'; requotedFrom?: { id: number; number: string } },
    audit: AuditContext,
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
    // The quote and its audit row, together.
    const inserted = await db.transaction().execute(async (trx) => {
      const stored = await insertQuote(trx, quote)
      await appendAudit(
        trx,
        {
          ...audit,
          action: 'quote.created',
          recordType: 'quote',
          recordId: stored.number,
          customerId,
          changes: createdFields({
            ...quoteFields(request),
            requotedFrom: extra.requotedFrom?.number ?? null,
          }),
        },
        at,
      )
      return stored
    })
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
        madeBy: user.esus_name,
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
    const [eligible, desk, maker] = await Promise.all([
      stored.quote.mode === 'LCL' ? firstLclEligible(db, customerId) : false,
      deskViewOf(db, stored.quote.id, singaporeDate(now())),
      // Who in the company made it (issue 24): the quote page's alone, so not in findQuote.
      db.selectFrom('users').select('esus_name').where('id', '=', stored.quote.user_id).executeTakeFirst(),
    ])
    return toDetail({ ...stored, madeBy: maker?.esus_name ?? '' }, eligible, desk)
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
      /** The name of the person who made it. */
      madeBy: string
    },
    eligible: boolean,
    salesDesk: QuoteDeskView | null = null,
  ): Promise<QuoteDetail> {
    const { quote, options, booking, requotedFromNumber, madeBy } = stored
    const [origin, destination] = await Promise.all([places.get(quote.origin), places.get(quote.destination)])
    const chosen = options.find((o) => o.id === quote.chosen_option_id)
    const today = singaporeDate(now())
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
      status: quoteStatus({ kind: quote.kind, booked: Boolean(booking), validTo }, today),
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
        // Computed, not stored: the sheet's first sailing for the ready date, or for today once that date
        // has passed (the sailing a booking made now would plan: server/bookings/planned-sailing.ts).
        sailing: plannedSailingFor(o.lane, quote.request.readyDate, today),
      })),
      fx: quote.fx,
      serviceTariffs: quote.service_tariffs,
      firstLclEligible: eligible,
      validTo,
      createdAt: quote.created_at.toISOString(),
      booking: booking ?? null,
      requotedFrom: requotedFromNumber,
      notes: quote.notes,
      salesDesk,
      madeBy,
    }
  }

  /** createQuote: 201 with the quote, 200 with none when no sheet offers the lane, 422 for a wrong place or date. */
  async function create(session: LiveSession, request: QuoteRequest, audit: AuditContext) {
    const invalid = await requestErrors(request)
    if (invalid) return { status: 422 as const, body: invalid }
    const quote = await storeQuote(session, request, { kind: 'priced' }, audit)
    if (!quote) return { status: 200 as const, body: { quote: null } satisfies CreateQuoteResponse }
    return { status: 201 as const, body: { quote } satisfies CreateQuoteResponse }
  }

  /**
   * listQuotes: the company's quotes, newest first, filtered by status and mode and searched; with `mineOf`,
   * only that person's (Mine).
   */
  async function list(
    customerId: number,
    { status, mode, q }: QuoteListQuery,
    mineOf?: number,
  ): Promise<QuoteSummary[]> {
    const rows = await listQuotes(db, customerId, mineOf)
    const names = await placeNames(
      db,
      rows.flatMap((r) => [r.origin, r.destination]),
    )
    const today = singaporeDate(now())
    const place = (code: string) => names.get(code) ?? { code, name: code, country_code: '' }
    const needle = q?.toLowerCase()
    return rows
      .map((row) => {
        const validTo = row.kind === 'requested' ? null : (row.chosen_valid_to ?? row.latest_valid_to ?? null)
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
          pricedBySales: Boolean(row.priced_by_sales),
          madeBy: row.made_by,
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
  }

  /** getQuote. */
  async function get(customerId: number, number: string) {
    const quote = await detail(customerId, number)
    return quote ? { status: 200 as const, body: { quote } } : quoteNotFound
  }

  /** priceQuoteServices: the option priced with `services`, which are kept as the quote's choice until it is booked. */
  async function price(customerId: number, number: string, optionId: number, services: ServiceSelection) {
    const stored = await findQuote(db, customerId, number)
    if (!stored) return quoteNotFound
    const option = stored.options.find((o) => o.id === optionId)
    if (!option) return optionNotOffered
    const price = priceQuote(await contextOf(db, stored, option.lane, services, customerId))
    if (!stored.booking) await saveChoice(db, stored.quote.id, optionId, services)
    return { status: 200 as const, body: { price, validTo: option.valid_to } satisfies PriceResponse }
  }

  /** requoteQuote: the request priced again at today's rates (a past ready date moved to today), as a new quote. */
  async function requote(session: LiveSession, number: string, audit: AuditContext) {
    const stored = await findQuote(db, session.customerId, number)
    if (!stored) return quoteNotFound
    const today = singaporeDate(now())
    const old = stored.quote.request
    const request = { ...old, readyDate: old.readyDate < today ? today : old.readyDate }
    const quote = await storeQuote(
      session,
      request,
      { kind: 'priced', requotedFrom: { id: stored.quote.id, number: stored.quote.number } },
      audit,
    )
    if (!quote) return { status: 200 as const, body: { quote: null } }
    return { status: 201 as const, body: { quote } }
  }

  /** requestManualQuote: stored as Requested, and the sales team mailed in the same transaction. */
  async function requestManual(
    session: LiveSession,
    request: QuoteRequest,
    notes: string | undefined,
    audit: AuditContext,
  ) {
    const invalid = await requestErrors(request)
    if (invalid) return { status: 422 as const, body: invalid }
    const { customerId, userId, user } = session
    const at = now()
    const { fx, tariff } = await reference.get()
    const [origin, destination] = await Promise.all([
      places.get(request.origin),
      places.get(request.destination),
    ])
    const number = await db.transaction().execute(async (trx) => {
      const { id: quoteId, number: quoteNumber } = await insertQuote(trx, {
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
      // The request joins the sales desk's queue (server/sales/desk.ts).
      await trx
        .insertInto('quote_desk')
        .values({ quote_id: quoteId, state: 'Requested', updated_at: at })
        .execute()
      await appendAudit(
        trx,
        {
          ...audit,
          action: 'quote.requested',
          recordType: 'quote',
          recordId: quoteNumber,
          customerId,
          changes: createdFields({ ...quoteFields(request), notes: notes ?? null }),
        },
        at,
      )
      return quoteNumber
    })
    return { status: 201 as const, body: { quote: (await detail(customerId, number)) as QuoteDetail } }
  }

  return { create, list, get, price, requote, requestManual, contextOf }
}

export type QuoteService = ReturnType<typeof quoteService>
