/**
 * The lines of uploaded bank statements as finance's desk reads them (issue 36, docs/payments.md "Bank
 * statements"): a page of lines by status, each open one with the desk's suggestion (contract
 * `suggestMatches`, computed per request for the lines of the page against every company's open invoices in
 * their currencies, read in one query with the invoices' own balance), and a line ignored or opened again
 * (its row locked, audited). Matching a line to a payment is bank-match.ts.
 */
import { type Kysely, type SqlBool, sql } from 'kysely'
import type {
  BankLineListQuery,
  BankLinePage,
  BankLineSuggestion,
  BankLineView,
} from '../../contract/finance/payment-wire'
import { type OpenInvoice, suggestMatches } from '../../contract/finance/statement-matching'
import { type AuditContext, appendAudit, changedFields } from '../audit/audit'
import type { Database } from '../db/schema'
import { balanceSql } from './invoice-reads'

type Db = Kysely<Database>

export const bankLineMessages = {
  notFound: 'No such bank line.',
  notOpen: 'This line is no longer open: someone matched or ignored it. Reload the list.',
  notIgnored: 'Only an ignored line can be opened again.',
  badCursor: 'This page of the list is not one the server gave: start from the first page.',
} as const

function lineQuery(db: Db) {
  return db
    .selectFrom('bank_statement_lines as l')
    .leftJoin('staff_members as ds', 'ds.id', 'l.decided_by')
    .select([
      'l.id',
      'l.statement_id',
      'l.account',
      'l.source',
      'l.booking_day',
      'l.value_day',
      'l.amount',
      'l.currency',
      'l.end_to_end_id',
      'l.structured_references',
      'l.unstructured',
      'l.counterparty',
      'l.status',
      'l.payment_id',
      'l.decided_at',
      'ds.name as decided_by',
    ])
}

type LineRow = Awaited<ReturnType<ReturnType<typeof lineQuery>['execute']>>[number]

/**
 * The open invoices (balance above zero) of every company in `currencies`, with the balance every invoice
 * read computes (invoice-reads.ts `balanceSql`): one query.
 */
export async function openInvoicesIn(db: Db, currencies: readonly string[]): Promise<OpenInvoice[]> {
  if (currencies.length === 0) return []
  // The balance computed once per invoice, then compared.
  const rows = await db
    .selectFrom((eb) =>
      eb
        .selectFrom('invoices as i')
        .select(['i.id', 'i.number', 'i.customer_id', 'i.currency', 'i.due_day', balanceSql.as('balance')])
        .where('i.kind', '=', 'invoice')
        .where('i.currency', 'in', [...currencies])
        .as('o'),
    )
    .select(['o.number', 'o.customer_id', 'o.currency', 'o.balance'])
    .where('o.balance', '>', 0)
    .orderBy('o.due_day')
    .orderBy('o.id')
    .execute()
  return rows.map((row) => ({
    number: row.number,
    customerId: row.customer_id,
    currency: row.currency,
    balance: Number(row.balance),
  }))
}

/** The rows as the desk shows them: each open one with its suggestion, named by the customer's name. */
async function viewsOf(db: Db, rows: readonly LineRow[]): Promise<BankLineView[]> {
  const open = rows.filter((row) => row.status === 'open')
  const invoices = await openInvoicesIn(db, [...new Set(open.map((row) => row.currency))])
  const suggestions = suggestMatches(
    open.map((row) => ({
      identity: String(row.id),
      amount: row.amount,
      currency: row.currency,
      endToEndId: row.end_to_end_id,
      structuredReferences: row.structured_references,
      unstructured: row.unstructured,
    })),
    invoices,
  )
  const customerIds = [...new Set(suggestions.flatMap((s) => (s ? [s.customerId] : [])))]
  const names = new Map(
    customerIds.length === 0
      ? []
      : (
          await db.selectFrom('customers').select(['id', 'name']).where('id', 'in', customerIds).execute()
        ).map((c) => [c.id, c.name]),
  )
  const byLine = new Map<number, BankLineSuggestion>()
  for (const suggestion of suggestions) {
    if (!suggestion) continue
    const { identity, ...rest } = suggestion
    byLine.set(Number(identity), { ...rest, customerName: names.get(suggestion.customerId) ?? '' })
  }
  return rows.map((row) => ({
    id: row.id,
    statementId: row.statement_id,
    account: row.account,
    source: row.source,
    bookingDay: row.booking_day,
    valueDay: row.value_day,
    amount: row.amount,
    currency: row.currency,
    endToEndId: row.end_to_end_id,
    structuredReferences: row.structured_references,
    unstructured: row.unstructured,
    counterparty: row.counterparty,
    status: row.status,
    paymentId: row.payment_id,
    suggestion: byLine.get(row.id) ?? null,
    decidedAt: row.decided_at?.toISOString() ?? null,
    decidedBy: row.decided_by,
  }))
}

const cursorOf = (row: { booking_day: string; id: number }) =>
  Buffer.from(`${row.booking_day}|${row.id}`).toString('base64url')

function parseCursor(cursor: string): { day: string; id: number } | undefined {
  const match = /^(\d{4}-\d{2}-\d{2})\|(\d{1,10})$/.exec(Buffer.from(cursor, 'base64url').toString())
  if (!match) return undefined
  const id = Number(match[2])
  return id > 2_147_483_647 ? undefined : { day: match[1] as string, id }
}

/**
 * A page of lines of `status`: open ones oldest first (the order the desk works and suggests in), matched and
 * ignored ones newest first. Undefined when the cursor is not one of ours.
 */
export async function listBankLines(db: Db, query: BankLineListQuery): Promise<BankLinePage | undefined> {
  const after = query.after === undefined ? null : parseCursor(query.after)
  if (after === undefined) return undefined
  const direction = query.status === 'open' ? 'asc' : 'desc'
  let select = lineQuery(db).where('l.status', '=', query.status)
  if (query.statementId !== undefined) select = select.where('l.statement_id', '=', query.statementId)
  if (after)
    select = select.where(
      direction === 'asc'
        ? sql<SqlBool>`(l.booking_day, l.id) > (${after.day}::date, ${after.id})`
        : sql<SqlBool>`(l.booking_day, l.id) < (${after.day}::date, ${after.id})`,
    )
  const rows = await select
    .orderBy('l.booking_day', direction)
    .orderBy('l.id', direction)
    .limit(query.limit + 1)
    .execute()
  const page = rows.slice(0, query.limit)
  const last = page.at(-1)
  return {
    lines: await viewsOf(db, page),
    next: rows.length > query.limit && last ? cursorOf(last) : null,
  }
}

/** One line as the desk shows it (an open one with its suggestion); undefined when there is none. */
export async function bankLineView(db: Db, id: number): Promise<BankLineView | undefined> {
  const row = await lineQuery(db).where('l.id', '=', id).executeTakeFirst()
  return row ? (await viewsOf(db, [row]))[0] : undefined
}

export type LineOutcome = { ok: true; line: BankLineView } | { ok: false; status: 404 | 409; message: string }

/**
 * Finance ignores an open line (not money for an invoice: a refund from a carrier, a transfer of our own) or
 * opens an ignored one again; its row locked, so a match at the same time waits and then finds it decided.
 */
export async function decideBankLine(
  db: Db,
  id: number,
  to: 'ignored' | 'open',
  who: { audit: AuditContext; staffId: number },
  at: Date,
): Promise<LineOutcome> {
  return db.transaction().execute(async (trx) => {
    const line = await trx
      .selectFrom('bank_statement_lines')
      .select(['id', 'status'])
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst()
    if (!line) return { ok: false, status: 404, message: bankLineMessages.notFound }
    const from = to === 'ignored' ? 'open' : 'ignored'
    if (line.status !== from)
      return {
        ok: false,
        status: 409,
        message: to === 'ignored' ? bankLineMessages.notOpen : bankLineMessages.notIgnored,
      }
    await trx
      .updateTable('bank_statement_lines')
      .set(
        to === 'ignored'
          ? { status: 'ignored', decided_by: who.staffId, decided_at: at }
          : { status: 'open', decided_by: null, decided_at: null },
      )
      .where('id', '=', id)
      .execute()
    await appendAudit(
      trx,
      {
        ...who.audit,
        action: to === 'ignored' ? 'bank-line.ignored' : 'bank-line.reopened',
        recordType: 'bank-line',
        recordId: id,
        customerId: null,
        changes: changedFields({ status: from }, { status: to }, ['status']),
      },
      at,
    )
    const view = await bankLineView(trx, id)
    if (!view) throw new Error(`bank line ${id} vanished`)
    return { ok: true, line: view }
  })
}
