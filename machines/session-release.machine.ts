import { assign, fromPromise, setup } from 'xstate'
import { messages } from '../contract/messages'
import type { MessageResponse } from '../contract/wire'
import { actorError } from './actor-error'
import { failureMessage } from './form'

export interface SessionReleaseContext {
  token: string
  /** The server's answer: that the other session ended, or why the link does not work. */
  message: string | null
}

export type SessionReleaseEvent = { type: 'user.release' } | { type: 'user.retry' }

/**
 * /release-session?token=…, the page the mailed link opens (the one-session rule's way out, designed here:
 * the spec has no such page). Nothing happens on arrival: a mail scanner that opens links must not end a
 * session, so the person presses "End the other session". A link without a token says so at once; one the
 * server refuses (used, expired) says why, with the way to a new one (log in again); a failure to reach
 * the server can be tried again.
 */
export const sessionReleaseMachine = setup({
  types: {
    input: {} as { token: string },
    context: {} as SessionReleaseContext,
    events: {} as SessionReleaseEvent,
  },
  actors: {
    releaseSession: fromPromise<MessageResponse, { token: string }>(async () => ({ message: '' })),
  },
  guards: {
    hasToken: ({ context }) => context.token !== '',
    /** The server refused the link itself (used, expired, malformed): trying again would not help. */
    isRefused: (_, error: unknown) => {
      const status = (error as { status?: number } | null)?.status
      return status === 400 || status === 422
    },
  },
  actions: {
    keepAnswer: assign({ message: (_, output: MessageResponse) => output.message }),
    keepFailure: assign({ message: (_, error: unknown) => failureMessage(error, messages.generic) }),
  },
}).createMachine({
  id: 'sessionRelease',
  context: ({ input }) => ({ token: input.token, message: null }),
  initial: 'checking',
  states: {
    checking: { always: [{ guard: 'hasToken', target: 'ready' }, { target: 'invalidLink' }] },
    ready: { on: { 'user.release': 'releasing' } },
    releasing: {
      invoke: {
        id: 'releaseSession',
        src: 'releaseSession',
        input: ({ context }) => ({ token: context.token }),
        onDone: { target: 'released', actions: { type: 'keepAnswer', params: ({ event }) => event.output } },
        onError: [
          {
            guard: { type: 'isRefused', params: actorError },
            target: 'refused',
            actions: { type: 'keepFailure', params: actorError },
          },
          { target: 'failed', actions: { type: 'keepFailure', params: actorError } },
        ],
      },
    },
    failed: { on: { 'user.retry': 'releasing' } },
    released: { type: 'final' },
    refused: { type: 'final' },
    invalidLink: { type: 'final' },
  },
})
