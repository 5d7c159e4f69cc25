/**
 * The sales desk's service (issue 22): the queue of quote requests with their service level, a request's
 * detail with its offers and the sheets to start one from, assigning, the preview of an offer exactly as the
 * customer will see it, sending it (a new version supersedes the previous), the customer's decline, and the
 * instant quotes to follow up. Every change goes through machines/quote-request.machine.ts.
 */
import { type Kysely, sql } from 'kysely'
import { addDays } from '../../contract/dates'
import { priceQuote } from '../../contract/pricing/price'
import { noServices, type QuotePrice, type RateLane } from '../../contract/pricing/types'
import {
  type DeskQueueItem,
  type DeskRequestDetail,
  type DeskState,
  deskMessages,
  type FollowUp,
  type Offer,
  type OfferVersion,
} from '../../contract/quote-desk'
import { EXPIRING_SOON_DAYS, type QuoteDeskView, singaporeDate } from '../../contract/quotes'
import { serviceLevel } from '../../contract/working-hours'
import { nextRequestState, type QuoteRequestEventType } from '../../machines/quote-request.machine'
import { siteConfig } from '../../site.config'
import { type AuditContext, appendAudit, changedFields } from '../audit/audit'
import type { Database } from '../db/schema'
import { inTransaction } from '../db/transaction'
import type { PlaceIndex } from '../locations/locations'
import { compose, linkPara, para } from '../mail/compose'
import type { Mailer } from '../mail/index'
import { findQuote, firstLclEligible } from '../quotes/queries'
import { findLanes } from '../rates/reference-rates'
import { singaporeCalendar } from './holidays'

export interface DeskDeps {
  db: Kysely<Database>
  now: () => Date
  mailer: Mailer
  places: PlaceIndex
  /** SALES_ANSWER_TARGET: the working time within which a request should have its offer (default 2 hours). */
  answerTargetMs: number
}

export interface Acting {
  staffId: number
  name: string
}

const notFound = { status: 404 as const, body: { message: deskMessages.notFound } }
const refused = (state: DeskState) => ({
  status: 409 as const,
  body: { message: deskMessages.notAllowed(state) },
})

/** The request's state as it stands today: an offer whose validity has passed is Expired. */
function effectiveState(state: DeskState, latestValidTo: string | null, today: string): DeskState {
  return state === 'Offer sent' && latestValidTo !== null && latestValidTo < today ? 'Expired' : state
}

/** The lane an offer makes: what the customer's preview and confirmation price, like a rate sheet's. */
export function offerLane(
  offer: Offer,
  request: { mode: RateLane['mode']; origin: string; destination: string },
  today: string,
): RateLane {
  return {
    id: 0,
    mode: request.mode,
    origin: request.origin,
    destination: request.destination,
    carrier: offer.carrier,
    service: offer.service || 'Direct',
    transitDays: offer.transitDays,
    departureDays: [],
    cargoCutoffDays: 0,
    docCutoffDays: 0,
    freeDays: offer.freeDays,
    validFrom: today,
    validTo: offer.validTo,
    currency: offer.lines[0]?.currency ?? 'USD',
    refusedDgClasses: [],
    charges: offer.lines.map((line) => ({
      code: line.code,
      name: line.name,
      side: line.side,
      basis: line.basis,
      currency: line.currency,
      amount: line.amount,
      minimum: line.minimum,
      ...(line.basis === 'container' ? { containerType: line.containerType } : {}),
    })),
  }
}

export function salesDesk({ db, now, mailer, places, answerTargetMs }: DeskDeps) {
  /** The requests with what the queue shows; `where` narrows them. */
  function requestRows() {
    return db
      .selectFrom('quote_desk as d')
      .innerJoin('quotes as q', 'q.id', 'd.quote_id')
      .innerJoin('customers as c', 'c.id', 'q.customer_id')
      .innerJoin('users as u', 'u.id', 'q.user_id')
      .leftJoin('staff_members as s', 's.id', 'd.assigned_staff_id')
      .select([
        'q.id',
        'q.number',
        'q.mode',
        'q.origin',
        'q.destination',
        'q.created_at',
        'q.request',
        'q.notes',
        'q.customer_id',
        'c.name as company',
        'u.esus_name as requester',
        'u.esus_email_id as requesterEmail',
        'd.state',
        'd.assigned_staff_id',
        's.name as assigneeName',
        'd.answered_at',
        'd.decline_reason',
        (eb) =>
          eb
            .selectFrom('quote_offers as o')
            .select(sql<string>`max(o.lane->>'validTo')`.as('v'))
            .whereRef('o.quote_id', '=', 'q.id')
            .where('o.superseded_at', 'is', null)
            .as('latestValidTo'),
      ])
  }
  type Row = Awaited<ReturnType<ReturnType<typeof requestRows>['execute']>>[number]

  async function toItem(row: Row, at: Date): Promise<DeskQueueItem> {
    const [origin, destination] = await Promise.all([places.get(row.origin), places.get(row.destination)])
    const level = serviceLevel(
      { requestedAt: row.created_at, answeredAt: row.answered_at, targetMs: answerTargetMs, now: at },
      singaporeCalendar(row.created_at),
    )
    return {
      number: row.number,
      state: effectiveState(row.state, row.latestValidTo ?? null, singaporeDate(at)),
      mode: row.mode,
      origin: { code: row.origin, name: origin?.name ?? row.origin },
      destination: { code: row.destination, name: destination?.name ?? row.destination },
      company: row.company,
      requester: row.requester,
      requestedAt: row.created_at.toISOString(),
      assignee:
        row.assigned_staff_id === null ? null : { id: row.assigned_staff_id, name: row.assigneeName ?? '' },
      serviceLevel: { level: level.level, dueAt: level.dueAt.toISOString() },
    }
  }

  /** listQuoteRequests: `open` (Requested, In progress) oldest first; `answered` (the others) newest first. */
  async function queue(view: 'open' | 'answered'): Promise<DeskQueueItem[]> {
    const at = now()
    const open: DeskState[] = ['Requested', 'In progress']
    const rows = await requestRows()
      .where('d.state', view === 'open' ? 'in' : 'not in', open)
      .orderBy('q.created_at', view === 'open' ? 'asc' : 'desc')
      .limit(500)
      .execute()
    return Promise.all(rows.map((row) => toItem(row, at)))
  }

  async function findRow(number: string) {
    return requestRows().where('q.number', '=', number).executeTakeFirst()
  }

  /** getQuoteRequest. */
  async function detail(number: string) {
    const row = await findRow(number)
    if (!row) return notFound
    const at = now()
    const today = singaporeDate(at)
    const date = row.request.readyDate < today ? today : row.request.readyDate
    const [item, offers, lanes, fx, colleagues] = await Promise.all([
      toItem(row, at),
      offerVersions(db, row.id),
      findLanes(db, { mode: row.mode, origin: row.origin, destination: row.destination, date }),
      db.selectFrom('quotes').select('fx').where('id', '=', row.id).executeTakeFirstOrThrow(),
      db
        .selectFrom('staff_members')
        .select(['id', 'name'])
        .where('deactivated_at', 'is', null)
        .where(sql<boolean>`'sales' = any(roles)`)
        .orderBy('name')
        .execute(),
    ])
    const request: DeskRequestDetail = {
      ...item,
      request: row.request,
      notes: row.notes,
      declineReason: row.decline_reason,
      offers,
      templates: lanes.map(({ carrier, service, transitDays, validTo, freeDays, charges }) => ({
        carrier,
        service,
        transitDays,
        validTo,
        freeDays,
        charges,
      })),
      currencies: Object.keys(fx.fx).sort(),
      colleagues,
    }
    return { status: 200 as const, body: { request } }
  }

  /** The change `event` makes to the request, or the refusal; locks the request's row meanwhile. */
  async function transition(
    trx: Kysely<Database>,
    quoteId: number,
    event: QuoteRequestEventType,
    today: string,
  ) {
    const desk = await trx
      .selectFrom('quote_desk')
      .select('state')
      .where('quote_id', '=', quoteId)
      .forUpdate()
      .executeTakeFirstOrThrow()
    const latest = await trx
      .selectFrom('quote_offers')
      .select(sql<string>`max(lane->>'validTo')`.as('v'))
      .where('quote_id', '=', quoteId)
      .where('superseded_at', 'is', null)
      .executeTakeFirst()
    const state = effectiveState(desk.state, latest?.v ?? null, today)
    return { state, next: nextRequestState(state, event) }
  }

  /** assignQuoteRequest: to the caller, or to a colleague with the Sales role. */
  async function assign(number: string, acting: Acting, staffId: number | undefined, audit?: AuditContext) {
    const row = await findRow(number)
    if (!row) return notFound
    const assignee = staffId ?? acting.staffId
    const person = await db
      .selectFrom('staff_members')
      .select(['id', 'name'])
      .where('id', '=', assignee)
      .where('deactivated_at', 'is', null)
      .where(sql<boolean>`'sales' = any(roles)`)
      .executeTakeFirst()
    if (!person) {
      return {
        status: 422 as const,
        body: { message: deskMessages.staffNotFound, errors: { staffId: [deskMessages.staffNotFound] } },
      }
    }
    const at = now()
    const changed = await inTransaction(db, async (trx) => {
      const { state, next } = await transition(trx, row.id, 'sales.assign', singaporeDate(at))
      if (!next) return refused(state)
      await trx
        .updateTable('quote_desk')
        .set({ state: next, assigned_staff_id: person.id, assigned_at: at, updated_at: at })
        .where('quote_id', '=', row.id)
        .execute()
      if (audit) {
        await appendAudit(
          trx,
          {
            ...audit,
            action: 'quote_request.assigned',
            recordType: 'quote',
            recordId: row.number,
            customerId: row.customer_id,
            changes: changedFields(
              { state, assignee: row.assigneeName ?? null },
              { state: next, assignee: person.name },
              ['state', 'assignee'],
            ),
          },
          at,
        )
      }
      return undefined
    })
    if (changed) return changed
    const updated = (await findRow(number)) as Row
    return { status: 200 as const, body: { request: await toItem(updated, at) } }
  }

  /** The offer's problems the schema cannot see: its validity and its currencies. */
  function offerErrors(offer: Offer, fx: Record<string, number>, today: string) {
    const errors: Record<string, string[]> = {}
    if (offer.validTo < today) errors.validTo = [deskMessages.validToPast]
    offer.lines.forEach((line, index) => {
      if (!(line.currency in fx)) errors[`lines.${index}.currency`] = [deskMessages.currencyUnknown]
    })
    const first = Object.values(errors)[0]?.[0]
    return first ? { status: 422 as const, body: { message: first, errors } } : undefined
  }

  /** The offer priced as the customer's Quotation Preview will price it (no services chosen yet). */
  async function priceOffer(
    quoteId: number,
    customerId: number,
    offer: Offer,
    today: string,
  ): Promise<{ lane: RateLane; price: QuotePrice }> {
    const quote = await db
      .selectFrom('quotes')
      .selectAll()
      .where('id', '=', quoteId)
      .executeTakeFirstOrThrow()
    const lane = offerLane(offer, quote, today)
    const [origin, destination, eligible] = await Promise.all([
      places.get(quote.origin),
      places.get(quote.destination),
      quote.mode === 'LCL' ? firstLclEligible(db, customerId) : Promise.resolve(false),
    ])
    const price = priceQuote({
      lane,
      request: quote.request,
      services: noServices,
      originServices: quote.service_tariffs.origin,
      destinationServices: quote.service_tariffs.destination,
      fx: quote.fx,
      firstLclEligible: eligible,
      originCountry: origin?.country_code ?? '',
      destinationCountry: destination?.country_code ?? '',
    })
    return { lane, price }
  }

  /** previewOffer: the charges, total and validity the customer will see. */
  async function preview(number: string, offer: Offer) {
    const row = await findRow(number)
    if (!row) return notFound
    const today = singaporeDate(now())
    const fx = await db.selectFrom('quotes').select('fx').where('id', '=', row.id).executeTakeFirstOrThrow()
    const invalid = offerErrors(offer, fx.fx, today)
    if (invalid) return invalid
    const { price } = await priceOffer(row.id, row.customer_id, offer, today)
    return { status: 200 as const, body: { price, validTo: offer.validTo } }
  }

  /**
   * sendOffer: stores a new version (the previous one superseded and its option removed), makes it the quote's
   * option, marks the quote priced so My Quotes shows it Active, and mails the customer, in one transaction.
   */
  async function send(number: string, acting: Acting, offer: Offer, audit?: AuditContext) {
    const row = await findRow(number)
    if (!row) return notFound
    const at = now()
    const today = singaporeDate(at)
    const fx = await db.selectFrom('quotes').select('fx').where('id', '=', row.id).executeTakeFirstOrThrow()
    const invalid = offerErrors(offer, fx.fx, today)
    if (invalid) return invalid
    const { lane, price } = await priceOffer(row.id, row.customer_id, offer, today)
    return inTransaction(db, async (trx) => {
      const { state, next } = await transition(trx, row.id, 'sales.sendOffer', today)
      if (!next) return refused(state)
      const previous = await trx
        .updateTable('quote_offers')
        .set({ superseded_at: at })
        .where('quote_id', '=', row.id)
        .where('superseded_at', 'is', null)
        .returning(['option_id', 'version'])
        .execute()
      const oldOptions = previous.map((p) => p.option_id).filter((id): id is number => id !== null)
      if (oldOptions.length > 0) {
        await trx.updateTable('quotes').set({ chosen_option_id: null }).where('id', '=', row.id).execute()
        await trx.deleteFrom('quote_options').where('id', 'in', oldOptions).execute()
      }
      const option = await trx
        .insertInto('quote_options')
        .values({
          quote_id: row.id,
          lane: JSON.stringify(lane),
          carrier: lane.carrier,
          transit_days: lane.transitDays,
          valid_to: lane.validTo,
          total_usd: price.totalUsd,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      const versions = await trx
        .selectFrom('quote_offers')
        .select((eb) => eb.fn.max('version').as('v'))
        .where('quote_id', '=', row.id)
        .executeTakeFirst()
      const version = Number(versions?.v ?? 0) + 1
      await trx
        .insertInto('quote_offers')
        .values({
          quote_id: row.id,
          version,
          option_id: option.id,
          lane: JSON.stringify(lane),
          total_usd: price.totalUsd,
          note: offer.note,
          staff_id: acting.staffId,
          sent_at: at,
        })
        .execute()
      await trx.updateTable('quotes').set({ kind: 'priced' }).where('id', '=', row.id).execute()
      await trx
        .updateTable('quote_desk')
        .set((eb) => ({
          state: next,
          updated_at: at,
          decline_reason: null,
          answered_at: eb.fn.coalesce('answered_at', sql<Date>`${at}`),
          assigned_staff_id: eb.fn.coalesce('assigned_staff_id', sql<number>`${acting.staffId}`),
        }))
        .where('quote_id', '=', row.id)
        .execute()
      if (audit) {
        await appendAudit(
          trx,
          {
            ...audit,
            action: 'offer.sent',
            recordType: 'quote',
            recordId: row.number,
            customerId: row.customer_id,
            changes: {
              state: { before: state, after: next },
              offer: {
                before: previous.length > 0 ? { version: version - 1 } : null,
                after: { version, carrier: lane.carrier, totalUsd: price.totalUsd, validTo: offer.validTo },
              },
            },
          },
          at,
        )
      }
      const link = `${mailer.appUrl}/user/getquote?quote=${encodeURIComponent(row.number)}`
      await mailer.queue(
        trx,
        compose(
          siteConfig,
          row.requesterEmail,
          `Your quote ${row.number} is ready: ${row.origin} to ${row.destination}`,
          [
            para(`Hello ${row.requester},`),
            para(
              version === 1
                ? `Our sales team has priced your ${row.mode} quote request ${row.number} (${row.origin} to ${row.destination}) with ${lane.carrier}: USD ${(price.totalUsd / 100).toFixed(2)} before services, valid until ${offer.validTo}.`
                : `Our sales team has revised the offer for ${row.number} (version ${version}): ${lane.carrier}, USD ${(price.totalUsd / 100).toFixed(2)} before services, valid until ${offer.validTo}. It replaces the previous version.`,
            ),
            ...(offer.note ? [para(`From ${acting.name}: ${offer.note}`)] : []),
            linkPara('Review and confirm it:', 'Open the quote', link),
          ],
        ),
        at,
      )
      return { status: 200 as const, body: { version, price, superseded: previous.map((p) => p.version) } }
    })
  }

  /** followUps: instant quotes that expire unbooked within 3 days, soonest first. */
  async function followUps(): Promise<FollowUp[]> {
    const today = singaporeDate(now())
    const until = addDays(today, EXPIRING_SOON_DAYS)
    const rows = await db
      .selectFrom('quotes as q')
      .innerJoin('customers as c', 'c.id', 'q.customer_id')
      .innerJoin('users as u', 'u.id', 'q.user_id')
      .leftJoin('bookings as b', 'b.quote_id', 'q.id')
      .leftJoin('quote_desk as d', 'd.quote_id', 'q.id')
      .innerJoin(
        (eb) =>
          eb
            .selectFrom('quote_options')
            .select([
              'quote_id',
              sql<string>`max(valid_to)::text`.as('valid_to'),
              sql<string>`min(total_usd)`.as('total'),
            ])
            .groupBy('quote_id')
            .as('o'),
        (join) => join.onRef('o.quote_id', '=', 'q.id'),
      )
      .select([
        'q.number',
        'q.mode',
        'q.origin',
        'q.destination',
        'c.name as company',
        'u.esus_name',
        'u.esus_email_id',
        'o.valid_to',
        'o.total',
      ])
      .where('q.kind', '=', 'priced')
      .where('b.id', 'is', null)
      .where('d.quote_id', 'is', null)
      .where(sql<boolean>`o.valid_to::date between ${today}::date and ${until}::date`)
      .orderBy('o.valid_to')
      .orderBy('q.number')
      .limit(500)
      .execute()
    return rows.map((row) => ({
      number: row.number,
      company: row.company,
      requester: row.esus_name,
      email: row.esus_email_id,
      mode: row.mode,
      origin: row.origin,
      destination: row.destination,
      validTo: String(row.valid_to).slice(0, 10),
      totalUsd: row.total === null ? null : Number(row.total),
    }))
  }

  return { queue, detail, assign, preview, send, followUps }
}

export type SalesDesk = ReturnType<typeof salesDesk>

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
