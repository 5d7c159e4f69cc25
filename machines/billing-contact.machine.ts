/**
 * `billingContactMachine` (My Team's "Billing contact", docs/payments.md "Reminders"): loads the company's
 * billing contact (`getBillingContact`) → ready, or failed (retry). An Admin types an email, checked as typed
 * by `billingContactSchema` (its message once the field is left, or on Save); an empty field removes the
 * contact. Save (`updateBillingContact`) → the stored contact and the server's message, or its refusal under the
 * field (or above the form). Anyone else reads it: without `mayEdit` the chart takes no change.
 *
 * Effects are injected by the page with `machine.provide`.
 */
import { assertEvent, assign, fromPromise, setup } from 'xstate'
import {
  type BillingContact,
  type BillingContactInput,
  type BillingContactSaved,
  billingContactSchema,
} from '../contract/finance/reminders'
import { messages } from '../contract/messages'
import type { FieldErrors } from '../contract/rules'
import { actorError } from './actor-error'
import { failureMessage, pathErrors, serverFieldErrors } from './form'

export interface BillingContactValues {
  email: string
}

export interface BillingContactContext {
  mayEdit: boolean
  /** As stored. */
  contact: BillingContact | null
  values: BillingContactValues
  errors: FieldErrors
  shown: Partial<Record<'email', true>>
  notice: string | null
  message: string | null
}

export type BillingContactEvent =
  | { type: 'field.changed'; field: 'email'; value: string }
  | { type: 'field.blurred'; field: 'email' }
  | { type: 'user.save' }
  | { type: 'user.retry' }

/** What Save sends: the email as typed, or null (remove the contact) when the field is empty. */
export const contactBody = (values: BillingContactValues): BillingContactInput => ({
  email: values.email.trim() === '' ? null : values.email,
})

export const contactErrors = (values: BillingContactValues) =>
  pathErrors(billingContactSchema.safeParse(contactBody(values)))

const setContact = (contact: BillingContact) => {
  const values = { email: contact.email ?? '' }
  return { contact, values, errors: contactErrors(values), shown: {} }
}

export const billingContactMachine = setup({
  types: {
    context: {} as BillingContactContext,
    events: {} as BillingContactEvent,
    input: {} as { mayEdit: boolean },
  },
  actors: {
    loadContact: fromPromise<BillingContact>(async () => {
      throw new Error('not provided')
    }),
    saveContact: fromPromise<BillingContactSaved, BillingContactInput>(async () => {
      throw new Error('not provided')
    }),
  },
  guards: {
    mayEdit: ({ context }) => context.mayEdit,
    isValid: ({ context }) => context.mayEdit && Object.keys(context.errors).length === 0,
  },
  actions: {
    loaded: assign((_, contact: BillingContact) => ({ ...setContact(contact), message: null })),
    saved: assign((_, answer: BillingContactSaved) => ({
      ...setContact(answer.billingContact),
      notice: answer.message,
      message: null,
    })),
    failed: assign((_, error: unknown) => ({ message: failureMessage(error, messages.generic) })),
    clearMessage: assign({ message: null }),
    change: assign(({ event }) => {
      assertEvent(event, 'field.changed')
      const values = { email: event.value }
      return { values, errors: contactErrors(values), notice: null }
    }),
    blur: assign({ shown: { email: true as const } }),
    showAll: assign({ shown: { email: true as const } }),
    startSave: assign({ notice: null, message: null }),
    refused: assign((_, error: unknown) => {
      const errors = serverFieldErrors(error, ['email'])
      return {
        errors,
        shown: { email: true as const },
        message: Object.keys(errors).length > 0 ? null : failureMessage(error, messages.generic),
      }
    }),
  },
}).createMachine({
  id: 'billingContact',
  context: ({ input }) => ({
    mayEdit: input.mayEdit,
    contact: null,
    values: { email: '' },
    errors: {},
    shown: {},
    notice: null,
    message: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadContact',
        src: 'loadContact',
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
            id: 'saveContact',
            src: 'saveContact',
            input: ({ context }) => contactBody(context.values),
            onDone: { target: 'idle', actions: { type: 'saved', params: ({ event }) => event.output } },
            onError: { target: 'idle', actions: { type: 'refused', params: actorError } },
          },
        },
      },
    },
  },
})
