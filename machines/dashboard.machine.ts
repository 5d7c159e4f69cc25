/**
 * The dashboard of /user/home: one request (`getDashboard`) brings everything it shows. While it loads the
 * page says so; a failed load shows the message with Try again. Once shown, Refresh asks again and keeps
 * the figures on screen meanwhile; a failed refresh keeps them too and says why.
 *
 * The effect (`getDashboard`) is injected by the app with `machine.provide`.
 */
import { assign, fromPromise, setup } from 'xstate'
import type { Dashboard } from '../contract/dashboard'
import { messages } from '../contract/messages'
import type { ApiFailure } from '../contract/wire'
import { actorError } from './actor-error'

export interface DashboardContext {
  dashboard: Dashboard | null
  /** Why the last load or refresh failed. */
  message: string | null
}

export type DashboardEvent = { type: 'user.retry' } | { type: 'user.refresh' }

const failure = {
  actions: {
    type: 'setMessage',
    params: actorError,
  },
} as const

export const dashboardMachine = setup({
  types: {
    context: {} as DashboardContext,
    events: {} as DashboardEvent,
  },
  actors: {
    getDashboard: fromPromise<Dashboard, void>(async () => {
      throw new Error('getDashboard is provided by the app')
    }),
  },
  actions: {
    setDashboard: assign({ dashboard: (_, dashboard: Dashboard) => dashboard }),
    setMessage: assign({
      message: (_, error: unknown) => (error as Partial<ApiFailure> | undefined)?.message ?? messages.generic,
    }),
    clearMessage: assign({ message: null }),
  },
}).createMachine({
  id: 'dashboard',
  context: { dashboard: null, message: null },
  initial: 'loading',
  states: {
    loading: {
      entry: 'clearMessage',
      invoke: {
        id: 'getDashboard',
        src: 'getDashboard',
        onDone: { target: 'ready', actions: { type: 'setDashboard', params: ({ event }) => event.output } },
        onError: { target: 'failed', ...failure },
      },
    },
    failed: { on: { 'user.retry': 'loading' } },
    ready: {
      initial: 'shown',
      states: {
        shown: { on: { 'user.refresh': 'refreshing' } },
        refreshing: {
          entry: 'clearMessage',
          invoke: {
            id: 'getDashboard',
            src: 'getDashboard',
            onDone: {
              target: 'shown',
              actions: { type: 'setDashboard', params: ({ event }) => event.output },
            },
            onError: { target: 'shown', ...failure },
          },
        },
      },
    },
  },
})
