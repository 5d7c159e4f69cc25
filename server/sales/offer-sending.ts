/**
 * The sales desk's offers (issue 22): the preview of an offer exactly as the customer will see it, and sending
 * it (a new version supersedes the previous) with the customer's mail.
 */
import { sql } from 'kysely'
import { priceQuote } from '../../contract/pricing/price'
import { noServices, type QuotePrice, type RateLane } from '../../contract/pricing/types'
import { deskMessages, type Offer } from '../../contract/quote-desk'
import { singaporeDate } from '../../contract/quotes'
import { siteConfig } from '../../site.config'
import { type AuditContext, appendAudit } from '../audit/audit'
import { inTransaction } from '../db/transaction'
import { compose, linkPara, para } from '../mail/compose'
import { firstLclEligible } from '../quotes/queries'
import { type Acting, type DeskDeps, findRow, notFound, refused, transition } from './requests'

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

/** previewOffer and sendOffer, the part of salesDesk (desk.ts) that prices and sends offers. */
export function offerDesk({ db, now, mailer, places }: DeskDeps) {
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
    const row = await findRow(db, number)
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
    const row = await findRow(db, number)
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

  return { preview, send }
}
