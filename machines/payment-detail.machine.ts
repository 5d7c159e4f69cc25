/**
 * `paymentDetailMachine` (a payment on the finance desk, /staff/finance/payments/$id, issue 36): loads it
 * (`loadPayment`) → ready, not found (404) or failed (retry). In ready, one action at a time:
 *
 * - Allocate more: the customer's open invoices of the payment's currency, each prefilled with its balance
 *   (machines/payment-form.ts), checked by `allocationRefusal` against what is left (`allocatePayment`);
 * - Reverse (a bounced cheque): the reason, then a confirm step (`reversePayment`);
 * - Refund: an amount no more than the credit on account (`refundPayment`).
 *
 * Each answer is the payment as it now is, with the server's message; a refusal keeps what was typed.
 * Effects are injected by the page with `machine.provide`.
 */
import { assertEvent, assign, fromPromise, setup } from 'xstate'
import { amountInputText, amountTextMessage, minorUnitsOf } from '../contract/finance/amount-text'
import type { PaymentAnswer, PaymentDetail, RefundPaymentInput } from '../contract/finance/payment-wire'
import { paymentDeskMessages, refundPaymentSchema } from '../contract/finance/payment-wire'
import {
  type AllocatePaymentInput,
  type ReversePaymentInput,
  reversePaymentSchema,
} from '../contract/finance/payments'
import { messages } from '../contract/messages'
import type { FieldErrors } from '../contract/rules'
import { actorError, failure } from './actor-error'
import { failureMessage } from './form'
import {
  type AllocationDraft,
  type AllocationEvent,
  allocationDraft,
  changeDraft,
  checkAllocations,
} from './payment-form'

export interface PaymentDetailContext {
  id: number
  payment: PaymentDetail | null
  draft: AllocationDraft
  reason: string
  /** The refund's amount as typed. */
  refund: string
  errors: FieldErrors
  submitted: boolean
  notice: string | null
  message: string | null
}

export type PaymentDetailEvent =
  | { type: 'user.retry' }
  | { type: 'allocate.open' }
  | { type: 'reverse.open' }
  | { type: 'refund.open' }
  | AllocationEvent
  | { type: 'reason.changed'; value: string }
  | { type: 'refund.changed'; value: string }
  | { type: 'user.submit' }
  | { type: 'user.confirm' }
  | { type: 'user.cancel' }

const allocatedOf = (payment: PaymentDetail) => payment.allocated + payment.refunded

/** The allocation lines typed, checked against what is left of the payment. */
export const checkMore = (payment: PaymentDetail, draft: AllocationDraft) =>
  checkAllocations(
    { amount: payment.amount, currency: payment.currency, reversed: payment.reversed !== null },
    allocatedOf(payment),
    draft,
    { required: true },
  )

export function checkReason(reason: string): FieldErrors {
  const result = reversePaymentSchema.shape.reason.safeParse(reason)
  return result.success ? {} : { reason: [result.error.issues[0]?.message ?? messages.generic] }
}

/** The refund typed: an amount that reads, above zero, no more than the credit on account. */
export function checkRefund(payment: PaymentDetail, text: string): FieldErrors {
  const amount = minorUnitsOf(text)
  if (amount === null) return { refund: [amountTextMessage] }
  const result = refundPaymentSchema.shape.amount.safeParse(amount)
  if (!result.success) return { refund: [result.error.issues[0]?.message ?? messages.generic] }
  if (amount > payment.unallocated)
    return { refund: [paymentDeskMessages.overRefund(payment.unallocated, payment.currency)] }
  return {}
}

const mayAct = (payment: PaymentDetail | null) => payment !== null && payment.reversed === null
export const mayAllocate = (payment: PaymentDetail | null) =>
  mayAct(payment) && (payment?.unallocated ?? 0) > 0 && (payment?.openInvoices.length ?? 0) > 0
export const mayRefund = (payment: PaymentDetail | null) => mayAct(payment) && (payment?.unallocated ?? 0) > 0
export const mayReverse = mayAct

const valid = ({ context }: { context: PaymentDetailContext }) => Object.keys(context.errors).length === 0

export const paymentDetailMachine = setup({
  types: {
    context: {} as PaymentDetailContext,
    events: {} as PaymentDetailEvent,
    input: {} as { id: number },
  },
  actors: {
    loadPayment: fromPromise<PaymentDetail, { id: number }>(async () => {
      throw new Error('not provided')
    }),
    allocatePayment: fromPromise<PaymentAnswer, { id: number; body: AllocatePaymentInput }>(async () => {
      throw new Error('not provided')
    }),
    reversePayment: fromPromise<PaymentAnswer, { id: number; body: ReversePaymentInput }>(async () => {
      throw new Error('not provided')
    }),
    refundPayment: fromPromise<PaymentAnswer, { id: number; body: RefundPaymentInput }>(async () => {
      throw new Error('not provided')
    }),
  },
  guards: {
    isNotFound: ({ event }) => failure((event as { error?: unknown }).error).status === 404,
    mayAllocate: ({ context }) => mayAllocate(context.payment),
    mayReverse: ({ context }) => mayReverse(context.payment),
    mayRefund: ({ context }) => mayRefund(context.payment),
    isValid: valid,
  },
  actions: {
    setPayment: assign((_, payment: PaymentDetail) => ({ payment, message: null })),
    loadFailed: assign((_, error: unknown) => ({ message: failureMessage(error, messages.generic) })),
    openAllocate: assign(({ context }) => {
      const payment = context.payment as PaymentDetail
      const draft = allocationDraft(payment.openInvoices)
      return {
        draft,
        errors: checkMore(payment, draft).errors,
        submitted: false,
        notice: null,
        message: null,
      }
    }),
    openReverse: assign({
      reason: '',
      errors: checkReason(''),
      submitted: false,
      notice: null,
      message: null,
    }),
    openRefund: assign(({ context }) => {
      const payment = context.payment as PaymentDetail
      const refund = amountInputText(payment.unallocated)
      return {
        refund,
        errors: checkRefund(payment, refund),
        submitted: false,
        notice: null,
        message: null,
      }
    }),
    changeAllocation: assign(({ context, event }) => {
      assertEvent(event, ['allocation.chosen', 'allocation.changed'])
      const draft = changeDraft(context.draft, event)
      return { draft, errors: checkMore(context.payment as PaymentDetail, draft).errors, message: null }
    }),
    changeReason: assign(({ event }) => {
      assertEvent(event, 'reason.changed')
      return { reason: event.value, errors: checkReason(event.value), message: null }
    }),
    changeRefund: assign(({ context, event }) => {
      assertEvent(event, 'refund.changed')
      const payment = context.payment as PaymentDetail
      return { refund: event.value, errors: checkRefund(payment, event.value), message: null }
    }),
    submitted: assign({ submitted: true }),
    answered: assign((_, answer: PaymentAnswer) => ({
      payment: answer.payment,
      notice: answer.message,
      message: null,
      submitted: false,
    })),
    refused: assign(({ context }, error: unknown) => {
      const named = Object.fromEntries(
        Object.entries(failure(error).errors ?? {})
          .filter(([field]) => field === 'reason' || field === 'amount' || field.startsWith('allocations'))
          .map(([field, list]) => [
            field === 'amount' ? 'refund' : field.startsWith('allocations') ? 'allocations' : field,
            list,
          ]),
      ) as FieldErrors
      return {
        submitted: true,
        errors: { ...context.errors, ...named },
        message: Object.keys(named).length > 0 ? null : failureMessage(error, messages.generic),
      }
    }),
  },
}).createMachine({
  id: 'paymentDetail',
  context: ({ input }) => ({
    id: input.id,
    payment: null,
    draft: allocationDraft([]),
    reason: '',
    refund: '',
    errors: {},
    submitted: false,
    notice: null,
    message: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadPayment',
        src: 'loadPayment',
        input: ({ context }) => ({ id: context.id }),
        onDone: { target: 'ready', actions: { type: 'setPayment', params: ({ event }) => event.output } },
        onError: [
          { guard: 'isNotFound', target: 'notFound' },
          { target: 'failed', actions: { type: 'loadFailed', params: actorError } },
        ],
      },
    },
    notFound: {},
    failed: { on: { 'user.retry': 'loading' } },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'allocate.open': { guard: 'mayAllocate', target: 'allocating', actions: 'openAllocate' },
            'reverse.open': { guard: 'mayReverse', target: 'reversing', actions: 'openReverse' },
            'refund.open': { guard: 'mayRefund', target: 'refunding', actions: 'openRefund' },
          },
        },
        allocating: {
          on: {
            'allocation.chosen': { actions: 'changeAllocation' },
            'allocation.changed': { actions: 'changeAllocation' },
            'user.submit': [{ guard: 'isValid', target: 'allocateSending' }, { actions: 'submitted' }],
            'user.cancel': 'idle',
          },
        },
        allocateSending: {
          invoke: {
            id: 'allocatePayment',
            src: 'allocatePayment',
            input: ({ context }) => ({
              id: context.id,
              body: { allocations: checkMore(context.payment as PaymentDetail, context.draft).requested },
            }),
            onDone: { target: 'idle', actions: { type: 'answered', params: ({ event }) => event.output } },
            onError: { target: 'allocating', actions: { type: 'refused', params: actorError } },
          },
        },
        reversing: {
          on: {
            'reason.changed': { actions: 'changeReason' },
            'user.submit': [{ guard: 'isValid', target: 'reverseConfirming' }, { actions: 'submitted' }],
            'user.cancel': 'idle',
          },
        },
        reverseConfirming: {
          on: { 'user.confirm': 'reverseSending', 'user.cancel': 'reversing' },
        },
        reverseSending: {
          invoke: {
            id: 'reversePayment',
            src: 'reversePayment',
            input: ({ context }) => ({ id: context.id, body: { reason: context.reason.trim() } }),
            onDone: { target: 'idle', actions: { type: 'answered', params: ({ event }) => event.output } },
            onError: { target: 'reversing', actions: { type: 'refused', params: actorError } },
          },
        },
        refunding: {
          on: {
            'refund.changed': { actions: 'changeRefund' },
            'user.submit': [{ guard: 'isValid', target: 'refundSending' }, { actions: 'submitted' }],
            'user.cancel': 'idle',
          },
        },
        refundSending: {
          invoke: {
            id: 'refundPayment',
            src: 'refundPayment',
            input: ({ context }) => ({ id: context.id, body: { amount: minorUnitsOf(context.refund) ?? 0 } }),
            onDone: { target: 'idle', actions: { type: 'answered', params: ({ event }) => event.output } },
            onError: { target: 'refunding', actions: { type: 'refused', params: actorError } },
          },
        },
      },
    },
  },
})
