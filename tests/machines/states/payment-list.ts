import { expect } from 'vitest'
import type { PaymentAnswer, PaymentPage } from '../../../contract/finance/payment-wire'
import { messages } from '../../../contract/messages'
import { paymentListMachine } from '../../../machines/payment-list.machine'
import { type StateView, stateChecks } from '../model'

const told = ({ event }: StateView) => (event.error as { message?: string } | undefined)?.message

/** docs/payments.md "Finance pages": the payments list, its filters and paging, and Record a payment. */
export const paymentListStates = stateChecks(paymentListMachine, {
  // The first page of the filters as they now are (a filter changed, a payment recorded: read afresh).
  'list.loading': ({ context, requests, event }) => {
    expect(requests.loadPayments).toEqual({ filters: context.filters, after: null })
    if (event.type === 'filter.customer') expect(context.filters.customer).toEqual(event.customer)
    if (event.type === 'filter.unallocated') expect(context.filters.unallocated).toBe(event.value)
  },
  'list.ready': (view) => {
    const { context, event, before } = view
    expect(view.requests.loadPayments ?? view.requests.loadMore).toBeUndefined()
    if (event.type === 'xstate.done.actor.loadPayments') {
      const page = event.output as PaymentPage
      expect([context.payments, context.next, context.message]).toEqual([page.payments, page.next, null])
    }
    if (event.type === 'xstate.done.actor.loadMore') {
      const page = event.output as PaymentPage
      expect(context.payments).toEqual([...before.context.payments, ...page.payments])
      expect(context.next).toBe(page.next)
    }
    if (event.type === 'xstate.error.actor.loadMore') {
      expect(context.payments).toEqual(before.context.payments)
      expect(context.message).toBe(told(view) || messages.generic)
    }
    if (event.type === 'list.more') expect(context.next).toBeNull()
  },
  // The next page of the same filters, after the last one read.
  'list.loadingMore': ({ context, requests }) => {
    expect(context.next).not.toBeNull()
    expect(requests.loadMore).toEqual({ filters: context.filters, after: context.next })
  },
  'list.failed': (view) => {
    expect(view.requests.loadPayments).toBeUndefined()
    expect(view.context.message).toBe(told(view) || messages.generic)
  },
  // No form; a payment recorded is said with its id.
  'record.closed': ({ context, event, requests }) => {
    expect(requests.record).toBeUndefined()
    if (event.type === 'xstate.done.actor.record') {
      const answer = event.output as PaymentAnswer | null
      if (answer) expect(context.recorded).toEqual({ id: answer.payment.id, message: answer.message })
    }
  },
  // The form, with today's date to start from; what was said of the last one is gone.
  'record.open': ({ context, requests, event }) => {
    expect(requests.record).toEqual({ today: context.today })
    if (event.type === 'record.open') expect(context.recorded).toBeNull()
  },
})
