import { assertEvent, assign, fromPromise, setup } from 'xstate'
import {
  type Conversation,
  type ConversationMessage,
  type ConversationSubject,
  newMessageSchema,
} from '../contract/conversations'
import { messages } from '../contract/messages'
import { actorError } from './actor-error'
import { changeField, type FormContext, failureMessage, initialForm, isFormValid, showAll } from './form'

export interface ConversationContext extends FormContext<{ body: string }> {
  subject: ConversationSubject
  messages: ConversationMessage[]
  /** Why loading or sending failed. */
  problem: string | null
}

export type ConversationEvent =
  | { type: 'field.changed'; field: 'body'; value: string }
  | { type: 'user.submit' }
  | { type: 'user.retry' }
  | { type: 'stream.message'; message: ConversationMessage }
  | { type: 'stream.ready' }

const sameSubject = (a: ConversationSubject, b: ConversationSubject) =>
  a.type === b.type && a.number === b.number

/** The messages with `added` in, once each, in the order they were written. */
const merged = (list: ConversationMessage[], added: ConversationMessage[]) => {
  const byId = new Map(list.map((message) => [message.id, message]))
  for (const message of added) byId.set(message.id, message)
  return [...byId.values()].sort((a, b) => a.id - b.id)
}

/**
 * One conversation of a quote or a booking (issue 22), on the customer's page or beside the request in the
 * console: loads it (which marks it read), takes new messages from the event stream as they come (one of the
 * other side's is read again, so it counts as read while the conversation is open), and sends a message of up
 * to 4,000 characters; a failed send keeps the text. After the stream reconnects the conversation is read again.
 */
export const conversationMachine = setup({
  types: {
    input: {} as { subject: ConversationSubject },
    context: {} as ConversationContext,
    events: {} as ConversationEvent,
  },
  actors: {
    load: fromPromise<Conversation, ConversationSubject>(async ({ input }) => ({
      subject: input,
      messages: [],
      unread: 0,
    })),
    /** The same read as `load`, while the conversation is shown (the page provides both with one function). */
    reread: fromPromise<Conversation, ConversationSubject>(async ({ input }) => ({
      subject: input,
      messages: [],
      unread: 0,
    })),
    send: fromPromise<ConversationMessage, { subject: ConversationSubject; body: string }>(async () => {
      throw new Error('not provided')
    }),
  },
  guards: {
    isValid: ({ context }) => isFormValid(context),
    isOurs: ({ context, event }) =>
      event.type === 'stream.message' && sameSubject(event.message.subject, context.subject),
    isTheirs: ({ context, event }) =>
      event.type === 'stream.message' &&
      sameSubject(event.message.subject, context.subject) &&
      !event.message.mine,
  },
  actions: {
    // Provided by the page: the unread counts of the menu may have changed.
    readChanged: () => {},
    keep: assign((_, conversation: Conversation) => ({ messages: conversation.messages, problem: null })),
    add: assign(({ context, event }) => {
      assertEvent(event, 'stream.message')
      return { messages: merged(context.messages, [event.message]) }
    }),
    addSent: assign(({ context }, message: ConversationMessage) => ({
      messages: merged(context.messages, [message]),
      ...initialForm(newMessageSchema, { body: '' }),
      problem: null,
    })),
    change: assign(({ context, event }) => {
      assertEvent(event, 'field.changed')
      return { ...changeField(newMessageSchema, context, event), problem: null }
    }),
    showAll: assign(({ context }) => ({ shown: showAll(context) })),
    fail: assign((_, error: unknown) => ({ problem: failureMessage(error, messages.generic) })),
  },
}).createMachine({
  id: 'conversation',
  context: ({ input }) => ({
    ...initialForm(newMessageSchema, { body: '' }),
    subject: input.subject,
    messages: [],
    problem: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => context.subject,
        onDone: {
          target: 'ready',
          actions: [{ type: 'keep', params: ({ event }) => event.output }, 'readChanged'],
        },
        onError: { target: 'failed', actions: { type: 'fail', params: actorError } },
      },
    },
    failed: { on: { 'user.retry': 'loading' } },
    ready: {
      type: 'parallel',
      on: {
        'stream.message': [
          // One of theirs: shown at once, and read again so the other side's unread count and mail rule see it read.
          { guard: 'isTheirs', target: '.marks.reading', actions: 'add' },
          { guard: 'isOurs', actions: 'add' },
        ],
        'stream.ready': { target: '.marks.reading' },
      },
      states: {
        // Reading the conversation again: marks what arrived read, and fills in what a dropped stream missed.
        marks: {
          initial: 'idle',
          states: {
            idle: {},
            reading: {
              invoke: {
                id: 'reread',
                src: 'reread',
                input: ({ context }) => context.subject,
                onDone: {
                  target: 'idle',
                  actions: [
                    assign(({ context, event }) => ({
                      messages: merged(context.messages, event.output.messages),
                    })),
                    'readChanged',
                  ],
                },
                onError: 'idle',
              },
            },
          },
        },
        draft: {
          initial: 'editing',
          states: {
            editing: {
              on: {
                'field.changed': { actions: 'change' },
                'user.submit': [{ guard: 'isValid', target: 'sending' }, { actions: 'showAll' }],
              },
            },
            sending: {
              invoke: {
                id: 'send',
                src: 'send',
                input: ({ context }) => ({ subject: context.subject, body: context.values.body }),
                onDone: {
                  target: 'editing',
                  actions: { type: 'addSent', params: ({ event }) => event.output },
                },
                onError: { target: 'editing', actions: { type: 'fail', params: actorError } },
              },
            },
          },
        },
      },
    },
  },
})
