/**
 * Payments as finance's list and a payment's page read them (issue 36, docs/payments.md "Payments and
 * allocations"): what each payment allocated (allocations in force; none once reversed), refunded and has
 * left as the customer's credit on account, its allocations with who and when, and the customer's open
 * invoices in its currency. Nothing here writes (payments.ts does).
 */
import { type Kysely, type SqlBool, sql } from 'kysely'
import { invoiceState } from '../../contract/finance/invoices'
import type {
  OpenInvoiceView,
  PaymentDetail,
  PaymentListQuery,
  PaymentPage,
  PaymentSummary,
} from '../../contract/finance/payment-wire'
import type { Database } from '../db/schema'
import { balanceSql, creditedSql, cursorOf, paidSql, parseCursor } from './invoice-reads'

type Db = Kysely<Database>

/** Every allocation of payment `p` (in force or not: a reversed payment's count for nothing, summaryOf says). */
const allocatedSql = sql<number>`coalesce((select sum(pa.amount) from payment_allocations pa where pa.payment_id = p.id), 0)::integer`

/** The most the payment page lists of the customer's open invoices (the allocation form's choices). */
export const OPEN_INVOICES_SHOWN = 500

function summaryQuery(db: Db) {
  return db
    .selectFrom('payments as p')
    .innerJoin('customers as c', 'c.id', 'p.customer_id')
    .leftJoin('staff_members as rs', 'rs.id', 'p.recorded_by')
    .leftJoin('staff_members as vs', 'vs.id', 'p.reversed_by')
    .leftJoin('bank_statement_lines as bl', 'bl.payment_id', 'p.id')
    .select([
      'p.id',
      'p.customer_id',
      'c.name as customer_name',
      'p.received_day',
      'p.method',
      'p.currency',
      'p.amount',
      'p.refunded',
      'p.payer_reference',
      'bl.id as bank_line_id',
      'p.reversed_at',
      'p.reversal_reason',
      'vs.name as reversed_by',
      'p.recorded_at',
      'rs.name as recorded_by',
      allocatedSql.as('allocated'),
    ])
}

type SummaryRow = Awaited<ReturnType<ReturnType<typeof summaryQuery>['execute']>>[number]

function summaryOf(row: SummaryRow): PaymentSummary {
  const reversed = row.reversed_at !== null
  const allocated = reversed ? 0 : Number(row.allocated)
  return {
    id: row.id,
    customerId: row.customer_id,
    customerName: row.customer_name,
    receivedDay: row.received_day,
    method: row.method,
    currency: row.currency,
    amount: row.amount,
    allocated,
    refunded: row.refunded,
    unallocated: reversed ? 0 : row.amount - allocated - row.refunded,
    payerReference: row.payer_reference,
    bankLineId: row.bank_line_id,
    reversed:
      row.reversed_at === null
        ? null
        : { at: row.reversed_at.toISOString(), reason: row.reversal_reason ?? '', by: row.reversed_by },
    recordedAt: row.recorded_at.toISOString(),
    recordedBy: row.recorded_by,
  }
}

/**
 * One page of payments, the latest recorded first (recorded_at, then id), filtered by company, received day
 * and whether something is left to allocate. Undefined when the cursor is not one of ours.
 */
export async function listPayments(db: Db, query: PaymentListQuery): Promise<PaymentPage | undefined> {
  const after = query.after === undefined ? null : parseCursor(query.after)
  if (after === undefined) return undefined
  let select = summaryQuery(db)
  if (query.customerId !== undefined) select = select.where('p.customer_id', '=', query.customerId)
  if (query.from) select = select.where('p.received_day', '>=', query.from)
  if (query.to) select = select.where('p.received_day', '<=', query.to)
  const open = sql<SqlBool>`(p.reversed_at is null and p.amount - ${allocatedSql} - p.refunded > 0)`
  if (query.unallocated === 'true') select = select.where(open)
  if (query.unallocated === 'false') select = select.where(sql<SqlBool>`not ${open}`)
  if (after) select = select.where(sql<SqlBool>`(p.recorded_at, p.id) < (${after.at}, ${after.id})`)
  const rows = await select
    .orderBy('p.recorded_at', 'desc')
    .orderBy('p.id', 'desc')
    .limit(query.limit + 1)
    .execute()
  const page = rows.slice(0, query.limit)
  const last = page.at(-1)
  return {
    payments: page.map(summaryOf),
    next: rows.length > query.limit && last ? cursorOf({ issued_at: last.recorded_at, id: last.id }) : null,
  }
}

/** The invoices of `customerId` in `currency` that still owe, oldest due first, with their state on `today`. */
export async function openInvoicesOf(
  db: Db,
  customerId: number,
  currency: string,
  today: string,
): Promise<OpenInvoiceView[]> {
  const rows = await db
    .selectFrom('invoices as i')
    .innerJoin('bookings as b', 'b.id', 'i.booking_id')
    .select([
      'i.number',
      'b.number as booking_number',
      'i.issue_day',
      'i.due_day',
      'i.currency',
      'i.total',
      creditedSql.as('credited'),
      paidSql.as('paid'),
    ])
    .where('i.customer_id', '=', customerId)
    .where('i.kind', '=', 'invoice')
    .where('i.currency', '=', currency)
    .where(sql<SqlBool>`${balanceSql} > 0`)
    .orderBy('i.due_day')
    .orderBy('i.id')
    .limit(OPEN_INVOICES_SHOWN)
    .execute()
  return rows.map((row) => {
    const credited = Number(row.credited)
    const paid = Number(row.paid)
    const dueDay = row.due_day ?? row.issue_day
    return {
      number: row.number,
      bookingNumber: row.booking_number,
      issueDay: row.issue_day,
      dueDay,
      currency: row.currency,
      total: row.total,
      balance: row.total - credited - paid,
      state: invoiceState({ total: row.total, credited, paid, dueDay }, today),
    }
  })
}

/**
 * Payment `id` with its allocations (who and when) and, unless reversed, the customer's open invoices in its
 * currency on `today` (ISO day, Singapore); null when there is none. Pass the transaction to read what it wrote.
 */
export async function paymentDetail(db: Db, id: number, today: string): Promise<PaymentDetail | null> {
  const row = await summaryQuery(db).where('p.id', '=', id).executeTakeFirst()
  if (!row) return null
  const summary = summaryOf(row)
  const [allocations, openInvoices] = await Promise.all([
    db
      .selectFrom('payment_allocations as pa')
      .innerJoin('invoices as i', 'i.id', 'pa.invoice_id')
      .leftJoin('staff_members as s', 's.id', 'pa.allocated_by')
      .select(['i.number', 'pa.amount', 'pa.allocated_at', 's.name'])
      .where('pa.payment_id', '=', id)
      .orderBy('pa.allocated_at')
      .orderBy('pa.id')
      .execute(),
    summary.reversed ? Promise.resolve([]) : openInvoicesOf(db, row.customer_id, row.currency, today),
  ])
  return {
    ...summary,
    allocations: allocations.map((a) => ({
      invoiceNumber: a.number,
      amount: a.amount,
      allocatedAt: a.allocated_at.toISOString(),
      allocatedBy: a.name,
    })),
    openInvoices,
  }
}
