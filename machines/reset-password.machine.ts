import { assertEvent, assign, fromPromise, setup } from 'xstate'
import { messages } from '../contract/messages'
import { resetPasswordSchema } from '../contract/rules'
import type { MessageResponse } from '../contract/wire'
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

export interface ResetPasswordValues {
  token: string
  esus_password: string
  password_confirmation: string
}

export interface ResetPasswordContext extends FormContext<ResetPasswordValues> {
  dialogMessage: string | null
  /** The server's confirmation once the password was changed. */
  doneMessage: string | null
}

export type ResetPasswordEvent =
  | FieldChange<ResetPasswordValues>
  | { type: 'field.blurred'; field: keyof ResetPasswordValues }
  | { type: 'user.submit' }
  | { type: 'dialog.acknowledged' }

/**
 * Setting a new password from the emailed link (/reset-password, implied by the spec's Forgot
 * Password flow): the registration password rules; on success every session of the account ends.
 */
export const resetPasswordMachine = setup({
  types: {
    input: {} as { token: string },
    context: {} as ResetPasswordContext,
    events: {} as ResetPasswordEvent,
  },
  actors: {
    resetPassword: fromPromise<MessageResponse, ResetPasswordValues>(async () => ({ message: '' })),
  },
  guards: {
    isValid: ({ context }) => isFormValid(context),
    hasToken: ({ context }) => context.values.token !== '',
  },
  actions: {
    change: assign(({ context, event }) => {
      assertEvent(event, 'field.changed')
      return changeField(resetPasswordSchema, context, event)
    }),
    show: assign(({ context, event }) => {
      assertEvent(event, 'field.blurred')
      return { shown: showField(context, event.field) }
    }),
    showAll: assign(({ context }) => ({ shown: showAll(context) })),
    finish: assign({ doneMessage: (_, output: MessageResponse) => output.message }),
    openFailureDialog: assign({
      dialogMessage: (_, error: unknown) => failureMessage(error, messages.generic),
    }),
    closeDialog: assign({ dialogMessage: null }),
  },
}).createMachine({
  id: 'resetPassword',
  context: ({ input }) => ({
    ...initialForm(resetPasswordSchema, { token: input.token, esus_password: '', password_confirmation: '' }),
    dialogMessage: null,
    doneMessage: null,
  }),
  initial: 'checkingLink',
  states: {
    checkingLink: {
      always: [{ guard: 'hasToken', target: 'editing' }, { target: 'invalidLink' }],
    },
    invalidLink: {},
    editing: {
      on: {
        'field.changed': { actions: 'change' },
        'field.blurred': { actions: 'show' },
        'user.submit': [{ guard: 'isValid', target: 'submitting' }, { actions: 'showAll' }],
      },
    },
    submitting: {
      invoke: {
        id: 'resetPassword',
        src: 'resetPassword',
        input: ({ context }) => context.values,
        onDone: { target: 'done', actions: { type: 'finish', params: ({ event }) => event.output } },
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
    done: { type: 'final' },
  },
})
