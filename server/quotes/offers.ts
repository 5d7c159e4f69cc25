/**
 * A quote request's offers as the quotes and bookings areas see them (issue 22): the request's state today,
 * every offer version, the customer's decline, and the booking that accepts the offer.
 */
import type { Kysely } from 'kysely'
import { type DeskState, deskMessages, type OfferVersion } from '../../contract/quote-desk'
import { type QuoteDeskView, singaporeDate } from '../../contract/quotes'
import { nextRequestState } from '../../machines/quote-request.machine'
import type { Database } from '../db/schema'
import { inTransaction } from '../db/transaction'
import { findQuote } from './queries'

/** The request's state as it stands today: an offer whose validity has passed is Expired. */
export function effectiveState(state: DeskState, latestValidTo: string | null, today: string): DeskState {
  return state === 'Offer sent' && latestValidTo !== null && latestValidTo < today ? 'Expired' : state
}

/** The customer declines the offer of their quote, with a reason (declineOffer). */
export async function declineOffer(
  db: Kysely<Database>,
  customerId: number,
  number: string,
  reason: string,
  at: Date,
) {
  const stored = await findQuote(db, customerId, number)
  if (!stored) return { status: 404 as const, body: { message: 'Quote not found.' } }
  return inTransaction(db, async (trx) => {
    const desk = await trx
      .selectFrom('quote_desk')
      .select('state')
      .where('quote_id', '=', stored.quote.id)
      .forUpdate()
      .executeTakeFirst()
    const validTo =
      stored.options
        .map((o) => o.valid_to)
        .sort()
        .at(-1) ?? null
    const state = desk ? effectiveState(desk.state, validTo, singaporeDate(at)) : null
    const next = state ? nextRequestState(state, 'customer.decline') : null
    if (!state || !next) {
      return { status: 409 as const, body: { message: deskMessages.notAllowed(state ?? 'Requested') } }
    }
    await trx
      .updateTable('quote_desk')
      .set({ state: next, decline_reason: reason, updated_at: at })
      .where('quote_id', '=', stored.quote.id)
      .execute()
    return { status: 200 as const, body: { message: deskMessages.declined } }
  })
}

/**
 * Whether the quote may be booked as far as the desk is concerned: not a request, or one whose offer is open
 * (a declined or expired offer waits for a revised one). The refusal's message, or undefined.
 */
export async function offerRefusal(
  trx: Kysely<Database>,
  quoteId: number,
  today: string,
): Promise<string | undefined> {
  const desk = await trx
    .selectFrom('quote_desk')
    .select('state')
    .where('quote_id', '=', quoteId)
    .executeTakeFirst()
  if (!desk) return undefined
  const current = (await offerVersions(trx, quoteId)).find((offer) => !offer.superseded)
  const state = effectiveState(desk.state, current?.validTo ?? null, today)
  return nextRequestState(state, 'customer.accept') ? undefined : deskMessages.notAllowed(state)
}

/** A booking was made from the quote: its request, if it had one, is Accepted. In the booking's transaction. */
export async function acceptOffer(trx: Kysely<Database>, quoteId: number, at: Date): Promise<void> {
  const desk = await trx
    .selectFrom('quote_desk')
    .select('state')
    .where('quote_id', '=', quoteId)
    .executeTakeFirst()
  if (!desk) return
  const next = nextRequestState(desk.state, 'customer.accept')
  if (next)
    await trx
      .updateTable('quote_desk')
      .set({ state: next, updated_at: at })
      .where('quote_id', '=', quoteId)
      .execute()
}

/** What the customer sees of a quote's request on the desk (its state, the decline, every offer), or null. */
export async function deskViewOf(
  db: Kysely<Database>,
  quoteId: number,
  today: string,
): Promise<QuoteDeskView | null> {
  const desk = await db
    .selectFrom('quote_desk')
    .select(['state', 'decline_reason'])
    .where('quote_id', '=', quoteId)
    .executeTakeFirst()
  if (!desk) return null
  const offers = await offerVersions(db, quoteId)
  const current = offers.find((offer) => !offer.superseded)
  return {
    state: effectiveState(desk.state, current?.validTo ?? null, today),
    declineReason: desk.decline_reason,
    offers,
  }
}

/** Every offer version of a quote, newest first. */
export async function offerVersions(db: Kysely<Database>, quoteId: number): Promise<OfferVersion[]> {
  const rows = await db
    .selectFrom('quote_offers as o')
    .innerJoin('staff_members as s', 's.id', 'o.staff_id')
    .select(['o.version', 'o.sent_at', 's.name', 'o.lane', 'o.total_usd', 'o.note', 'o.superseded_at'])
    .where('o.quote_id', '=', quoteId)
    .orderBy('o.version', 'desc')
    .execute()
  return rows.map((row) => ({
    version: row.version,
    sentAt: row.sent_at.toISOString(),
    sentBy: row.name,
    carrier: row.lane.carrier,
    service: row.lane.service,
    transitDays: row.lane.transitDays,
    validTo: row.lane.validTo,
    totalUsd: Number(row.total_usd),
    note: row.note,
    superseded: row.superseded_at !== null,
  }))
}
