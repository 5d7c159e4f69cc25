import { and, assertEvent, assign, fromPromise, raise, setup, stateIn } from 'xstate'
import { timings } from '../contract/constants'
import { messages } from '../contract/messages'
import { type RegistrationPayload, type RegistrationSource, registrationSchema } from '../contract/rules'
import type { Country, MessageResponse } from '../contract/wire'
import { actorError } from './actor-error'
import {
  changeField,
  changeFields,
  type FieldChange,
  type FormContext,
  failureMessage,
  initialForm,
  isFormValid,
  showField,
} from './form'

export interface RegisterValues {
  esus_name: string
  esus_company_name: string
  esus_regn_no: string
  esus_email_id: string
  esus_password: string
  password_confirmation: string
  esus_mcou: number | null
  code: string
  esus_phone: string
  esus_address1: string
  esus_source: RegistrationSource | ''
  check: boolean
  esus_mcpy: number | null
}

export interface RegisterContext extends FormContext<RegisterValues> {
  countries: Country[]
  /** The error dialog's message while it is open. */
  dialogMessage: string | null
}

export type RegisterEvent =
  | FieldChange<RegisterValues>
  | { type: 'field.blurred'; field: keyof RegisterValues }
  | { type: 'country.chosen'; countryId: number | null }
  | { type: 'user.submit' }
  | { type: 'dialog.acknowledged' }
  | { type: 'loading.started' }
  | { type: 'loading.settled' }

export const emptyRegistration: RegisterValues = {
  esus_name: '',
  esus_company_name: '',
  esus_regn_no: '',
  esus_email_id: '',
  esus_password: '',
  password_confirmation: '',
  esus_mcou: null,
  code: '',
  esus_phone: '',
  esus_address1: '',
  esus_source: '',
  check: false,
  esus_mcpy: null,
}

/**
 * Registration (spec sections 4, 5 and 8). The countries load first (a failure shows the generic
 * dialog); choosing a country fills the read-only dialling code and the company id, clearing it empties
 * both. Submit is disabled while the form is invalid or loading; the loading flag clears 1 s after the
 * response. Only the exact 'Successfully Registered…' message is success; closing its dialog goes to
 * /login.
 */
export const registerMachine = setup({
  types: {
    context: {} as RegisterContext,
    events: {} as RegisterEvent,
  },
  actors: {
    loadCountries: fromPromise<Country[]>(async () => []),
    register: fromPromise<MessageResponse, RegistrationPayload>(async () => ({ message: '' })),
  },
  delays: { loadingClears: timings.registerLoadingClearMs },
  guards: {
    isValid: ({ context }) => isFormValid(context),
    isRegistered: (_, output: MessageResponse) => output.message === messages.registered,
  },
  actions: {
    goToLogin: () => {},
    setCountries: assign({ countries: (_, countries: Country[]) => countries }),
    change: assign(({ context, event }) => {
      assertEvent(event, 'field.changed')
      const value = event.field === 'esus_regn_no' ? String(event.value).toUpperCase() : event.value
      return changeField(registrationSchema, context, { field: event.field, value })
    }),
    show: assign(({ context, event }) => {
      assertEvent(event, 'field.blurred')
      return { shown: showField(context, event.field) }
    }),
    chooseCountry: assign(({ context, event }) => {
      assertEvent(event, 'country.chosen')
      const country = context.countries.find((c) => c.mcou_rid === event.countryId)
      return {
        ...changeFields(registrationSchema, context, {
          esus_mcou: country?.mcou_rid ?? null,
          code: country?.mcou_country_dialing_code ?? '',
          esus_mcpy: country?.eshp_mcpy ?? null,
        }),
        shown: { ...context.shown, esus_mcou: true as const, code: true as const },
      }
    }),
    openGenericDialog: assign({ dialogMessage: messages.generic }),
    openFailureDialog: assign({
      dialogMessage: (_, error: unknown) => failureMessage(error, messages.generic),
    }),
    closeDialog: assign({ dialogMessage: null }),
    startLoading: raise({ type: 'loading.started' }),
    settleLoading: raise({ type: 'loading.settled' }),
  },
}).createMachine({
  id: 'register',
  type: 'parallel',
  context: () => ({
    ...initialForm(registrationSchema, emptyRegistration),
    countries: [],
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
            'field.blurred': { actions: 'show' },
          },
          invoke: {
            id: 'loadCountries',
            src: 'loadCountries',
            onDone: {
              target: 'editing',
              actions: { type: 'setCountries', params: ({ event }) => event.output },
            },
            onError: { target: 'countriesFailed', actions: 'openGenericDialog' },
          },
        },
        countriesFailed: {
          on: { 'dialog.acknowledged': { target: 'editing', actions: 'closeDialog' } },
        },
        editing: {
          on: {
            'field.changed': { actions: 'change' },
            'field.blurred': { actions: 'show' },
            'country.chosen': { actions: 'chooseCountry' },
            // Submit is disabled while the form is invalid or loading (spec section 5).
            'user.submit': {
              guard: and(['isValid', stateIn('#register.loading.idle')]),
              target: 'submitting',
            },
          },
        },
        submitting: {
          entry: 'startLoading',
          exit: 'settleLoading',
          invoke: {
            id: 'register',
            src: 'register',
            input: ({ context }) => registrationSchema.parse(context.values),
            onDone: [
              { guard: { type: 'isRegistered', params: ({ event }) => event.output }, target: 'registered' },
              { target: 'failed', actions: 'openGenericDialog' },
            ],
            onError: {
              target: 'failed',
              actions: {
                type: 'openFailureDialog',
                params: actorError,
              },
            },
          },
        },
        failed: {
          on: { 'dialog.acknowledged': { target: 'editing', actions: 'closeDialog' } },
        },
        registered: {
          on: { 'dialog.acknowledged': { target: 'done', actions: 'goToLogin' } },
        },
        done: { type: 'final' },
      },
    },
    loading: {
      initial: 'idle',
      states: {
        idle: { on: { 'loading.started': 'busy' } },
        busy: { on: { 'loading.settled': 'clearing' } },
        clearing: { after: { loadingClears: 'idle' } },
      },
    },
  },
})
