/**
 * The quote service: prices a request on the rate sheets in force and stores it, lists and reads a company's
 * quotes (views.ts), prices an option with the services chosen, requotes, and stores a request for a manual
 * quote with its mail to the sales team. The routes (server/routes/quotes.ts) validate, call it and answer with the
 * status and body it returns; confirming a quote into a booking is server/bookings/create.ts.
 */
import type { Kysely } from 'kysely'
import { priceQuote } from '../../contract/pricing/price'
import {
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
  type QuoteDetail,
  readyDateProblem,
  singaporeDate,
} from '../../contract/quotes'
import type { ErrorBody } from '../../contract/wire'
import { type AuditContext, appendAudit, createdFields } from '../audit/audit'
import type { LiveSession } from '../auth/sessions'
import type { Database } from '../db/schema'
import type { PlaceIndex } from '../locations/locations'
import type { Mailer } from '../mail/index'
import { quoteRequestMail } from '../mail/quote-templates'
import type { RateSheets } from '../rates/rate-sheets'
import { priceRequest } from './price-request'
import { findQuote, firstLclEligible, insertQuote, type StoredQuote, saveChoice } from './queries'
import { lockSearch, openSameSearch } from './same-search'
import { quoteViews } from './views'

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
  const { detail, toDetail, list } = quoteViews({ db, now, places })

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

  /**
   * Prices and stores a quote in one statement: its detail as stored, or undefined when nothing is offered. With
   * `sameSearch`, the company's open quote of the same request made a moment ago, when it offers what the
   * request is priced at now, is answered instead (`reopened`, its number), looked up under the search's lock
   * (same-search.ts).
   */
  async function storeQuote(
    { customerId, userId, user }: Pick<LiveSession, 'customerId' | 'userId' | 'user'>,
    request: QuoteRequest,
    extra: { kind: 'priced'; requotedFrom?: { id: number; number: string }; sameSearch?: boolean },
    audit: AuditContext,
  ): Promise<{ quote: QuoteDetail } | { reopened: string } | undefined> {
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
      if (extra.sameSearch) {
        await lockSearch(trx, customerId, request)
        const offered = priced.options.map(({ lane, totalUsd }) => ({
          carrier: lane.carrier,
          service: lane.service,
          validTo: lane.validTo,
          totalUsd,
        }))
        const open = await openSameSearch(trx, customerId, request, offered, at, singaporeDate(at))
        if (open) return { reopened: open }
      }
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
    if ('reopened' in inserted) return inserted
    // The answer is built from what was just stored, not read back.
    const detail = await toDetail(
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
    return { quote: detail }
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

  /**
   * createQuote: 201 with the quote, 200 with the open quote of the same search made a moment ago (reopened,
   * same-search.ts), 200 with none when no sheet offers the lane, 422 for a wrong place or date.
   */
  async function create(session: LiveSession, request: QuoteRequest, audit: AuditContext) {
    const invalid = await requestErrors(request)
    if (invalid) return { status: 422 as const, body: invalid }
    const reopen = async (number: string) => ({
      status: 200 as const,
      body: {
        quote: (await detail(session.customerId, number)) ?? null,
        reopened: true,
      } satisfies CreateQuoteResponse,
    })
    const stored = await storeQuote(session, request, { kind: 'priced', sameSearch: true }, audit)
    if (!stored) return { status: 200 as const, body: { quote: null } satisfies CreateQuoteResponse }
    if ('reopened' in stored) return reopen(stored.reopened)
    return { status: 201 as const, body: { quote: stored.quote } satisfies CreateQuoteResponse }
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
    if (!quote || 'reopened' in quote) return { status: 200 as const, body: { quote: null } }
    return { status: 201 as const, body: { quote: quote.quote } }
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
