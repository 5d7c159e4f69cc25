/**
 * What finance keeps and watches besides the documents (docs/invoices.md): a customer company's billing
 * details (terms, currency, the address invoices print, the credit limit of docs/payments.md "Credit control",
 * with what the company owes now beside it), and the bookings with approved charges not yet invoiced (the
 * finance desk's first queue).
 */
import { type Kysely, sql } from 'kysely'
import type { CustomerBilling, UninvoicedBooking } from '../../contract/finance/invoice-wire'
import {
  type BillingCurrency,
  billingCurrencyOf,
  type CustomerBillingInput,
} from '../../contract/finance/invoices'
import { type AuditContext, appendAudit, changedFields } from '../audit/audit'
import type { Database } from '../db/schema'
import { creditStanding } from './credit'

type Db = Kysely<Database>

type StoredBilling = Omit<CustomerBilling, 'openBalance'>

const billingOf = (row: {
  payment_terms_days: number
  billing_currency: BillingCurrency | null
  billing_address: string | null
  credit_limit: number | null
  country_code: string
}): StoredBilling => ({
  paymentTermsDays: row.payment_terms_days,
  currency: billingCurrencyOf(row.billing_currency, row.country_code),
  address: row.billing_address,
  creditLimit: row.credit_limit,
})

/** The details with what the company owes now in its billing currency. */
const withBalance = async (db: Db, customerId: number, billing: StoredBilling, at: Date) => ({
  ...billing,
  openBalance: (await creditStanding(db, customerId, at)).openBalance,
})

const companyBilling = (db: Db, customerId: number, lock = false) => {
  const query = db
    .selectFrom('customers as c')
    .innerJoin('countries as k', 'k.mcou_rid', 'c.country_id')
    .select([
      'c.payment_terms_days',
      'c.billing_currency',
      'c.billing_address',
      'c.credit_limit',
      'k.mcou_code as country_code',
    ])
    .where('c.id', '=', customerId)
  return (lock ? query.forUpdate('c') : query).executeTakeFirst()
}

/**
 * A company's billing details (its currency derived from its country until finance sets one) and its open
 * balance on `at`; undefined: none.
 */
export async function getCustomerBilling(
  db: Db,
  customerId: number,
  at: Date,
): Promise<CustomerBilling | undefined> {
  const row = await companyBilling(db, customerId)
  return row && withBalance(db, customerId, billingOf(row), at)
}

/** Saves a company's billing details with its audit row (only when something changed); undefined: none. */
export async function saveCustomerBilling(
  db: Db,
  customerId: number,
  input: Omit<Required<CustomerBillingInput>, 'creditLimit'> & Pick<CustomerBillingInput, 'creditLimit'>,
  audit: AuditContext,
  at: Date,
): Promise<CustomerBilling | undefined> {
  return db.transaction().execute(async (trx) => {
    const row = await companyBilling(trx, customerId, true)
    if (!row) return undefined
    const before = billingOf(row)
    const after: StoredBilling = {
      paymentTermsDays: input.paymentTermsDays,
      currency: input.currency,
      address: input.address,
      // Absent: unchanged; null: back to site.config's default.
      creditLimit: input.creditLimit === undefined ? before.creditLimit : input.creditLimit,
    }
    await trx
      .updateTable('customers')
      .set({
        payment_terms_days: after.paymentTermsDays,
        billing_currency: after.currency,
        billing_address: after.address,
        credit_limit: after.creditLimit,
      })
      .where('id', '=', customerId)
      .execute()
    const changes = changedFields(before, after, ['paymentTermsDays', 'currency', 'address', 'creditLimit'])
    if (changes) {
      await appendAudit(
        trx,
        {
          ...audit,
          action: 'customer.billing_updated',
          recordType: 'customer',
          recordId: customerId,
          customerId,
          changes,
        },
        at,
      )
    }
    return withBalance(trx, customerId, after, at)
  })
}

/**
 * Bookings with approved charges not yet invoiced, the longest waiting first: how many, their sum excluding
 * GST, since when (the oldest approval), and whether the company still lacks a billing address.
 */
export async function listUninvoicedBookings(db: Db): Promise<UninvoicedBooking[]> {
  const rows = await db
    .selectFrom('booking_charges as ch')
    .innerJoin('bookings as b', 'b.id', 'ch.booking_id')
    .innerJoin('customers as c', 'c.id', 'b.customer_id')
    .select([
      'b.number',
      'b.customer_id',
      'c.name',
      'c.billing_address',
      'ch.currency',
      sql<number>`count(*)::integer`.as('charges'),
      sql<number>`sum(ch.amount)::integer`.as('amount'),
      sql<Date>`min(coalesce(ch.decided_at, ch.requested_at))`.as('since'),
    ])
    .where('ch.status', '=', 'approved')
    .where('ch.invoice_id', 'is', null)
    .groupBy(['b.id', 'b.number', 'b.customer_id', 'c.name', 'c.billing_address', 'ch.currency'])
    .orderBy('since')
    .orderBy('b.number')
    .limit(500)
    .execute()
  return rows.map((row) => ({
    bookingNumber: row.number,
    customerId: row.customer_id,
    customerName: row.name,
    currency: row.currency,
    charges: row.charges,
    amount: row.amount,
    since: new Date(row.since).toISOString(),
    billingAddressMissing: !row.billing_address,
  }))
}
