import { expect } from 'vitest'
import { minorUnitsOf } from '../../../contract/finance/amount-text'
import type { PaymentAnswer, PaymentDetail } from '../../../contract/finance/payment-wire'
import { type AllocationRequest, allocationRefusal } from '../../../contract/finance/payments'
import { messages } from '../../../contract/messages'
import { paymentDetailMachine } from '../../../machines/payment-detail.machine'
import { type StateView, stateChecks } from '../model'

const told = ({ event }: StateView) => (event.error as { message?: string } | undefined)?.message
const status = ({ event }: StateView) => (event.error as { status?: number } | undefined)?.status

/** The ticked lines in cents; null when one does not read or is zero. */
function ticked(context: StateView['context']): AllocationRequest[] | null {
  const lines: AllocationRequest[] = []
  for (const invoice of context.draft.invoices) {
    if (!context.draft.chosen[invoice.number]) continue
    const amount = minorUnitsOf(context.draft.amounts[invoice.number] ?? '')
    if (!amount) return null
    lines.push({ invoiceNumber: invoice.number, amount })
  }
  return lines
}

function allocationAllowed(context: StateView['context']) {
  const payment = context.payment as PaymentDetail
  const lines = ticked(context)
  if (lines === null) return false
  const balances = new Map(payment.openInvoices.map((invoice) => [invoice.number, invoice]))
  const funds = { amount: payment.amount, currency: payment.currency, reversed: payment.reversed !== null }
  return allocationRefusal(funds, payment.amount - payment.unallocated, balances, lines) === null
}

const refundAllowed = (context: StateView['context']) => {
  const amount = minorUnitsOf(context.refund)
  return amount !== null && amount > 0 && amount <= (context.payment as PaymentDetail).unallocated
}

const kept = (view: StateView, fields: string[]) =>
  expect(fields.map((field) => view.context[field])).toEqual(
    fields.map((field) => view.before.context[field]),
  )

/** A form's refusal keeps what was typed and says it, at its field or above the form. */
function refusal(view: StateView, id: string, fields: string[]) {
  if (view.event.type !== `xstate.error.actor.${id}`) return
  kept(view, fields)
  expect(view.context.submitted).toBe(true)
  if (view.context.message !== null) expect(view.context.message).toBe(told(view) || messages.generic)
}

/** docs/payments.md "Finance pages": a payment, its allocations and credit; allocate more, reverse, refund. */
export const paymentDetailStates = stateChecks(paymentDetailMachine, {
  loading: ({ context, requests }) => expect(requests).toEqual({ loadPayment: { id: context.id } }),
  notFound: (view) => {
    expect(view.requests).toEqual({})
    expect(status(view)).toBe(404)
  },
  failed: (view) => {
    expect(status(view)).not.toBe(404)
    expect(view.context.message).toBe(told(view) || messages.generic)
  },
  // The payment as read or as the last answer left it, with the answer's message. An action refused by its
  // rule (reversed; nothing left to allocate or refund) opens nothing.
  'ready.idle': (view) => {
    const { context, event } = view
    expect(view.requests).toEqual({})
    if (event.type === 'xstate.done.actor.loadPayment') expect(context.payment).toEqual(event.output)
    if (/^xstate\.done\.actor\.(allocate|reverse|refund)Payment$/.test(event.type)) {
      const answer = event.output as PaymentAnswer
      expect([context.payment, context.notice]).toEqual([answer.payment, answer.message])
    }
    const payment = context.payment as PaymentDetail
    if (event.type === 'reverse.open') expect(payment.reversed).not.toBeNull()
    if (event.type === 'refund.open')
      expect(payment.reversed !== null || payment.unallocated === 0).toBe(true)
    if (event.type === 'allocate.open')
      expect(
        payment.reversed !== null || payment.unallocated === 0 || payment.openInvoices.length === 0,
      ).toBe(true)
  },
  // The customer's open invoices, each prefilled with its balance; the rule's refusal known before a submit.
  'ready.allocating': (view) => {
    const { context, event } = view
    const payment = context.payment as PaymentDetail
    expect(view.requests).toEqual({})
    expect(payment.reversed).toBeNull()
    if (event.type === 'allocate.open') {
      expect(context.draft.chosen).toEqual({})
      for (const invoice of payment.openInvoices)
        expect(minorUnitsOf(context.draft.amounts[invoice.number])).toBe(invoice.balance)
    }
    const lines = ticked(context)
    if (lines !== null && lines.length > 0 && !event.type.startsWith('xstate.'))
      expect(Boolean(context.errors.allocations)).toBe(!allocationAllowed(context))
    if (event.type === 'user.submit') expect(Object.keys(context.errors).length).toBeGreaterThan(0)
    refusal(view, 'allocatePayment', ['draft'])
  },
  'ready.allocateSending': ({ context, requests }) => {
    expect(allocationAllowed(context)).toBe(true)
    expect(ticked(context)?.length).toBeGreaterThan(0)
    expect(requests).toEqual({ allocatePayment: { id: context.id, body: { allocations: ticked(context) } } })
  },
  'ready.reversing': (view) => {
    expect(view.requests).toEqual({})
    if (view.event.type === 'reverse.open') expect(view.context.reason).toBe('')
    if (view.event.type === 'user.submit') expect(view.context.reason.trim()).toBe('')
    refusal(view, 'reversePayment', ['reason'])
  },
  // A reason given: asked once more before anything is sent.
  'ready.reverseConfirming': ({ context, requests }) => {
    expect(requests).toEqual({})
    expect(context.reason.trim()).not.toBe('')
  },
  'ready.reverseSending': ({ context, requests, event }) => {
    expect(event.type).toBe('user.confirm')
    expect(requests).toEqual({ reversePayment: { id: context.id, body: { reason: context.reason.trim() } } })
  },
  // Prefilled with the whole credit; never more than it.
  'ready.refunding': (view) => {
    const { context, event } = view
    const payment = context.payment as PaymentDetail
    expect(view.requests).toEqual({})
    if (event.type === 'refund.open') expect(minorUnitsOf(context.refund)).toBe(payment.unallocated)
    if (!event.type.startsWith('xstate.'))
      expect(Boolean(context.errors.refund)).toBe(!refundAllowed(context))
    refusal(view, 'refundPayment', ['refund'])
  },
  'ready.refundSending': ({ context, requests }) => {
    expect(refundAllowed(context)).toBe(true)
    expect(requests).toEqual({
      refundPayment: { id: context.id, body: { amount: minorUnitsOf(context.refund) } },
    })
  },
})
