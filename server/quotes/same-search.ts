/**
 * The same search twice (issue 34). Pressing "Get quote" again with the same request, in the same company, within
 * SAME_SEARCH_REOPENS_MINUTES of the quote it made, reopens that quote while it is open (an instant quote, not
 * booked, not expired) instead of storing another: createQuote looks it up, and looks again under a lock on the
 * company and request, so two presses at once store one quote. Quotes stored before (or after the window) with
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

/**
 * The company's open quote of this request made within the window before `now`, newest first: its number, or
 * undefined. Open: instant, not booked, an option still valid on `today`.
 */
export async function openSameSearch(
  db: Kysely<Database>,
  customerId: number,
  request: QuoteRequest,
  now: Date,
  today: string,
): Promise<string | undefined> {
  const since = new Date(now.getTime() - SAME_SEARCH_REOPENS_MINUTES * 60_000)
  const { rows } = await sql<{ number: string }>`
    select q.number from quotes q
    where q.customer_id = ${customerId} and q.created_at >= ${since} and q.created_at <= ${now}
      and q.request = ${JSON.stringify(request)}::jsonb and ${openInstant('q')}
      and exists (select 1 from quote_options o where o.quote_id = q.id and o.valid_to >= ${today}::date)
    order by q.created_at desc, q.id desc
    limit 1`.execute(db)
  return rows[0]?.number
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
