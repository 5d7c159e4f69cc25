import { expect } from 'vitest'
import {
  type BillingContact,
  type BillingContactSaved,
  billingContactSchema,
} from '../../../contract/finance/reminders'
import { messages } from '../../../contract/messages'
import { billingContactMachine } from '../../../machines/billing-contact.machine'
import { type StateView, stateChecks } from '../model'

const told = ({ event }: StateView) => (event.error as { message?: string } | undefined)?.message

/** What Save sends: the email as typed, null for an empty field (the contact removed). */
const bodyOf = (email: string) => ({ email: email.trim() === '' ? null : email })
const sendable = (email: string) => billingContactSchema.safeParse(bodyOf(email)).success

/** docs/payments.md "Reminders": an Admin names or removes the billing contact; everyone else reads it. */
export const billingContactStates = stateChecks(billingContactMachine, {
  loading: ({ context, requests }) => {
    expect(requests).toEqual({ loadContact: null })
    // A retry does not keep the failure it answers on screen while it reads.
    expect(context.message).toBeNull()
  },
  failed: (view) => {
    expect(view.requests).toEqual({})
    expect(view.context.message).toBe(told(view) || messages.generic)
  },
  // The contact as stored (after Save, with the server's message); an Admin's typing is kept and checked as
  // typed, anyone else's is not taken; a Save that sends nothing shows the message; a refusal keeps what was
  // typed and says it under the field or above the form.
  'ready.idle': (view) => {
    const { context, event, before } = view
    expect(view.requests).toEqual({})
    if (event.type === 'xstate.done.actor.loadContact' || event.type === 'xstate.done.actor.saveContact') {
      const stored =
        event.type === 'xstate.done.actor.loadContact'
          ? (event.output as BillingContact)
          : (event.output as BillingContactSaved).billingContact
      expect([context.contact, context.values, context.shown, context.message]).toEqual([
        stored,
        { email: stored.email ?? '' },
        {},
        null,
      ])
      if (event.type === 'xstate.done.actor.saveContact')
        expect(context.notice).toBe((event.output as BillingContactSaved).message)
    }
    if (event.type === 'field.changed') {
      expect(context.values.email).toBe(context.mayEdit ? event.value : before.context.values.email)
      if (context.mayEdit) {
        expect(context.notice).toBeNull()
        expect(Object.keys(context.errors).length === 0).toBe(sendable(context.values.email))
      }
    }
    if (event.type === 'field.blurred') expect(context.shown.email).toBe(true)
    if (event.type === 'user.save') {
      if (!context.mayEdit) expect(context.shown).toEqual(before.context.shown)
      else {
        // Refused by the schema, or by the server at a field left as it was.
        if (sendable(context.values.email)) expect(context.errors).toEqual(before.context.errors)
        expect(Object.keys(context.errors)).toEqual(['email'])
        expect(context.shown.email).toBe(true)
      }
    }
    if (event.type === 'xstate.error.actor.saveContact') {
      expect(context.values).toEqual(before.context.values)
      const named = Object.keys(context.errors).length > 0
      expect(context.message).toBe(named ? null : told(view) || messages.generic)
      expect(context.shown.email).toBe(true)
    }
  },
  // Only an Admin saves, only what the schema takes, as typed (an empty field as null).
  'ready.saving': (view) => {
    const { context, event } = view
    expect(context.mayEdit).toBe(true)
    expect(sendable(context.values.email)).toBe(true)
    expect(view.requests).toEqual({ saveContact: bodyOf(context.values.email) })
    if (event.type === 'user.save') expect([context.notice, context.message]).toEqual([null, null])
  },
})
