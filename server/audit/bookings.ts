/**
 * The audit rows of a booking's life that several places append: made from a quote (an instant quote booked,
 * or the sales team's offer accepted), and status changes.
 */
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema'
import { type AuditContext, appendAudit, createdFields } from './audit'

/**
 * A booking made from a quote, in its transaction: `offer.accepted` when the quote is the sales team's offer
 * (it has a row on the desk), `booking.created` otherwise; the record is the booking.
 */
export async function auditBookingMade(
  trx: Kysely<Database>,
  audit: AuditContext,
  quote: { id: number; number: string; customerId: number },
  booking: { number: string; status: string },
  totalUsd: number,
  at: Date,
): Promise<void> {
  const desk = await trx
    .selectFrom('quote_desk')
    .select('quote_id')
    .where('quote_id', '=', quote.id)
    .executeTakeFirst()
  await appendAudit(
    trx,
    {
      ...audit,
      action: desk ? 'offer.accepted' : 'booking.created',
      recordType: 'booking',
      recordId: booking.number,
      customerId: quote.customerId,
      changes: createdFields({ quote: quote.number, status: booking.status, totalUsd }),
    },
    at,
  )
}
