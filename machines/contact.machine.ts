import { assertEvent, assign, fromPromise, raise, setup } from 'xstate'
import { timings } from '../contract/constants'
import { messages } from '../contract/messages'
import {
  type ContactMode,
  type ContactPayload,
  type ContactSource,
  contactSchema,
  contactToastMessage,
} from '../contract/rules'
import type { Country, MessageResponse } from '../contract/wire'
import { actorError } from './actor-error'
import {
  changeField,
  changeFields,
  type FieldChange,
  type FormContext,
  initialForm,
  isFormValid,
} from './form'

export interface ContactValues {
  mail: string
  name: string
  company: string
  code: string
  phone: string
  source: ContactSource | ''
  mode: ContactMode | ''
  message: string
}

export interface ContactContext extends FormContext<ContactValues> {
  countries: Country[]
  /** The country whose dialling code was chosen, so the dropdown shows it. */
  codeCountryId: number | null
  /** The toast or snackbar text while one shows. */
  toast: string | null
  dialogMessage: string | null
}

export type ContactEvent =
  | FieldChange<ContactValues>
  | { type: 'country.chosen'; countryId: number | null }
  | { type: 'user.submit' }
  | { type: 'toast.dismissed' }
  | { type: 'dialog.acknowledged' }
  | { type: 'notify.toast' }

export const emptyEnquiry: ContactValues = {
  mail: '',
  name: '',
  company: '',
  code: '',
  phone: '',
  source: '',
  mode: '',
  message: '',
}

const isDuplicateMessage = (message: unknown) => message === messages.contactDuplicate

/**
 * The contact enquiry (spec sections 4, 5 and 8), one chart for the /contact-us page and the footer's
 * Get In Touch form. Invalid: a 3 s toast. 'Contact Us Added Sucessfully!' resets the form and goes to
 * the thank-you page; a duplicate email resets it and shows a 3 s snackbar; other errors show the generic
 * dialog and keep what was typed.
 */
export const contactMachine = setup({
  types: {
    context: {} as ContactContext,
    events: {} as ContactEvent,
  },
  actors: {
    loadCountries: fromPromise<Country[]>(async () => []),
    sendEnquiry: fromPromise<MessageResponse, ContactPayload>(async () => ({ message: '' })),
  },
  delays: { toast: timings.toastMs },
  guards: {
    isValid: ({ context }) => isFormValid(context),
    isAdded: (_, output: MessageResponse) => output.message === messages.contactAdded,
    isDuplicate: (_, body: unknown) =>
      isDuplicateMessage((body as { message?: unknown } | undefined)?.message),
  },
  actions: {
    goToThankYou: () => {},
    setCountries: assign({ countries: (_, countries: Country[]) => countries }),
    change: assign(({ context, event }) => {
      assertEvent(event, 'field.changed')
      return changeField(contactSchema, context, event)
    }),
    chooseCode: assign(({ context, event }) => {
      assertEvent(event, 'country.chosen')
      const country = context.countries.find((c) => c.mcou_rid === event.countryId)
      return {
        ...changeFields(contactSchema, context, { code: country?.mcou_country_dialing_code ?? '' }),
        codeCountryId: country?.mcou_rid ?? null,
      }
    }),
    reset: assign(({ context }) => ({
      ...initialForm(contactSchema, emptyEnquiry),
      codeCountryId: null,
      countries: context.countries,
    })),
    setInvalidToast: assign({ toast: ({ context }) => contactToastMessage(context.values) ?? null }),
    setDuplicateToast: assign({ toast: messages.contactDuplicateNotice }),
    showToast: raise({ type: 'notify.toast' }),
    clearToast: assign({ toast: null }),
    openGenericDialog: assign({ dialogMessage: messages.generic }),
    closeDialog: assign({ dialogMessage: null }),
  },
}).createMachine({
  id: 'contact',
  type: 'parallel',
  context: () => ({
    ...initialForm(contactSchema, emptyEnquiry),
    countries: [],
    codeCountryId: null,
    toast: null,
    dialogMessage: null,
  }),
  states: {
    flow: {
      initial: 'loadingCountries',
      states: {
        loadingCountries: {
          // What is typed while the list loads is kept.
          on: {
            'field.changed': { actions: 'change' },
          },
          invoke: {
            id: 'loadCountries',
            src: 'loadCountries',
            onDone: {
              target: 'editing',
              actions: { type: 'setCountries', params: ({ event }) => event.output },
            },
            onError: { target: 'failed', actions: 'openGenericDialog' },
          },
        },
        editing: {
          on: {
            'field.changed': { actions: 'change' },
            'country.chosen': { actions: 'chooseCode' },
            'user.submit': [
              { guard: 'isValid', target: 'sending' },
              { actions: ['setInvalidToast', 'showToast'] },
            ],
          },
        },
        sending: {
          invoke: {
            id: 'sendEnquiry',
            src: 'sendEnquiry',
            input: ({ context }) => contactSchema.parse(context.values),
            onDone: [
              {
                guard: { type: 'isAdded', params: ({ event }) => event.output },
                target: 'editing',
                actions: ['reset', 'goToThankYou'],
              },
              {
                guard: {
                  type: 'isDuplicate',
                  params: ({ event }: { event: { output: unknown } }) => event.output,
                },
                target: 'editing',
                actions: ['reset', 'setDuplicateToast', 'showToast'],
              },
              { target: 'failed', actions: 'openGenericDialog' },
            ],
            onError: [
              {
                guard: {
                  type: 'isDuplicate',
                  params: actorError,
                },
                target: 'editing',
                actions: ['reset', 'setDuplicateToast', 'showToast'],
              },
              { target: 'failed', actions: 'openGenericDialog' },
            ],
          },
        },
        failed: {
          on: { 'dialog.acknowledged': { target: 'editing', actions: 'closeDialog' } },
        },
      },
    },
    toast: {
      initial: 'hidden',
      states: {
        hidden: { on: { 'notify.toast': 'shown' } },
        shown: {
          after: { toast: { target: 'hidden', actions: 'clearToast' } },
          on: {
            // A new toast restarts the 3 s.
            'notify.toast': { target: 'shown', reenter: true },
            'toast.dismissed': { target: 'hidden', actions: 'clearToast' },
          },
        },
      },
    },
  },
})
