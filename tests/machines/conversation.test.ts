import { expect } from 'vitest'
import type { AnyMachineSnapshot, EventObject } from 'xstate'
import { type ConversationMessage, conversationMessages } from '../../contract/conversations'
import { conversationMachine } from '../../machines/conversation.machine'
import { allChecks, formChecks, modelSuite } from './model-suite'
import { conversationStates } from './states/conversation'

const subject = { type: 'booking' as const, number: 'ESB-2026000042' }
const message = (id: number, mine: boolean, number = subject.number): ConversationMessage => ({
  id,
  subject: { type: 'booking', number },
  author: { kind: mine ? 'customer' : 'staff', name: mine ? 'Ada' : 'Priya' },
  body: `Message ${id}`,
  at: '2026-11-26T08:00:00Z',
  mine,
})

modelSuite('a conversation', conversationMachine, {
  promises: ['load', 'reread', 'send'],
  events: [
    { type: 'xstate.done.actor.load', output: { subject, messages: [message(1, false)], unread: 1 } },
    { type: 'xstate.error.actor.load', error: { status: 500 } },
    { type: 'user.retry' },
    { type: 'field.changed', field: 'body', value: 'When does it sail?' },
    { type: 'field.changed', field: 'body', value: '   ' },
    { type: 'user.submit' },
    { type: 'xstate.done.actor.send', output: message(3, true) },
    { type: 'xstate.error.actor.send', error: { status: 422, message: conversationMessages.bodyTooLong } },
    { type: 'stream.message', message: message(2, false) },
    { type: 'stream.message', message: message(4, true) },
    { type: 'stream.message', message: message(5, false, 'ESB-2026000099') },
    { type: 'stream.ready' },
    {
      type: 'xstate.done.actor.reread',
      output: { subject, messages: [message(1, false), message(2, false)], unread: 0 },
    },
    { type: 'xstate.error.actor.reread', error: { status: 500 } },
  ],
  inputs: [{ subject }],
  serializeState: (snapshot, event, previous) =>
    JSON.stringify([
      previous?.value,
      event?.type,
      snapshot.value,
      snapshot.context.values,
      snapshot.context.messages.map((m: ConversationMessage) => m.id),
      snapshot.context.problem !== null,
    ]),
  states: conversationStates,
  check: allChecks(formChecks(['send']), (actor, step: { event: EventObject }) => {
    const after = actor.getSnapshot() as AnyMachineSnapshot
    const ids: number[] = after.context.messages.map((m: ConversationMessage) => m.id)
    // Each message once, in the order written; another subject's never.
    expect(ids).toEqual([...new Set(ids)].sort((a, b) => a - b))
    expect(ids).not.toContain(5)
    if (step.event.type === 'xstate.done.actor.send') expect(after.context.values.body).toBe('')
  }),
})
