/**
 * A statement of account's ageing (issue 36, docs/payments.md): a company's open items (invoices with a
 * balance, credit notes not yet applied, payments not yet allocated) placed by age in Singapore days, in five
 * buckets that always sum to the balance.
 *
 * - An open invoice ages from its due date: current until the day after it is due, then 1–30, 31–60, 61–90
 *   and over 90 days past due.
 * - A credit (a credit note not yet applied, a payment not yet allocated) reduces the balance and ages from
 *   its own date, in the same buckets, as a negative amount: where it sits says how long it has waited.
 */
import { daysBetween } from '../dates'

export const ageBuckets = ['current', 'd1to30', 'd31to60', 'd61to90', 'over90'] as const
export type AgeBucket = (typeof ageBuckets)[number]

export const ageBucketNames: Record<AgeBucket, string> = {
  current: 'Current',
  d1to30: '1–30 days',
  d31to60: '31–60 days',
  d61to90: '61–90 days',
  over90: 'Over 90 days',
}

export type OpenItemKind = 'invoice' | 'credit_note' | 'payment'

/** An open item of a statement of account. */
export interface OpenItem {
  kind: OpenItemKind
  /** The document number or the payment's reference. */
  reference: string
  /** Invoices: the due date; credits: the document's or the payment's date (ISO day, Singapore). */
  day: string
  /** What is still open, in minor units, positive: an invoice's balance, a credit's unapplied amount. */
  amount: number
}

export interface AgedItem extends OpenItem {
  /** Days since `day` (invoices: days past due), 0 or more. */
  days: number
  bucket: AgeBucket
  /** What it adds to the balance: the amount, negative for a credit. */
  signed: number
}

export interface Ageing {
  items: AgedItem[]
  buckets: Record<AgeBucket, number>
  /** What the company owes: invoices less credits (negative: we owe the company). */
  balance: number
}

/** The bucket of an item `days` old (past due, for an invoice). */
export function bucketOf(days: number): AgeBucket {
  if (days <= 0) return 'current'
  if (days <= 30) return 'd1to30'
  if (days <= 60) return 'd31to60'
  if (days <= 90) return 'd61to90'
  return 'over90'
}

/** The ageing of `items` on `today` (ISO day, Singapore), oldest first. */
export function ageingOf(items: readonly OpenItem[], today: string): Ageing {
  const buckets: Record<AgeBucket, number> = { current: 0, d1to30: 0, d31to60: 0, d61to90: 0, over90: 0 }
  let balance = 0
  const aged: AgedItem[] = []
  for (const { kind, reference, day, amount } of items) {
    if (amount === 0) continue
    const days = Math.max(0, daysBetween(day, today))
    const signed = kind === 'invoice' ? amount : -amount
    const bucket = bucketOf(days)
    buckets[bucket] += signed
    balance += signed
    aged.push({ kind, reference, day, amount, days, bucket, signed })
  }
  aged.sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : a.reference < b.reference ? -1 : 1))
  return { items: aged, buckets, balance }
}
