import { expect } from 'vitest'
import { conversationMessages } from '../../../contract/conversations'
import { messagesInboxMachine } from '../../../machines/messages-inbox.machine'
import { type StateView, stateChecks } from '../model'

/** The list shown after a read is the answer's; a failed read keeps the one shown. */
function expectList({ context, event, before }: StateView) {
  if (event.type === 'xstate.done.actor.load') expect(context.conversations).toEqual(event.output)
  if (event.type === 'xstate.error.actor.load')
    expect(context.conversations).toEqual(before.context.conversations)
}

/** docs/conversations.md "The Messages inbox": the console's list of conversations waiting for an answer. */
export const messagesInboxStates = stateChecks(messagesInboxMachine, {
  // The list is read: at first, after a message or a reconnect, after a mark (said, or its refusal said).
  loading: (view) => {
    expect(Object.keys(view.requests)).toEqual(['load'])
    expectList(view)
    if (view.event.type === 'xstate.done.actor.markHandled')
      expect(view.context.notice).toBe(conversationMessages.handled)
    if (view.event.type === 'xstate.error.actor.markHandled') expect(view.context.message).toBeTruthy()
  },
  // The first read failed: nothing listed, why said, a retry offered.
  failed: ({ context, requests }) => {
    expect(requests).toEqual({})
    expect(context.conversations).toBeNull()
    expect(context.readError).toBeTruthy()
  },
  // The list shown; nothing asked. Reading a conversation elsewhere changes nothing here.
  shown: (view) => {
    expect(view.requests).toEqual({})
    expect(view.context.conversations).not.toBeNull()
    expectList(view)
  },
  // One conversation marked handled up to the message its card showed; the list stays as it was meanwhile.
  marking: ({ context, requests, event, before }) => {
    expect(Object.keys(requests)).toEqual(['markHandled'])
    expect(requests.markHandled).toEqual(context.marking)
    if (event.type === 'user.markHandled') {
      const listed = (before.context.conversations ?? []).find(
        (one: { subject: { number: string }; lastMessageId: number }) =>
          one.subject.number === (event.subject as { number: string }).number,
      )
      expect(listed?.lastMessageId).toBe(event.upTo)
    }
  },
})
