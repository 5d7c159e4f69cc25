import { expect } from 'vitest'
import type { AnyMachineSnapshot, EventObject } from 'xstate'
import { conversationMessages, type UnansweredConversation } from '../../contract/conversations'
import { messagesInboxMachine } from '../../machines/messages-inbox.machine'
import { modelSuite } from './model-suite'
import { messagesInboxStates } from './states/messages-inbox'

const waiting = (number: string, lastMessageId: number): UnansweredConversation => ({
  subject: { type: 'quote', number },
  company: 'Acme Trading Pte Ltd',
  waiting: 1,
  since: '2026-11-26T08:00:00Z',
  lastMessageId,
  excerpt: 'Can it sail before Friday?',
  handledBefore: null,
})
const one = waiting('ESQ-2026000001', 11)

modelSuite('messages inbox', messagesInboxMachine, {
  promises: ['load', 'markHandled'],
  events: [
    { type: 'xstate.done.actor.load', output: [one] },
    { type: 'xstate.done.actor.load', output: [] },
    { type: 'xstate.error.actor.load', error: { status: 500 } },
    { type: 'stream.message' },
    { type: 'stream.ready' },
    { type: 'user.retry' },
    { type: 'user.markHandled', subject: one.subject, upTo: one.lastMessageId },
    // A card of an older list: what the person saw is no longer what waits.
    { type: 'user.markHandled', subject: one.subject, upTo: 10 },
    {
      type: 'xstate.done.actor.markHandled',
      output: { subject: one.subject, upTo: 11, by: 'Mei Tan', at: '2026-11-26T09:00:00Z', waiting: 0 },
    },
    {
      type: 'xstate.error.actor.markHandled',
      error: { status: 409, message: conversationMessages.nothingWaiting },
    },
  ],
  inputs: [undefined],
  serializeState: (snapshot, event, previous) =>
    JSON.stringify([
      previous?.value,
      event?.type,
      snapshot.value,
      snapshot.context.again,
      snapshot.context.conversations?.length ?? null,
      Boolean(snapshot.context.notice),
      Boolean(snapshot.context.message),
      Boolean(snapshot.context.readError),
    ]),
  states: messagesInboxStates,
  check: (actor, step: { event: EventObject }, before) => {
    const after = actor.getSnapshot() as AnyMachineSnapshot
    // A message or a reconnect during a read or a mark reads once more after it.
    if (['stream.message', 'stream.ready'].includes(step.event.type) && before.matches('loading'))
      expect(after.context.again).toBe(true)
    // A read never drops the list for an error.
    if (step.event.type === 'xstate.error.actor.load' && before.context.conversations !== null)
      expect(after.context.conversations).toEqual(before.context.conversations)
  },
})
