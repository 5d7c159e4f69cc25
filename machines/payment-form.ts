/**
 * The payment form's logic (issue 36, docs/payments.md), shared by the charts that make or allocate a payment:
 * recording one (`paymentRecordMachine`, also a bank line matched otherwise than suggested) and allocating more
 * of one (`paymentDetailMachine`). Allocation lines offer the customer's open invoices of the payment's
 * currency, each prefilled with its balance and allocated when ticked; what is typed is read exactly
 * (`minorUnitsOf`) and refused by the rule the server allocates by (`allocationRefusal`), before any submit.
 */
import { amountInputText, amountTextMessage, minorUnitsOf } from '../contract/finance/amount-text'
import type { OpenInvoiceView } from '../contract/finance/payment-wire'
import {
  type AllocatableInvoice,
  type AllocationRequest,
  allocationRefusal,
  type PaymentFunds,
} from '../contract/finance/payments'
import type { FieldErrors } from '../contract/rules'

/** The allocation lines as typed: which open invoices are ticked and the amount typed for each. */
export interface AllocationDraft {
  invoices: OpenInvoiceView[]
  chosen: Record<string, boolean>
  amounts: Record<string, string>
}

export type AllocationEvent =
  | { type: 'allocation.chosen'; number: string; value: boolean }
  | { type: 'allocation.changed'; number: string; value: string }

/** Where a line's message sits; `allocations` holds the rule's refusal of the lines together. */
export const allocationField = (number: string) => `allocation.${number}`

export const positiveMessage = 'Enter an amount above zero.'

/** The open invoices offered, each prefilled with its balance; `preset` ticks some with the amounts given. */
export function allocationDraft(
  invoices: readonly OpenInvoiceView[],
  preset: readonly AllocationRequest[] = [],
): AllocationDraft {
  const open = invoices.filter((invoice) => invoice.balance > 0)
  const amounts = Object.fromEntries(
    open.map((invoice) => [invoice.number, amountInputText(invoice.balance)]),
  )
  const chosen: Record<string, boolean> = {}
  for (const line of preset) {
    if (!open.some((invoice) => invoice.number === line.invoiceNumber)) continue
    chosen[line.invoiceNumber] = true
    amounts[line.invoiceNumber] = amountInputText(line.amount)
  }
  return { invoices: open, chosen, amounts }
}

/** The draft after a tick or a typed amount. */
export function changeDraft(draft: AllocationDraft, event: AllocationEvent): AllocationDraft {
  if (event.type === 'allocation.chosen')
    return { ...draft, chosen: { ...draft.chosen, [event.number]: event.value } }
  return { ...draft, amounts: { ...draft.amounts, [event.number]: event.value } }
}

/** The invoices of the payment's currency: the only ones a payment may be allocated to. */
export const invoicesIn = (draft: AllocationDraft, currency: string) =>
  draft.invoices.filter((invoice) => invoice.currency === currency)

export interface AllocationCheck {
  /** Messages under `allocation.<number>` (an amount that does not read) and `allocations` (the rule's). */
  errors: FieldErrors
  /** The ticked lines in minor units (those that read). */
  requested: AllocationRequest[]
  /** What the payment would have left after them: its credit on account (null while its amount is unknown). */
  left: number | null
}

/**
 * The ticked lines of `draft` read and checked against `funds` (null while the payment's amount or currency
 * is not known), of which `allocatedSoFar` is already allocated.
 */
export function checkAllocations(
  funds: PaymentFunds | null,
  allocatedSoFar: number,
  draft: AllocationDraft,
  { required = false }: { required?: boolean } = {},
): AllocationCheck {
  const errors: FieldErrors = {}
  const requested: AllocationRequest[] = []
  const offered = funds ? invoicesIn(draft, funds.currency) : draft.invoices
  for (const invoice of offered) {
    if (!draft.chosen[invoice.number]) continue
    const amount = minorUnitsOf(draft.amounts[invoice.number] ?? '')
    if (amount === null) errors[allocationField(invoice.number)] = [amountTextMessage]
    else if (amount === 0) errors[allocationField(invoice.number)] = [positiveMessage]
    else requested.push({ invoiceNumber: invoice.number, amount })
  }
  const sum = requested.reduce((total, line) => total + line.amount, 0)
  const left = funds ? funds.amount - allocatedSoFar - sum : null
  if (!funds || Object.keys(errors).length > 0) return { errors, requested, left }
  if (requested.length === 0 && !required) return { errors, requested, left }
  const balances = new Map<string, AllocatableInvoice>(
    draft.invoices.map((invoice) => [
      invoice.number,
      { currency: invoice.currency, balance: invoice.balance },
    ]),
  )
  const refusal = allocationRefusal(funds, allocatedSoFar, balances, requested)
  if (refusal) errors.allocations = [refusal]
  return { errors, requested, left }
}
