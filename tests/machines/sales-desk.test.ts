import { describe, expect, it } from 'vitest'
import { type AnyMachineSnapshot, createActor, type EventObject } from 'xstate'
import { messages } from '../../contract/messages'
import type { DeskQueueItem, DeskRequestDetail, FollowUp } from '../../contract/quote-desk'
import { deskMessages } from '../../contract/quote-desk'
import { isPreviewCurrent, offerBuilderMachine, previewFirst } from '../../machines/offer-builder.machine'
import { amountMessage, fromCents, offerErrors, toCents, toOffer } from '../../machines/offer-values'
import { salesQueueMachine } from '../../machines/sales-queue.machine'
import { controllablePromises } from './model'
import { allChecks, formChecks, modelSuite } from './model-suite'
import { offerBuilderStates } from './states/offer-builder'
import { salesQueueStates } from './states/sales-queue'

const self = { id: 7, name: 'Daniel Ong' }
const colleague = { id: 8, name: 'Mei Tan' }

const item = (number: string, over: Partial<DeskQueueItem> = {}): DeskQueueItem => ({
  number,
  state: 'Requested',
  mode: 'FCL',
  origin: { code: 'SGSIN', name: 'Singapore' },
  destination: { code: 'BRSSZ', name: 'Santos' },
  company: 'Acme Trading Pte Ltd',
  requester: 'Tan Wei',
  requestedAt: '2026-11-24T02:00:00.000Z',
  assignee: null,
  serviceLevel: { level: 'on time', dueAt: '2026-11-24T04:00:00.000Z' },
  ...over,
})

const requested = item('ESQ-2026000001')
const mine = item('ESQ-2026000002', { state: 'In progress', assignee: self })
const theirs = item('ESQ-2026000003', { state: 'In progress', assignee: colleague })
const offered = item('ESQ-2026000004', { state: 'Offer sent', assignee: colleague })
const followUp: FollowUp = {
  number: 'ESQ-2026000100',
  company: 'Acme Trading Pte Ltd',
  requester: 'Tan Wei',
  email: 'tan.wei@example.com',
  mode: 'LCL',
  origin: 'SGSIN',
  destination: 'AUSYD',
  validTo: '2026-11-26',
  totalUsd: 84_000,
}

/* ---------------------------------------------------------------- the queue */

const queueSerializer = (
  snapshot: AnyMachineSnapshot,
  event?: EventObject,
  previous?: AnyMachineSnapshot,
) => {
  const c = snapshot.context
  return JSON.stringify([
    previous?.value,
    event?.type,
    snapshot.value,
    c.view,
    c.requests.map((one: DeskQueueItem) => [one.number, one.state, one.assignee?.id ?? null]),
    c.followUps.length,
    c.stale,
    Boolean(c.notice),
    Boolean(c.message),
    c.rowMessage?.number ?? null,
  ])
}

modelSuite('sales queue', salesQueueMachine, {
  promises: ['loadQueue', 'assignRequest'],
  events: [
    { type: 'xstate.done.actor.loadQueue', output: { requests: [requested, mine, theirs], followUps: [] } },
    { type: 'xstate.error.actor.loadQueue', error: { status: 403, message: 'This needs the Sales role.' } },
    { type: 'view.changed', view: 'answered' },
    { type: 'view.changed', view: 'followUps' },
    { type: 'user.retry' },
    { type: 'desk.changed' },
    { type: 'request.assign', number: requested.number },
    { type: 'request.assign', number: mine.number },
    { type: 'request.assign', number: offered.number },
    {
      type: 'xstate.done.actor.assignRequest',
      output: { ...requested, state: 'In progress', assignee: self },
    },
    {
      type: 'xstate.error.actor.assignRequest',
      error: { status: 409, message: deskMessages.notAllowed('Offer sent') },
    },
  ],
  inputs: [{ selfId: self.id }],
  serializeState: queueSerializer,
  states: salesQueueStates,
  // One switch of view is enough to see it reload; the assignments are explored from the open view.
  filterEvents: (snapshot, event) =>
    event.type !== 'view.changed' || (snapshot.context.view === 'open' && snapshot.context.notice === null),
  check: (actor, step: { event: EventObject }, before, answered) => {
    const after = actor.getSnapshot() as AnyMachineSnapshot
    const event = step.event as EventObject & Record<string, unknown>
    // One request at a time.
    expect(['loadQueue', 'assignRequest'].filter((id) => after.children[id]).length).toBeLessThanOrEqual(1)
    if (event.type === 'request.assign' && event.number !== requested.number) {
      // Nothing is sent for one's own request, nor for one its state does not let be assigned.
      expect(after.children.assignRequest).toBeUndefined()
    }
    if (event.type === 'xstate.done.actor.assignRequest') {
      expect(answered?.input).toEqual({ number: requested.number })
      expect(after.context.notice).toBe(deskMessages.assigned)
      const row = after.context.requests.find((one: DeskQueueItem) => one.number === requested.number)
      expect(row?.assignee).toEqual(self)
    }
    if (event.type === 'xstate.error.actor.assignRequest') {
      expect(after.context.rowMessage).toEqual({
        number: requested.number,
        text: deskMessages.notAllowed('Offer sent'),
      })
      expect(after.context.requests).toEqual(before.context.requests)
    }
    // A change on the desk while an assignment is on its way reloads after it.
    if (
      before.context.stale &&
      (event.type === 'xstate.done.actor.assignRequest' || event.type === 'xstate.error.actor.assignRequest')
    ) {
      expect(after.matches({ ready: 'refreshing' })).toBe(true)
    }
    // A refresh keeps the rows shown.
    if (event.type === 'desk.changed' && after.matches({ ready: 'refreshing' })) {
      expect(after.context.requests).toEqual(before.context.requests)
    }
    if (after.matches('failed')) expect(after.context.message).toBeTruthy()
  },
})

describe('sales queue', () => {
  const settle = async () => {
    for (let i = 0; i < 3; i += 1) await Promise.resolve()
  }

  it('loads the view asked for, and follow-ups apart from requests', async () => {
    const { actors, pending } = controllablePromises(['loadQueue', 'assignRequest'])
    const actor = createActor(salesQueueMachine.provide({ actors }), { input: { selfId: self.id } }).start()
    expect(pending.get('loadQueue')?.input).toEqual({ view: 'open' })
    pending.get('loadQueue')?.resolve({ requests: [requested], followUps: [] })
    pending.delete('loadQueue')
    await settle()
    actor.send({ type: 'view.changed', view: 'followUps' })
    expect(pending.get('loadQueue')?.input).toEqual({ view: 'followUps' })
    expect(actor.getSnapshot().context.requests).toEqual([])
    pending.get('loadQueue')?.resolve({ requests: [], followUps: [followUp] })
    await settle()
    expect(actor.getSnapshot().context.followUps).toEqual([followUp])
  })
})

/* ---------------------------------------------------------------- the offer */

const detail = (over: Partial<DeskRequestDetail> = {}): DeskRequestDetail => ({
  ...requested,
  request: {
    mode: 'FCL',
    origin: 'SGSIN',
    destination: 'BRSSZ',
    readyDate: '2026-11-27',
    commodity: 'Machine parts',
    containers: [{ type: '40HC', count: 1 }],
    cargoValue: 5_000_000,
  },
  notes: 'Monthly volume.',
  declineReason: null,
  colleagues: [
    { id: 7, name: 'Daniel Lim' },
    { id: 8, name: 'Mei Ling Tan' },
  ],
  offers: [],
  templates: [
    {
      carrier: 'MSC',
      service: 'Santos Express',
      transitDays: 32,
      validTo: '2026-12-31',
      freeDays: 14,
      charges: [
        {
          code: 'BAS',
          name: 'Ocean freight',
          side: 'freight',
          basis: 'container',
          containerType: '40HC',
          currency: 'USD',
          amount: 210_000,
          minimum: 0,
        },
      ],
    },
  ],
  currencies: ['USD', 'SGD', 'EUR'],
  ...over,
})

const open = detail()
const taken = detail({ state: 'In progress', assignee: self })
const accepted = detail({ state: 'Accepted', assignee: colleague })
const price = {
  lines: [],
  totalUsd: 210_000,
  totalSgd: 281_400,
  fx: { USD: 1_000_000, SGD: 1_340_000 },
  estimates: [],
  included: [],
  excluded: [],
}

const builderNames = ['loadRequest', 'assignRequest', 'previewOffer', 'sendOffer'] as const

const builderSerializer = (
  snapshot: AnyMachineSnapshot,
  event?: EventObject,
  previous?: AnyMachineSnapshot,
) => {
  const c = snapshot.context
  return JSON.stringify([
    previous?.value,
    event?.type,
    snapshot.value,
    c.request?.state ?? null,
    c.request?.assignee?.id ?? null,
    c.values.lines.length,
    Object.keys(c.errors).sort(),
    Object.keys(c.shown).length > 0,
    c.preview !== null,
    isPreviewCurrent(c),
    Boolean(c.notice),
    Boolean(c.message),
  ])
}

modelSuite('offer builder', offerBuilderMachine, {
  promises: builderNames,
  events: [
    { type: 'xstate.done.actor.loadRequest', output: open },
    { type: 'xstate.done.actor.loadRequest', output: accepted },
    { type: 'xstate.error.actor.loadRequest', error: { status: 404, message: deskMessages.notFound } },
    { type: 'user.retry' },
    { type: 'user.assign' },
    { type: 'user.assign', staffId: 8 },
    {
      type: 'xstate.done.actor.assignRequest',
      output: { ...requested, state: 'In progress', assignee: self },
    },
    {
      type: 'xstate.error.actor.assignRequest',
      error: { status: 409, message: deskMessages.notAllowed('Offer sent') },
    },
    { type: 'field.changed', field: 'carrier', value: 'MSC' },
    { type: 'field.changed', field: 'transitDays', value: '30' },
    { type: 'field.changed', field: 'validTo', value: '2026-12-31' },
    { type: 'field.blurred', field: 'carrier' },
    { type: 'line.added', code: 'BAS' },
    { type: 'line.added', code: 'AFR' },
    { type: 'line.changed', index: 0, field: 'amount', value: '2100.00' },
    { type: 'line.changed', index: 0, field: 'amount', value: '21.005' },
    { type: 'line.removed', index: 0 },
    { type: 'template.chosen', index: 0 },
    { type: 'user.preview' },
    { type: 'xstate.done.actor.previewOffer', output: { price, validTo: '2026-12-31' } },
    {
      type: 'xstate.error.actor.previewOffer',
      error: {
        status: 422,
        message: deskMessages.validToPast,
        errors: { validTo: [deskMessages.validToPast] },
      },
    },
    { type: 'xstate.error.actor.previewOffer', error: { status: 0 } },
    { type: 'user.send' },
    { type: 'xstate.done.actor.sendOffer', output: { version: 1 } },
    {
      type: 'xstate.error.actor.sendOffer',
      error: { status: 409, message: deskMessages.notAllowed('Requested') },
    },
    {
      type: 'xstate.error.actor.sendOffer',
      error: {
        status: 422,
        message: deskMessages.currencyUnknown,
        errors: { 'lines.0.currency': [deskMessages.currencyUnknown] },
      },
    },
  ],
  inputs: [{ number: open.number, selfId: self.id }],
  serializeState: builderSerializer,
  states: offerBuilderStates,
  // The form is typed only into the open request, one value at a time until it is whole (the order of typing
  // multiplies the states without showing anything new); the template is tried on an empty form.
  filterEvents: (snapshot, event) => {
    const c = snapshot.context
    const e = event as EventObject & Record<string, unknown>
    if (c.request?.state === 'Accepted')
      return !e.type.startsWith('field.') && !e.type.startsWith('line.') && e.type !== 'template.chosen'
    if (e.type === 'template.chosen') return c.values.lines.length === 0 && c.values.carrier === ''
    if (e.type === 'line.added') return c.values.lines.length === 0
    if (e.type === 'field.changed') {
      const order = ['carrier', 'transitDays', 'validTo']
      const next = order.find((field) => c.values[field] === '')
      return e.field === next && c.values.lines.length > 0
    }
    if (e.type === 'line.changed') return c.values.lines[0]?.amount !== e.value
    return true
  },
  check: allChecks(
    formChecks(['previewOffer'], { submit: 'user.preview' }),
    formChecks(['sendOffer'], { submit: 'user.send' }),
    (actor, step: { event: EventObject }, before, answered) => {
      const after = actor.getSnapshot() as AnyMachineSnapshot
      const event = step.event as EventObject & Record<string, unknown>
      expect(builderNames.filter((id) => after.children[id]).length).toBeLessThanOrEqual(1)
      // An offer is sent only as previewed: the preview shown is of the values sent.
      if (after.children.sendOffer && !before.children.sendOffer) {
        expect(isPreviewCurrent(before.context)).toBe(true)
        expect(before.context.request?.state).not.toBe('Accepted')
      }
      if (
        event.type === 'user.send' &&
        !after.children.sendOffer &&
        Object.keys(after.context.errors).length === 0
      )
        expect(after.context.message).toBe(previewFirst)
      // The catalogue offers only the request's mode.
      if (event.type === 'line.added' && event.code === 'AFR')
        expect(after.context.values.lines).toEqual(before.context.values.lines)
      if (event.type === 'line.added' && event.code === 'BAS' && after.context.values.lines.length === 1) {
        expect(after.context.values.lines[0]).toMatchObject({
          code: 'BAS',
          basis: 'container',
          containerType: '40HC',
        })
      }
      if (event.type === 'line.changed' && event.value === '21.005')
        expect(after.context.errors['lines.0.amount']).toEqual([amountMessage])
      switch (event.type) {
        case 'xstate.done.actor.sendOffer':
          expect(after.context.notice).toBe(deskMessages.offerSent)
          expect(after.matches({ ready: 'reloading' })).toBe(true)
          expect(after.context.values).toEqual(before.context.values)
          break
        case 'xstate.error.actor.sendOffer': {
          const status = (event.error as { status: number }).status
          if (status === 422)
            expect(after.context.errors).toEqual({ 'lines.0.currency': [deskMessages.currencyUnknown] })
          expect(after.context.message).toBeTruthy()
          expect(isPreviewCurrent(after.context)).toBe(status !== 422 && isPreviewCurrent(before.context))
          break
        }
        case 'xstate.done.actor.previewOffer':
          expect(answered?.input).toMatchObject({ number: open.number, offer: { carrier: 'MSC' } })
          expect(after.context.preview).toEqual({ price, validTo: '2026-12-31' })
          break
        case 'xstate.error.actor.previewOffer':
          if ((event.error as { status: number }).status === 0)
            expect(after.context.message).toBe(messages.generic)
          else expect(after.context.shown.validTo).toBe(true)
          break
        case 'xstate.done.actor.assignRequest':
          expect(after.context.request?.assignee).toEqual(self)
          expect(after.context.notice).toBe(deskMessages.assigned)
          break
      }
      if (after.matches('failed')) expect(after.context.message).toBeTruthy()
    },
  ),
})

describe('offer builder', () => {
  const settle = async () => {
    for (let i = 0; i < 3; i += 1) await Promise.resolve()
  }
  async function ready(request = taken) {
    const { actors, pending } = controllablePromises(builderNames)
    const actor = createActor(offerBuilderMachine.provide({ actors }), {
      input: { number: request.number, selfId: self.id },
    }).start()
    pending.get('loadRequest')?.resolve(request)
    pending.delete('loadRequest')
    await settle()
    return { actor, pending }
  }

  it('reads amounts in major units and sends cents', () => {
    expect(toCents('2100.00')).toBe(210_000)
    expect(toCents('2,100.5')).toBe(210_050)
    expect(toCents('0.07')).toBe(7)
    expect(toCents('12')).toBe(1_200)
    for (const bad of ['', '1.234', '-5', 'abc', '1e3']) expect(toCents(bad)).toBeNull()
    expect(fromCents(210_050)).toBe('2100.50')
    expect(fromCents(7)).toBe('0.07')
  })

  it('puts the schema’s messages under the server’s field paths', () => {
    const errors = offerErrors({
      carrier: '',
      service: 'Direct',
      transitDays: 'ten',
      validTo: '31/12/2026',
      freeDays: '',
      note: '',
      lines: [
        {
          code: 'BAS',
          name: 'Ocean freight',
          side: 'freight',
          basis: 'container',
          containerType: '',
          currency: 'US',
          amount: '2100',
          minimum: '',
        },
      ],
    })
    expect(Object.keys(errors).sort()).toEqual([
      'carrier',
      'lines.0.containerType',
      'lines.0.currency',
      'transitDays',
      'validTo',
    ])
    expect(errors.carrier).toEqual([deskMessages.carrierRequired])
    expect(errors['lines.0.containerType']).toEqual([deskMessages.containerTypeRequired])
  })

  it('gives the request to the colleague chosen, and "Assign to me" names nobody', async () => {
    const { actor, pending } = await ready(open)
    actor.send({ type: 'user.assign', staffId: colleague.id })
    expect(pending.get('assignRequest')?.input).toEqual({ number: open.number, staffId: colleague.id })
    pending.get('assignRequest')?.resolve({ ...open, state: 'In progress', assignee: colleague })
    pending.delete('assignRequest')
    await settle()
    expect(actor.getSnapshot().context.request?.assignee).toEqual(colleague)
    // Theirs now: it is not given to them again, and the person may still take it.
    actor.send({ type: 'user.assign', staffId: colleague.id })
    expect(pending.has('assignRequest')).toBe(false)
    actor.send({ type: 'user.assign' })
    expect(pending.get('assignRequest')?.input).toEqual({ number: open.number })
  })

  it('copies a sheet’s charges, previews, asks for a new preview after a change, then sends', async () => {
    const { actor, pending } = await ready()
    actor.send({ type: 'template.chosen', index: 0 })
    actor.send({ type: 'field.changed', field: 'validTo', value: '2026-12-31' })
    const { values } = actor.getSnapshot().context
    expect(values).toMatchObject({
      carrier: 'MSC',
      service: 'Santos Express',
      transitDays: '32',
      freeDays: '14',
    })
    expect(values.lines[0]).toMatchObject({ code: 'BAS', amount: '2100.00', containerType: '40HC' })
    actor.send({ type: 'user.send' })
    expect(pending.has('sendOffer')).toBe(false)
    expect(actor.getSnapshot().context.message).toBe(previewFirst)
    actor.send({ type: 'user.preview' })
    const previewed = pending.get('previewOffer')?.input as { offer: unknown } | undefined
    expect(previewed?.offer).toEqual({
      carrier: 'MSC',
      service: 'Santos Express',
      transitDays: 32,
      validTo: '2026-12-31',
      freeDays: 14,
      note: '',
      lines: [
        {
          code: 'BAS',
          name: 'Ocean freight',
          side: 'freight',
          basis: 'container',
          containerType: '40HC',
          currency: 'USD',
          amount: 210_000,
          minimum: 0,
        },
      ],
    })
    pending.get('previewOffer')?.resolve({ price, validTo: '2026-12-31' })
    await settle()
    // A changed value needs a new preview; the same value again does not.
    actor.send({ type: 'line.changed', index: 0, field: 'amount', value: '2000.00' })
    expect(isPreviewCurrent(actor.getSnapshot().context)).toBe(false)
    actor.send({ type: 'line.changed', index: 0, field: 'amount', value: '2100' })
    expect(isPreviewCurrent(actor.getSnapshot().context)).toBe(true)
    actor.send({ type: 'user.send' })
    const sent = pending.get('sendOffer')?.input as { offer: { lines: { amount: number }[] } } | undefined
    expect(sent?.offer.lines[0]?.amount).toBe(210_000)
    // Nothing typed changes what is on its way.
    actor.send({ type: 'field.changed', field: 'carrier', value: 'Maersk' })
    expect(actor.getSnapshot().context.values.carrier).toBe('MSC')
  })

  it('keeps what was typed when the send fails', async () => {
    const { actor, pending } = await ready()
    actor.send({ type: 'line.added', code: 'BAS' })
    actor.send({ type: 'line.changed', index: 0, field: 'amount', value: '1800' })
    actor.send({ type: 'field.changed', field: 'carrier', value: 'ONE' })
    actor.send({ type: 'field.changed', field: 'transitDays', value: '35' })
    actor.send({ type: 'field.changed', field: 'validTo', value: '2026-12-20' })
    actor.send({ type: 'user.preview' })
    pending.get('previewOffer')?.resolve({ price, validTo: '2026-12-20' })
    await settle()
    const typed = actor.getSnapshot().context.values
    actor.send({ type: 'user.send' })
    pending.get('sendOffer')?.reject({ status: 500 })
    await settle()
    expect(actor.getSnapshot().context.values).toEqual(typed)
    expect(actor.getSnapshot().context.message).toBe(messages.generic)
    expect(toOffer(typed).lines[0]?.amount).toBe(180_000)
  })
})

describe('the queue when the desk changes while it is being read', () => {
  /** The queue with each read held until `answer` gives its rows. */
  function queue() {
    const { actors, pending } = controllablePromises(['loadQueue', 'assignRequest'] as const)
    const actor = createActor(salesQueueMachine.provide({ actors }), { input: { selfId: self.id } }).start()
    const answer = async (requests: DeskQueueItem[]) => {
      pending.get('loadQueue')?.resolve({ requests, followUps: [] })
      // The promise's answer reaches the chart a few microtasks later.
      for (let tick = 0; tick < 5; tick++) await Promise.resolve()
    }
    return { actor, answer }
  }

  it('reads again after the first read when a change came during it, and shows the new request', async () => {
    const { actor, answer } = queue()
    actor.send({ type: 'desk.changed' })
    await answer([requested])
    // The first read may have been made before the change: it is read again, the rows staying shown.
    expect(actor.getSnapshot().matches({ ready: 'refreshing' })).toBe(true)
    expect(actor.getSnapshot().context.requests.map((one) => one.number)).toEqual([requested.number])
    await answer([requested, mine])
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true)
    expect(actor.getSnapshot().context.requests.map((one) => one.number)).toEqual([
      requested.number,
      mine.number,
    ])
  })

  it('reads again after a refresh when a change came during it, once however many came', async () => {
    const { actor, answer } = queue()
    await answer([requested])
    actor.send({ type: 'desk.changed' })
    expect(actor.getSnapshot().matches({ ready: 'refreshing' })).toBe(true)
    actor.send({ type: 'desk.changed' })
    actor.send({ type: 'desk.changed' })
    await answer([requested])
    expect(actor.getSnapshot().matches({ ready: 'refreshing' })).toBe(true)
    await answer([requested, mine])
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true)
    expect(actor.getSnapshot().context.requests).toHaveLength(2)
  })

  it('does not read again after a read no change interrupted', async () => {
    const { actor, answer } = queue()
    await answer([requested])
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true)
  })
})
