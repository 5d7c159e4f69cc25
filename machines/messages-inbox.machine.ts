import { assign, fromPromise, setup } from 'xstate'
import {
  type ConversationSubject,
  conversationMessages,
  type HandledMark,
  type UnansweredConversation,
} from '../contract/conversations'
import { messages } from '../contract/messages'
import { actorError, failure } from './actor-error'

/**
 * The console's Messages inbox (/staff/messages, issue 34; docs/conversations.md): the conversations whose
 * customer's messages nobody has answered, read at once and again whenever a message arrives on the stream (a
 * customer's question adds one, a colleague's reply takes one away) or the stream reconnects. Opening a
 * conversation does not take it off: only a reply or "Mark handled" does. Marking one says so and reads the
 * list again; a refusal (a colleague answered it meanwhile) is said and the list read again too. A failed read
 * keeps the list shown; the first failed read offers to try again.
 */
export interface MessagesInboxContext {
  conversations: UnansweredConversation[] | null
  /** Something changed during a read or a mark: read once more after it. */
  again: boolean
  /** The conversation being marked handled, and up to which message. */
  marking: { subject: ConversationSubject; upTo: number } | null
  notice: string | null
  /** Why marking was refused or failed; until the next mark. */
  message: string | null
  /** Why the last read failed; until a read succeeds. */
  readError: string | null
}

export type MessagesInboxEvent =
  | { type: 'stream.message' }
  | { type: 'stream.ready' }
  | { type: 'user.retry' }
  | { type: 'user.markHandled'; subject: ConversationSubject; upTo: number }

const changed = {
  'stream.message': { actions: 'readAgain' },
  'stream.ready': { actions: 'readAgain' },
} as const

export const messagesInboxMachine = setup({
  types: {
    context: {} as MessagesInboxContext,
    events: {} as MessagesInboxEvent,
  },
  actors: {
    load: fromPromise<UnansweredConversation[]>(async () => []),
    markHandled: fromPromise<HandledMark, { subject: ConversationSubject; upTo: number }>(async () => {
      throw new Error('not provided')
    }),
  },
  guards: {
    readAgain: ({ context }) => context.again,
    hasList: ({ context }) => context.conversations !== null,
    isListed: ({ context, event }) =>
      event.type === 'user.markHandled' &&
      (context.conversations ?? []).some(
        (one) =>
          one.subject.type === event.subject.type &&
          one.subject.number === event.subject.number &&
          one.lastMessageId === event.upTo,
      ),
  },
  actions: {
    readAgain: assign({ again: true }),
    shown: assign((_, conversations: UnansweredConversation[]) => ({
      conversations,
      again: false,
      readError: null,
    })),
    readFailed: assign((_, error: unknown) => ({
      again: false,
      readError: failure(error).message ?? messages.generic,
    })),
  },
}).createMachine({
  id: 'messagesInbox',
  context: { conversations: null, again: false, marking: null, notice: null, message: null, readError: null },
  initial: 'loading',
  states: {
    loading: {
      on: changed,
      invoke: {
        id: 'load',
        src: 'load',
        onDone: [
          {
            guard: 'readAgain',
            target: 'loading',
            reenter: true,
            actions: { type: 'shown', params: ({ event }) => event.output },
          },
          { target: 'shown', actions: { type: 'shown', params: ({ event }) => event.output } },
        ],
        onError: [
          { guard: 'readAgain', target: 'loading', reenter: true, actions: assign({ again: false }) },
          { guard: 'hasList', target: 'shown', actions: { type: 'readFailed', params: actorError } },
          { target: 'failed', actions: { type: 'readFailed', params: actorError } },
        ],
      },
    },
    failed: {
      on: {
        'user.retry': 'loading',
        'stream.ready': 'loading',
      },
    },
    shown: {
      on: {
        'stream.message': 'loading',
        'stream.ready': 'loading',
        'user.markHandled': {
          guard: 'isListed',
          target: 'marking',
          actions: assign(({ event }) => ({
            marking: { subject: event.subject, upTo: event.upTo },
            notice: null,
            message: null,
          })),
        },
      },
    },
    marking: {
      on: changed,
      invoke: {
        id: 'markHandled',
        src: 'markHandled',
        input: ({ context }) => context.marking as NonNullable<MessagesInboxContext['marking']>,
        onDone: {
          target: 'loading',
          actions: assign({ marking: null, notice: conversationMessages.handled }),
        },
        onError: {
          target: 'loading',
          actions: assign(({ event }) => ({
            marking: null,
            message: failure(event.error).message ?? messages.generic,
          })),
        },
      },
    },
  },
})
