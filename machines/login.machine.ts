import { assertEvent, assign, fromPromise, setup } from 'xstate'
import { timings } from '../contract/constants'
import { CUSTOMER_USER_TYPE, messages } from '../contract/messages'
import { loginSchema } from '../contract/rules'
import type { LoginResponse } from '../contract/wire'
import { actorError } from './actor-error'
import {
  changeField,
  type FieldChange,
  type FormContext,
  failureMessage,
  initialForm,
  isFormValid,
  showAll,
  showField,
} from './form'

export interface LoginValues {
  email: string
  password: string
}

export interface LoginContext extends FormContext<LoginValues> {
  /** The message of the error dialog while it is open. */
  dialogMessage: string | null
}

export type LoginEvent =
  | FieldChange<LoginValues>
  | { type: 'field.blurred'; field: keyof LoginValues }
  | { type: 'user.submit' }
  | { type: 'dialog.acknowledged' }

const emptyValues: LoginValues = { email: '', password: '' }

/**
 * Login (spec sections 4, 5 and 8): success only on 'User authenticated' with user_type Customer,
 * then the session starts and the app goes to /user/home after 300 ms. isLoggedIn true means another
 * device holds the session. Anything else shows the server's message, or the generic one.
 */
export const loginMachine = setup({
  types: {
    context: {} as LoginContext,
    events: {} as LoginEvent,
  },
  actors: {
    login: fromPromise<LoginResponse, LoginValues>(async () => ({ message: '' })),
  },
  delays: { redirect: timings.loginRedirectMs },
  guards: {
    isValid: ({ context }) => isFormValid(context),
    isCustomerSignedIn: (_, output: LoginResponse) =>
      output.message === messages.userAuthenticated &&
      output.user_type === CUSTOMER_USER_TYPE &&
      output.isLoggedIn !== true &&
      typeof output.token === 'string' &&
      output.user !== undefined,
    isLoggedInElsewhere: (_, output: LoginResponse) => output.isLoggedIn === true,
  },
  actions: {
    // Effects, provided by the app.
    startSession: (_, _output: LoginResponse) => {},
    reportElsewhere: () => {},
    goToUserHome: () => {},
    change: assign(({ context, event }) => {
      assertEvent(event, 'field.changed')
      return changeField(loginSchema, context, event)
    }),
    show: assign(({ context, event }) => {
      assertEvent(event, 'field.blurred')
      return { shown: showField(context, event.field) }
    }),
    showAll: assign(({ context }) => ({ shown: showAll(context) })),
    clearPassword: assign(({ context }) =>
      changeField(loginSchema, context, { field: 'password', value: '' }),
    ),
    openGenericDialog: assign({ dialogMessage: messages.generic }),
    openFailureDialog: assign({
      dialogMessage: (_, error: unknown) => failureMessage(error, messages.generic),
    }),
    closeDialog: assign({ dialogMessage: null }),
  },
}).createMachine({
  id: 'login',
  context: () => ({ ...initialForm(loginSchema, emptyValues), dialogMessage: null }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'field.changed': { actions: 'change' },
        'field.blurred': { actions: 'show' },
        'user.submit': [{ guard: 'isValid', target: 'submitting' }, { actions: 'showAll' }],
      },
    },
    submitting: {
      invoke: {
        id: 'login',
        src: 'login',
        input: ({ context }) => context.values,
        onDone: [
          {
            guard: { type: 'isCustomerSignedIn', params: ({ event }) => event.output },
            target: 'redirecting',
            actions: { type: 'startSession', params: ({ event }) => event.output },
          },
          {
            guard: { type: 'isLoggedInElsewhere', params: ({ event }) => event.output },
            target: 'editing',
            actions: 'reportElsewhere',
          },
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
    redirecting: {
      entry: 'clearPassword',
      after: { redirect: { target: 'done', actions: 'goToUserHome' } },
    },
    done: { type: 'final' },
  },
})
