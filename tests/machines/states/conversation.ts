import { expect } from 'vitest'
import {
  type ConversationMessage,
  characterCount,
  conversationMessages,
  MESSAGE_MAX,
} from '../../../contract/conversations'
import { messages } from '../../../contract/messages'
import { conversationMachine } from '../../../machines/conversation.machine'
import { type StateView, stateChecks } from '../model'

/** What a failed call said. */
const failure = ({ event }: StateView) => (event.error ?? {}) as { status?: number; message?: string }

const ids = (list: ConversationMessage[]) => list.map((message) => message.id)

/** A message of the stream that the other side wrote in this conversation. */
const theirs = ({ context, event }: StateView) => {
  const message = event.message as ConversationMessage
  return (
    !message.mine &&
    message.subject.type === context.subject.type &&
    message.subject.number === context.subject.number
  )
}

/**
 * The panel shows this conversation's messages, each once, in the order written; a message of the stream shows
 * at once when it is of this conversation, never when it is of another.
 */
function expectMessages({ context, event, before }: StateView) {
  const shown = ids(context.messages)
  expect(shown).toEqual([...new Set(shown)].sort((a, b) => a - b))
  const { subject } = context
  for (const message of context.messages as ConversationMessage[]) expect(message.subject).toEqual(subject)
  if (event.type === 'stream.message') {
    const message = event.message as ConversationMessage
    const ours = message.subject.type === subject.type && message.subject.number === subject.number
    expect(shown).toEqual(
      ours
        ? [...new Set([...ids(before.context.messages), message.id])].sort((a, b) => a - b)
        : ids(before.context.messages),
    )
  }
}

/** docs/conversations.md "In the browser": one conversation of a quote or a booking. */
export const conversationStates = stateChecks(conversationMachine, {
  // The conversation is read (which marks it read).
  loading: ({ context, requests }) => {
    expect(requests).toEqual({ load: context.subject })
  },
  // It could not be read: why, and Try again.
  failed: (view) => {
    expect([view.event.type, view.requests]).toEqual(['xstate.error.actor.load', {}])
    expect(view.context.problem).toBe(failure(view).message || messages.generic)
    expect(view.snapshot.can({ type: 'user.retry' })).toBe(true)
  },
  // Nothing being read again: the conversation as answered (the menu's counts told it was read).
  'ready.marks.idle': (view) => {
    const { context, event, actions, before } = view
    expect(view.requests.reread).toBeUndefined()
    expectMessages(view)
    if (event.type === 'xstate.done.actor.load' || event.type === 'xstate.done.actor.reread') {
      const answered = (event.output as { messages: ConversationMessage[] }).messages
      expect(ids(context.messages)).toEqual(expect.arrayContaining(ids(answered)))
      expect(actions).toContain('readChanged')
    }
    if (event.type === 'xstate.error.actor.reread') expect(context.messages).toBe(before.context.messages)
    if (event.type === 'stream.message') expect(theirs(view)).toBe(false)
  },
  // One of the other side's arrived, or the stream reconnected: read again, so it counts as read.
  'ready.marks.reading': (view) => {
    expect(view.requests.reread).toEqual(view.context.subject)
    expectMessages(view)
    if (view.event.type === 'stream.message' && view.before.matches({ ready: { marks: 'idle' } })) {
      expect(theirs(view)).toBe(true)
    }
  },
  // The message box: sent, it empties and the message shows; a failed send says why and keeps the text; an
  // empty message is not sent and says so.
  'ready.draft.editing': (view) => {
    const { context, event, before } = view
    expect(view.requests.send).toBeUndefined()
    expectMessages(view)
    if (event.type === 'xstate.done.actor.send') {
      expect(ids(context.messages)).toContain((event.output as ConversationMessage).id)
      expect([context.values.body, context.problem]).toEqual(['', null])
    }
    if (event.type === 'xstate.error.actor.send') {
      expect(context.problem).toBe(failure(view).message || messages.generic)
      expect(context.values).toEqual(before.context.values)
    }
    if (event.type === 'user.submit' && context.values.body.trim() === '') {
      expect([context.errors.body, context.shown.body]).toEqual([[conversationMessages.bodyRequired], true])
    }
  },
  // The text typed, 1 to 4,000 characters once trimmed, is sent to this conversation.
  'ready.draft.sending': (view) => {
    const { context } = view
    const length = characterCount(context.values.body.trim())
    expect(view.requests.send).toEqual({ subject: context.subject, body: context.values.body })
    expect(length > 0 && length <= MESSAGE_MAX).toBe(true)
    expectMessages(view)
  },
})
