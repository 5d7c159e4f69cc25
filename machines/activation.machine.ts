import { assertEvent, assign, fromPromise, setup } from 'xstate'
import { messages } from '../contract/messages'
import { forgotPasswordSchema } from '../contract/rules'
import type { MessageResponse } from '../contract/wire'
import { changeField, type FormContext, failureMessage, initialForm, isFormValid, showAll } from './form'

export interface ActivationContext extends FormContext<{ email: string }> {
  token: string
  message: string | null
  /** The answer to a request for a new link. */
  resendMessage: string | null
}

export type ActivationEvent =
  | { type: 'field.changed'; field: 'email'; value: string }
  | { type: 'user.resend' }

/**
 * The page the activation link opens: it activates the account at once and says whether that
 * worked, or that the link is used or expired, then leads to /login. A failed link offers a new one
 * (links last 24 hours).
 */
export const activationMachine = setup({
  types: {
    input: {} as { token: string },
    context: {} as ActivationContext,
    events: {} as ActivationEvent,
  },
  actors: {
    activate: fromPromise<MessageResponse, { token: string }>(async () => ({ message: '' })),
    resend: fromPromise<MessageResponse, { email: string }>(async () => ({ message: '' })),
  },
  guards: {
    hasToken: ({ context }) => context.token !== '',
    isValid: ({ context }) => isFormValid(context),
  },
  actions: {
    setMessage: assign({ message: (_, message: string) => message }),
    setResendMessage: assign({ resendMessage: (_, message: string) => message }),
    change: assign(({ context, event }) => {
      assertEvent(event, 'field.changed')
      return changeField(forgotPasswordSchema, context, event)
    }),
    showAll: assign(({ context }) => ({ shown: showAll(context) })),
  },
}).createMachine({
  id: 'activation',
  context: ({ input }) => ({
    ...initialForm(forgotPasswordSchema, { email: '' }),
    token: input.token,
    message: null,
    resendMessage: null,
  }),
  initial: 'checking',
  states: {
    checking: {
      always: [{ guard: 'hasToken', target: 'activating' }, { target: 'failed' }],
    },
    activating: {
      invoke: {
        id: 'activate',
        src: 'activate',
        input: ({ context }) => ({ token: context.token }),
        onDone: {
          target: 'activated',
          actions: { type: 'setMessage', params: ({ event }) => event.output.message },
        },
        onError: {
          target: 'failed',
          actions: {
            type: 'setMessage',
            params: ({ event }: { event: { error: unknown } }) =>
              failureMessage(event.error, messages.generic),
          },
        },
      },
    },
    activated: { type: 'final' },
    failed: {
      initial: 'offering',
      states: {
        offering: {
          on: {
            'field.changed': { actions: 'change' },
            'user.resend': [{ guard: 'isValid', target: 'resending' }, { actions: 'showAll' }],
          },
        },
        resending: {
          invoke: {
            id: 'resend',
            src: 'resend',
            input: ({ context }) => context.values,
            onDone: {
              target: 'resent',
              actions: { type: 'setResendMessage', params: ({ event }) => event.output.message },
            },
            onError: {
              target: 'offering',
              actions: {
                type: 'setResendMessage',
                params: ({ event }: { event: { error: unknown } }) =>
                  failureMessage(event.error, messages.generic),
              },
            },
          },
        },
        resent: { type: 'final' },
      },
    },
  },
})
