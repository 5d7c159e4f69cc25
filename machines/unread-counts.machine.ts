import { assign, fromPromise, setup } from 'xstate'
import type { ConversationMessage, UnreadCounts } from '../contract/conversations'

/**
 * The unread counts of the customer's side menu and of the console (issue 22): read once the event stream has
 * opened (so a page whose session has ended asks nothing more of the API than before: the stream's refusal is
 * not a request of the API client), read again when a message of the other side arrives on the stream, when a
 * conversation was read, or after the stream reconnected. A failed read keeps the counts shown.
 */
export const unreadCountsMachine = setup({
  types: {
    context: {} as { counts: UnreadCounts | null; again: boolean },
    events: {} as
      | { type: 'stream.message'; message: ConversationMessage }
      | { type: 'stream.ready' }
      | { type: 'conversation.read' },
  },
  actors: {
    load: fromPromise<UnreadCounts>(async () => ({ total: 0, subjects: [] })),
  },
  guards: {
    isTheirs: ({ event }) => event.type !== 'stream.message' || !event.message.mine,
    readAgain: ({ context }) => context.again,
  },
}).createMachine({
  id: 'unreadCounts',
  context: { counts: null, again: false },
  initial: 'waiting',
  states: {
    waiting: {
      on: {
        'stream.ready': 'loading',
        'stream.message': { guard: 'isTheirs', target: 'loading' },
        'conversation.read': 'loading',
      },
    },
    loading: {
      // Something changed while reading: read once more when this read ends.
      on: {
        'stream.message': { guard: 'isTheirs', actions: assign({ again: true }) },
        'stream.ready': { actions: assign({ again: true }) },
        'conversation.read': { actions: assign({ again: true }) },
      },
      invoke: {
        id: 'load',
        src: 'load',
        onDone: [
          {
            guard: 'readAgain',
            target: 'loading',
            reenter: true,
            actions: assign(({ event }) => ({ counts: event.output, again: false })),
          },
          { target: 'shown', actions: assign(({ event }) => ({ counts: event.output })) },
        ],
        onError: [
          { guard: 'readAgain', target: 'loading', reenter: true, actions: assign({ again: false }) },
          { target: 'shown' },
        ],
      },
    },
    shown: {
      on: {
        'stream.message': { guard: 'isTheirs', target: 'loading' },
        'stream.ready': 'loading',
        'conversation.read': 'loading',
      },
    },
  },
})
