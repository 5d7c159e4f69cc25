/**
 * `customerBillingMachine` (a company's billing details in the console's customer directory, issue 35):
 * loads them (`getCustomerBilling`) → ready, or failed (retry). Finance edits the payment terms (prepaid, 7, 14,
 * 30 or 60 days), the billing currency (SGD or USD), the billing address invoices print and the credit limit
 * (docs/payments.md "Credit control": an amount such as 75,000.00, empty for site.config's default; the company's
 * open balance is read beside it), checked as typed by
 * `customerBillingSchema` (a field's message once it is left, or on Save); Save (`updateCustomerBilling`) → the
 * stored details and "Billing details saved.", or the server's refusal under its fields. An admin reads them:
 * without `mayEdit` the chart takes no change.
 *
 * Effects are injected by the page with `machine.provide`.
 */
import { assertEvent, assign, fromPromise, setup } from 'xstate'
import { amountInputText, minorUnitsOf } from '../contract/finance/amount-text'
import type { CustomerBilling } from '../contract/finance/invoice-wire'
import {
  type BillingCurrency,
  type CustomerBillingInput,
  customerBillingSchema,
  DEFAULT_PAYMENT_TERMS_DAYS,
  invoiceMessages,
} from '../contract/finance/invoices'
import { messages } from '../contract/messages'
import type { FieldErrors } from '../contract/rules'
import { actorError } from './actor-error'
import { failureMessage, pathErrors, serverFieldErrors } from './form'

export interface BillingValues {
  /** The terms' days as the select gives them ("0" prepaid). */
  paymentTermsDays: string
  currency: BillingCurrency
  address: string
  /** The credit limit as typed ("75,000.00"); empty: the default. */
  creditLimit: string
}

export type BillingField = keyof BillingValues

export interface CustomerBillingContext {
  customerId: number
  mayEdit: boolean
  /** As stored. */
  billing: CustomerBilling | null
  values: BillingValues
  errors: FieldErrors
  shown: Partial<Record<BillingField, true>>
  notice: string | null
  message: string | null
}

export type CustomerBillingEvent =
  | { type: 'field.changed'; field: BillingField; value: string }
  | { type: 'field.blurred'; field: BillingField }
  | { type: 'user.save' }
  | { type: 'user.retry' }

const fields: BillingField[] = ['paymentTermsDays', 'currency', 'address', 'creditLimit']

/** The limit typed, in minor units; null (the default) when empty; NaN (refused) when not an amount. */
const limitOf = (text: string) => (text.trim() === '' ? null : (minorUnitsOf(text) ?? Number.NaN))

export const billingBody = (values: BillingValues): CustomerBillingInput => ({
  paymentTermsDays: Number(values.paymentTermsDays),
  currency: values.currency,
  address: values.address,
  creditLimit: limitOf(values.creditLimit),
})

export const billingErrors = (values: BillingValues) =>
  pathErrors(customerBillingSchema.safeParse(billingBody(values)))

const valuesOf = (billing: CustomerBilling): BillingValues => ({
  paymentTermsDays: String(billing.paymentTermsDays),
  currency: billing.currency,
  address: billing.address ?? '',
  creditLimit: billing.creditLimit === null ? '' : amountInputText(billing.creditLimit),
})

const blank: BillingValues = {
  paymentTermsDays: String(DEFAULT_PAYMENT_TERMS_DAYS),
  currency: 'SGD',
  address: '',
  creditLimit: '',
}

const setBilling = (billing: CustomerBilling) => {
  const values = valuesOf(billing)
  return { billing, values, errors: billingErrors(values), shown: {} }
}

export const customerBillingMachine = setup({
  types: {
    context: {} as CustomerBillingContext,
    events: {} as CustomerBillingEvent,
    input: {} as { customerId: number; mayEdit: boolean },
  },
  actors: {
    loadBilling: fromPromise<CustomerBilling, { customerId: number }>(async () => {
      throw new Error('not provided')
    }),
    saveBilling: fromPromise<CustomerBilling, { customerId: number; body: CustomerBillingInput }>(
      async () => {
        throw new Error('not provided')
      },
    ),
  },
  guards: {
    mayEdit: ({ context }) => context.mayEdit,
    isValid: ({ context }) => context.mayEdit && Object.keys(context.errors).length === 0,
  },
  actions: {
    loaded: assign((_, billing: CustomerBilling) => ({ ...setBilling(billing), message: null })),
    saved: assign((_, billing: CustomerBilling) => ({
      ...setBilling(billing),
      notice: invoiceMessages.termsSaved,
      message: null,
    })),
    failed: assign((_, error: unknown) => ({ message: failureMessage(error, messages.generic) })),
    clearMessage: assign({ message: null }),
    change: assign(({ context, event }) => {
      assertEvent(event, 'field.changed')
      const values = { ...context.values, [event.field]: event.value }
      return { values, errors: billingErrors(values), notice: null }
    }),
    blur: assign(({ context, event }) => {
      assertEvent(event, 'field.blurred')
      return { shown: { ...context.shown, [event.field]: true } }
    }),
    showAll: assign({ shown: () => Object.fromEntries(fields.map((field) => [field, true])) }),
    startSave: assign({ notice: null, message: null }),
    refused: assign((_, error: unknown) => {
      const errors = serverFieldErrors(error, fields)
      return {
        errors,
        shown: Object.fromEntries(fields.map((field) => [field, true])),
        message: Object.keys(errors).length > 0 ? null : failureMessage(error, messages.generic),
      }
    }),
  },
}).createMachine({
  id: 'customerBilling',
  context: ({ input }) => ({
    customerId: input.customerId,
    mayEdit: input.mayEdit,
    billing: null,
    values: blank,
    errors: {},
    shown: {},
    notice: null,
    message: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadBilling',
        src: 'loadBilling',
        input: ({ context }) => ({ customerId: context.customerId }),
        onDone: { target: 'ready', actions: { type: 'loaded', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: { type: 'failed', params: actorError } },
      },
    },
    failed: { on: { 'user.retry': { target: 'loading', actions: 'clearMessage' } } },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'field.changed': { guard: 'mayEdit', actions: 'change' },
            'field.blurred': { actions: 'blur' },
            'user.save': [
              { guard: 'isValid', target: 'saving', actions: 'startSave' },
              { guard: 'mayEdit', actions: 'showAll' },
            ],
          },
        },
        saving: {
          invoke: {
            id: 'saveBilling',
            src: 'saveBilling',
            input: ({ context }) => ({ customerId: context.customerId, body: billingBody(context.values) }),
            onDone: { target: 'idle', actions: { type: 'saved', params: ({ event }) => event.output } },
            onError: { target: 'idle', actions: { type: 'refused', params: actorError } },
          },
        },
      },
    },
  },
})
