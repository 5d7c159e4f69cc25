import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import type { ChargeItem } from '../../contract/finance/charges'
import type { InvoiceSummary } from '../../contract/finance/invoice-wire'
import { financeDeskMachine, type LoadInput } from '../../machines/finance-desk.machine'
import { financeIssueMachine, issuePreview } from '../../machines/finance-issue.machine'
import { controllablePromises } from './model'

const doc = (number: string) => ({ number }) as InvoiceSummary

function start() {
  const loads: LoadInput[] = []
  const journals: unknown[] = []
  const actor = createActor(
    financeDeskMachine.provide({
      actors: {
        loadView: fromPromise(async ({ input }) => {
          loads.push(input)
          if (input.view !== 'documents') return { uninvoiced: [], waiting: [] }
          return input.after
            ? { documents: [doc('INV-2026-000001')], next: null }
            : { documents: [doc('INV-2026-000002')], next: 'cursor-1' }
        }),
        downloadJournal: fromPromise(async ({ input }) => {
          journals.push(input)
        }),
      },
    }),
    { input: { now: new Date('2026-11-29T03:00:00Z') } },
  ).start()
  return { actor, loads, journals }
}

describe('the finance desk', () => {
  it('sends only valid filters, and adds the next page under the first', async () => {
    const { actor, loads } = start()
    actor.send({ type: 'view.changed', view: 'documents' })
    await waitFor(actor, (s) => s.matches({ list: { ready: 'idle' } }))
    actor.send({ type: 'filter.changed', field: 'from', value: '2026-11-30' })
    actor.send({ type: 'filter.changed', field: 'to', value: '2026-11-01' })
    actor.send({ type: 'filters.applied' })
    expect(actor.getSnapshot().context.filterErrors.to).toEqual(['The start must not be after the end.'])
    expect(loads).toHaveLength(2)
    actor.send({ type: 'filter.changed', field: 'from', value: '2026-11-01' })
    actor.send({ type: 'filter.changed', field: 'kind', value: 'invoice' })
    actor.send({ type: 'filters.applied' })
    await waitFor(actor, (s) => s.matches({ list: { ready: 'idle' } }))
    expect(loads.at(-1)).toMatchObject({
      view: 'documents',
      filters: { kind: 'invoice', from: '2026-11-01' },
    })
    actor.send({ type: 'page.more' })
    await waitFor(actor, (s) => s.matches({ list: { ready: 'idle' } }) && s.context.next === null)
    expect(loads.at(-1)?.after).toBe('cursor-1')
    expect(actor.getSnapshot().context.documents.map((d) => d.number)).toEqual([
      'INV-2026-000002',
      'INV-2026-000001',
    ])
  })

  it('downloads the journal of this month so far, or of a valid period', async () => {
    const { actor, journals } = start()
    expect(actor.getSnapshot().context.journal).toEqual({ from: '2026-11-01', to: '2026-11-29' })
    actor.send({ type: 'journal.changed', field: 'to', value: '2026-10-31' })
    actor.send({ type: 'journal.download' })
    expect(journals).toEqual([])
    actor.send({ type: 'journal.changed', field: 'to', value: '2026-11-15' })
    actor.send({ type: 'journal.download' })
    await waitFor(actor, (s) => s.matches({ journal: 'idle' }) && s.context.notice !== null)
    expect(journals).toEqual([{ from: '2026-11-01', to: '2026-11-15' }])
  })

  it('reads the list again when the desk changed while it was being read, once however many changes came', async () => {
    const settle = async () => {
      for (let i = 0; i < 3; i += 1) await Promise.resolve()
    }
    const { actors, pending } = controllablePromises(['loadView', 'downloadJournal'])
    const actor = createActor(financeDeskMachine.provide({ actors }), {
      input: { now: new Date('2026-11-29T03:00:00Z') },
    }).start()
    const answer = async (id: string, output: object) => {
      const read = pending.get(id)
      pending.delete(id)
      read?.resolve(output)
      await settle()
    }
    // The first read, then two changes before it answers: one more read, its rows replacing the first's.
    actor.send({ type: 'desk.changed' })
    actor.send({ type: 'desk.changed' })
    await answer('loadView', { uninvoiced: [], waiting: [] })
    expect(actor.getSnapshot().matches({ list: { ready: 'refreshing' } })).toBe(true)
    await answer('loadView', { uninvoiced: [], waiting: [] })
    expect(actor.getSnapshot().matches({ list: { ready: 'idle' } })).toBe(true)
    expect(pending.has('loadView')).toBe(false)
    // A change during the next page's read: the list is read again after the page is added.
    actor.send({ type: 'view.changed', view: 'documents' })
    await answer('loadView', { documents: [doc('INV-2026-000002')], next: 'cursor-1' })
    actor.send({ type: 'page.more' })
    actor.send({ type: 'desk.changed' })
    await answer('loadMore', { documents: [doc('INV-2026-000001')], next: null })
    expect(actor.getSnapshot().matches({ list: { ready: 'refreshing' } })).toBe(true)
    expect(actor.getSnapshot().context.documents).toHaveLength(2)
  })
})

const approved = (id: number, amount: number, gstCode: 'SR' | 'ZR' | 'OS', over: Partial<ChargeItem> = {}) =>
  ({ id, amount, gstCode, currency: 'SGD', status: 'approved', invoiceNumber: null, ...over }) as ChargeItem

describe('issuing an invoice', () => {
  it('offers the approved charges not invoiced, all chosen, and issues the ones left ticked', async () => {
    const issued: unknown[] = []
    const opened: string[] = []
    const actor = createActor(
      financeIssueMachine.provide({
        actors: {
          loadCharges: fromPromise(async () => [
            approved(1, 100000, 'ZR'),
            approved(2, 10001, 'SR'),
            approved(3, 5000, 'OS', { status: 'pending' }),
            approved(4, 7000, 'ZR', { invoiceNumber: 'INV-2026-000001' }),
          ]),
          issueInvoice: fromPromise(async ({ input }) => {
            issued.push(input)
            return { message: '', invoice: { number: 'INV-2026-000002' } } as never
          }),
        },
        actions: { openInvoice: (_, number) => void opened.push(number) },
      }),
      { input: { bookingNumber: 'ESB-1' } },
    ).start()
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }))
    expect(actor.getSnapshot().context.chosen).toEqual([1, 2])
    expect(issuePreview(actor.getSnapshot().context)).toEqual({
      byCode: { SR: 10001, ZR: 100000, OS: 0 },
      subtotal: 110001,
      gst: 900,
      total: 110901,
    })
    actor.send({ type: 'charge.toggled', id: 1 })
    actor.send({ type: 'user.issue' })
    await waitFor(actor, (s) => s.status === 'done')
    expect(issued).toEqual([{ bookingNumber: 'ESB-1', chargeIds: [2] }])
    expect(opened).toEqual(['INV-2026-000002'])
  })
})
