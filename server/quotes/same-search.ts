/**
 * The same search twice (issue 34). Pressing "Get quote" again with the same request, in the same company, within
 * SAME_SEARCH_REOPENS_MINUTES of the quote it made, reopens that quote while it is open (an instant quote, not
 * booked, not expired) and the sheets in force still offer what it offers, instead of storing another: createQuote
 * prices the request, then looks the quote up under a lock on the company and request, so two presses at once
 * store one quote. Quotes stored before (or after the window) with
 * the same request are superseded by the newest: My Quotes, the expiry reminders and the sales desk's
 * follow-ups leave out an older one while it is unbooked (supersededSearch). Same request means the request as
 * stored (mode, places, ready date, commodity, cargo, dangerous goods, value) compared as jsonb, so the order of
 * its keys does not matter; the services are chosen on the quote afterwards and are kept with it.
 */
import { type Kysely, sql } from 'kysely'
import type { QuoteRequest } from '../../contract/pricing/types'
import { SAME_SEARCH_REOPENS_MINUTES } from '../../contract/quotes'
import type { Database } from '../db/schema'

/** Holds the company's searches of this request, one at a time, until the caller's transaction ends. */
export async function lockSearch(trx: Kysely<Database>, customerId: number, request: QuoteRequest) {
  await sql`select pg_advisory_xact_lock(hashtext(${`quote-search:${customerId}:`} || ${JSON.stringify(request)}::jsonb::text))`.execute(
    trx,
  )
}

/** An instant quote of no sales request (alias `q`), with no booking. */
const openInstant = (q: string) =>
  sql`${sql.ref(`${q}.kind`)} = 'priced'
    and not exists (select 1 from bookings same_b where same_b.quote_id = ${sql.ref(`${q}.id`)})
    and not exists (select 1 from quote_desk same_d where same_d.quote_id = ${sql.ref(`${q}.id`)})`

/** An option as it is offered: carrier, service, validity and total (what a reopened quote must still offer). */
export interface OfferedOption {
  carrier: string
  service: string
  validTo: string
  totalUsd: number
}

const offerKey = (options: readonly OfferedOption[]) =>
  options
    .map((o) => `${o.carrier}|${o.service}|${o.validTo}|${o.totalUsd}`)
    .sort()
    .join('\n')

/**
 * The company's newest quote of this request made within the window before `now`, when it is open (instant, not
 * booked, an option still valid on `today`) and offers what `offered` (the request priced now) offers: its
 * number, or undefined. A sheet changed since the quote was made (another price or validity) makes a new one.
 */
export async function openSameSearch(
  db: Kysely<Database>,
  customerId: number,
  request: QuoteRequest,
  offered: readonly OfferedOption[],
  now: Date,
  today: string,
): Promise<string | undefined> {
  const since = new Date(now.getTime() - SAME_SEARCH_REOPENS_MINUTES * 60_000)
  const { rows } = await sql<{ number: string; options: OfferedOption[] }>`
    select q.number, (
      select coalesce(json_agg(json_build_object('carrier', o.carrier, 'service', o.lane ->> 'service',
        'validTo', o.valid_to::text, 'totalUsd', o.total_usd::bigint)), '[]')
      from quote_options o where o.quote_id = q.id
    ) as options
    from quotes q
    where q.customer_id = ${customerId} and q.created_at >= ${since} and q.created_at <= ${now}
      and q.request = ${JSON.stringify(request)}::jsonb and ${openInstant('q')}
      and exists (select 1 from quote_options o where o.quote_id = q.id and o.valid_to >= ${today}::date)
    order by q.created_at desc, q.id desc
    limit 1`.execute(db)
  const open = rows[0]
  return open &&
    offerKey(open.options.map((o) => ({ ...o, totalUsd: Number(o.totalUsd) }))) === offerKey(offered)
    ? open.number
    : undefined
}

/**
 * An unbooked instant quote (alias `q`) that a newer instant quote of the same company and request supersedes:
 * a duplicate that lists and follow-ups leave out.
 */
export const supersededSearch = (q: string) =>
  sql<boolean>`(${openInstant(q)} and exists (
    select 1 from quotes same_n
    where same_n.customer_id = ${sql.ref(`${q}.customer_id`)} and same_n.id > ${sql.ref(`${q}.id`)}
      and same_n.kind = 'priced' and same_n.request = ${sql.ref(`${q}.request`)}
      and not exists (select 1 from quote_desk same_nd where same_nd.quote_id = same_n.id)))`
