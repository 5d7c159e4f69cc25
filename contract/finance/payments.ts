/**
 * Payments and their allocations (issue 36, docs/payments.md): the rules written once, on integer minor units,
 * for the server that records and allocates a payment (inside the transaction that locks the payment's row)
 * and for the finance desk's allocation form.
 *
 * - A payment (amount, currency) is allocated to one or more invoices of its currency, each in part or in
 *   full; what is not allocated is the customer's credit on account, to allocate later or refund.
 * - An allocation never takes more than the payment's unallocated amount, nor more than an invoice's balance.
 * - An invoice's balance is its total less its credit notes less the allocations in force; its state follows
 *   from it (contract `invoiceState`), never typed in.
 * - Reversing a payment (a bounced cheque) takes its allocations out of force: the invoices owe again.
 */
import { z } from 'zod'
import { groupedNumber, INT32_MAX, safeString } from '../text'
import { billingCurrencies, documentNumberPattern, type InvoiceState, invoiceState } from './invoices'

// ── Rules ──────────────────────────────────────────────────────────────────────────────────────────────

export const paymentMethods = ['paynow', 'fast', 'giro', 'cheque', 'other'] as const
export type PaymentMethod = (typeof paymentMethods)[number]

export const paymentMethodNames: Record<PaymentMethod, string> = {
  paynow: 'PayNow',
  fast: 'FAST',
  giro: 'GIRO',
  cheque: 'Cheque',
  other: 'Other',
}

/** What the allocation rules read of a payment. */
export interface PaymentFunds {
  amount: number
  currency: string
  /** Reversed (a bounced cheque): nothing more may be allocated from it, and its allocations are out of force. */
  reversed?: boolean
}

/** An allocation of a payment to an invoice (minor units of the payment's currency). */
export interface Allocation {
  paymentId: number
  invoiceNumber: string
  amount: number
}

/** One line of an allocation request. */
export interface AllocationRequest {
  invoiceNumber: string
  amount: number
}

/** What the rules read of an invoice an allocation names. */
export interface AllocatableInvoice {
  currency: string
  /** What it owes now (`invoiceBalance`). */
  balance: number
}

export const paymentMessages = {
  amountWhole: 'The amount must be a whole number of cents.',
  amountPositive: 'Enter an amount above zero.',
  amountTooLarge: 'The amount is too large.',
  methodRequired: 'Choose PayNow, FAST, GIRO, cheque or other.',
  currencyRequired: 'Choose SGD or USD.',
  dayRequired: 'Enter the day the payment was received.',
  referenceTooLong: "At most 140 characters (the bank's reference field).",
  allocationsRequired: 'Allocate to at least one invoice.',
  invoiceNumber: 'Enter an invoice number such as INV-2026-000001.',
  reversed: 'This payment was reversed: nothing can be allocated from it.',
  nothingLeft: 'Nothing of this payment is left to allocate.',
  duplicateInvoice: (number: string) => `${number} is named twice: allocate to each invoice once.`,
  unknownInvoice: (number: string) => `${number} is not an open invoice of this customer.`,
  otherCurrency: (number: string, currency: string, paid: string) =>
    `${number} is in ${currency}; this payment is in ${paid}.`,
  overInvoice: (number: string, balance: number) =>
    `${number} owes ${minorText(balance)}: allocate no more than that.`,
  overPayment: (left: number) => `Only ${minorText(left)} of this payment is left to allocate.`,
  reasonRequired: 'Say why the payment is reversed (for example, the cheque bounced).',
  recorded: 'Payment recorded.',
  allocated: 'Payment allocated.',
  reversedDone: 'Payment reversed: its allocations are undone.',
} as const

/** An amount in minor units as major units with two decimals (messages name no currency; the form shows it). */
function minorText(amount: number): string {
  const sign = amount < 0 ? '-' : ''
  const abs = Math.abs(amount)
  return `${sign}${groupedNumber(Math.floor(abs / 100))}.${String(abs % 100).padStart(2, '0')}`
}

/** What is left of a payment to allocate: its credit on account (zero once reversed). */
export function unallocatedOf(payment: PaymentFunds, allocatedSoFar: number): number {
  return payment.reversed ? 0 : payment.amount - allocatedSoFar
}

/**
 * Why `requested` may not be allocated from `payment`, of which `allocatedSoFar` is already allocated, to
 * invoices whose balances now are `invoiceBalances` (by number); null when it may. The checks, in order: the
 * payment is in force; each line a positive whole amount, an open invoice of the payment's currency named once,
 * no more than its balance; together no more than the payment's unallocated amount.
 */
export function allocationRefusal(
  payment: PaymentFunds,
  allocatedSoFar: number,
  invoiceBalances: ReadonlyMap<string, AllocatableInvoice>,
  requested: readonly AllocationRequest[],
): string | null {
  if (payment.reversed) return paymentMessages.reversed
  if (requested.length === 0) return paymentMessages.allocationsRequired
  const left = unallocatedOf(payment, allocatedSoFar)
  if (left <= 0) return paymentMessages.nothingLeft
  const seen = new Set<string>()
  let sum = 0
  for (const line of requested) {
    if (!Number.isSafeInteger(line.amount)) return paymentMessages.amountWhole
    if (line.amount <= 0) return paymentMessages.amountPositive
    if (seen.has(line.invoiceNumber)) return paymentMessages.duplicateInvoice(line.invoiceNumber)
    seen.add(line.invoiceNumber)
    const invoice = invoiceBalances.get(line.invoiceNumber)
    if (!invoice || invoice.balance <= 0) return paymentMessages.unknownInvoice(line.invoiceNumber)
    if (invoice.currency !== payment.currency)
      return paymentMessages.otherCurrency(line.invoiceNumber, invoice.currency, payment.currency)
    if (line.amount > invoice.balance) return paymentMessages.overInvoice(line.invoiceNumber, invoice.balance)
    sum += line.amount
  }
  if (sum > left) return paymentMessages.overPayment(left)
  return null
}

/** The allocations still in force: those of payments not reversed (`reversedPaymentIds`). */
export function allocationsInForce<A extends Pick<Allocation, 'paymentId'>>(
  allocations: readonly A[],
  reversedPaymentIds: ReadonlySet<number>,
): A[] {
  return allocations.filter((a) => !reversedPaymentIds.has(a.paymentId))
}

/** What the allocations in force paid of each invoice, by number. */
export function paidByInvoice(
  allocations: readonly Allocation[],
  reversedPaymentIds: ReadonlySet<number> = new Set(),
): Map<string, number> {
  const paid = new Map<string, number>()
  for (const a of allocationsInForce(allocations, reversedPaymentIds))
    paid.set(a.invoiceNumber, (paid.get(a.invoiceNumber) ?? 0) + a.amount)
  return paid
}

/** An invoice's balance: its total less its credit notes less the allocations paid to it. */
export const invoiceBalance = (invoice: { total: number; credited: number; paid: number }) =>
  invoice.total - invoice.credited - invoice.paid

/** An invoice's balance and derived state on `today` (ISO day, Singapore). */
export function invoiceStanding(
  invoice: { total: number; credited: number; paid: number; dueDay: string },
  today: string,
): { balance: number; state: InvoiceState } {
  return { balance: invoiceBalance(invoice), state: invoiceState(invoice, today) }
}

/** A customer's credit on account: the unallocated amounts of its payments in force. */
export function creditOnAccount(
  payments: readonly (PaymentFunds & { id: number })[],
  allocations: readonly Allocation[],
): number {
  const allocated = new Map<number, number>()
  for (const a of allocations) allocated.set(a.paymentId, (allocated.get(a.paymentId) ?? 0) + a.amount)
  let credit = 0
  for (const p of payments) credit += unallocatedOf(p, allocated.get(p.id) ?? 0)
  return credit
}

// ── Input ──────────────────────────────────────────────────────────────────────────────────────────────

const amount = z
  .number({ error: paymentMessages.amountWhole })
  .int(paymentMessages.amountWhole)
  .positive(paymentMessages.amountPositive)
  .max(1_000_000_000, paymentMessages.amountTooLarge)

const allocationLines = z
  .array(
    z.object({
      invoiceNumber: z
        .string({ error: paymentMessages.invoiceNumber })
        .trim()
        .toUpperCase()
        .regex(documentNumberPattern, paymentMessages.invoiceNumber)
        .startsWith('INV-', paymentMessages.invoiceNumber),
      amount,
    }),
    { error: paymentMessages.allocationsRequired },
  )
  .min(1, paymentMessages.allocationsRequired)
  .max(200)
  .superRefine((lines, ctx) => {
    const seen = new Set<string>()
    for (const [i, line] of lines.entries()) {
      if (seen.has(line.invoiceNumber))
        ctx.addIssue({
          code: 'custom',
          path: [i, 'invoiceNumber'],
          message: paymentMessages.duplicateInvoice(line.invoiceNumber),
        })
      seen.add(line.invoiceNumber)
    }
  })

/** Finance records a payment received (and may allocate it at once). */
export const recordPaymentSchema = z.object({
  customerId: z.number().int().positive().max(INT32_MAX),
  receivedDay: z.iso.date({ error: paymentMessages.dayRequired }),
  method: z.enum(paymentMethods, { error: paymentMessages.methodRequired }),
  amount,
  currency: z.enum(billingCurrencies, { error: paymentMessages.currencyRequired }),
  payerReference: safeString().trim().max(140, paymentMessages.referenceTooLong).default(''),
  allocations: allocationLines.optional(),
})
export type RecordPaymentInput = z.input<typeof recordPaymentSchema>

/** Finance allocates (more of) a payment. */
export const allocatePaymentSchema = z.object({ allocations: allocationLines })
export type AllocatePaymentInput = z.input<typeof allocatePaymentSchema>

/** Finance reverses a payment (a bounced cheque): its allocations are undone, audited with the reason. */
export const reversePaymentSchema = z.object({
  reason: safeString({ error: paymentMessages.reasonRequired })
    .trim()
    .min(1, paymentMessages.reasonRequired)
    .max(1000, 'At most 1,000 characters.'),
})
export type ReversePaymentInput = z.input<typeof reversePaymentSchema>
