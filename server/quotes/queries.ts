import { type Kysely, sql } from 'kysely'
import type {
  FxRates,
  QuotePrice,
  QuoteRequest,
  RateLane,
  ServiceSelection,
  ServiceTariff,
} from '../../contract/pricing/types'
import type { Database } from '../db/schema'
import { supersededSearch } from './same-search'

/**
 * The next booking or HBL number of a year, as `PREFIX-YYYY` and six digits (ESB-2026000001). One row per
 * kind and year, counted up in the caller's transaction, so numbers are unique across server processes and
 * have no gaps. (Quote numbers come from a sequence: see insertQuote.)
 */
export async function nextNumber(
  db: Kysely<Database>,
  prefix: 'ESB' | 'ESHBL',
  year: number,
): Promise<string> {
  const row = await db
    .insertInto('counters')
    .values({ name: prefix, year, value: 1 })
    .onConflict((oc) =>
      oc.columns(['name', 'year']).doUpdateSet((eb) => ({ value: eb('counters.value', '+', 1) })),
    )
    .returning('value')
    .executeTakeFirstOrThrow()
  if (row.value > 999_999) throw new Error(`${prefix} numbers of ${year} are used up`)
  return `${prefix}-${year}${String(row.value).padStart(6, '0')}`
}

export interface NewQuote {
  customerId: number
  userId: number
  kind: 'priced' | 'requested'
  request: QuoteRequest
  services: ServiceSelection
  firstLclEligible: boolean
  fx: FxRates
  serviceTariffs: { origin: ServiceTariff; destination: ServiceTariff }
  requotedFrom: number | null
  notes: string | null
  createdAt: Date
  /** Cheapest first: the ids come back in this order. */
  options: { lane: RateLane; totalUsd: number }[]
}

export interface InsertedQuote {
  id: number
  number: string
  /** The ids of `options`, in their order. */
  optionIds: number[]
}

/**
 * Numbers and stores a quote with its options in one statement (so it is atomic without a transaction of
 * its own, and costs one round trip): the quote takes the next number of its year's sequence
 * (next_quote_number, server/db/migrations/0012), as ESQ-YYYY and six digits, the options their ids in the
 * order given.
 */
export async function insertQuote(db: Kysely<Database>, quote: NewQuote): Promise<InsertedQuote> {
  const year = quote.createdAt.getUTCFullYear()
  const { request } = quote
  const result = await sql<{ id: number; number: string; option_ids: number[] }>`
    with n as (
      select next_quote_number(${year}) as value
    ), q as (
      insert into quotes (number, customer_id, user_id, kind, mode, origin, destination, request, services,
        first_lcl_eligible, fx, service_tariffs, valid_to, requoted_from, notes, created_at)
      select 'ESQ-' || ${String(year)} || lpad(n.value::text, 6, '0'), ${quote.customerId}, ${quote.userId},
        ${quote.kind}, ${request.mode}, ${request.origin}, ${request.destination}, ${JSON.stringify(request)}::jsonb,
        ${JSON.stringify(quote.services)}::jsonb, ${quote.firstLclEligible}, ${JSON.stringify(quote.fx)}::jsonb,
        ${JSON.stringify(quote.serviceTariffs)}::jsonb, null, ${quote.requotedFrom}, ${quote.notes}, ${quote.createdAt}
      from n
      returning id, number
    ), o as (
      insert into quote_options (quote_id, lane, carrier, transit_days, valid_to, total_usd)
      select q.id, e.item -> 'lane', e.item -> 'lane' ->> 'carrier', (e.item -> 'lane' ->> 'transitDays')::int,
        (e.item -> 'lane' ->> 'validTo')::date, (e.item ->> 'totalUsd')::bigint
      from q, jsonb_array_elements(${JSON.stringify(quote.options)}::jsonb) with ordinality as e(item, ord)
      order by e.ord
      returning id
    )
    select q.id, q.number, coalesce((select array_agg(o.id order by o.id) from o), '{}') as option_ids from q`.execute(
    db,
  )
  const row = result.rows[0]
  if (!row) throw new Error('the quote was not stored')
  return { id: row.id, number: row.number, optionIds: row.option_ids.map(Number) }
}

/** A quote of the customer by its number (another company's is not found), with options and booking. */
export async function findQuote(db: Kysely<Database>, customerId: number, number: string, lock = false) {
  let query = db
    .selectFrom('quotes')
    .selectAll()
    .where('customer_id', '=', customerId)
    .where('number', '=', number)
  if (lock) query = query.forUpdate()
  const quote = await query.executeTakeFirst()
  if (!quote) return undefined
  const [options, booking, requotedFrom] = await Promise.all([
    db
      .selectFrom('quote_options')
      .selectAll()
      .where('quote_id', '=', quote.id)
      .orderBy('total_usd')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('bookings')
      .select(['number', 'status'])
      .where('quote_id', '=', quote.id)
      .executeTakeFirst(),
    quote.requoted_from
      ? db.selectFrom('quotes').select('number').where('id', '=', quote.requoted_from).executeTakeFirst()
      : undefined,
  ])
  return {
    quote,
    options,
    booking,
    requotedFromNumber: requotedFrom?.number ?? null,
  }
}

export type StoredQuote = NonNullable<Awaited<ReturnType<typeof findQuote>>>

/**
 * Every quote of the customer, newest first, but for those a newer quote of the same search supersedes, with
 * what My Quotes shows of its options and booking, who made it and who priced it; with `userId`, only that
 * person's (Mine).
 */
export function listQuotes(db: Kysely<Database>, customerId: number, userId?: number, limit = 500) {
  let query = db
    .selectFrom('quotes as q')
    .innerJoin('users as u', 'u.id', 'q.user_id')
    .leftJoin('bookings as b', 'b.quote_id', 'q.id')
    .leftJoin('quote_options as chosen', 'chosen.id', 'q.chosen_option_id')
    .select((eb) => [
      'q.number',
      'q.kind',
      'q.mode',
      'q.origin',
      'q.destination',
      'q.created_at',
      'u.esus_name as made_by',
      'b.number as booking_number',
      // The booking's price as its page and PDF show it (server/bookings/detail.ts): one source.
      sql<string | null>`(b.price ->> 'totalUsd')::bigint`.as('booking_total'),
      'chosen.total_usd as chosen_total',
      'chosen.carrier as chosen_carrier',
      'chosen.valid_to as chosen_valid_to',
      eb
        .selectFrom('quote_options as o')
        .select((o) => o.fn.min('o.total_usd').as('t'))
        .whereRef('o.quote_id', '=', 'q.id')
        .as('cheapest_total'),
      eb
        .selectFrom('quote_options as o')
        .select((o) => o.fn.max('o.valid_to').as('v'))
        .whereRef('o.quote_id', '=', 'q.id')
        .as('latest_valid_to'),
      eb
        .selectFrom('quote_options as o')
        .select('o.carrier')
        .whereRef('o.quote_id', '=', 'q.id')
        .orderBy('o.total_usd')
        .limit(1)
        .as('cheapest_carrier'),
      eb
        .exists(eb.selectFrom('quote_offers as qo').select('qo.id').whereRef('qo.quote_id', '=', 'q.id'))
        .as('priced_by_sales'),
      // Who sent the offer in force (the customer's byline: madeByLine).
      eb
        .selectFrom('quote_offers as qo')
        .innerJoin('staff_members as s', 's.id', 'qo.staff_id')
        .select('s.name')
        .whereRef('qo.quote_id', '=', 'q.id')
        .where('qo.superseded_at', 'is', null)
        .orderBy('qo.version', 'desc')
        .limit(1)
        .as('priced_by'),
    ])
    .where('q.customer_id', '=', customerId)
    // An older unbooked quote of the same search is left out (same-search.ts).
    .where(sql<boolean>`not ${supersededSearch('q')}`)
  if (userId !== undefined) query = query.where('q.user_id', '=', userId)
  return query.orderBy('q.created_at', 'desc').orderBy('q.id', 'desc').limit(limit).execute()
}

export async function saveChoice(
  db: Kysely<Database>,
  quoteId: number,
  optionId: number,
  services: ServiceSelection,
): Promise<void> {
  await db
    .updateTable('quotes')
    .set({ chosen_option_id: optionId, services: JSON.stringify(services) })
    .where('id', '=', quoteId)
    .execute()
}

/** Whether the company still has its first LCL shipment ahead: no LCL booking of it that stands. */
export async function firstLclEligible(db: Kysely<Database>, customerId: number): Promise<boolean> {
  const { rows } = await sql<{ eligible: boolean }>`
    select not exists (
      select 1 from bookings b where b.customer_id = ${customerId} and ${usesFirstLclOffer('b')}
    ) as eligible`.execute(db)
  return rows[0]?.eligible ?? true
}

/**
 * A booking (table alias `alias`) that uses up the first-LCL offer: an LCL booking that stands (not
 * cancelled). The quote form and the dashboard's offer both ask this.
 */
export const usesFirstLclOffer = (alias: string) =>
  sql`${sql.ref(`${alias}.mode`)} = 'LCL' and ${sql.ref(`${alias}.status`)} <> 'Cancelled'`

export interface NewBooking {
  number: string
  customerId: number
  userId: number
  quoteId: number
  optionId: number
  mode: 'FCL' | 'LCL' | 'AIR'
  carrier: string
  origin: string
  destination: string
  details: Record<string, unknown>
  price: QuotePrice
  createdAt: Date
}

export async function insertBooking(db: Kysely<Database>, booking: NewBooking) {
  return db
    .insertInto('bookings')
    .values({
      number: booking.number,
      customer_id: booking.customerId,
      user_id: booking.userId,
      quote_id: booking.quoteId,
      option_id: booking.optionId,
      mode: booking.mode,
      carrier: booking.carrier,
      origin: booking.origin,
      destination: booking.destination,
      updated_at: booking.createdAt,
      status: 'Booking Received',
      details: JSON.stringify(booking.details),
      price: JSON.stringify(booking.price),
      total_usd: booking.price.totalUsd,
      created_at: booking.createdAt,
    })
    .returning(['number', 'status'])
    .executeTakeFirstOrThrow()
}

/** Names of places by code, for lists. */
export async function placeNames(db: Kysely<Database>, codes: string[]) {
  if (codes.length === 0) return new Map<string, { code: string; name: string; country_code: string }>()
  const rows = await db
    .selectFrom('locations')
    .select(['code', 'name', 'country_code'])
    .where('code', 'in', [...new Set(codes)])
    .execute()
  return new Map(rows.map((row) => [row.code, row]))
}
