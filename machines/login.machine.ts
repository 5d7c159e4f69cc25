import { assertEvent, assign, fromPromise, setup } from 'xstate'
import { timings } from '../contract/constants'
import { CUSTOMER_USER_TYPE, messages } from '../contract/messages'
import { loginSchema } from '../contract/rules'
import type { LoginResponse, MessageResponse } from '../contract/wire'
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
  /**
   * While another device holds the session: the server's answer once a link to end it was mailed, or why
   * asking for it failed.
   */
  release: { sent: string | null; error: string | null }
}

export type LoginEvent =
  | FieldChange<LoginValues>
  | { type: 'field.blurred'; field: keyof LoginValues }
  | { type: 'user.submit' }
  | { type: 'dialog.acknowledged' }
  | { type: 'release.requested' }

const emptyValues: LoginValues = { email: '', password: '' }

/**
 * Login (spec sections 4, 5 and 8): success only on 'User authenticated' with user_type Customer,
 * then the session starts and the app goes to /user/home after 300 ms. isLoggedIn true means another
 * device holds the session: its dialog says so in the spec's words and offers the way out, a link mailed to
 * the account that ends the other session (asked for with the email and password typed). Anything else
 * shows the server's message, or the generic one.
 */
export const loginMachine = setup({
  types: {
    context: {} as LoginContext,
    events: {} as LoginEvent,
  },
  actors: {
    login: fromPromise<LoginResponse, LoginValues>(async () => ({ message: '' })),
    requestRelease: fromPromise<MessageResponse, LoginValues>(async () => ({ message: '' })),
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
    openElsewhereDialog: assign({
      dialogMessage: messages.loggedInElsewhere,
      release: { sent: null, error: null },
    }),
    releaseSent: assign({
      release: (_, output: MessageResponse) => ({ sent: output.message, error: null }),
    }),
    releaseFailed: assign({
      release: (_, error: unknown) => ({ sent: null, error: failureMessage(error, messages.generic) }),
    }),
    openFailureDialog: assign({
      dialogMessage: (_, error: unknown) => failureMessage(error, messages.generic),
    }),
    closeDialog: assign({ dialogMessage: null, release: { sent: null, error: null } }),
  },
}).createMachine({
  id: 'login',
  context: () => ({
    ...initialForm(loginSchema, emptyValues),
    dialogMessage: null,
    release: { sent: null, error: null },
  }),
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
            target: 'elsewhere',
            actions: 'openElsewhereDialog',
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
    elsewhere: {
      initial: 'offered',
      states: {
        offered: {
          on: {
            'release.requested': 'requesting',
            'dialog.acknowledged': { target: '#login.editing', actions: 'closeDialog' },
          },
        },
        requesting: {
          invoke: {
            id: 'requestRelease',
            src: 'requestRelease',
            input: ({ context }) => context.values,
            onDone: {
              target: 'sent',
              actions: { type: 'releaseSent', params: ({ event }) => event.output },
            },
            onError: {
              target: 'offered',
              actions: { type: 'releaseFailed', params: actorError },
            },
          },
        },
        sent: {
          on: { 'dialog.acknowledged': { target: '#login.editing', actions: 'closeDialog' } },
        },
      },
    },
    redirecting: {
      entry: 'clearPassword',
      after: { redirect: { target: 'done', actions: 'goToUserHome' } },
    },
    done: { type: 'final' },
  },
})
