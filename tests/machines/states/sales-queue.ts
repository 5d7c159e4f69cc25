import { expect } from 'vitest'
import { messages } from '../../../contract/messages'
import type { DeskQueueItem } from '../../../contract/quote-desk'
import { type QueueData, salesQueueMachine } from '../../../machines/sales-queue.machine'
import { type StateView, stateChecks } from '../model'

const errorText = ({ event }: StateView) =>
  (event.error as { message?: string } | undefined)?.message ?? messages.generic

/** docs/staff.md, the lifecycle: a request is taken while Requested or In progress, and not from oneself. */
const assignable = (item: DeskQueueItem | undefined, selfId: number | null) =>
  item !== undefined && ['Requested', 'In progress'].includes(item.state) && item.assignee?.id !== selfId

const rowOf = (context: StateView['context'], number: unknown) =>
  (context.requests as DeskQueueItem[]).find((one) => one.number === number)

/** docs/staff.md "The sales desk (console)", the queue: three tabs, "Assign to me", live reads. */
export const salesQueueStates = stateChecks(salesQueueMachine, {
  // The tab asked for is read; a tab changed shows none of the other's rows.
  loading: (view) => {
    const { context, event } = view
    expect(view.requests).toEqual({ loadQueue: { view: context.view } })
    expect(context.message).toBeNull()
    if (event.type === 'view.changed') expect([context.requests, context.followUps]).toEqual([[], []])
  },
  // No rows: the server's message (or the generic one) and Retry.
  failed: (view) => {
    expect(view.event.type).toBe('xstate.error.actor.loadQueue')
    expect([view.requests, view.context.message]).toEqual([{}, errorText(view)])
  },
  // The rows the answer gave; a request taken shows its new assignee and "Assigned."; a refusal is said in its
  // row; "Assign to me" that sent nothing was on a request the person may not take.
  'ready.idle': (view) => {
    const { context, event, answered } = view
    expect(view.requests).toEqual({})
    if (event.type === 'xstate.done.actor.loadQueue') {
      const data = event.output as QueueData
      expect([context.requests, context.followUps]).toEqual([data.requests, data.followUps])
    }
    if (event.type === 'request.assign')
      expect(assignable(rowOf(context, event.number), context.selfId)).toBe(false)
    if (event.type === 'xstate.done.actor.assignRequest') {
      expect(rowOf(context, (event.output as DeskQueueItem).number)).toEqual(event.output)
      expect(context.notice).toBe('Assigned.')
    }
    if (event.type === 'xstate.error.actor.assignRequest') {
      const { number } = (answered?.input as { number: string } | undefined) ?? { number: null }
      expect(context.rowMessage).toEqual({ number, text: errorText(view) })
    }
  },
  // Something changed on the desk: the tab is read again, its rows staying shown.
  'ready.refreshing': (view) => {
    const { context, event, before } = view
    expect(view.requests).toEqual({ loadQueue: { view: context.view } })
    if (event.type === 'desk.changed') expect(context.requests).toEqual(before.context.requests)
    if (event.type === 'xstate.done.actor.assignRequest') expect(context.notice).toBe('Assigned.')
  },
  // "Assign to me" on a request the person may take: that request, and only one at a time.
  'ready.assigning': (view) => {
    const { context } = view
    expect(view.requests).toEqual({ assignRequest: { number: context.assigning } })
    expect(assignable(rowOf(context, context.assigning), context.selfId)).toBe(true)
    expect([context.notice, context.rowMessage]).toEqual([null, null])
  },
})
