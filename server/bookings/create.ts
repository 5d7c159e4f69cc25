/**
 * A booking made from a quote (confirmQuote): the option re-priced on the server at the services chosen, the
 * booking numbered and stored, the choice kept and the customer's "Booking Received" mail queued, all in one
 * transaction; idempotent (a quote has at most one booking). What happens to a booking afterwards is
 * server/bookings/service.ts (confirmation) and server/bookings/apply-events.ts (the carrier's events).
 */
import type { Kysely } from 'kysely'
import type { z } from 'zod'
import { plannedSailingFor } from '../../contract/pricing/planned-sailing'
import { priceQuote } from '../../contract/pricing/price'
import type { QuotePrice } from '../../contract/pricing/types'
import {
  type BookingCreated,
  type confirmBodySchema,
  confirmMessages,
  containersOf,
  containerWeightsSchema,
  singaporeDate,
} from '../../contract/quotes'
import type { AuditContext } from '../audit/audit'
import { auditBookingMade } from '../audit/bookings'
import type { LiveSession } from '../auth/sessions'
import type { Database } from '../db/schema'
import { countBookingEmissions } from '../emissions/bookings'
import { holdForCredit } from '../finance/credit'
import type { PlaceIndex } from '../locations/locations'
import { bookingReceivedMail } from '../mail/booking-templates'
import type { Mailer } from '../mail/index'
import { saveBookingParties } from '../parties/service'
import { bookingRecipients } from '../profile/notification-settings'
import { acceptOffer, offerRefusal } from '../quotes/offers'
import { findQuote, insertBooking, nextNumber, saveChoice } from '../quotes/queries'
import { optionNotOffered, type QuoteService, quoteNotFound } from '../quotes/service'
import { sailingPlanAt } from './sailing-plan'

export interface BookQuoteDeps {
  db: Kysely<Database>
  now: () => Date
  mailer: Mailer
  quotes: Pick<QuoteService, 'contextOf'>
  /** The places' coordinates, for the booking's emissions. */
  places: PlaceIndex
}

export type ConfirmQuoteBody = z.output<typeof confirmBodySchema>

/** 422 with a message per container (containerWeightsKg.0, …), as the form names them. */
function containerWeightsRefused(issues: readonly { path: PropertyKey[]; message: string }[]) {
  const errors: Record<string, string[]> = {}
  for (const issue of issues) {
    const field = ['containerWeightsKg', ...issue.path.map(String)].join('.')
    errors[field] = [...(errors[field] ?? []), issue.message]
  }
  return {
    status: 422 as const,
    body: { message: issues[0]?.message ?? confirmMessages.containerWeightCount, errors },
  }
}

/**
 * 201 with the booking made; 200 with the booking the quote already has; 404 not this company's quote; 409 a
 * requested quote, or the price changed (with the server's price); 410 the option's validity has passed; 422
 * no such option, or (FCL) a container's gross weight missing or past its type's bound. The parties used are
 * saved into the company's address book in the same transaction.
 */
export async function confirmQuote(
  { db, now, mailer, quotes, places }: BookQuoteDeps,
  { customerId, userId, user }: LiveSession,
  number: string,
  input: ConfirmQuoteBody,
  audit: AuditContext,
) {
  const { services } = input
  const at = now()
  return db.transaction().execute(async (trx) => {
    const stored = await findQuote(trx, customerId, number, true)
    if (!stored) return quoteNotFound
    if (stored.booking) return { status: 200 as const, body: { booking: stored.booking } }
    if (stored.quote.kind === 'requested')
      return { status: 409 as const, body: { message: confirmMessages.requested } }
    const option = stored.options.find((o) => o.id === input.optionId)
    if (!option) return optionNotOffered
    if (option.valid_to < singaporeDate(at))
      return { status: 410 as const, body: { message: confirmMessages.expired } }
    const declined = await offerRefusal(trx, stored.quote.id, singaporeDate(at))
    if (declined) return { status: 409 as const, body: { message: declined } }
    // FCL: one gross weight per container of the request, each within its type's bound (the VGM).
    const containers = containersOf(stored.quote.request)
    if (containers.length > 0) {
      const weights = containerWeightsSchema(containers).safeParse(input.containerWeightsKg)
      if (!weights.success) return containerWeightsRefused(weights.error.issues)
    }
    const price: QuotePrice = priceQuote(
      await quotes.contextOf(trx, stored, option.lane, services, customerId),
    )
    if (price.totalUsd !== input.shownTotalUsd) {
      return { status: 409 as const, body: { message: confirmMessages.priceChanged, price } }
    }
    const bookingNumber = await nextNumber(trx, 'ESB', at.getUTCFullYear())
    const {
      shownTotalUsd: _shown,
      acceptTerms: _terms,
      optionId: _option,
      services: _services,
      containerWeightsKg,
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
        ...(containers.length > 0 ? { containerWeightsKg } : {}),
        services,
        carrier: option.carrier,
        service: option.lane.service,
        // The sailing this option plans, as the confirmation page, the PDF and the due dates read it.
        // The first one whose cut-offs leave operations their confirmation time and the customer theirs.
        plannedSailing: plannedSailingFor(option.lane, stored.quote.request.readyDate, at, sailingPlanAt(at)),
      },
      price,
      createdAt: at,
    })
    // Its emissions on the route its option quotes, with the gross weights declared (docs/emissions.md).
    const { id } = await trx
      .selectFrom('bookings')
      .select('id')
      .where('number', '=', bookingNumber)
      .executeTakeFirstOrThrow()
    await countBookingEmissions(trx, places, id, 'booked', at)
    await saveChoice(trx, stored.quote.id, option.id, services)
    await acceptOffer(trx, stored.quote.id, at)
    await saveBookingParties(trx, customerId, input, at)
    await auditBookingMade(trx, audit, { ...stored.quote, customerId }, booking, price.totalUsd, at)
    // Credit control (docs/payments.md): it may wait for finance's release; the pages say why.
    await holdForCredit(trx, { number: bookingNumber, customerId, price }, audit, at)
    // The person who booked gets the receipt always; colleagues who follow every booking of the company
    // (issue 24) get it as their milestone mails allow.
    const colleagues = await bookingRecipients(trx, { customerId, people: [] }, 'milestones')
    const recipients = [
      { email: user.esus_email_id, name: user.esus_name },
      ...colleagues.filter((colleague) => colleague.userId !== userId),
    ]
    for (const to of recipients) {
      await mailer.queue(
        trx,
        bookingReceivedMail({
          to: to.email,
          name: to.name,
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
    }
    return { status: 201 as const, body: { booking } satisfies { booking: BookingCreated } }
  })
}
