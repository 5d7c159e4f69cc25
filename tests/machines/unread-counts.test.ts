import { expect } from 'vitest'
import type { AnyMachineSnapshot, EventObject } from 'xstate'
import type { ConversationMessage } from '../../contract/conversations'
import { unreadCountsMachine } from '../../machines/unread-counts.machine'
import { modelSuite } from './model-suite'
import { unreadCountsStates } from './states/unread-counts'

const message = (mine: boolean): ConversationMessage => ({
  id: mine ? 2 : 1,
  subject: { type: 'quote', number: 'ESQ-2026000001' },
  author: { kind: mine ? 'customer' : 'staff', name: 'X' },
  body: 'Hello',
  at: '2026-11-26T08:00:00Z',
  mine,
})
const counts = (total: number) => ({
  total,
  subjects: total
    ? [{ subject: { type: 'quote' as const, number: 'ESQ-2026000001' }, unread: total, lastMessageId: 1 }]
    : [],
})

modelSuite('unread counts', unreadCountsMachine, {
  promises: ['load'],
  events: [
    { type: 'xstate.done.actor.load', output: counts(1) },
    { type: 'xstate.error.actor.load', error: { status: 500 } },
    { type: 'stream.message', message: message(false) },
    { type: 'stream.message', message: message(true) },
    { type: 'stream.ready' },
    { type: 'conversation.read' },
  ],
  inputs: [undefined],
  serializeState: (snapshot, event, previous) =>
    JSON.stringify([
      previous?.value,
      event?.type,
      snapshot.value,
      snapshot.context.again,
      snapshot.context.counts?.total,
    ]),
  states: unreadCountsStates,
  check: (actor, step: { event: EventObject }, before) => {
    const after = actor.getSnapshot() as AnyMachineSnapshot
    // One's own message changes nothing; a failed read keeps the counts shown.
    if (
      step.event.type === 'stream.message' &&
      (step.event as unknown as { message: ConversationMessage }).message.mine
    ) {
      expect(after.value).toEqual(before.value)
    }
    if (step.event.type === 'xstate.error.actor.load')
      expect(after.context.counts).toEqual(before.context.counts)
  },
})
