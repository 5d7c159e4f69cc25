import { expect } from 'vitest'
import type { CustomerBilling } from '../../../contract/finance/invoice-wire'
import { customerBillingSchema, invoiceMessages } from '../../../contract/finance/invoices'
import { messages } from '../../../contract/messages'
import { type BillingValues, customerBillingMachine } from '../../../machines/customer-billing.machine'
import { type StateView, stateChecks } from '../model'

const told = ({ event }: StateView) => (event.error as { message?: string } | undefined)?.message

const fields = ['paymentTermsDays', 'currency', 'address', 'creditLimit']

/**
 * The details as the API takes them: the terms' days as a number, the credit limit in minor units (empty: null,
 * the default; "75,000.50" is 7500050).
 */
const bodyOf = (values: BillingValues) => ({
  paymentTermsDays: Number(values.paymentTermsDays),
  currency: values.currency,
  address: values.address,
  creditLimit:
    values.creditLimit.trim() === ''
      ? null
      : /^\d{1,3}(,\d{3})*(\.\d{1,2})?$|^\d+(\.\d{1,2})?$/.test(values.creditLimit.trim())
        ? Math.round(Number(values.creditLimit.replace(/,/g, '')) * 100)
        : Number.NaN,
})

const sendable = (values: BillingValues) => customerBillingSchema.safeParse(bodyOf(values)).success

/** The form shows the details as stored: the terms as the select gives them, no address as an empty field. */
const shownAs = (billing: CustomerBilling): BillingValues => ({
  paymentTermsDays: String(billing.paymentTermsDays),
  currency: billing.currency,
  address: billing.address ?? '',
  creditLimit:
    billing.creditLimit === null
      ? ''
      : `${Math.trunc(billing.creditLimit / 100)}.${String(billing.creditLimit % 100).padStart(2, '0')}`,
})

/** docs/invoices.md "Billing details": finance edits a company's terms, currency and address; an admin reads. */
export const customerBillingStates = stateChecks(customerBillingMachine, {
  loading: ({ context, requests }) => {
    expect(requests).toEqual({ loadBilling: { customerId: context.customerId } })
    // A retry does not keep the failure it answers on screen while it reads.
    expect(context.message).toBeNull()
  },
  failed: (view) => {
    expect(view.requests).toEqual({})
    expect(view.context.message).toBe(told(view) || messages.generic)
  },
  // The details as stored (and, after Save, "Billing details saved."). Finance's typing is kept and checked as
  // typed; an admin's changes are not taken; Save that sends nothing shows every message; a refusal keeps what
  // was typed and says it under its field or above the form.
  'ready.idle': (view) => {
    const { context, event, before } = view
    expect(view.requests).toEqual({})
    if (event.type === 'xstate.done.actor.loadBilling' || event.type === 'xstate.done.actor.saveBilling') {
      const stored = event.output as CustomerBilling
      expect([context.billing, context.values, context.shown, context.message]).toEqual([
        stored,
        shownAs(stored),
        {},
        null,
      ])
      if (event.type === 'xstate.done.actor.saveBilling')
        expect(context.notice).toBe(invoiceMessages.termsSaved)
    }
    if (event.type === 'field.changed') {
      const field = event.field as keyof BillingValues
      expect(context.values[field]).toBe(context.mayEdit ? event.value : before.context.values[field])
      if (context.mayEdit) {
        expect(context.notice).toBeNull()
        expect(Object.keys(context.errors).length === 0).toBe(sendable(context.values))
      }
    }
    if (event.type === 'field.blurred') expect(context.shown[event.field as string]).toBe(true)
    if (event.type === 'user.save') {
      if (!context.mayEdit) expect(context.shown).toEqual(before.context.shown)
      else {
        // Refused by the schema, or by the server at a field left as it was.
        if (sendable(context.values)) expect(context.errors).toEqual(before.context.errors)
        expect(Object.keys(context.errors).length).toBeGreaterThan(0)
        for (const field of fields) expect(context.shown[field]).toBe(true)
      }
    }
    if (event.type === 'xstate.error.actor.saveBilling') {
      expect(context.values).toEqual(before.context.values)
      const named = Object.keys(context.errors).length > 0
      expect(context.message).toBe(named ? null : told(view) || messages.generic)
      for (const field of fields) expect(context.shown[field]).toBe(true)
    }
  },
  // Only finance saves, only details the schema takes, as typed.
  'ready.saving': (view) => {
    const { context, event } = view
    expect(context.mayEdit).toBe(true)
    expect(sendable(context.values)).toBe(true)
    expect(view.requests).toEqual({
      saveBilling: { customerId: context.customerId, body: bodyOf(context.values) },
    })
    if (event.type === 'user.save') expect([context.notice, context.message]).toEqual([null, null])
  },
})
