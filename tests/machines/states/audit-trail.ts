import { expect } from 'vitest'
import type { AuditPage } from '../../../contract/audit'
import { addDays } from '../../../contract/dates'
import { messages } from '../../../contract/messages'
import { type AuditFilterValues, auditTrailMachine } from '../../../machines/audit-trail.machine'
import { type StateView, stateChecks } from '../model'

const failedWith = ({ event }: StateView) =>
  event.error as { message?: string; errors?: Record<string, string[]> }
const errorText = (view: StateView) => failedWith(view).message || messages.generic

/**
 * docs/staff.md "Audit trail": the filters given, trimmed; the dates are Singapore days, both included: "from"
 * is that day's 00:00+08:00, "to" the next day's.
 */
function formQuery(values: AuditFilterValues): Record<string, string> {
  const query: Record<string, string> = {}
  for (const [field, value] of Object.entries(values)) {
    const text = value.trim()
    if (text === '') continue
    if (field === 'from') query.from = `${text}T00:00:00+08:00`
    else if (field === 'to') query.to = `${addDays(text, 1)}T00:00:00+08:00`
    else query[field] = text
  }
  return query
}

/** Applying the filters, whatever the page does: a form with messages shows them all and asks for nothing new. */
function submitted({ context, event, before }: StateView) {
  if (event.type !== 'user.submit') return
  const wrong = Object.keys(context.errors)
  expect(wrong.filter((field) => !context.shown[field])).toEqual([])
  expect(context.applied).toEqual(wrong.length > 0 ? before.context.applied : formQuery(context.values))
}

/** docs/staff.md "Audit trail (console)": the trail newest first, its filters, "Show older". */
export const auditTrailStates = stateChecks(auditTrailMachine, {
  // The first page of the filters applied (from its first page): no rows, no message while it comes.
  loading: (view) => {
    const { context, event } = view
    submitted(view)
    expect(view.requests.listEvents).toEqual(context.applied)
    expect(context.applied.before).toBeUndefined()
    expect([context.events, context.nextBefore, context.message]).toEqual([[], null, null])
    if (event.type === 'user.clear') expect(context.applied).toEqual({})
  },
  // The trail failed: the server's message (or the generic one) and Retry, no rows.
  failed: (view) => {
    submitted(view)
    if (view.event.type === 'xstate.error.actor.listEvents')
      expect(view.context.message).toBe(errorText(view))
    expect([view.requests.listEvents, view.context.events]).toEqual([undefined, []])
    expect(view.context.message).toBeTruthy()
  },
  // The server refused a filter: its message under that field, shown; no rows.
  refused: (view) => {
    const { context, event } = view
    submitted(view)
    if (event.type === 'xstate.error.actor.listEvents') {
      const told = Object.entries(failedWith(view).errors ?? {}).filter(([field]) => field in context.values)
      expect(told.length).toBeGreaterThan(0)
      for (const [field, list] of told)
        expect([context.errors[field], context.shown[field]]).toEqual([list, true])
    }
    expect([view.requests.listEvents, context.events]).toEqual([undefined, []])
  },
  // The rows the answers gave, older pages after the first; "Show older" that stayed here had no older page.
  'ready.idle': (view) => {
    const { context, event, before } = view
    submitted(view)
    expect([view.requests.listEvents, view.requests.listOlder]).toEqual([undefined, undefined])
    const page = event.output as AuditPage
    if (event.type === 'xstate.done.actor.listEvents') expect(context.events).toEqual(page.events)
    if (event.type === 'xstate.done.actor.listOlder')
      expect(context.events).toEqual([...before.context.events, ...page.events])
    if (event.type.startsWith('xstate.done.actor.')) expect(context.nextBefore).toBe(page.nextBefore)
    if (event.type === 'user.showOlder') expect(context.nextBefore).toBeNull()
  },
  // "Show older": the same filters before the last page's `nextBefore`, the rows staying.
  'ready.loadingOlder': (view) => {
    const { context, event, before } = view
    submitted(view)
    expect(context.nextBefore).not.toBeNull()
    expect(view.requests.listOlder).toEqual({ ...context.applied, before: context.nextBefore })
    if (event.type === 'user.showOlder') expect(context.events).toEqual(before.context.events)
    expect(context.message).toBeNull()
  },
  // An older page failed: the rows stay, the message says why and the button asks again.
  'ready.olderFailed': (view) => {
    const { context, event, before } = view
    submitted(view)
    if (event.type === 'xstate.error.actor.listOlder') {
      expect([context.message, context.events]).toEqual([errorText(view), before.context.events])
    }
    expect([view.requests.listOlder, context.message === null]).toEqual([undefined, false])
  },
})
