/**
 * A booking's quoted charges (issue 35, docs/invoices.md): when a booking is confirmed, every priced line of
 * its quote becomes a charge, approved (the customer agreed to it by booking), in the booking's currency,
 * which is frozen on `bookings.currency` then. Every confirmation goes through confirmInTransaction
 * (server/bookings/service.ts), which calls createQuotedCharges in its transaction; bookings confirmed before
 * charges existed get theirs at start-up (ensureQuotedCharges, server/prepare.ts).
 *
 * The currency is the company's billing currency (contract/finance/invoices.ts billingCurrencyOf). Quotes are
 * priced in USD: a USD booking takes each line's `amountUsd`; an SGD booking takes an SGD line's own `amount`
 * exactly and converts the others from `amountUsd` at the quote's frozen `price.fx.SGD`.
 */
import type { Kysely } from 'kysely'
import { quotedLineGst } from '../../contract/finance/charges'
import { type BillingCurrency, billingCurrencyOf } from '../../contract/finance/invoices'
import { fromUsd } from '../../contract/pricing/money'
import type { PricedLine, QuotePrice } from '../../contract/pricing/types'
import type { BookingRow } from '../bookings/queries'
import type { Database } from '../db/schema'

/** A quoted line's amount in the booking's currency, minor units. */
export function quotedAmount(line: PricedLine, currency: BillingCurrency, fx: QuotePrice['fx']): number {
  if (currency === 'USD') return line.amountUsd
  if (line.currency === 'SGD') return line.amount
  return fromUsd(line.amountUsd, 'SGD', fx)
}

/** The currency a company is billed in: as finance set it, else by its country. */
export async function companyCurrency(db: Kysely<Database>, customerId: number): Promise<BillingCurrency> {
  const row = await db
    .selectFrom('customers as c')
    .innerJoin('countries as k', 'k.mcou_rid', 'c.country_id')
    .select(['c.billing_currency', 'k.mcou_code'])
    .where('c.id', '=', customerId)
    .executeTakeFirstOrThrow()
  return billingCurrencyOf(row.billing_currency, row.mcou_code)
}

/**
 * Writes the quoted lines of `booking` as its approved charges and freezes its currency, in the caller's
 * transaction; does nothing when the booking's currency is already set (its charges were written): the
 * conditional update claims the booking, so two transactions doing this at once write them once.
 */
export async function createQuotedCharges(
  trx: Kysely<Database>,
  booking: Pick<BookingRow, 'id' | 'customer_id' | 'price'>,
  at: Date,
): Promise<void> {
  await writeQuotedCharges(trx, booking, at)
}

/** createQuotedCharges, answering whether it wrote them (false: they were written before). */
async function writeQuotedCharges(
  trx: Kysely<Database>,
  booking: Pick<BookingRow, 'id' | 'customer_id' | 'price'>,
  at: Date,
): Promise<boolean> {
  const currency = await companyCurrency(trx, booking.customer_id)
  const claimed = await trx
    .updateTable('bookings')
    .set({ currency })
    .where('id', '=', booking.id)
    .where('currency', 'is', null)
    .returning('id')
    .executeTakeFirst()
  if (!claimed) return false
  const price = booking.price as QuotePrice
  const rows = price.lines.map((line, position) => {
    const gst = quotedLineGst(line)
    return {
      booking_id: booking.id,
      customer_id: booking.customer_id,
      position,
      code: line.code,
      description: line.name,
      quantity_text: line.quantityText,
      currency,
      amount: quotedAmount(line, currency, price.fx),
      gst_code: gst.code,
      gst_reason: gst.reason,
      source: 'quote' as const,
      status: 'approved' as const,
      requested_at: at,
      decided_at: at,
    }
  })
  if (rows.length > 0) await trx.insertInto('booking_charges').values(rows).execute()
  return true
}

/**
 * Bookings confirmed before charges existed (the demo's, an older database's): their quoted charges, each
 * booking in its own transaction at its confirmation time. Safe when two processes start at once (the claim
 * of createQuotedCharges); answers how many bookings got charges now.
 */
export async function ensureQuotedCharges(db: Kysely<Database>): Promise<number> {
  const waiting = await db
    .selectFrom('bookings')
    .select(['id', 'customer_id', 'price', 'confirmed_at'])
    .where('confirmed_at', 'is not', null)
    .where('currency', 'is', null)
    .orderBy('id')
    .execute()
  let made = 0
  for (const booking of waiting) {
    const wrote = await db
      .transaction()
      .execute((trx) => writeQuotedCharges(trx, booking, booking.confirmed_at as Date))
    if (wrote) made += 1
  }
  return made
}
