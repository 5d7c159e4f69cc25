/**
 * Issued invoices and credit notes as the lists and the detail read them (docs/invoices.md): the customer's
 * (their company's only) and finance's (every company), with the derived balance and state. Nothing here
 * writes: issued documents are frozen (migration 0028's trigger).
 *
 * What an invoice owes is computed, never stored: its total less the totals of its credit notes less the
 * allocations in force of payments to it (those of payments not reversed; docs/payments.md), so every list,
 * detail, state filter, PDF and PayNow QR follow a payment. `stateSql` mirrors contract `invoiceState` for
 * the state filter (tests/server/invoices-reads.test.ts holds the two to the same answer).
 */
import { type Kysely, type SqlBool, sql } from 'kysely'
import { singaporeDateOf } from '../../contract/dates'
import type {
  DocumentLine,
  InvoiceDetail,
  InvoicePage,
  InvoiceSummary,
} from '../../contract/finance/invoice-wire'
import { type InvoiceListQuery, type InvoiceState, invoiceState } from '../../contract/finance/invoices'
import { PaynowError, paynowExpiryDay, paynowPayload } from '../../contract/finance/paynow'
import type { Database } from '../db/schema'
import { type SiteConfig, siteConfig } from '../site-config'

type Db = Kysely<Database>

/** The totals of an invoice's credit notes (0 for a credit note, which has none); the invoice is `i`. */
export const creditedSql = sql<number>`coalesce((select sum(cn.total) from invoices cn where cn.credits_invoice_id = i.id), 0)::integer`

/** What the allocations in force (of payments not reversed) paid of invoice `i`. */
export const paidSql = sql<number>`coalesce((select sum(pa.amount) from payment_allocations pa inner join payments p on p.id = pa.payment_id where pa.invoice_id = i.id and p.reversed_at is null), 0)::integer`

/** What invoice `i` owes now (contract `invoiceBalance`). */
export const balanceSql = sql<number>`(i.total - ${creditedSql} - ${paidSql})`

/** The SQL of "the invoice is in `state` on `today`" (invoiceState's rule; credit notes have no state). */
function stateSql(state: InvoiceState, today: string) {
  const balance = balanceSql
  const invoice = sql`i.kind = 'invoice'`
  switch (state) {
    case 'credited':
      return sql<SqlBool>`${invoice} and ${balance} <= 0 and ${paidSql} = 0`
    case 'paid':
      return sql<SqlBool>`${invoice} and ${balance} <= 0 and ${paidSql} > 0`
    case 'overdue':
      return sql<SqlBool>`${invoice} and ${balance} > 0 and i.due_day < ${today}::date`
    case 'part_paid':
      return sql<SqlBool>`${invoice} and ${balance} > 0 and i.due_day >= ${today}::date and ${paidSql} > 0`
    case 'issued':
      return sql<SqlBool>`${invoice} and ${balance} > 0 and i.due_day >= ${today}::date and ${paidSql} = 0`
  }
}

/** The columns of a list's row. */
function summaryQuery(db: Db) {
  return db
    .selectFrom('invoices as i')
    .innerJoin('bookings as b', 'b.id', 'i.booking_id')
    .leftJoin('invoices as ci', 'ci.id', 'i.credits_invoice_id')
    .select([
      'i.id',
      'i.number',
      'i.kind',
      'b.number as booking_number',
      'i.customer_id',
      sql<string>`i.customer->>'name'`.as('customer_name'),
      'i.issue_day',
      'i.due_day',
      'i.currency',
      'i.total',
      'i.issued_at',
      'ci.number as credits_number',
      'ci.issue_day as credits_issue_day',
      creditedSql.as('credited'),
      paidSql.as('paid'),
    ])
}

type SummaryRow = Awaited<ReturnType<ReturnType<typeof summaryQuery>['execute']>>[number]

function summaryOf(row: SummaryRow, today: string): InvoiceSummary {
  const isInvoice = row.kind === 'invoice'
  const credited = Number(row.credited)
  const paid = Number(row.paid)
  return {
    number: row.number,
    kind: row.kind,
    bookingNumber: row.booking_number,
    customerId: row.customer_id,
    customerName: row.customer_name,
    issueDay: row.issue_day,
    dueDay: row.due_day,
    currency: row.currency,
    total: row.total,
    balance: isInvoice ? row.total - credited - paid : row.total,
    state:
      isInvoice && row.due_day
        ? invoiceState({ total: row.total, credited, paid, dueDay: row.due_day }, today)
        : null,
    creditsNumber: row.credits_number,
    creditsIssueDay: row.credits_issue_day,
  }
}

/** The opaque cursor of a page: where the last row of the previous page was in the order. */
export const cursorOf = (row: { issued_at: Date; id: number }) =>
  Buffer.from(`${row.issued_at.toISOString()}|${row.id}`).toString('base64url')

/** The place a cursor names, or undefined when it is not one this server made. */
export function parseCursor(cursor: string): { at: Date; id: number } | undefined {
  const match = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)\|(\d{1,10})$/.exec(
    Buffer.from(cursor, 'base64url').toString(),
  )
  if (!match) return undefined
  const at = new Date(match[1] as string)
  const id = Number(match[2])
  return Number.isNaN(at.getTime()) || id > 2_147_483_647 ? undefined : { at, id }
}

const likeStart = (text: string) => `${text.toUpperCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/**
 * One page of documents, newest first (issued_at, then id), filtered; `customerId` scopes it to one company
 * (the customer's list always passes theirs). Undefined when the cursor is not one of ours.
 */
export async function listDocuments(
  db: Db,
  query: InvoiceListQuery,
  now: Date,
): Promise<InvoicePage | undefined> {
  const today = singaporeDateOf(now)
  const after = query.after === undefined ? null : parseCursor(query.after)
  if (after === undefined) return undefined
  const { customerId, kind, state, from, to, q } = query
  let select = summaryQuery(db)
  if (customerId !== undefined) select = select.where('i.customer_id', '=', customerId)
  if (kind) select = select.where('i.kind', '=', kind)
  if (state) select = select.where(stateSql(state, today))
  if (from) select = select.where('i.issue_day', '>=', from)
  if (to) select = select.where('i.issue_day', '<=', to)
  if (q) {
    const start = likeStart(q)
    select = select.where((eb) => eb.or([eb('i.number', 'like', start), eb('b.number', 'like', start)]))
  }
  if (after) select = select.where(sql<SqlBool>`(i.issued_at, i.id) < (${after.at}, ${after.id})`)
  const rows = await select
    .orderBy('i.issued_at', 'desc')
    .orderBy('i.id', 'desc')
    .limit(query.limit + 1)
    .execute()
  const page = rows.slice(0, query.limit)
  const last = page.at(-1)
  return {
    invoices: page.map((row) => summaryOf(row, today)),
    next: rows.length > query.limit && last ? cursorOf(last) : null,
  }
}

/** The PayNow payload of an SGD invoice's balance, payable until PAYNOW_GRACE_DAYS after it is due (or after today, once overdue). */
export function paynowOf(
  summary: Pick<InvoiceSummary, 'kind' | 'currency' | 'balance' | 'dueDay' | 'number'>,
  today: string,
  config: SiteConfig = siteConfig,
): InvoiceDetail['paynow'] {
  if (summary.kind !== 'invoice' || summary.currency !== 'SGD' || summary.balance <= 0) return null
  const expiryDay = paynowExpiryDay(summary.dueDay && summary.dueDay > today ? summary.dueDay : today)
  const { uen, merchantName, city } = config.billing.paynow
  try {
    const payload = paynowPayload({
      uen,
      merchantName,
      city,
      amount: summary.balance,
      expiryDay,
      billNumber: summary.number,
    })
    return { payload, amount: summary.balance, expiryDay }
  } catch (error) {
    // A configuration PayNow cannot carry (site.config.ts is validated at start): no QR rather than no invoice.
    if (error instanceof PaynowError) return null
    throw error
  }
}

/**
 * One document with everything it was issued with, its credit notes and what it still owes; undefined when
 * there is none of that number (for `customerId`, none of that company's).
 */
export async function documentDetail(
  db: Db,
  number: string,
  now: Date,
  customerId?: number,
): Promise<InvoiceDetail | undefined> {
  let select = summaryQuery(db)
    .select([
      'i.sr_amount',
      'i.zr_amount',
      'i.os_amount',
      'i.subtotal',
      'i.gst',
      'i.gst_rate_bps',
      'i.payment_terms_days',
      'i.fx',
      'i.supplier',
      'i.customer',
      'i.reason',
    ])
    .where('i.number', '=', number)
  if (customerId !== undefined) select = select.where('i.customer_id', '=', customerId)
  const row = await select.executeTakeFirst()
  if (!row) return undefined
  const [lines, creditNotes] = await Promise.all([
    db
      .selectFrom('invoice_lines')
      .select(['line_no', 'code', 'description', 'quantity_text', 'amount', 'gst_code', 'credits_line_no'])
      .where('invoice_id', '=', row.id)
      .orderBy('line_no')
      .execute(),
    db
      .selectFrom('invoices')
      .select(['number', 'issue_day', 'total'])
      .where('credits_invoice_id', '=', row.id)
      .orderBy('id')
      .execute(),
  ])
  const today = singaporeDateOf(now)
  const summary = summaryOf(row, today)
  return {
    ...summary,
    supplier: row.supplier,
    customer: row.customer,
    lines: lines.map(
      (line): DocumentLine => ({
        lineNo: line.line_no,
        code: line.code,
        description: line.description,
        quantityText: line.quantity_text,
        amount: line.amount,
        gstCode: line.gst_code,
        creditsLineNo: line.credits_line_no,
      }),
    ),
    totals: {
      byCode: { SR: row.sr_amount, ZR: row.zr_amount, OS: row.os_amount },
      subtotal: row.subtotal,
      gst: row.gst,
      total: row.total,
    },
    gstRateBps: row.gst_rate_bps,
    paymentTermsDays: row.payment_terms_days,
    sgd: row.fx,
    reason: row.reason,
    credited: Number(row.credited),
    paid: Number(row.paid),
    creditNotes: creditNotes.map((note) => ({
      number: note.number,
      issueDay: note.issue_day,
      total: note.total,
    })),
    paynow: paynowOf(summary, today),
    issuedAt: row.issued_at.toISOString(),
  }
}
