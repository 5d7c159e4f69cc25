import { assign, fromPromise, setup } from 'xstate'
import { messages } from '../contract/messages'
import type { MessageResponse } from '../contract/wire'
import { failureMessage } from './form'

/**
 * The page the activation link opens: it activates the account at once and says whether that
 * worked, or that the link is used or expired, then leads to /login.
 */
export const activationMachine = setup({
  types: {
    input: {} as { token: string },
    context: {} as { token: string; message: string | null },
  },
  actors: {
    activate: fromPromise<MessageResponse, { token: string }>(async () => ({ message: '' })),
  },
  guards: {
    hasToken: ({ context }) => context.token !== '',
  },
  actions: {
    setMessage: assign({ message: (_, message: string) => message }),
  },
}).createMachine({
  id: 'activation',
  context: ({ input }) => ({ token: input.token, message: null }),
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
    failed: { type: 'final' },
  },
})
