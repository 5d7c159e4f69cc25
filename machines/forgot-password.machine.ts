import { assertEvent, assign, fromPromise, setup } from 'xstate'
import { messages } from '../contract/messages'
import { forgotPasswordSchema } from '../contract/rules'
import type { MessageResponse } from '../contract/wire'
import { actorError } from './actor-error'
import {
  changeField,
  type FieldChange,
  type FormContext,
  failureMessage,
  initialForm,
  isFormValid,
  isRateLimited,
  showAll,
  showField,
} from './form'

export interface ForgotPasswordValues {
  email: string
}

export interface ForgotPasswordContext extends FormContext<ForgotPasswordValues> {
  dialogMessage: string | null
  /** True once a reset link was sent, for the confirmation shown after the modal closes. */
  sent: boolean
}

export type ForgotPasswordEvent =
  | FieldChange<ForgotPasswordValues>
  | { type: 'field.blurred'; field: keyof ForgotPasswordValues }
  | { type: 'user.open' }
  | { type: 'user.dismiss' }
  | { type: 'user.submit' }
  | { type: 'dialog.acknowledged' }

const fresh = (): ForgotPasswordContext => ({
  ...initialForm(forgotPasswordSchema, { email: '' }),
  dialogMessage: null,
  sent: false,
})

/**
 * The Forgot Password modal (spec sections 4 and 8): Dismiss closes and resets it; the exact
 * 'Password Reset Link sent…' answer closes it; anything else, or an error, shows the generic dialog.
 * A rate-limited request (429) shows the server's own message, which says how long to wait.
 */
export const forgotPasswordMachine = setup({
  types: {
    context: {} as ForgotPasswordContext,
    events: {} as ForgotPasswordEvent,
  },
  actors: {
    requestReset: fromPromise<MessageResponse, ForgotPasswordValues>(async () => ({ message: '' })),
  },
  guards: {
    isValid: ({ context }) => isFormValid(context),
    isLinkSent: (_, output: MessageResponse) => output.message === messages.resetLinkSent,
    isRateLimited: (_, error: unknown) => isRateLimited(error),
  },
  actions: {
    reset: assign(() => fresh()),
    markSent: assign(() => ({ ...fresh(), sent: true })),
    change: assign(({ context, event }) => {
      assertEvent(event, 'field.changed')
      return changeField(forgotPasswordSchema, context, event)
    }),
    show: assign(({ context, event }) => {
      assertEvent(event, 'field.blurred')
      return { shown: showField(context, event.field) }
    }),
    showAll: assign(({ context }) => ({ shown: showAll(context) })),
    openGenericDialog: assign({ dialogMessage: messages.generic }),
    openServerDialog: assign({
      dialogMessage: (_, error: unknown) => failureMessage(error, messages.generic),
    }),
    closeDialog: assign({ dialogMessage: null }),
  },
}).createMachine({
  id: 'forgotPassword',
  context: fresh,
  initial: 'closed',
  states: {
    closed: {
      on: { 'user.open': { target: 'open', actions: 'reset' } },
    },
    open: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'field.changed': { actions: 'change' },
            'field.blurred': { actions: 'show' },
            'user.submit': [{ guard: 'isValid', target: 'sending' }, { actions: 'showAll' }],
            'user.dismiss': { target: '#forgotPassword.closed', actions: 'reset' },
          },
        },
        sending: {
          invoke: {
            id: 'requestReset',
            src: 'requestReset',
            input: ({ context }) => context.values,
            onDone: [
              {
                guard: { type: 'isLinkSent', params: ({ event }) => event.output },
                target: '#forgotPassword.closed',
                actions: 'markSent',
              },
              { target: 'failed', actions: 'openGenericDialog' },
            ],
            onError: [
              {
                guard: {
                  type: 'isRateLimited',
                  params: actorError,
                },
                target: 'failed',
                actions: {
                  type: 'openServerDialog',
                  params: actorError,
                },
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
  },
})
