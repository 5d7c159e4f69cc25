import { expect } from 'vitest'
import { messages } from '../../../contract/messages'
import type { TeamActivityPage } from '../../../contract/team-activity'
import { teamActivityMachine } from '../../../machines/team-activity.machine'
import { type StateView, stateChecks } from '../model'

/** What a failed call said. */
const failure = ({ event }: StateView) => (event.error ?? {}) as { status?: number; message?: string }

/** docs/teams.md "The company's activity": /user/team/activity, for the company's Admins, 50 rows a page. */
export const teamActivityStates = stateChecks(teamActivityMachine, {
  // One page asked for: a person chosen starts from their first page, Older and Newer move by one with the
  // same person; the page shown stays (with its people to choose from) while the next one loads.
  loading: ({ context, event, before, requests }) => {
    const sent = requests.listActivity as { user: number | null; page: number }
    const shown = before.context.query
    expect(requests).toEqual({ listActivity: context.query })
    expect(context.message).toBeNull()
    if (event.type === 'person.changed') expect(sent).toEqual({ user: event.user, page: 1 })
    if (event.type === 'page.older') expect(sent).toEqual({ ...shown, page: shown.page + 1 })
    if (event.type === 'page.newer') expect(sent).toEqual({ ...shown, page: shown.page - 1 })
    if (event.type === 'user.retry' || event.type === 'xstate.init') expect(sent.page).toBe(shown.page)
    if (event.type !== 'xstate.init') expect(context.data).toEqual(before.context.data)
  },
  // The rows the answer gave for the page asked, nothing on its way, and a page that exists.
  ready: ({ context, event, answered, requests }) => {
    const data = context.data as TeamActivityPage
    expect(requests).toEqual({})
    expect(event.type).toBe('xstate.done.actor.listActivity')
    expect([data, answered?.input]).toEqual([event.output, context.query])
    expect(context.query.page).toBeGreaterThanOrEqual(1)
    expect(context.query.page).toBeLessThanOrEqual(Math.max(1, data.pageCount))
  },
  // No answer, or a failure other than a refusal: the server's message or the generic one, and Try again.
  failed: (view) => {
    expect(view.requests).toEqual({})
    expect(view.event.type).toBe('xstate.error.actor.listActivity')
    expect(failure(view).status).not.toBe(403)
    expect(view.context.message).toBe(failure(view).message || messages.generic)
  },
  // Not an Admin (403): the server's words ('Only an Admin of your company can do this.'), nothing to retry.
  forbidden: (view) => {
    expect(view.requests).toEqual({})
    expect(failure(view).status).toBe(403)
    expect(view.context.message).toBe(failure(view).message || messages.generic)
  },
})
