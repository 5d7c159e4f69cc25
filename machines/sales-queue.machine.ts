/**
 * `salesQueueMachine` (the console's sales desk, /staff/quotes, issue 22): one of three views at a time,
 *
 * - `open`: quote requests still to answer, oldest first (`listQuoteRequests?view=open`);
 * - `answered`: those an offer went out for, newest first (`view=answered`);
 * - `followUps`: instant quotes that expire unbooked within 3 days (`listFollowUps`),
 *
 * loaded → ready, or failed (retry). In ready a sales person can take a request ("Assign to me") when the
 * request's lifecycle allows it (`canRequest(state, 'sales.assign')`) and it is not theirs already; the answer
 * replaces the row. `desk.changed` (something changed on the desk: the console will feed it live) reloads the
 * view while the rows stay shown; one that arrives while the view is being read, or an assignment is on its
 * way, reads it again after (the read may have been made before the change).
 *
 * Effects (API calls) are injected by the page with `machine.provide`.
 */
import { assertEvent, assign, fromPromise, setup } from 'xstate'
import { messages } from '../contract/messages'
import { type DeskQueueItem, deskMessages, type FollowUp } from '../contract/quote-desk'
import { actorError, failure } from './actor-error'
import { canRequest } from './quote-request.machine'

export const queueViews = ['open', 'answered', 'followUps'] as const
export type QueueView = (typeof queueViews)[number]

export interface QueueData {
  requests: DeskQueueItem[]
  followUps: FollowUp[]
}

export interface SalesQueueInput {
  /** The signed-in sales person: their own requests offer no "Assign to me". */
  selfId: number | null
  view?: QueueView
}

export interface SalesQueueContext extends QueueData {
  selfId: number | null
  view: QueueView
  /** The request an assignment is on its way for. */
  assigning: string | null
  /** A `desk.changed` came while an assignment was on its way: reload after it. */
  stale: boolean
  /** What went well, for the page's status line. */
  notice: string | null
  /** A failure to load (or to refresh, above the rows still shown). */
  message: string | null
  /** A refused assignment, said in its row. */
  rowMessage: { number: string; text: string } | null
}

export type SalesQueueEvent =
  | { type: 'view.changed'; view: QueueView }
  | { type: 'desk.changed' }
  | { type: 'user.retry' }
  | { type: 'request.assign'; number: string }

/** Whether the signed-in person may take `item` now: its state allows it and it is not theirs already. */
export const mayAssign = (item: DeskQueueItem, selfId: number | null) =>
  canRequest(item.state, 'sales.assign') && (selfId === null || item.assignee?.id !== selfId)

const outputOf = <T>({ event }: { event: { output: T } }) => event.output

export const salesQueueMachine = setup({
  types: {
    context: {} as SalesQueueContext,
    events: {} as SalesQueueEvent,
    input: {} as SalesQueueInput,
  },
  actors: {
    loadQueue: fromPromise<QueueData, { view: QueueView }>(async () => {
      throw new Error('not provided')
    }),
    assignRequest: fromPromise<DeskQueueItem, { number: string }>(async () => {
      throw new Error('not provided')
    }),
  },
  guards: {
    isOtherView: ({ context, event }) => event.type === 'view.changed' && event.view !== context.view,
    mayAssign: ({ context, event }) => {
      if (event.type !== 'request.assign') return false
      const item = context.requests.find((one) => one.number === event.number)
      return item !== undefined && mayAssign(item, context.selfId)
    },
    isStale: ({ context }) => context.stale,
  },
  actions: {
    setView: assign(({ event }) => {
      assertEvent(event, 'view.changed')
      return { view: event.view, requests: [], followUps: [], message: null, notice: null, rowMessage: null }
    }),
    setData: assign((_, data: QueueData) => ({ ...data, message: null })),
    loadFailed: assign((_, error: unknown) => ({
      message: failure(error).message ?? messages.generic,
    })),
    clearSaid: assign({ notice: null, message: null, rowMessage: null }),
    pickRequest: assign(({ event }) => {
      assertEvent(event, 'request.assign')
      return { assigning: event.number, notice: null, message: null, rowMessage: null }
    }),
    markStale: assign({ stale: true }),
    clearStale: assign({ stale: false }),
    assigned: assign(({ context }, item: DeskQueueItem) => ({
      requests: context.requests.map((one) => (one.number === item.number ? item : one)),
      assigning: null,
      notice: deskMessages.assigned,
    })),
    assignFailed: assign(({ context }, error: unknown) => ({
      rowMessage:
        context.assigning === null
          ? null
          : { number: context.assigning, text: failure(error).message ?? messages.generic },
      assigning: null,
    })),
  },
}).createMachine({
  id: 'salesQueue',
  context: ({ input }) => ({
    selfId: input?.selfId ?? null,
    view: input?.view ?? 'open',
    requests: [],
    followUps: [],
    assigning: null,
    stale: false,
    notice: null,
    message: null,
    rowMessage: null,
  }),
  initial: 'loading',
  on: {
    'view.changed': { guard: 'isOtherView', target: '.loading', actions: 'setView' },
  },
  states: {
    // A change while the view is being read may have come after the read: read again once it is done.
    loading: {
      entry: 'clearStale',
      on: { 'desk.changed': { actions: 'markStale' } },
      invoke: {
        id: 'loadQueue',
        src: 'loadQueue',
        input: ({ context }) => ({ view: context.view }),
        onDone: [
          { guard: 'isStale', target: 'ready.refreshing', actions: { type: 'setData', params: outputOf } },
          { target: 'ready', actions: { type: 'setData', params: outputOf } },
        ],
        onError: { target: 'failed', actions: { type: 'loadFailed', params: actorError } },
      },
    },
    failed: {
      on: {
        'user.retry': { target: 'loading', actions: 'clearSaid' },
        'desk.changed': { target: 'loading', actions: 'clearSaid' },
      },
    },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'desk.changed': 'refreshing',
            'request.assign': { guard: 'mayAssign', target: 'assigning', actions: 'pickRequest' },
          },
        },
        // The rows stay shown while the view is read again.
        refreshing: {
          entry: 'clearStale',
          on: { 'desk.changed': { actions: 'markStale' } },
          invoke: {
            id: 'loadQueue',
            src: 'loadQueue',
            input: ({ context }) => ({ view: context.view }),
            onDone: [
              {
                guard: 'isStale',
                target: 'refreshing',
                reenter: true,
                actions: { type: 'setData', params: outputOf },
              },
              { target: 'idle', actions: { type: 'setData', params: outputOf } },
            ],
            onError: { target: 'idle', actions: { type: 'loadFailed', params: actorError } },
          },
        },
        assigning: {
          entry: 'clearStale',
          on: { 'desk.changed': { actions: 'markStale' } },
          invoke: {
            id: 'assignRequest',
            src: 'assignRequest',
            input: ({ context }) => ({ number: context.assigning ?? '' }),
            onDone: [
              { guard: 'isStale', target: 'refreshing', actions: { type: 'assigned', params: outputOf } },
              { target: 'idle', actions: { type: 'assigned', params: outputOf } },
            ],
            onError: [
              {
                guard: 'isStale',
                target: 'refreshing',
                actions: { type: 'assignFailed', params: actorError },
              },
              { target: 'idle', actions: { type: 'assignFailed', params: actorError } },
            ],
          },
        },
      },
    },
  },
})
