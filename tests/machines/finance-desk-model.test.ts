import { expect } from 'vitest'
import type { AnyMachineSnapshot, EventObject } from 'xstate'
import type { UninvoicedBooking, WaitingCharge } from '../../contract/finance/invoice-wire'
import { financeDeskMachine } from '../../machines/finance-desk.machine'
import { creditNoteSummary, invoiceSummary, storageCharge } from '../fixtures/invoices'
import { modelSuite } from './model-suite'
import { financeDeskStates } from './states/finance-desk'

const uninvoiced: UninvoicedBooking = {
  bookingNumber: 'ESB-2026000004',
  customerId: 3,
  customerName: invoiceSummary.customerName,
  currency: 'SGD',
  charges: 2,
  amount: 263_000,
  since: '2026-03-05T03:00:00.000Z',
  billingAddressMissing: false,
}
const waiting: WaitingCharge = {
  id: storageCharge.id,
  bookingNumber: storageCharge.bookingNumber,
  customerId: 3,
  customerName: invoiceSummary.customerName,
  code: storageCharge.code,
  description: storageCharge.description,
  currency: 'SGD',
  amount: storageCharge.amount,
  requestedAt: storageCharge.requestedAt,
  requestedBy: storageCharge.requestedBy,
}

/** What each list's read answers. */
const answers: Record<string, object> = {
  uninvoiced: { uninvoiced: [uninvoiced] },
  waiting: { waiting: [waiting] },
  documents: { documents: [invoiceSummary], next: 'cursor-1' },
}

const listEvents = ['view.changed', 'desk.changed', 'user.retry', 'page.more', 'xstate.done.actor.loadView']

modelSuite('the finance desk', financeDeskMachine, {
  promises: ['loadView', 'downloadJournal'],
  events: [
    ...Object.entries(answers).map(([view, output]) => ({
      type: 'xstate.done.actor.loadView',
      view,
      output,
    })),
    { type: 'xstate.error.actor.loadView', error: { status: 500 } },
    { type: 'xstate.error.actor.loadView', error: { status: 403, message: 'Finance only.' } },
    { type: 'xstate.done.actor.loadMore', output: { documents: [creditNoteSummary], next: null } },
    { type: 'xstate.error.actor.loadMore', error: { status: 0 } },
    { type: 'xstate.done.actor.downloadJournal', output: undefined },
    { type: 'xstate.error.actor.downloadJournal', error: { status: 0 } },
    { type: 'view.changed', view: 'uninvoiced' },
    { type: 'view.changed', view: 'waiting' },
    { type: 'view.changed', view: 'documents' },
    { type: 'filter.changed', field: 'kind', value: 'receipt' },
    { type: 'filter.changed', field: 'kind', value: 'invoice' },
    { type: 'filter.changed', field: 'from', value: '2026-11-30' },
    { type: 'filter.changed', field: 'to', value: '2026-11-01' },
    { type: 'journal.changed', field: 'from', value: '2026-12-01' },
    { type: 'journal.changed', field: 'from', value: '2026-11-01' },
  ],
  inputs: [{ now: new Date('2026-11-29T03:00:00Z') }],
  serializeState: (snapshot: AnyMachineSnapshot, event, previous) =>
    JSON.stringify([
      previous?.value,
      event?.type,
      snapshot.value,
      snapshot.context.view,
      snapshot.context.next !== null,
      Object.keys(snapshot.context.filterErrors).length === 0,
      Object.keys(snapshot.context.journalErrors).length === 0,
      Boolean(snapshot.context.message),
      snapshot.context.stale,
    ]),
  // A list's answer is the view's own; the filters are typed on the documents, the journal beside a list
  // at rest, and nothing else happens while the journal downloads.
  filterEvents: (snapshot, event: EventObject & { view?: string }) => {
    const { context } = snapshot
    if (event.type === 'xstate.done.actor.loadView') return event.view === context.view
    if (snapshot.matches({ journal: 'downloading' })) return event.type.endsWith('.downloadJournal')
    if (event.type.startsWith('filter')) return context.view === 'documents'
    if (event.type.startsWith('journal.'))
      return context.view === 'uninvoiced' && snapshot.matches({ list: { ready: 'idle' } })
    return listEvents.includes(event.type) || event.type.startsWith('xstate.')
  },
  states: financeDeskStates,
  // A change on the desk during a read is never lost: the list is read again once that read is done.
  check: (actor, step: { event: EventObject }, before) => {
    const { type } = step.event
    if (
      before.context.stale &&
      (type === 'xstate.done.actor.loadView' || type === 'xstate.done.actor.loadMore')
    )
      expect((actor.getSnapshot() as AnyMachineSnapshot).matches({ list: { ready: 'refreshing' } })).toBe(
        true,
      )
  },
})
