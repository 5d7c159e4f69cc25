import { expect } from 'vitest'
import { messages } from '../../../contract/messages'
import { dashboardMachine } from '../../../machines/dashboard.machine'
import { type StateView, stateChecks } from '../model'

/** The message of a failed request: the server's, else the generic one. */
const told = ({ event }: StateView) =>
  (event.error as { message?: string } | undefined)?.message ?? messages.generic

/** docs/customer-area.md "The dashboard": one request brings it; loading, failed (Try again) and refreshing. */
export const dashboardStates = stateChecks(dashboardMachine, {
  // The page says it is loading: the one request on its way, nothing shown yet, no message.
  loading: ({ context, event, requests }) => {
    expect(Object.keys(requests)).toEqual(['getDashboard'])
    expect([context.dashboard, context.message]).toEqual([null, null])
    expect(['xstate.init', 'user.retry']).toContain(event.type)
  },
  // The first load failed: its message with Try again, no dashboard.
  failed: (view) => {
    expect(view.event.type).toBe('xstate.error.actor.getDashboard')
    expect([view.requests, view.context.dashboard]).toEqual([{}, null])
    expect(view.context.message).toBe(told(view))
  },
  // The answer shown; a failed refresh keeps the figures there and says why.
  'ready.shown': (view) => {
    const { context, event, before, requests } = view
    expect(requests).toEqual({})
    if (event.type === 'xstate.done.actor.getDashboard')
      expect([context.dashboard, context.message]).toEqual([event.output, null])
    else {
      expect(event.type).toBe('xstate.error.actor.getDashboard')
      expect([context.dashboard, context.message]).toEqual([before.context.dashboard, told(view)])
    }
    expect(context.dashboard).not.toBeNull()
  },
  // Refresh asks again; the figures stay on screen meanwhile, the old message is gone.
  'ready.refreshing': ({ context, before, event, requests }) => {
    expect(Object.keys(requests)).toEqual(['getDashboard'])
    expect(event.type).toBe('user.refresh')
    expect(context.dashboard).toBe(before.context.dashboard)
    expect(context.dashboard).not.toBeNull()
    expect(context.message).toBeNull()
  },
})
