/**
 * The statement of account as a PDF (docs/payments.md, "Statement of account"): `statementPdfData` decides
 * every word from the statement as the API answers it, `renderStatementPdf` draws it with pdf-sheet.ts in the
 * invoices' style: the letterhead, the company and the statement's facts, the balance and the five ageing
 * buckets, the open items, then the period's activity with its running balance (the table's head on every
 * page).
 */
import { type AgeBucket, ageBucketNames, ageBuckets, type OpenItemKind } from '../../contract/finance/ageing'
import { paymentTermsText } from '../../contract/finance/invoices'
import { activityKindNames } from '../../contract/finance/statement-account'
import type { StatementOfAccount } from '../../contract/finance/statement-wire'
import { moneyText } from '../../contract/pricing/money'
import { calendarDay } from '../../contract/times'
import { muted, wrap } from '../documents/pdf-kit'
import type { SiteConfig } from '../site-config'
import { supplierParty } from './invoices'
import { registrationOf } from './pdf-data'
import { pdfSheet } from './pdf-sheet'

export interface StatementPdfRow {
  cells: string[]
}

export interface StatementPdfData {
  title: string
  subject: string
  author: string
  createdAt: Date
  brand: string
  supplier: string[]
  customer: string[]
  facts: { label: string; text: string }[]
  /** "Balance due" (or "In credit") and the amount. */
  balance: { label: string; amount: string }
  buckets: { label: string; amount: string }[]
  items: StatementPdfRow[]
  activity: { opening: string; rows: StatementPdfRow[]; closing: string }
  footer: string
}

const itemKindNames: Record<OpenItemKind, string> = {
  invoice: 'Invoice',
  credit_note: 'Credit note',
  payment: 'Unallocated payment',
}

/** Every word of the PDF of `statement`. */
export function statementPdfData(statement: StatementOfAccount, config: SiteConfig): StatementPdfData {
  const money = (amount: number) => moneyText(amount, statement.currency)
  const supplier = supplierParty(config)
  const registration = registrationOf(supplier)
  const { company, period } = statement
  const title = `Statement of account, ${company.name}, ${calendarDay(statement.asOf)}`
  const periodText = `${calendarDay(period.from)} to ${calendarDay(period.to)}`
  return {
    title,
    subject: `Statement of account of ${company.name} in ${statement.currency} as of ${statement.asOf}`,
    author: supplier.name,
    createdAt: new Date(`${statement.asOf}T00:00:00+08:00`),
    brand: config.brand,
    supplier: [supplier.name, ...supplier.addressLines, ...registration],
    customer: [company.name],
    facts: [
      { label: 'Statement date', text: calendarDay(statement.asOf) },
      { label: 'Currency', text: statement.currency },
      { label: 'Terms', text: paymentTermsText(company.paymentTermsDays) },
      { label: 'Credit limit', text: moneyText(company.creditLimit, company.currency) },
      { label: 'Activity', text: periodText },
    ],
    balance: {
      label: statement.balance < 0 ? 'In credit' : 'Balance due',
      amount: money(statement.balance),
    },
    buckets: ageBuckets.map((bucket: AgeBucket) => ({
      label: ageBucketNames[bucket],
      amount: money(statement.buckets[bucket]),
    })),
    items: statement.items.map((item) => ({
      cells: [
        item.reference,
        itemKindNames[item.kind],
        calendarDay(item.day),
        ageBucketNames[item.bucket],
        money(item.signed),
      ],
    })),
    activity: {
      opening: money(statement.openingBalance),
      rows: statement.activity.map((row) => ({
        cells: [
          calendarDay(row.day),
          `${activityKindNames[row.kind]} ${row.reference}`,
          row.description,
          money(row.amount),
          money(row.balance),
        ],
      })),
      closing: money(statement.closingBalance),
    },
    footer: `Statement of account of ${company.name}, ${calendarDay(statement.asOf)}. ${[supplier.name, ...registration].join(', ')}.`,
  }
}

/** The PDF of `statement` (as GET /api/statement answers it). */
export function renderStatementPdf(statement: StatementOfAccount, config: SiteConfig): Promise<Uint8Array> {
  return statementPdf(statementPdfData(statement, config))
}

/** The PDF of `data`. */
export async function statementPdf(data: StatementPdfData): Promise<Uint8Array> {
  const s = await pdfSheet(data)
  const { regular, bold } = s
  s.letterhead(data.brand, 'Statement of account', data.facts[0]?.text ?? '', data.supplier)

  // The company on the left, the statement's facts on the right.
  const factsX = s.left + s.width * 0.55
  s.y -= 16
  const top = s.y
  s.text('STATEMENT FOR', s.left, s.y, 8, bold, muted)
  data.customer.forEach((line, i) => {
    s.text(line, s.left, top - 13 - i * 11.5, 9, i === 0 ? bold : regular)
  })
  s.y = top + 12
  s.rows(data.facts, factsX, s.right, 92)
  s.y = Math.min(top - 13 - data.customer.length * 11.5, s.y) - 4

  // The balance and its ageing.
  s.heading('Balance and ageing', 90)
  s.y -= 18
  s.text(data.balance.label, s.left, s.y, 11, bold)
  s.rightText(data.balance.amount, s.right, s.y, 11, bold)
  const cell = s.width / data.buckets.length
  s.y -= 20
  data.buckets.forEach((bucket, i) => {
    s.text(bucket.label, s.left + i * cell, s.y, 8, bold, muted)
    s.text(bucket.amount, s.left + i * cell, s.y - 12, 9)
  })
  s.y -= 16

  // A table: its head on every page it runs over.
  const table = (
    heads: string[],
    xs: number[],
    moneyFrom: number,
    rows: StatementPdfRow[],
    wrapAt: number,
    wrapWidth: number,
  ) => {
    const head = () => {
      s.y -= 12
      heads.forEach((h, i) => {
        const x = xs[i] as number
        if (i >= moneyFrom) s.rightText(h, x, s.y, 7.5, bold, muted)
        else s.text(h, x, s.y, 7.5, bold, muted)
      })
      s.y -= 5
      s.hr(s.y)
    }
    head()
    for (const row of rows) {
      const wrapped = wrap(row.cells[wrapAt] ?? '', regular, 8.5, wrapWidth)
      s.room(5 + wrapped.length * 11, head)
      s.y -= 12
      row.cells.forEach((text, i) => {
        const x = xs[i] as number
        if (i === wrapAt)
          wrapped.forEach((line, j) => {
            s.text(line, x, s.y - j * 11, 8.5)
          })
        else if (i >= moneyFrom) s.rightText(text, x, s.y, 8.5)
        else s.text(text, x, s.y, 8.5)
      })
      s.y -= (wrapped.length - 1) * 11
    }
  }

  s.heading('Open items', 60)
  if (data.items.length === 0) {
    s.y -= 14
    s.text('Nothing is open.', s.left, s.y, 9, regular, muted)
  } else {
    const x = s.left
    table(
      ['Reference', 'Item', 'Due or dated', 'Age', 'Amount'],
      [x, x + 110, x + 230, x + 320, s.right],
      4,
      data.items,
      1,
      110,
    )
  }

  s.heading('Activity', 70)
  s.rows([{ label: 'Opening balance', text: data.activity.opening }], s.left, s.right, 160)
  if (data.activity.rows.length > 0) {
    const x = s.left
    table(
      ['Date', 'Entry', 'Details', 'Amount', 'Balance'],
      [x, x + 70, x + 200, s.right - 90, s.right],
      3,
      data.activity.rows,
      2,
      s.right - 90 - (x + 200) - 70,
    )
  }
  s.room(20)
  s.y -= 4
  s.rows([{ label: 'Closing balance', text: data.activity.closing }], s.left, s.right, 160)
  return s.finish(data.footer)
}
