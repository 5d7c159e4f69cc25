/**
 * The journal of issued documents for accounting systems (docs/invoices.md "The journal"): one CSV row per
 * invoice and credit note issued in a period (Singapore days, inclusive), in the order they were issued.
 * Amounts are decimal major units with two places; a credit note's are negative, so that each amount column
 * sums to the period's net. A foreign-currency document also gives its frozen SGD rate and SGD amounts. Free
 * text (a name, a reason) that a spreadsheet would read as a formula starts with an apostrophe.
 */
import { stringify } from 'csv-stringify/sync'
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema'

/** The columns, in order (the header row). */
export const journalColumns = [
  'type',
  'number',
  'issue_date',
  'due_date',
  'credits_number',
  'credits_issue_date',
  'booking_number',
  'customer_name',
  'customer_uen',
  'currency',
  'standard_rated',
  'zero_rated',
  'out_of_scope',
  'net',
  'gst_rate',
  'gst',
  'total',
  'sgd_rate',
  'sgd_rate_date',
  'sgd_rate_source',
  'sgd_net',
  'sgd_gst',
  'sgd_total',
  'reason',
] as const

/** Minor units as a decimal with two places, negated for a credit note: 123456 → "1234.56". */
const decimal = (minor: number, sign: 1 | -1) => {
  const value = minor * sign
  const abs = Math.abs(value)
  return `${value < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`
}

/** The rate in millionths as a decimal: 1345000 → "1.345000". */
const rateText = (micro: number) =>
  `${Math.floor(micro / 1_000_000)}.${String(micro % 1_000_000).padStart(6, '0')}`

/** Free text as a spreadsheet reads it: never a formula (a leading =, +, -, @, tab or return is quoted by '). */
const textCell = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text)

export async function journalCsv(
  db: Kysely<Database>,
  period: { from: string; to: string },
): Promise<string> {
  const rows = await db
    .selectFrom('invoices as i')
    .innerJoin('bookings as b', 'b.id', 'i.booking_id')
    .leftJoin('invoices as ci', 'ci.id', 'i.credits_invoice_id')
    .select([
      'i.kind',
      'i.number',
      'i.issue_day',
      'i.due_day',
      'ci.number as credits_number',
      'ci.issue_day as credits_issue_day',
      'b.number as booking_number',
      'i.customer',
      'i.currency',
      'i.sr_amount',
      'i.zr_amount',
      'i.os_amount',
      'i.subtotal',
      'i.gst_rate_bps',
      'i.gst',
      'i.total',
      'i.fx',
      'i.reason',
    ])
    .where('i.issue_day', '>=', period.from)
    .where('i.issue_day', '<=', period.to)
    .orderBy('i.issued_at')
    .orderBy('i.id')
    .execute()
  const records = rows.map((row) => {
    const sign = row.kind === 'credit_note' ? -1 : 1
    const fx = row.fx
    return [
      row.kind === 'invoice' ? 'Tax invoice' : 'Credit note',
      row.number,
      row.issue_day,
      row.due_day ?? '',
      row.credits_number ?? '',
      row.credits_issue_day ?? '',
      row.booking_number,
      textCell(row.customer.name),
      textCell(row.customer.uen),
      row.currency,
      decimal(row.sr_amount, sign),
      decimal(row.zr_amount, sign),
      decimal(row.os_amount, sign),
      decimal(row.subtotal, sign),
      `${row.gst_rate_bps / 100}`,
      decimal(row.gst, sign),
      decimal(row.total, sign),
      fx ? rateText(fx.rate.sgdPerUnitMicro) : '',
      fx?.rate.asOf ?? '',
      fx?.rate.source ?? '',
      fx ? decimal(fx.subtotal, sign) : '',
      fx ? decimal(fx.gst, sign) : '',
      fx ? decimal(fx.total, sign) : '',
      textCell(row.reason ?? ''),
    ]
  })
  return stringify([[...journalColumns], ...records], { record_delimiter: '\r\n' })
}
