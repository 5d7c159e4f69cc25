/**
 * A company's statement of account (issue 36, docs/payments.md, "Statement of account"): read from its
 * documents, its payments and their allocations (migration 0029) and their refunds, in one
 * currency, and computed by contract `statementFigures` (balances by contract `paidByInvoice` and
 * `invoiceBalance`, as invoice-reads.ts's SQL has them). Nothing here writes.
 */
import type { Kysely } from 'kysely'
import { addDays, daysBetween, singaporeDateOf } from '../../contract/dates'
import { creditLimitOf } from '../../contract/finance/credit'
import { type BillingCurrency, billingCurrencyOf } from '../../contract/finance/invoices'
import { paidByInvoice } from '../../contract/finance/payments'
import {
  STATEMENT_DEFAULT_DAYS,
  STATEMENT_MAX_DAYS,
  type StatementDocument,
  type StatementPayment,
  statementFigures,
  statementMessages,
} from '../../contract/finance/statement-account'
import type { StatementOfAccount, StatementQuery } from '../../contract/finance/statement-wire'
import type { Database } from '../db/schema'
import { type SiteConfig, siteConfig } from '../site-config'

type Db = Kysely<Database>

async function companyOf(db: Db, customerId: number) {
  return db
    .selectFrom('customers as c')
    .innerJoin('countries as k', 'k.mcou_rid', 'c.country_id')
    .select([
      'c.id',
      'c.name',
      'c.payment_terms_days',
      'c.billing_currency',
      'c.credit_limit',
      'k.mcou_code as country_code',
    ])
    .where('c.id', '=', customerId)
    .executeTakeFirst()
}

type Currency = BillingCurrency

/** The allocations of the company's payments in `currency`, read once for the invoices' and the payments' sums. */
function allocationsOf(db: Db, customerId: number, currency: Currency) {
  return db
    .selectFrom('payment_allocations as pa')
    .innerJoin('payments as p', 'p.id', 'pa.payment_id')
    .innerJoin('invoices as i', 'i.id', 'pa.invoice_id')
    .select(['pa.payment_id', 'i.number', 'pa.amount', 'p.reversed_at'])
    .where('p.customer_id', '=', customerId)
    .where('p.currency', '=', currency)
    .execute()
}
type AllocationRow = Awaited<ReturnType<typeof allocationsOf>>[number]

function documentRowsOf(db: Db, customerId: number, currency: Currency) {
  return db
    .selectFrom('invoices as i')
    .innerJoin('bookings as b', 'b.id', 'i.booking_id')
    .leftJoin('invoices as ci', 'ci.id', 'i.credits_invoice_id')
    .select([
      'i.kind',
      'i.number',
      'b.number as booking_number',
      'i.issue_day',
      'i.due_day',
      'i.total',
      'ci.number as credits_number',
    ])
    .where('i.customer_id', '=', customerId)
    .where('i.currency', '=', currency)
    .execute()
}

function paymentRowsOf(db: Db, customerId: number, currency: Currency) {
  return db
    .selectFrom('payments as p')
    .select([
      'p.id',
      'p.received_day',
      'p.method',
      'p.payer_reference',
      'p.amount',
      'p.refunded',
      'p.reversed_at',
      'p.reversal_reason',
    ])
    .where('p.customer_id', '=', customerId)
    .where('p.currency', '=', currency)
    .execute()
}

/** The refunds (`payment_refunds`) of the company's payments in `currency`, in the order they were made. */
function refundRowsOf(db: Db, customerId: number, currency: Currency) {
  return db
    .selectFrom('payment_refunds as r')
    .innerJoin('payments as p', 'p.id', 'r.payment_id')
    .select(['r.payment_id', 'r.refunded_day', 'r.amount'])
    .where('p.customer_id', '=', customerId)
    .where('p.currency', '=', currency)
    .orderBy('r.refunded_at')
    .orderBy('r.id')
    .execute()
}

/**
 * The company's invoices and credit notes, each invoice with its credit notes' totals and what the
 * allocations in force (`paid`, contract `paidByInvoice`) paid of it. Read in plain queries and summed here:
 * the lists' per-row subqueries (invoice-reads.ts `creditedSql`, `paidSql`) cost a thousand index scans on a
 * statement of a thousand invoices, this a single pass (bench/statement.ts); the two agree
 * (tests/server/statement.test.ts).
 */
function documentsOf(
  rows: Awaited<ReturnType<typeof documentRowsOf>>,
  allocations: readonly AllocationRow[],
): StatementDocument[] {
  const credited = new Map<string, number>()
  for (const row of rows)
    if (row.kind === 'credit_note' && row.credits_number)
      credited.set(row.credits_number, (credited.get(row.credits_number) ?? 0) + row.total)
  const reversed = new Set(allocations.filter((a) => a.reversed_at !== null).map((a) => a.payment_id))
  const paid = paidByInvoice(
    allocations.map((a) => ({ paymentId: a.payment_id, invoiceNumber: a.number, amount: a.amount })),
    reversed,
  )
  return rows.map((row) => ({
    kind: row.kind,
    number: row.number,
    bookingNumber: row.booking_number,
    issueDay: row.issue_day,
    dueDay: row.due_day,
    total: row.total,
    credited: row.kind === 'invoice' ? (credited.get(row.number) ?? 0) : 0,
    paid: row.kind === 'invoice' ? (paid.get(row.number) ?? 0) : 0,
    creditsNumber: row.credits_number,
  }))
}

/** The company's payments in `currency`, with what `allocations` took of each and their refunds. */
function paymentsOf(
  rows: Awaited<ReturnType<typeof paymentRowsOf>>,
  refundRows: Awaited<ReturnType<typeof refundRowsOf>>,
  allocations: readonly AllocationRow[],
  currency: Currency,
): StatementPayment[] {
  const refunds = new Map<number, { day: string; amount: number }[]>()
  for (const refund of refundRows) {
    const list = refunds.get(refund.payment_id)
    const dated = { day: refund.refunded_day, amount: refund.amount }
    if (list) list.push(dated)
    else refunds.set(refund.payment_id, [dated])
  }
  const allocated = new Map<number, number>()
  for (const a of allocations) allocated.set(a.payment_id, (allocated.get(a.payment_id) ?? 0) + a.amount)
  return rows.map((row) => ({
    id: row.id,
    receivedDay: row.received_day,
    method: row.method,
    payerReference: row.payer_reference,
    currency,
    amount: row.amount,
    allocated: allocated.get(row.id) ?? 0,
    refunded: row.refunded,
    reversed: row.reversed_at
      ? { day: singaporeDateOf(row.reversed_at), reason: row.reversal_reason ?? '' }
      : null,
    refunds: refunds.get(row.id) ?? [],
  }))
}

export type StatementOutcome =
  | { ok: true; statement: StatementOfAccount }
  | { ok: false; status: 404 | 422; message: string }

/**
 * The statement of account of company `customerId` (404: no such company; 422: a period that ends before it
 * starts or is too long, once the defaults are filled in).
 */
export async function statementOfAccount(
  db: Db,
  customerId: number,
  query: StatementQuery,
  now: Date,
  config: SiteConfig = siteConfig,
): Promise<StatementOutcome> {
  const asOf = singaporeDateOf(now)
  const to = query.to ?? asOf
  const from = query.from ?? addDays(to, -(STATEMENT_DEFAULT_DAYS - 1))
  const span = daysBetween(from, to)
  if (span < 0) return { ok: false, status: 422, message: statementMessages.periodOrder }
  if (span >= STATEMENT_MAX_DAYS) return { ok: false, status: 422, message: statementMessages.periodTooLong }
  const company = await companyOf(db, customerId)
  if (!company) return { ok: false, status: 404, message: statementMessages.notFound }
  const billingCurrency = billingCurrencyOf(company.billing_currency, company.country_code)
  const currency = query.currency ?? billingCurrency
  // The four reads go out together (the pool's connections answer them side by side).
  const [allocations, documentRows, paymentRows, refundRows] = await Promise.all([
    allocationsOf(db, customerId, currency),
    documentRowsOf(db, customerId, currency),
    paymentRowsOf(db, customerId, currency),
    refundRowsOf(db, customerId, currency),
  ])
  const documents = documentsOf(documentRows, allocations)
  const payments = paymentsOf(paymentRows, refundRows, allocations, currency)
  const figures = statementFigures(documents, payments, asOf, { from, to })
  const statement: StatementOfAccount = {
    company: {
      id: company.id,
      name: company.name,
      currency: billingCurrency,
      paymentTermsDays: company.payment_terms_days,
      creditLimit: creditLimitOf(company.credit_limit, config.billing.creditControl.defaultLimit),
      creditLimitIsDefault: company.credit_limit === null,
    },
    currency,
    asOf,
    ...figures,
    period: { from, to },
  }
  return { ok: true, statement }
}
