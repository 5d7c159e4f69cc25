import { expect } from 'vitest'
import { invoiceListQuerySchema, journalQuerySchema } from '../../../contract/finance/invoices'
import { messages } from '../../../contract/messages'
import {
  type DocumentFilters,
  type FinanceDeskData,
  financeDeskMachine,
  type JournalPeriod,
} from '../../../machines/finance-desk.machine'
import { type StateView, stateChecks } from '../model'

const told = ({ event }: StateView) => (event.error as { message?: string } | undefined)?.message

/** Filters the list's query takes: each typed one trimmed, by the contract's schema, the start not after the end. */
function sendable(filters: DocumentFilters) {
  const query = Object.fromEntries(
    Object.entries(filters)
      .map(([field, value]) => [field, value.trim()])
      .filter(([, value]) => value !== ''),
  )
  return invoiceListQuerySchema.safeParse(query).success && !(query.from && query.to && query.from > query.to)
}

const journalSendable = (period: JournalPeriod) =>
  journalQuerySchema.safeParse(period).success && period.from <= period.to

/** The filters and the period, whatever the lists do: their messages follow what is typed. */
function forms({ context, event, before }: StateView) {
  expect(Object.keys(context.filterErrors).length === 0).toBe(sendable(context.filters))
  expect(Object.keys(context.journalErrors).length === 0).toBe(journalSendable(context.journal))
  if (event.type === 'filter.changed') {
    expect(context.filters).toEqual({ ...before.context.filters, [event.field as string]: event.value })
  }
  if (event.type === 'journal.changed') {
    expect(context.journal).toEqual({ ...before.context.journal, [event.field as string]: event.value })
    expect(context.journalMessage).toBeNull()
  }
  // The filters as typed are asked for only when they can be sent.
  if (event.type === 'filters.applied')
    expect(context.applied).toEqual(
      sendable(before.context.filters) ? context.filters : before.context.applied,
    )
}

const rowsOf = (context: StateView['context']) => ({
  uninvoiced: context.uninvoiced,
  waiting: context.waiting,
  documents: context.documents,
})

/** docs/invoices.md "The finance desk": three lists, the documents' filters and pages, the CSV journal. */
export const financeDeskStates = stateChecks(financeDeskMachine, {
  // The list shown is read with the filters applied; a new view or new filters start from no rows.
  'list.loading': (view) => {
    const { context, event } = view
    forms(view)
    expect(view.requests.loadView).toEqual({ view: context.view, filters: context.applied })
    expect(view.requests.loadMore).toBeUndefined()
    expect(sendable(context.applied)).toBe(true)
    if (event.type === 'view.changed') expect([context.view, context.message]).toEqual([event.view, null])
    if (event.type === 'filters.applied' || event.type === 'filters.cleared')
      expect([context.documents, context.next]).toEqual([[], null])
    if (event.type === 'filters.cleared')
      expect([context.filters, context.applied]).toEqual([
        { kind: '', state: '', from: '', to: '', q: '' },
        { kind: '', state: '', from: '', to: '', q: '' },
      ])
    if (event.type === 'user.retry') expect(context.message).toBeNull()
    // A change on the desk reads a failed list again; one while the list is read is kept for after the read.
    const wasFailed = view.before.matches({ list: 'failed' })
    if (event.type === 'desk.changed' && wasFailed) expect(context.message).toBeNull()
    if (event.type === 'desk.changed' && !wasFailed) expect(context.stale).toBe(true)
  },
  // Nothing read: the server's words (or the generic ones) and Retry.
  'list.failed': (view) => {
    forms(view)
    expect(view.requests.loadView).toBeUndefined()
    if (view.event.type === 'xstate.error.actor.loadView')
      expect(view.context.message).toBe(told(view) || messages.generic)
    expect(view.context.message).toBeTruthy()
  },
  // The rows read; "Show more" adds the next page under the shown ones; a failed refresh or page keeps the rows
  // and says why. "Show more" is offered only while the documents have a next page.
  'list.ready.idle': (view) => {
    const { context, event, before } = view
    forms(view)
    expect([view.requests.loadView, view.requests.loadMore]).toEqual([undefined, undefined])
    if (event.type === 'xstate.done.actor.loadView') {
      const data = event.output as FinanceDeskData
      expect(context[context.view]).toEqual(data[context.view as keyof FinanceDeskData])
      expect(context.message).toBeNull()
    }
    if (event.type === 'xstate.done.actor.loadMore') {
      const data = event.output as FinanceDeskData
      expect(context.documents).toEqual([...before.context.documents, ...(data.documents ?? [])])
      expect([context.next, context.message]).toEqual([data.next ?? null, null])
    }
    if (event.type === 'xstate.error.actor.loadView' || event.type === 'xstate.error.actor.loadMore') {
      expect(rowsOf(context)).toEqual(rowsOf(before.context))
      expect(context.message).toBe(told(view) || messages.generic)
    }
    if (event.type === 'page.more') expect(context.view !== 'documents' || context.next === null).toBe(true)
  },
  // Read again (something changed): the rows stay shown meanwhile.
  'list.ready.refreshing': (view) => {
    const { context, before, event } = view
    forms(view)
    expect(view.requests.loadView).toEqual({ view: context.view, filters: context.applied })
    if (event.type === 'desk.changed') expect(rowsOf(context)).toEqual(rowsOf(before.context))
  },
  // The documents' next page: after the last one shown, with the same filters.
  'list.ready.more': (view) => {
    const { context, event, before } = view
    forms(view)
    expect(context.view).toBe('documents')
    expect(context.next).not.toBeNull()
    expect(view.requests.loadMore).toEqual({
      view: 'documents',
      filters: context.applied,
      after: context.next,
    })
    if (event.type === 'page.more') expect(context.documents).toEqual(before.context.documents)
  },
  // The period's file: downloaded (said in the status line), refused as typed (nothing sent), or failed (said).
  'journal.idle': (view) => {
    const { context, event } = view
    forms(view)
    expect(view.requests.downloadJournal).toBeUndefined()
    if (event.type === 'journal.download') expect(journalSendable(context.journal)).toBe(false)
    if (event.type === 'xstate.done.actor.downloadJournal') {
      const { from, to } = (view.answered?.input ?? {}) as JournalPeriod
      expect(context.notice).toBe(`The journal from ${from} to ${to} is downloaded.`)
      expect(context.journalMessage).toBeNull()
    }
    if (event.type === 'xstate.error.actor.downloadJournal')
      expect(context.journalMessage).toBe(told(view) || messages.generic)
  },
  // Only a valid period is asked for, and the earlier outcome is no longer said.
  'journal.downloading': (view) => {
    const { context, event } = view
    forms(view)
    expect(view.requests.downloadJournal).toEqual(context.journal)
    expect(journalSendable(context.journal)).toBe(true)
    if (event.type === 'journal.download')
      expect([context.notice, context.journalMessage]).toEqual([null, null])
  },
})
