/**
 * A company's statement of account (issue 36, docs/payments.md, "Statement of account"): its figures from its
 * documents and payments in one currency, pure, for the server (server/finance/statement.ts reads the rows)
 * and the tests.
 *
 * - Open items (contract `ageingOf`): invoices with a balance (by due date), credits (an invoice its credit
 *   notes took below zero, from its last credit note's date; a payment's unallocated amount, from the day it
 *   was received). The five buckets sum to the balance.
 * - Activity: what moved the balance, in date order, with a running balance from the opening balance (what
 *   was owed before the period): invoices (+), credit notes (−), payments (−), refunds of credit (+) and
 *   reversals (+ what the payment still counted). Over all time the activity ends at the balance.
 */
import { addDays } from '../dates'
import { type Ageing, ageingOf, type OpenItem } from './ageing'
import type { DocumentKind } from './invoices'
import { invoiceBalance, type PaymentMethod, paymentMethodNames, unallocatedOf } from './payments'

/** A document of the company in the statement's currency. */
export interface StatementDocument {
  kind: DocumentKind
  number: string
  bookingNumber: string
  issueDay: string
  /** Invoices only. */
  dueDay: string | null
  total: number
  /** Invoices: their credit notes' totals and the allocations in force (0 for a credit note). */
  credited: number
  paid: number
  /** A credit note's invoice. */
  creditsNumber: string | null
}

/** A payment of the company in the statement's currency. */
export interface StatementPayment {
  id: number
  receivedDay: string
  method: PaymentMethod
  payerReference: string
  currency: string
  amount: number
  /** Allocated to invoices, reversed or not. */
  allocated: number
  refunded: number
  reversed: { day: string; reason: string } | null
  /** Refunds with their days (the audit trail's); what `refunded` has beyond them counts on `receivedDay`. */
  refunds: { day: string; amount: number }[]
}

export type StatementActivityKind = 'invoice' | 'credit_note' | 'payment' | 'refund' | 'reversal'

/** A line of the period's activity. */
export interface StatementActivity {
  day: string
  kind: StatementActivityKind
  /** The document number, or the payment's name (paymentReference). */
  reference: string
  description: string
  /** What it did to the balance: positive raises what the company owes. */
  amount: number
  /** The balance after it. */
  balance: number
}

export interface StatementFigures extends Ageing {
  openingBalance: number
  activity: StatementActivity[]
  closingBalance: number
}

export interface StatementPeriod {
  from: string
  to: string
}

/** The period a statement shows unless asked: the last 90 days to today. */
export const STATEMENT_DEFAULT_DAYS = 90
/** The longest period a statement shows at once. */
export const STATEMENT_MAX_DAYS = 3 * 366

export const statementPeriods = ['90d', '30d', '365d', 'year'] as const
export type StatementPeriodChoice = (typeof statementPeriods)[number]
export const statementPeriodNames: Record<StatementPeriodChoice, string> = {
  '90d': 'Last 90 days',
  '30d': 'Last 30 days',
  '365d': 'Last 12 months',
  year: 'This year',
}

/** The days of a period choice on `today` (Singapore). */
export function periodOf(choice: StatementPeriodChoice, today: string): StatementPeriod {
  switch (choice) {
    case '30d':
      return { from: addDays(today, -29), to: today }
    case '365d':
      return { from: addDays(today, -364), to: today }
    case 'year':
      return { from: `${today.slice(0, 4)}-01-01`, to: today }
    default:
      return { from: addDays(today, -(STATEMENT_DEFAULT_DAYS - 1)), to: today }
  }
}

export const statementMessages = {
  periodOrder: 'The period must end on or after the day it starts.',
  periodTooLong: 'A statement shows at most three years at a time.',
  notFound: 'No such company.',
} as const

export const activityKindNames: Record<StatementActivityKind, string> = {
  invoice: 'Invoice',
  credit_note: 'Credit note',
  payment: 'Payment',
  refund: 'Refund',
  reversal: 'Reversal',
}

/** How a payment is named on a statement: its payer's reference, else its number. */
export const paymentReference = (payment: Pick<StatementPayment, 'id' | 'payerReference'>) =>
  payment.payerReference || `Payment ${payment.id}`

/** A payment's credit on account: amount − allocated − refunded, 0 once reversed. */
export const paymentCredit = (payment: StatementPayment) =>
  payment.reversed ? 0 : unallocatedOf({ ...payment, reversed: false }, payment.allocated) - payment.refunded

/** The open items: invoices that owe, invoices credited below zero, payments' unallocated amounts. */
export function openItemsOf(
  documents: readonly StatementDocument[],
  payments: readonly StatementPayment[],
): OpenItem[] {
  const lastNote = new Map<string, StatementDocument>()
  for (const doc of documents) {
    if (doc.kind !== 'credit_note' || !doc.creditsNumber) continue
    const last = lastNote.get(doc.creditsNumber)
    if (!last || last.issueDay < doc.issueDay || (last.issueDay === doc.issueDay && last.number < doc.number))
      lastNote.set(doc.creditsNumber, doc)
  }
  const items: OpenItem[] = []
  for (const doc of documents) {
    if (doc.kind !== 'invoice') continue
    const balance = invoiceBalance(doc)
    if (balance > 0)
      items.push({ kind: 'invoice', reference: doc.number, day: doc.dueDay ?? doc.issueDay, amount: balance })
    if (balance < 0) {
      const note = lastNote.get(doc.number)
      items.push({
        kind: 'credit_note',
        reference: note?.number ?? doc.number,
        day: note?.issueDay ?? doc.issueDay,
        amount: -balance,
      })
    }
  }
  for (const payment of payments) {
    const credit = paymentCredit(payment)
    if (credit !== 0)
      items.push({
        kind: 'payment',
        reference: paymentReference(payment),
        day: payment.receivedDay,
        amount: credit,
      })
  }
  return items
}

type Movement = Omit<StatementActivity, 'balance'>

const kindOrder: Record<StatementActivityKind, number> = {
  invoice: 0,
  credit_note: 1,
  payment: 2,
  refund: 3,
  reversal: 4,
}

/** Everything that moved the balance, oldest first (day, then kind, then reference). */
export function movementsOf(
  documents: readonly StatementDocument[],
  payments: readonly StatementPayment[],
): Movement[] {
  const moves: Movement[] = []
  for (const doc of documents) {
    moves.push(
      doc.kind === 'invoice'
        ? {
            day: doc.issueDay,
            kind: 'invoice',
            reference: doc.number,
            description: `Tax invoice, booking ${doc.bookingNumber}`,
            amount: doc.total,
          }
        : {
            day: doc.issueDay,
            kind: 'credit_note',
            reference: doc.number,
            description: doc.creditsNumber ? `Credit note of ${doc.creditsNumber}` : 'Credit note',
            amount: -doc.total,
          },
    )
  }
  for (const payment of payments) {
    const reference = paymentReference(payment)
    moves.push({
      day: payment.receivedDay,
      kind: 'payment',
      reference,
      description: `${paymentMethodNames[payment.method]} payment received`,
      amount: -payment.amount,
    })
    let dated = 0
    for (const refund of payment.refunds) {
      dated += refund.amount
      moves.push({
        day: refund.day,
        kind: 'refund',
        reference,
        description: 'Credit refunded',
        amount: refund.amount,
      })
    }
    if (payment.refunded > dated)
      moves.push({
        day: payment.receivedDay,
        kind: 'refund',
        reference,
        description: 'Credit refunded',
        amount: payment.refunded - dated,
      })
    if (payment.reversed)
      moves.push({
        day: payment.reversed.day,
        kind: 'reversal',
        reference,
        description: `Payment reversed: ${payment.reversed.reason}`,
        amount: payment.amount - payment.refunded,
      })
  }
  return moves.sort(
    (a, b) =>
      (a.day < b.day ? -1 : a.day > b.day ? 1 : 0) ||
      kindOrder[a.kind] - kindOrder[b.kind] ||
      (a.reference < b.reference ? -1 : a.reference > b.reference ? 1 : 0),
  )
}

/** The period's movements with the running balance: what was owed before it, each line, what was owed after. */
export function runningActivity(
  moves: readonly Movement[],
  period: StatementPeriod,
): Pick<StatementFigures, 'openingBalance' | 'activity' | 'closingBalance'> {
  let balance = 0
  for (const move of moves) if (move.day < period.from) balance += move.amount
  const openingBalance = balance
  const activity: StatementActivity[] = []
  for (const { day, kind, reference, description, amount } of moves) {
    if (day < period.from || day > period.to) continue
    balance += amount
    activity.push({ day, kind, reference, description, amount, balance })
  }
  return { openingBalance, activity, closingBalance: balance }
}

/** The statement's figures on `today` (Singapore) for `period`. */
export function statementFigures(
  documents: readonly StatementDocument[],
  payments: readonly StatementPayment[],
  today: string,
  period: StatementPeriod,
): StatementFigures {
  return {
    ...ageingOf(openItemsOf(documents, payments), today),
    ...runningActivity(movementsOf(documents, payments), period),
  }
}
