import { describe, expect, it } from 'vitest'
import { type AnyMachineSnapshot, createActor } from 'xstate'
import {
  invoiceQuery,
  invoicesPageMachine,
  noInvoiceFilters,
  periodRange,
} from '../../machines/invoices-page.machine'
import { creditNoteSummary, invoiceSummary, pendingStorage } from '../fixtures/invoices'
import { controllablePromises } from './model'
import { modelSuite } from './model-suite'
import { invoicesPageStates } from './states/invoices-page'

const flush = () => new Promise((resolve) => setImmediate(resolve))
const today = '2026-03-10'

modelSuite('My Invoices', invoicesPageMachine, {
  promises: ['listInvoices', 'listPendingCharges'],
  events: [
    { type: 'xstate.done.actor.listInvoices', output: { invoices: [invoiceSummary], next: 'c1' } },
    { type: 'xstate.done.actor.listInvoices', output: { invoices: [creditNoteSummary], next: null } },
    { type: 'xstate.error.actor.listInvoices', error: { status: 500 } },
    { type: 'xstate.done.actor.listPendingCharges', output: [pendingStorage] },
    { type: 'xstate.error.actor.listPendingCharges', error: { status: 0 } },
    { type: 'filter.changed', filter: 'state', value: 'overdue' },
    { type: 'search.changed', q: 'INV-2026' },
  ],
  inputs: [{ today }],
  // The list's region only matters to the list's paths and the pending one to its own: each vertex names
  // both, but not the context (the rows shown).
  serializeState: (snapshot: AnyMachineSnapshot, event, previous) =>
    JSON.stringify([previous?.value, event?.type, snapshot.value, snapshot.context.next !== null]),
  // Keep the paths few: the pending region's answers only while the list has not been answered.
  filterEvents: (snapshot, event) =>
    !event.type.includes('listPendingCharges') || snapshot.matches({ list: 'loading' }),
  states: invoicesPageStates,
})

describe('My Invoices', () => {
  it('turns the filters into the API’s query, the period counted from today', () => {
    expect(invoiceQuery({ kind: 'invoice', state: '', period: '30d', q: ' INV-2026 ' }, today)).toEqual({
      kind: 'invoice',
      from: '2026-02-09',
      to: today,
      q: 'INV-2026',
    })
    expect(periodRange('last-year', today)).toEqual({ from: '2025-01-01', to: '2025-12-31' })
    expect(periodRange('year', today)).toEqual({ from: '2026-01-01', to: today })
    expect(invoiceQuery(noInvoiceFilters, today, 'c1')).toEqual({ after: 'c1' })
  })

  it('appends the next page and writes each filter to the address, an unknown one as none', async () => {
    const { actors, pending } = controllablePromises(['listInvoices', 'listPendingCharges'])
    const written: unknown[] = []
    const actor = createActor(
      invoicesPageMachine.provide({
        actors,
        actions: { filtersChanged: (_, filters) => void written.push(filters) },
      }),
      { input: { today, filters: { ...noInvoiceFilters, kind: 'invoice' } } },
    ).start()
    expect(pending.get('listInvoices')?.input).toEqual({ kind: 'invoice' })
    pending.get('listInvoices')?.resolve({ invoices: [invoiceSummary], next: 'c1' })
    await flush()
    actor.send({ type: 'user.more' })
    expect(pending.get('listInvoices')?.input).toEqual({ kind: 'invoice', after: 'c1' })
    pending.get('listInvoices')?.resolve({ invoices: [creditNoteSummary], next: null })
    await flush()
    expect(actor.getSnapshot().context.invoices).toEqual([invoiceSummary, creditNoteSummary])
    actor.send({ type: 'filter.changed', filter: 'state', value: 'nonsense' })
    expect(actor.getSnapshot().context.filters.state).toBe('')
    expect(written).toHaveLength(1)
    actor.stop()
  })
})
