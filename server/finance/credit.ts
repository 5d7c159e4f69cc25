/**
 * Credit control (issue 36 part 4, docs/payments.md "Credit control"): what a company owes, whether a booking
 * being made waits for finance's credit release (contract/finance/credit.ts `creditHoldReason`, through the
 * booking chart's `credit.hold`), finance's list of held bookings, and the release.
 *
 * - The open balance, in the company's billing currency (minor units): its invoices' balances (invoice-reads.ts
 *   `balanceSql`: total less credit notes less payments in force) plus its approved charges not yet invoiced
 *   (excluding GST), both in that currency only. A new booking adds its quoted lines as the charges code
 *   converts them (charges.ts `quotedAmount`).
 * - The oldest overdue days: how many days past its due day (Singapore) the oldest invoice with a balance is.
 */
import type { Kysely } from 'kysely'
import { sql } from 'kysely'
import { singaporeDateOf } from '../../contract/dates'
import { creditHoldReason, creditLimitOf, type HeldBooking } from '../../contract/finance/credit'
import type { BillingCurrency } from '../../contract/finance/invoices'
import type { QuotePrice } from '../../contract/pricing/types'
import { nextBookingStatus } from '../../machines/booking.machine'
import { type AuditContext, appendAudit } from '../audit/audit'
import type { Database } from '../db/schema'
import { siteConfig } from '../site-config'
import { companyCurrency, quotedAmount } from './charges'
import { balanceSql } from './invoice-reads'

type Db = Kysely<Database>

export interface CreditStanding {
  currency: BillingCurrency
  /** The limit in force (finance's, else site.config's default). */
  creditLimit: number
  openBalance: number
  oldestOverdueDays: number
}

/** What a company owes now in its billing currency, its limit, and its oldest overdue invoice's days. */
export async function creditStanding(db: Db, customerId: number, at: Date): Promise<CreditStanding> {
  const today = singaporeDateOf(at)
  const currency = await companyCurrency(db, customerId)
  const [customer, invoices, charges] = await Promise.all([
    db.selectFrom('customers').select('credit_limit').where('id', '=', customerId).executeTakeFirst(),
    db
      .selectFrom(
        db
          .selectFrom('invoices as i')
          .select([balanceSql.as('balance'), 'i.due_day'])
          .where('i.customer_id', '=', customerId)
          .where('i.kind', '=', 'invoice')
          .where('i.currency', '=', currency)
          .as('open'),
      )
      .select([
        sql<number>`coalesce(sum(open.balance) filter (where open.balance > 0), 0)::integer`.as('balance'),
        sql<number>`coalesce(max(${today}::date - open.due_day) filter (where open.balance > 0 and open.due_day < ${today}::date), 0)::integer`.as(
          'overdue',
        ),
      ])
      .executeTakeFirstOrThrow(),
    // A cancelled booking's charges are owed only once invoiced (a cancellation fee): not before.
    db
      .selectFrom('booking_charges as c')
      .innerJoin('bookings as b', 'b.id', 'c.booking_id')
      .select(sql<number>`coalesce(sum(c.amount), 0)::integer`.as('amount'))
      .where('c.customer_id', '=', customerId)
      .where('c.status', '=', 'approved')
      .where('c.invoice_id', 'is', null)
      .where('c.currency', '=', currency)
      .where('b.status', '<>', 'Cancelled')
      .executeTakeFirstOrThrow(),
  ])
  return {
    currency,
    creditLimit: creditLimitOf(customer?.credit_limit ?? null, siteConfig.billing.creditControl.defaultLimit),
    openBalance: Number(invoices.balance) + Number(charges.amount),
    oldestOverdueDays: Number(invoices.overdue),
  }
}

/** A booking's value in `currency`: its quoted lines as its charges will be written (excluding GST). */
export function bookingValueIn(price: QuotePrice, currency: BillingCurrency): number {
  return price.lines.reduce((sum, line) => sum + quotedAmount(line, currency, price.fx), 0)
}

/**
 * Decides, in the transaction that makes the booking (server/bookings/create.ts), whether it waits for finance:
 * when `creditHoldReason` says so and the chart takes `credit.hold`, the reason and the time are stored and
 * audited. Answers the reason, or null.
 */
export async function holdForCredit(
  trx: Db,
  booking: { number: string; customerId: number; price: QuotePrice },
  audit: AuditContext,
  at: Date,
): Promise<string | null> {
  const standing = await creditStanding(trx, booking.customerId, at)
  const hold = creditHoldReason({
    limit: standing.creditLimit,
    openBalance: standing.openBalance,
    bookingValue: bookingValueIn(booking.price, standing.currency),
    oldestOverdueDays: standing.oldestOverdueDays,
    overdueDaysBeforeHold: siteConfig.billing.creditControl.overdueDaysBeforeHold,
  })
  if (!hold) return null
  const event = { type: 'credit.hold', reason: hold.message } as const
  if (!nextBookingStatus('Booking Received', null, event)) return null
  await trx
    .updateTable('bookings')
    .set({ credit_hold: hold.message, credit_held_at: at })
    .where('number', '=', booking.number)
    .execute()
  await appendAudit(
    trx,
    {
      ...audit,
      action: 'booking.credit_held',
      recordType: 'booking',
      recordId: booking.number,
      customerId: booking.customerId,
      changes: { creditHold: { before: null, after: hold.kind } },
    },
    at,
  )
  return hold.message
}

/** Bookings waiting for finance's credit release (not cancelled), the longest waiting first (at most 500). */
export async function listCreditHolds(db: Db, at: Date): Promise<HeldBooking[]> {
  const rows = await db
    .selectFrom('bookings as b')
    .innerJoin('customers as c', 'c.id', 'b.customer_id')
    .innerJoin('users as u', 'u.id', 'b.user_id')
    .select([
      'b.number',
      'b.status',
      'b.customer_id',
      'b.price',
      'b.credit_hold',
      'b.credit_held_at',
      'c.name',
      'u.esus_name',
    ])
    .where('b.credit_hold', 'is not', null)
    .where('b.status', 'not in', ['Cancelled', 'Delivered'])
    .orderBy('b.credit_held_at')
    .orderBy('b.number')
    .limit(500)
    .execute()
  const standings = new Map<number, CreditStanding>()
  const held: HeldBooking[] = []
  for (const row of rows) {
    let standing = standings.get(row.customer_id)
    if (!standing) {
      standing = await creditStanding(db, row.customer_id, at)
      standings.set(row.customer_id, standing)
    }
    held.push({
      bookingNumber: row.number,
      status: row.status,
      customerId: row.customer_id,
      customerName: row.name,
      reason: row.credit_hold as string,
      since: (row.credit_held_at ?? at).toISOString(),
      currency: standing.currency,
      bookingValue: bookingValueIn(row.price as QuotePrice, standing.currency),
      openBalance: standing.openBalance,
      creditLimit: standing.creditLimit,
      oldestOverdueDays: standing.oldestOverdueDays,
      bookedBy: row.esus_name,
    })
  }
  return held
}
