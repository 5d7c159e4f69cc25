import { assign, type SnapshotFrom, setup } from 'xstate'
import { timings } from '../contract/constants'
import { loaderMessages } from '../contract/messages'

export type LoaderEvent = { type: 'request.started' } | { type: 'request.finished' }

/**
 * The global loading overlay: counts the requests in flight and shows while any is pending
 * (requests sent with X-Skip-Loader never reach it). Its message changes after 3 s and 6 s.
 */
export const loaderMachine = setup({
  types: {
    context: {} as { pending: number },
    events: {} as LoaderEvent,
  },
  delays: { messageStep: timings.loaderStepMs },
  guards: {
    isLastRequest: ({ context }) => context.pending <= 1,
  },
  actions: {
    countStarted: assign({ pending: ({ context }) => context.pending + 1 }),
    countFinished: assign({ pending: ({ context }) => Math.max(0, context.pending - 1) }),
  },
}).createMachine({
  id: 'loader',
  context: { pending: 0 },
  initial: 'idle',
  states: {
    idle: {
      on: { 'request.started': { target: 'visible', actions: 'countStarted' } },
    },
    visible: {
      initial: 'loading',
      on: {
        'request.started': { actions: 'countStarted' },
        'request.finished': [
          { guard: 'isLastRequest', target: 'idle', actions: 'countFinished' },
          { actions: 'countFinished' },
        ],
      },
      states: {
        loading: {
          after: { messageStep: 'preparing' },
        },
        preparing: {
          after: { messageStep: 'almostThere' },
        },
        almostThere: {},
      },
    },
  },
})

/** The overlay's message, or undefined while it is hidden. */
export function loaderMessage(snapshot: SnapshotFrom<typeof loaderMachine>) {
  if (snapshot.matches({ visible: 'almostThere' })) return loaderMessages.almostThere
  if (snapshot.matches({ visible: 'preparing' })) return loaderMessages.preparing
  if (snapshot.matches('visible')) return loaderMessages.loading
  return undefined
}
