/**
 * `paymentRecordMachine` (finance records a payment, /staff/finance/payments, issue 36; and a bank line matched
 * otherwise than the desk suggests, /staff/finance/bank): the customer, found by name (`findCustomers`) and
 * chosen, whose open invoices are then read (`loadOpenInvoices`); the day, method, amount, currency and the
 * payer's reference; and allocation lines to the customer's open invoices of that currency, each prefilled
 * with its balance (machines/payment-form.ts). What is typed is checked as typed by the contract's rules
 * (`recordPaymentSchema`'s fields, `allocationRefusal`); what is left is the credit on account.
 *
 * Matching a bank line (input `line`): the amount, currency, day and reference are the line's and cannot be
 * changed; the customer and allocations of the desk's suggestion (input `preset`) are where it starts.
 * Submit (`submitPayment`) → done (final: the answer is the output), or the server's refusal said with
 * everything typed kept; Cancel → cancelled (final, no output). Effects are injected with `machine.provide`.
 */
import { assertEvent, assign, fromPromise, setup } from 'xstate'
import { amountInputText, amountTextMessage, minorUnitsOf } from '../contract/finance/amount-text'
import type {
  BankLineView,
  MatchBankLineInput,
  OpenInvoiceView,
  PaymentAnswer,
} from '../contract/finance/payment-wire'
import {
  type AllocationRequest,
  type PaymentMethod,
  type RecordPaymentInput,
  recordPaymentSchema,
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

export interface CustomerChoice {
  id: number
  name: string
}

export interface PaymentValues {
  receivedDay: string
  method: PaymentMethod | ''
  /** As typed ("1,234.50"). */
  amount: string
  currency: string
  payerReference: string
}

export interface PaymentRecordContext {
  /** Matching this bank line: its amount, currency, day and reference are the payment's. */
  line: BankLineView | null
  values: PaymentValues
  query: string
  /** The companies the last search found (null: none searched yet). */
  found: CustomerChoice[] | null
  customer: CustomerChoice | null
  draft: AllocationDraft
  /** Allocations to tick once the customer's invoices are read (a suggestion's). */
  preset: AllocationRequest[]
  errors: FieldErrors
  /** What is left after the allocations typed: the credit on account (null while the amount does not read). */
  left: number | null
  submitted: boolean
  /** The server's refusal, or why a search or a read failed. */
  message: string | null
  answer: PaymentAnswer | null
}

export type PaymentRecordEvent =
  | { type: 'field.changed'; field: keyof PaymentValues; value: string }
  | { type: 'customer.query'; value: string }
  | { type: 'customer.search' }
  | { type: 'customer.chosen'; customer: CustomerChoice }
  | AllocationEvent
  | { type: 'user.submit' }
  | { type: 'user.cancel' }

export interface PaymentRecordInput {
  today: string
  line?: BankLineView
  preset?: { customer: CustomerChoice; allocations: AllocationRequest[] }
}

/** What is submitted: a payment recorded, or a bank line matched. */
export type PaymentSubmission =
  | { kind: 'record'; body: RecordPaymentInput }
  | { kind: 'match'; lineId: number; body: MatchBankLineInput }

export const customerMessage = 'Choose the customer.'
export const noCustomerFound = 'No company of that name.'

const shape = recordPaymentSchema.shape

/** Every message of the form as it is now, and what would be left to allocate. */
export function checkPayment(context: Pick<PaymentRecordContext, 'values' | 'customer' | 'draft'>) {
  const { values } = context
  const errors: FieldErrors = {}
  const first = (result: { success: boolean; error?: { issues: { message: string }[] } }, field: string) => {
    if (!result.success) errors[field] = [result.error?.issues[0]?.message ?? messages.generic]
  }
  if (!context.customer) errors.customer = [customerMessage]
  first(shape.receivedDay.safeParse(values.receivedDay), 'receivedDay')
  first(shape.method.safeParse(values.method), 'method')
  first(shape.currency.safeParse(values.currency), 'currency')
  first(shape.payerReference.safeParse(values.payerReference), 'payerReference')
  const amount = minorUnitsOf(values.amount)
  if (amount === null) errors.amount = [amountTextMessage]
  else first(shape.amount.safeParse(amount), 'amount')
  const funds =
    amount !== null && amount > 0 && !errors.currency ? { amount, currency: values.currency } : null
  const allocation = checkAllocations(funds, 0, context.draft)
  return {
    errors: { ...errors, ...allocation.errors },
    left: allocation.left,
    requested: allocation.requested,
  }
}

/** The request of a form that checks: the payment recorded, or the bank line matched. */
export function submissionOf(context: PaymentRecordContext): PaymentSubmission {
  const { values, line } = context
  const { requested } = checkPayment(context)
  const customerId = context.customer?.id ?? 0
  const method = (values.method || 'fast') as PaymentMethod
  if (line) return { kind: 'match', lineId: line.id, body: { customerId, method, allocations: requested } }
  return {
    kind: 'record',
    body: {
      customerId,
      receivedDay: values.receivedDay,
      method,
      amount: minorUnitsOf(values.amount) ?? 0,
      currency: values.currency as RecordPaymentInput['currency'],
      payerReference: values.payerReference.trim(),
      ...(requested.length > 0 ? { allocations: requested } : {}),
    },
  }
}

/** A bank line's reference as the payer gave it. */
export const lineReference = (line: BankLineView) =>
  (line.endToEndId ?? line.structuredReferences[0] ?? line.unstructured ?? '').slice(0, 140)

const recheck = (context: PaymentRecordContext, patch: Partial<PaymentRecordContext>) => {
  const next = { ...context, ...patch }
  const { errors, left } = checkPayment(next)
  return { ...patch, errors, left }
}

/** The server's field messages kept under the form's own fields (`allocations.<i>.amount` at its line). */
function serverErrors(context: PaymentRecordContext, error: unknown): FieldErrors {
  const { requested } = checkPayment(context)
  const errors: FieldErrors = {}
  for (const [path, list] of Object.entries(failure(error).errors ?? {})) {
    const message = list?.[0]
    if (!message) continue
    const index = /^allocations\.(\d+)/.exec(path)?.[1]
    const line = index === undefined ? undefined : requested[Number(index)]
    if (line) errors[`allocation.${line.invoiceNumber}`] = [message]
    else if (path in context.values || path === 'allocations') errors[path] = [message]
    else if (path === 'customerId') errors.customer = [message]
  }
  return errors
}

export const paymentRecordMachine = setup({
  types: {
    context: {} as PaymentRecordContext,
    events: {} as PaymentRecordEvent,
    input: {} as PaymentRecordInput,
    output: {} as PaymentAnswer | null,
  },
  actors: {
    findCustomers: fromPromise<CustomerChoice[], { q: string }>(async () => {
      throw new Error('not provided')
    }),
    loadOpenInvoices: fromPromise<OpenInvoiceView[], { customerId: number }>(async () => {
      throw new Error('not provided')
    }),
    submitPayment: fromPromise<PaymentAnswer, PaymentSubmission>(async () => {
      throw new Error('not provided')
    }),
  },
  guards: {
    isValid: ({ context }) => Object.keys(context.errors).length === 0,
    hasQuery: ({ context }) => context.query.trim() !== '',
    /** A matched line's amount, currency, day and reference are the line's: only the method is chosen. */
    mayChange: ({ context, event }) =>
      context.line === null || (event as { field?: string }).field === 'method',
  },
  actions: {
    changeField: assign(({ context, event }) => {
      assertEvent(event, 'field.changed')
      return recheck(context, { values: { ...context.values, [event.field]: event.value }, message: null })
    }),
    changeQuery: assign(({ event }) => {
      assertEvent(event, 'customer.query')
      return { query: event.value }
    }),
    setFound: assign((_, found: CustomerChoice[]) => ({
      found,
      message: found.length === 0 ? noCustomerFound : null,
    })),
    choose: assign(({ context, event }) => {
      assertEvent(event, 'customer.chosen')
      return recheck(context, {
        customer: event.customer,
        draft: allocationDraft([]),
        preset: [],
        message: null,
      })
    }),
    setInvoices: assign(({ context }, invoices: OpenInvoiceView[]) =>
      recheck(context, { draft: allocationDraft(invoices, context.preset), preset: [] }),
    ),
    changeAllocation: assign(({ context, event }) => {
      assertEvent(event, ['allocation.chosen', 'allocation.changed'])
      return recheck(context, { draft: changeDraft(context.draft, event), message: null })
    }),
    failed: assign((_, error: unknown) => ({ message: failureMessage(error, messages.generic) })),
    submitted: assign({ submitted: true }),
    setAnswer: assign((_, answer: PaymentAnswer) => ({ answer })),
    refused: assign(({ context }, error: unknown) => {
      const named = serverErrors(context, error)
      return {
        submitted: true,
        errors: { ...context.errors, ...named },
        message: Object.keys(named).length > 0 ? null : failureMessage(error, messages.generic),
      }
    }),
  },
}).createMachine({
  id: 'paymentRecord',
  context: ({ input }) => {
    const line = input.line ?? null
    const base: PaymentRecordContext = {
      line,
      values: line
        ? {
            receivedDay: line.bookingDay,
            method: 'fast',
            amount: amountInputText(line.amount),
            currency: line.currency,
            payerReference: lineReference(line),
          }
        : { receivedDay: input.today, method: '', amount: '', currency: 'SGD', payerReference: '' },
      query: '',
      found: null,
      customer: input.preset?.customer ?? null,
      draft: allocationDraft([]),
      preset: input.preset?.allocations ?? [],
      errors: {},
      left: null,
      submitted: false,
      message: null,
      answer: null,
    }
    const { errors, left } = checkPayment(base)
    return { ...base, errors, left }
  },
  initial: 'open',
  states: {
    open: {
      initial: 'starting',
      on: {
        'field.changed': { guard: 'mayChange', actions: 'changeField' },
        'customer.query': { actions: 'changeQuery' },
        'customer.chosen': { target: '.loadingInvoices', actions: 'choose' },
        'allocation.chosen': { actions: 'changeAllocation' },
        'allocation.changed': { actions: 'changeAllocation' },
        'user.cancel': 'cancelled',
      },
      states: {
        starting: {
          always: [
            { guard: ({ context }) => context.customer !== null, target: 'loadingInvoices' },
            'editing',
          ],
        },
        editing: {
          on: {
            'customer.search': { guard: 'hasQuery', target: 'searching' },
            'user.submit': [{ guard: 'isValid', target: '#paymentRecord.sending' }, { actions: 'submitted' }],
          },
        },
        searching: {
          on: { 'customer.search': { guard: 'hasQuery', target: 'searching', reenter: true } },
          invoke: {
            id: 'findCustomers',
            src: 'findCustomers',
            input: ({ context }) => ({ q: context.query.trim() }),
            onDone: { target: 'editing', actions: { type: 'setFound', params: ({ event }) => event.output } },
            onError: { target: 'editing', actions: { type: 'failed', params: actorError } },
          },
        },
        loadingInvoices: {
          invoke: {
            id: 'loadOpenInvoices',
            src: 'loadOpenInvoices',
            input: ({ context }) => ({ customerId: context.customer?.id ?? 0 }),
            onDone: {
              target: 'editing',
              actions: { type: 'setInvoices', params: ({ event }) => event.output },
            },
            onError: { target: 'editing', actions: { type: 'failed', params: actorError } },
          },
        },
      },
    },
    sending: {
      invoke: {
        id: 'submitPayment',
        src: 'submitPayment',
        input: ({ context }) => submissionOf(context),
        onDone: { target: 'done', actions: { type: 'setAnswer', params: ({ event }) => event.output } },
        onError: { target: 'open.editing', actions: { type: 'refused', params: actorError } },
      },
    },
    done: { type: 'final' },
    cancelled: { type: 'final' },
  },
  output: ({ context }) => context.answer,
})
