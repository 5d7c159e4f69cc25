import { expect } from 'vitest'
import type { ConversationMessage } from '../../../contract/conversations'
import { unreadCountsMachine } from '../../../machines/unread-counts.machine'
import { type StateView, stateChecks } from '../model'

/** One's own message on the stream: it changes no count, so nothing is read for it. */
const ownMessage = ({ event }: StateView) =>
  event.type === 'stream.message' && (event.message as ConversationMessage).mine

/** The counts shown after a read: the answer's; a failed read keeps those shown. */
function expectAnswer({ context, event, before }: StateView) {
  if (event.type === 'xstate.done.actor.load') expect(context.counts).toEqual(event.output)
  if (event.type === 'xstate.error.actor.load') expect(context.counts).toEqual(before.context.counts)
}

/** docs/conversations.md "Unread counts": the side menu's and the console's badges. */
export const unreadCountsStates = stateChecks(unreadCountsMachine, {
  // Until the event stream has opened nothing is asked of the API, and no badge shows.
  waiting: (view) => {
    expect([view.requests, view.context.counts]).toEqual([{}, null])
    if (view.event.type !== 'xstate.init') expect(ownMessage(view)).toBe(true)
  },
  // The counts are read: the stream opened or reconnected, a message of the other side came, a conversation
  // was read, or something of these happened during the last read (read once more).
  loading: (view) => {
    expect(Object.keys(view.requests)).toEqual(['load'])
    expectAnswer(view)
    if (view.event.type.startsWith('xstate.')) expect(view.before.context.again).toBe(true)
    if (!view.before.matches('loading') && view.event.type === 'stream.message')
      expect(ownMessage(view)).toBe(false)
  },
  // The counts of the last read shown, nothing asked; none read for one's own message.
  shown: (view) => {
    expect(view.requests).toEqual({})
    expectAnswer(view)
    if (view.event.type.startsWith('xstate.')) expect(view.before.context.again).toBe(false)
    else expect(ownMessage(view)).toBe(true)
  },
})
