import { expect } from 'vitest'
import { minorUnitsOf } from '../../../contract/finance/amount-text'
import type { OpenInvoiceView, PaymentAnswer } from '../../../contract/finance/payment-wire'
import {
  type AllocationRequest,
  allocationRefusal,
  recordPaymentSchema,
} from '../../../contract/finance/payments'
import { messages } from '../../../contract/messages'
import { noCustomerFound, paymentRecordMachine } from '../../../machines/payment-record.machine'
import { type StateView, stateChecks } from '../model'

const told = ({ event }: StateView) => (event.error as { message?: string } | undefined)?.message

/** The ticked lines of the payment's currency, in cents; null when one does not read or is zero. */
function ticked(context: StateView['context']): AllocationRequest[] | null {
  const lines: AllocationRequest[] = []
  for (const invoice of context.draft.invoices as OpenInvoiceView[]) {
    if (invoice.currency !== context.values.currency || !context.draft.chosen[invoice.number]) continue
    const amount = minorUnitsOf(context.draft.amounts[invoice.number] ?? '')
    if (!amount) return null
    lines.push({ invoiceNumber: invoice.number, amount })
  }
  return lines
}

/** What the server is sent for the form as it is. */
function expectedSubmission(context: StateView['context']) {
  const allocations = ticked(context) ?? []
  const method = context.values.method || 'fast'
  if (context.line)
    return {
      kind: 'match',
      lineId: context.line.id,
      body: { customerId: context.customer.id, method, allocations },
    }
  return {
    kind: 'record',
    body: {
      customerId: context.customer.id,
      receivedDay: context.values.receivedDay,
      method,
      amount: minorUnitsOf(context.values.amount),
      currency: context.values.currency,
      payerReference: context.values.payerReference.trim(),
      ...(allocations.length > 0 ? { allocations } : {}),
    },
  }
}

/** The form as typed is one the rules take: a customer, every field, the allocations the server would allow. */
function acceptable(context: StateView['context']) {
  const amount = minorUnitsOf(context.values.amount)
  const lines = ticked(context)
  if (!context.customer || amount === null || lines === null) return false
  const { customerId: _c, allocations: _a, ...fields } = recordPaymentSchema.shape
  const fieldsOk = Object.entries(fields).every(
    ([name, schema]) => schema.safeParse(name === 'amount' ? amount : context.values[name]).success,
  )
  if (!fieldsOk || lines.length === 0) return fieldsOk
  const balances = new Map(
    (context.draft.invoices as OpenInvoiceView[]).map((invoice) => [invoice.number, invoice]),
  )
  return allocationRefusal({ amount, currency: context.values.currency }, 0, balances, lines) === null
}

/** docs/payments.md "Finance pages": recording a payment, or matching a bank line otherwise than suggested. */
export const paymentRecordStates = stateChecks(paymentRecordMachine, {
  // Typing: kept as typed; a matched line's amount, currency, day and reference stay the line's; what is left
  // is the amount less the ticked lines; the rule's refusal is known before any submit; a submit that sends
  // nothing shows why; a refusal keeps everything typed.
  'open.editing': (view) => {
    const { context, event, before } = view
    expect(view.requests).toEqual({})
    if (event.type === 'field.changed') expect(context.values[event.field as string]).toBe(event.value)
    if (context.line) {
      expect(minorUnitsOf(context.values.amount)).toBe(context.line.amount)
      expect([context.values.currency, context.values.receivedDay]).toEqual([
        context.line.currency,
        context.line.bookingDay,
      ])
    }
    const amount = minorUnitsOf(context.values.amount)
    const lines = ticked(context)
    if (amount !== null && amount > 0 && lines !== null)
      expect(context.left).toBe(amount - lines.reduce((sum, line) => sum + line.amount, 0))
    if (event.type === 'user.submit') {
      // Refused by the rules, or by the server's refusal at a field left as it was.
      if (acceptable(context)) expect(context.errors).toEqual(before.context.errors)
      expect(context.submitted).toBe(true)
      expect(Object.keys(context.errors).length).toBeGreaterThan(0)
    }
    if (
      !event.type.startsWith('xstate.') &&
      amount !== null &&
      amount > 0 &&
      lines !== null &&
      lines.length > 0
    ) {
      const balances = new Map(
        (context.draft.invoices as OpenInvoiceView[]).map((invoice) => [invoice.number, invoice]),
      )
      const refusal = allocationRefusal({ amount, currency: context.values.currency }, 0, balances, lines)
      expect(context.errors.allocations?.[0] ?? null).toBe(refusal)
    }
    if (event.type === 'xstate.done.actor.findCustomers') {
      expect(context.found).toEqual(event.output)
      expect(context.message).toBe((event.output as unknown[]).length === 0 ? noCustomerFound : null)
    }
    if (event.type === 'xstate.done.actor.loadOpenInvoices') {
      // Every open invoice offered, prefilled with its balance; a suggestion's lines ticked with its amounts.
      const invoices = event.output as OpenInvoiceView[]
      expect(context.draft.invoices).toEqual(invoices.filter((invoice) => invoice.balance > 0))
      for (const invoice of invoices)
        if (!context.draft.chosen[invoice.number])
          expect(minorUnitsOf(context.draft.amounts[invoice.number])).toBe(invoice.balance)
    }
    if (event.type === 'xstate.error.actor.submitPayment') {
      expect([context.values, context.customer, context.draft]).toEqual([
        before.context.values,
        before.context.customer,
        before.context.draft,
      ])
      expect(context.submitted).toBe(true)
      if (context.message !== null) expect(context.message).toBe(told(view) || messages.generic)
    }
  },
  // Found by the name typed, trimmed.
  'open.searching': ({ context, requests, event }) => {
    const { q } = requests.findCustomers as { q: string }
    expect(Object.keys(requests)).toEqual(['findCustomers'])
    expect(q).not.toBe('')
    if (event.type === 'customer.search') expect(q).toBe(context.query.trim())
  },
  // The chosen customer's open invoices are read; its lines start afresh.
  'open.loadingInvoices': ({ context, requests, event }) => {
    expect(requests).toEqual({ loadOpenInvoices: { customerId: context.customer.id } })
    if (event.type === 'customer.chosen') expect(context.customer).toEqual(event.customer)
    expect(context.draft.invoices).toEqual([])
  },
  // Sent only when the rules take it: the payment recorded, or the line matched, in cents.
  sending: ({ context, requests }) => {
    expect(acceptable(context)).toBe(true)
    expect(requests).toEqual({ submitPayment: expectedSubmission(context) })
  },
  done: ({ snapshot, event }) => {
    expect(snapshot.output).toEqual(event.output as PaymentAnswer)
  },
  cancelled: ({ snapshot, event, requests }) => {
    expect(event.type).toBe('user.cancel')
    expect(requests).toEqual({})
    expect(snapshot.output).toBeNull()
  },
})
