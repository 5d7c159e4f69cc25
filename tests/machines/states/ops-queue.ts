import { expect } from 'vitest'
import { messages } from '../../../contract/messages'
import { type OpsQueueResponse, opsQueueQuerySchema } from '../../../contract/operations-desk'
import {
  OPS_PAGE_SIZE,
  type OpsFilterField,
  type OpsFilters,
  opsQueueMachine,
} from '../../../machines/ops-queue.machine'
import { type StateView, stateChecks } from '../model'

/** The filters the contract's query schema refuses, as typed (docs: "its messages are the server's"). */
const refused = (filters: OpsFilters) =>
  (Object.entries(filters) as [OpsFilterField, string][])
    .filter(
      ([field, value]) =>
        value.trim() !== '' && !opsQueueQuerySchema.shape[field].safeParse(value.trim()).success,
    )
    .map(([field]) => field)

/** The page of the view shown: its queue and every filter applied the contract takes, trimmed; then the paging. */
function pageOf(context: StateView['context'], paging: { after?: string; limit?: number } = {}) {
  const query: Record<string, string> = { queue: context.queue }
  for (const [field, value] of Object.entries(context.applied as OpsFilters)) {
    if (value.trim() !== '' && !refused({ [field]: value } as OpsFilters).length) query[field] = value.trim()
  }
  if (paging.after) query.after = paging.after
  query.limit = String(paging.limit ?? OPS_PAGE_SIZE)
  return { loadQueue: { query } }
}

/** The filter form, whatever the list does: a refused filter is said under its field and read nowhere. */
function filterForm({ context, event, actions }: StateView) {
  if (event.type !== 'filters.applied') return
  const wrong = refused(context.draft)
  for (const field of wrong) expect(context.shown[field]).toBe(true)
  expect(actions.includes('queryChanged')).toBe(wrong.length === 0)
  if (wrong.length === 0) expect(context.applied).toEqual(context.draft)
}

const answerOf = ({ event }: StateView) => event.output as OpsQueueResponse
const errorText = ({ event }: StateView) =>
  (event.error as { message?: string } | undefined)?.message ?? messages.generic

/** docs/operations-desk.md "The console", the queues: tabs, filters and search as the address, pages, live reads. */
export const opsQueueStates = stateChecks(opsQueueMachine, {
  // A spinner: the first page of the view shown is on its way; a new view (tab, filters) is written to the
  // address and its old rows are gone, an address followed is not written again.
  loading: (view) => {
    const { context, event, actions } = view
    filterForm(view)
    expect(view.requests).toEqual(pageOf(context))
    expect(context.message).toBeNull()
    const applied = event.type === 'filters.applied' && refused(context.draft).length === 0
    if (applied || event.type === 'queue.changed' || event.type === 'filters.cleared') {
      expect(actions).toContain('queryChanged')
      expect(context.items).toEqual([])
    }
    if (event.type === 'url.changed') expect(actions).not.toContain('queryChanged')
  },
  // No rows: the server's message (or the generic one) and Retry; nothing on its way.
  failed: (view) => {
    filterForm(view)
    expect(view.requests).toEqual({})
    expect(view.context.items).toEqual([])
    if (view.event.type === 'xstate.error.actor.loadQueue') expect(view.context.message).toBe(errorText(view))
    expect(view.context.message).toBeTruthy()
  },
  // The rows the answer gave (a first page replaces, "Show more" appends), its counts on the tabs; a failed
  // refresh or page keeps the rows shown and says why.
  'ready.idle': (view) => {
    const { context, before, event } = view
    filterForm(view)
    expect(view.requests).toEqual({})
    if (event.type === 'xstate.done.actor.loadQueue') {
      const page = answerOf(view)
      const more = before.matches({ ready: 'loadingMore' })
      expect(context.items).toEqual(more ? [...before.context.items, ...page.items] : page.items)
      expect([context.counts, context.next]).toEqual([page.counts, page.next])
    }
    if (event.type === 'xstate.error.actor.loadQueue') {
      expect(context.items).toEqual(before.context.items)
      expect(context.message ?? context.moreMessage).toBe(errorText(view))
    }
  },
  // A booking changed: the view is read again while its rows stay, as many as are shown (a page at least, 100
  // at most).
  'ready.refreshing': (view) => {
    const { context, before, event } = view
    filterForm(view)
    const limit = Math.min(100, Math.max(OPS_PAGE_SIZE, context.items.length))
    expect(view.requests).toEqual(pageOf(context, { limit }))
    if (event.type === 'booking.changed') expect(context.items).toEqual(before.context.items)
  },
  // "Show more": the page after the last one shown (its `next`), the rows staying.
  'ready.loadingMore': (view) => {
    const { context, before, event } = view
    filterForm(view)
    expect(context.next).toBeTruthy()
    expect(view.requests).toEqual(pageOf(context, { after: context.next }))
    if (event.type === 'user.more')
      expect([context.items, context.moreMessage]).toEqual([before.context.items, null])
  },
})
