import { describe, expect, it } from 'vitest'
import { type AnyMachineSnapshot, createActor, type EventObject, SimulatedClock } from 'xstate'
import type { DocumentItem } from '../../contract/bookings'
import { requestMessages } from '../../contract/documents'
import { messages } from '../../contract/messages'
import {
  confirmMessages,
  containerMessages,
  type DeskEvent,
  deskConfirmSchema,
  deskMilestoneSchema,
  type OpsBookingDetail,
  type OpsQueueItem,
  type OpsQueueResponse,
} from '../../contract/operations-desk'
import type { Sailing } from '../../contract/pricing/schedule'
import type { Place } from '../../contract/wire'
import { mayAct, reasonActions } from '../../machines/ops-actions'
import { opsBookingMachine } from '../../machines/ops-booking.machine'
import { chartAllows, opsNotices } from '../../machines/ops-booking-setup'
import {
  type ConfirmValues,
  confirmErrors,
  emptyConfirm,
  quotedConfirm,
  toConfirm,
} from '../../machines/ops-confirm'
import { placeMessages, placeSuggestions, routePlaces } from '../../machines/ops-places'
import {
  noOpsFilters,
  OPS_PAGE_SIZE,
  opsFilterErrors,
  opsQueueMachine,
  opsQueueQuery,
  opsViewOf,
} from '../../machines/ops-queue.machine'
import { LOOKUP_DELAY_MS, placeLabel } from '../../machines/quote-form'
import { detail, documents } from '../fixtures/bookings'
import { controllablePromises } from './model'
import { type ModelSuiteOptions, modelSuite } from './model-suite'
import { opsBookingStates } from './states/ops-booking'
import { opsQueueStates } from './states/ops-queue'

type Snapshot = AnyMachineSnapshot
const settle = async () => {
  for (let i = 0; i < 3; i += 1) await Promise.resolve()
}

/* ---------------------------------------------------------------- the queues */

const place = (code: string, name: string, zone: string) => ({ code, name, time_zone: zone })
const row = (number: string, over: Partial<OpsQueueItem> = {}): OpsQueueItem => ({
  number,
  hbl: null,
  mode: 'FCL',
  status: 'Booking Received',
  heldFrom: null,
  statusReason: null,
  company: 'Lion City Exports Pte Ltd',
  origin: place('SGSIN', 'Singapore', 'Asia/Singapore'),
  destination: place('INNSA', 'Nhava Sheva', 'Asia/Kolkata'),
  carrier: 'Oceanic Lines',
  carrierBookingRef: null,
  containers: [],
  etd: null,
  eta: null,
  plannedSailing: null,
  cutoff: null,
  originalEta: null,
  since: '2026-11-24T02:00:00.000Z',
  documentsToReview: 0,
  ...over,
})
const counts = { received: 3, documents: 1, eta: 0, hold: 2 }
const firstPage: OpsQueueResponse = {
  items: [row('ESB-2026000001'), row('ESB-2026000002')],
  counts,
  next: 'cursor-1',
}
const lastPage: OpsQueueResponse = { items: [row('ESB-2026000003')], counts, next: null }

const queueSerializer = (snapshot: Snapshot, event?: EventObject, previous?: Snapshot) => {
  const c = snapshot.context
  return JSON.stringify([
    previous?.value,
    event?.type,
    snapshot.value,
    c.queue,
    c.applied,
    c.draft.origin,
    c.items.length,
    c.next,
    c.stale,
    Boolean(c.message),
    Boolean(c.moreMessage),
  ])
}

const written: unknown[] = []

modelSuite('operations queue', opsQueueMachine, {
  promises: ['loadQueue'],
  provide: { actions: { queryChanged: (_: unknown, view: unknown) => written.push(view) } },
  events: [
    { type: 'xstate.done.actor.loadQueue', output: firstPage },
    { type: 'xstate.done.actor.loadQueue', output: lastPage },
    { type: 'xstate.error.actor.loadQueue', error: { status: 500, message: 'Server error.' } },
    { type: 'queue.changed', queue: 'documents' },
    { type: 'queue.changed', queue: 'received' },
    { type: 'filter.changed', field: 'origin', value: 'sgsin' },
    { type: 'filter.changed', field: 'origin', value: 'Singapore!' },
    { type: 'filter.blurred', field: 'origin' },
    { type: 'filters.applied' },
    { type: 'filters.cleared' },
    { type: 'url.changed', view: { queue: 'hold', filters: { ...noOpsFilters, q: 'MSCU' } } },
    { type: 'booking.changed' },
    { type: 'user.more' },
    { type: 'user.retry' },
  ],
  inputs: [undefined],
  serializeState: queueSerializer,
  states: opsQueueStates,
  // Pages are answered in order (the first, then the last); the tabs and the address are explored from the
  // first view, the filters from the received queue.
  filterEvents: (snapshot, event) => {
    const c = snapshot.context
    const e = event as EventObject & Record<string, unknown>
    if (e.type === 'xstate.done.actor.loadQueue')
      return snapshot.matches({ ready: 'loadingMore' }) ? e.output === lastPage : e.output === firstPage
    if (e.type === 'queue.changed' || e.type === 'url.changed')
      return c.applied.origin === '' && c.stale === false && c.items.length <= 2
    const plain = !c.stale && !c.message && !c.moreMessage && c.items.length <= 2
    if (e.type === 'filter.changed') return c.queue === 'received' && c.draft.origin !== e.value && plain
    if (e.type === 'filter.blurred' || e.type === 'filters.applied' || e.type === 'filters.cleared')
      return c.queue === 'received' && plain
    return true
  },
  check: (actor, step, before, answered) => {
    const after = actor.getSnapshot() as Snapshot
    const event = step.event as EventObject & Record<string, unknown>
    // One request at a time; every page read is of the view shown (queue and filters applied).
    if (event.type === 'xstate.done.actor.loadQueue' || event.type === 'xstate.error.actor.loadQueue') {
      const query = ((answered?.input ?? {}) as { query: Record<string, string> }).query
      expect(query.queue).toBe(before.context.queue)
      expect(query.origin ?? '').toBe(before.context.applied.origin)
      if (before.matches({ ready: 'loadingMore' })) expect(query.after).toBe(before.context.next)
      else expect(query.after).toBeUndefined()
    }
    // A filter the schema refuses is never applied.
    expect(Object.keys(opsFilterErrors(after.context.applied))).toEqual([])
    // "Show more" appends; a refresh and a failed page keep the rows shown.
    if (event.type === 'xstate.done.actor.loadQueue' && before.matches({ ready: 'loadingMore' })) {
      expect(after.context.items.slice(0, before.context.items.length)).toEqual(before.context.items)
      expect(after.context.items.length).toBe(before.context.items.length + lastPage.items.length)
    }
    if (event.type === 'xstate.error.actor.loadQueue' && before.matches('ready')) {
      expect(after.context.items).toEqual(before.context.items)
      expect(after.context.message ?? after.context.moreMessage).toBeTruthy()
    }
    if (event.type === 'booking.changed' && after.matches({ ready: 'refreshing' }))
      expect(after.context.items).toEqual(before.context.items)
    // A change that comes while a page is on its way reads the view again after it.
    if (before.context.stale && event.type.startsWith('xstate.') && after.matches('ready'))
      expect(after.matches({ ready: 'refreshing' })).toBe(true)
    if (after.matches('failed')) expect(after.context.message).toBeTruthy()
    // The counts shown are those of the last answer.
    if (event.type === 'xstate.done.actor.loadQueue') expect(after.context.counts).toEqual(counts)
  },
})

describe('operations queue', () => {
  it('writes the queue and the filters to the address, and reads them back', async () => {
    written.length = 0
    const { actors, pending } = controllablePromises(['loadQueue'])
    const actor = createActor(
      opsQueueMachine.provide({
        actors,
        actions: { queryChanged: (_: unknown, view: unknown) => written.push(view) },
      }),
      { input: { view: opsViewOf({ queue: 'documents', mode: 'FCL', q: 'CSQU', junk: 'x' }) } },
    ).start()
    expect(((pending.get('loadQueue')?.input ?? {}) as { query: unknown }).query).toEqual({
      queue: 'documents',
      mode: 'FCL',
      q: 'CSQU',
      limit: String(OPS_PAGE_SIZE),
    })
    pending.get('loadQueue')?.resolve(firstPage)
    pending.delete('loadQueue')
    await settle()
    actor.send({ type: 'filter.changed', field: 'etdFrom', value: '1 Dec' })
    actor.send({ type: 'filters.applied' })
    // Refused as typed, with the schema's message; nothing is read.
    expect(pending.has('loadQueue')).toBe(false)
    expect(actor.getSnapshot().context.errors.etdFrom).toEqual(['Must be a date, YYYY-MM-DD.'])
    expect(actor.getSnapshot().context.shown.etdFrom).toBe(true)
    actor.send({ type: 'filter.changed', field: 'etdFrom', value: '2026-12-01' })
    actor.send({ type: 'filter.changed', field: 'origin', value: 'sgsin' })
    actor.send({ type: 'filters.applied' })
    expect(written.at(-1)).toEqual({
      queue: 'documents',
      filters: { ...noOpsFilters, mode: 'FCL', q: 'CSQU', etdFrom: '2026-12-01', origin: 'sgsin' },
    })
    expect(
      ((pending.get('loadQueue')?.input ?? {}) as { query: Record<string, string> }).query,
    ).toMatchObject({
      etdFrom: '2026-12-01',
      origin: 'sgsin',
    })
    actor.stop()
  })

  it('reads as many rows as are shown when a booking changes', async () => {
    const { actors, pending } = controllablePromises(['loadQueue'])
    const actor = createActor(opsQueueMachine.provide({ actors }), { input: undefined }).start()
    const many = Array.from({ length: 70 }, (_, i) => row(`ESB-20260001${String(i).padStart(2, '0')}`))
    pending.get('loadQueue')?.resolve({ items: many, counts, next: null })
    pending.delete('loadQueue')
    await settle()
    actor.send({ type: 'booking.changed' })
    expect(((pending.get('loadQueue')?.input ?? {}) as { query: Record<string, string> }).query.limit).toBe(
      '70',
    )
    expect(opsQueueQuery({ queue: 'eta', filters: noOpsFilters }, { after: 'x' })).toEqual({
      queue: 'eta',
      after: 'x',
      limit: '50',
    })
    actor.stop()
  })
})

/* ---------------------------------------------------------------- a booking */

const uploaded: DocumentItem = {
  kind: 'commercial_invoice',
  name: 'Commercial invoice',
  required: true,
  dueDate: '2026-11-17',
  status: 'Uploaded',
  reason: null,
  overdue: false,
  files: [
    {
      id: 'f9',
      name: 'invoice.pdf',
      size: 40_000,
      contentType: 'application/pdf',
      uploadedAt: '2026-11-06T02:00:00Z',
      status: 'Uploaded',
      reason: null,
      uploadedBy: 'Priya Tan',
    },
  ],
}

const gateIn: DeskEvent = {
  eventID: '3f0c7b52-3d0e-4c35-9f43-8d8e8d9c0a11',
  eventType: 'EQUIPMENT',
  code: 'GTIN',
  classifier: 'ACT',
  eventDateTime: '2026-11-18T02:00:00Z',
  location: place('SGSIN', 'Singapore', 'Asia/Singapore'),
  vesselName: null,
  voyage: null,
  flight: null,
  container: 'CSQU3054383',
  reason: null,
  postedBy: 'Nur Aziz',
}

const received: OpsBookingDetail = {
  booking: {
    ...detail,
    status: 'Booking Received',
    hbl: null,
    legs: [],
    documents: [uploaded, ...documents.slice(1, 3)],
  },
  company: { id: 3, name: 'Lion City Exports Pte Ltd' },
  bookedBy: { name: 'Tan Wei', email: 'tan.wei@example.com' },
  carrierBookingRef: null,
  containers: [],
  cutoffs: { cargo: null, documents: null, vgm: null },
  originalEta: null,
  events: [],
  containersBooked: 2,
  quotedTransshipment: null,
}
const confirmed: OpsBookingDetail = {
  ...received,
  booking: { ...received.booking, status: 'Confirmed', hbl: 'ESHBL2026000001', legs: detail.legs },
  carrierBookingRef: 'MAEU240011',
  containers: ['CSQU3054383'],
  events: [gateIn],
}

/** What the staff location search finds for "mundra": a port off the route, and one of it. */
const mundra: Place = {
  code: 'INMUN',
  kind: 'port',
  name: 'Mundra',
  city: 'Mundra',
  country_code: 'IN',
  country_name: 'India',
  time_zone: 'Asia/Kolkata',
}
const nhavaSheva: Place = {
  code: 'INNSA',
  kind: 'port',
  name: 'Nhava Sheva',
  city: 'Navi Mumbai',
  country_code: 'IN',
  country_name: 'India',
  time_zone: 'Asia/Kolkata',
}

const bookingNames = [
  'loadBooking',
  'confirmBooking',
  'postMilestone',
  'act',
  'requestDocument',
  'loadPreview',
  'searchPlaces',
] as const
const changes = ['loadBooking', 'confirmBooking', 'postMilestone', 'act', 'requestDocument'] as const

/** The confirm form typed in this order, one value at a time; `containers.0` first wrong, then right. */
const confirmTyping: [string, string][] = [
  ['carrierBookingRef', 'MAEU240011'],
  ['vesselName', 'MAERSK SELETAR'],
  ['voyage', '245W'],
  ['etd', '2026-11-20T18:00'],
  ['eta', '2026-11-29T09:30'],
  ['containers.0', 'CSQU3054384'],
  ['containers.0', 'CSQU 305438-3'],
]
const typed = (values: ConfirmValues, [field, value]: [string, string]) =>
  field === 'containers.0' ? values.containers[0] === value : (values as never)[field] === value

const bookingSerializer = (snapshot: Snapshot, event?: EventObject, previous?: Snapshot) => {
  const c = snapshot.context
  const empty = (errors: object) => Object.keys(errors).length === 0
  return JSON.stringify([
    previous?.value,
    event?.type,
    snapshot.value,
    c.detail?.booking.status ?? null,
    confirmTyping.filter((one) => typed(c.confirm.values, one)).length,
    empty(c.confirm.errors),
    c.milestone.values.localTime !== '',
    c.milestone.values.eventType,
    empty(c.milestone.errors),
    c.placeSearch.milestone.text,
    c.placeSearch.milestone.place?.code ?? null,
    c.lookup.found.length,
    c.request.values.dueDate !== '',
    empty(c.request.errors),
    c.pending && [c.pending.action, c.pending.reason.length > 3, Boolean(c.pending.error)],
    c.previewing !== null,
    c.preview !== null,
    c.stale,
    Boolean(c.notice),
    Boolean(c.message),
  ])
}

/**
 * What the paths explore, one thing at a time (interleavings multiply the paths without showing anything new):
 * the confirm form is typed into the received booking, in order, before anything else is done to it; the
 * milestone and request forms, the dialogs and the previews only on the confirmed booking, each from a page
 * where nothing else is under way.
 */
function bookingFilter(snapshot: Snapshot, event: EventObject): boolean {
  const c = snapshot.context
  const e = event as EventObject & Record<string, unknown>
  const status = c.detail?.booking.status
  const typedCount = confirmTyping.filter((one) => typed(c.confirm.values, one)).length
  // The milestone's place is the origin until the type-ahead is used.
  const placeTouched =
    c.detail !== null &&
    (c.placeSearch.milestone.place?.code !== c.detail.booking.origin.code || c.lookup.form !== null)
  const timeTouched = c.milestone.values.localTime !== '' || c.milestone.values.eventType !== 'EQUIPMENT'
  const milestoneTouched = timeTouched || placeTouched
  const looking = !snapshot.matches({ ready: { lookup: 'idle' } })
  const requestTouched = c.request.values.dueDate !== ''
  const quiet =
    c.pending === null && c.previewing === null && !milestoneTouched && !requestTouched && !c.stale
  // A booking read again is as it was (the chart's own moves are the server's to make).
  if (e.type === 'xstate.done.actor.loadBooking')
    return (
      snapshot.matches('loading') ||
      (snapshot.matches({ ready: { work: 'reloading' } }) &&
        (e.output as OpsBookingDetail).booking.status === status)
    )
  if (e.type === 'field.changed' && e.form === 'confirm' && e.field === 'voyage' && e.value === '999X')
    return snapshot.matches({ ready: { work: 'confirming' } })
  if (e.type === 'field.changed' && e.form === 'confirm') {
    if (status !== 'Booking Received' || c.pending !== null || c.previewing !== null || c.stale) return false
    const next = confirmTyping.find((one) => !typed(c.confirm.values, one))
    const wrongDone = c.confirm.values.containers[0] !== ''
    const expected = wrongDone && next?.[0] === 'containers.0' ? confirmTyping[6] : next
    return expected !== undefined && e.field === expected[0] && e.value === expected[1]
  }
  if (e.type === 'field.blurred') return status === 'Booking Received' && typedCount === 0 && quiet
  if (e.type === 'form.submitted' && e.form === 'confirm')
    return status === 'Booking Received' && (typedCount === 0 || typedCount >= 6) && !c.stale
  const said = Boolean(c.notice || c.message)
  // The place search: on the confirmed booking before the rest of the milestone is typed (and while one is
  // posted, which keeps the place sent); a place is chosen only from what the type-ahead offers.
  if (e.type === 'place.typed' || e.type === 'place.chosen') {
    if (e.form !== 'milestone') return false
    if (snapshot.matches({ ready: { work: 'posting' } })) return !looking
    const open =
      status === 'Confirmed' &&
      snapshot.matches({ ready: { work: 'idle' } }) &&
      c.pending === null &&
      c.previewing === null &&
      !requestTouched &&
      !timeTouched &&
      !c.stale &&
      !said
    if (!open) return false
    if (e.type === 'place.typed') return e.text !== c.placeSearch.milestone.text
    const offered = placeSuggestions(c, 'milestone').some((one) => one.code === (e.place as Place).code)
    return offered && (e.place as Place).code !== c.placeSearch.milestone.place?.code
  }
  if (e.type === 'field.changed' && e.form === 'milestone')
    return (
      looking === false &&
      status === 'Confirmed' &&
      c.pending === null &&
      c.previewing === null &&
      !requestTouched &&
      !c.stale &&
      !said
    )
  if (e.type === 'form.submitted' && e.form === 'milestone')
    return (
      !looking && status === 'Confirmed' && !requestTouched && c.pending === null && c.previewing === null
    )
  if (e.type === 'field.changed' && e.form === 'request')
    return (
      status === 'Confirmed' &&
      c.pending === null &&
      c.previewing === null &&
      !milestoneTouched &&
      !c.stale &&
      !said
    )
  if (e.type === 'form.submitted' && e.form === 'request')
    return status === 'Confirmed' && !milestoneTouched && c.pending === null && c.previewing === null
  if (e.type === 'action.requested') return status === 'Confirmed' && quiet && !c.notice && !c.message
  if (e.type === 'reason.changed' || e.type === 'action.confirmed' || e.type === 'action.dismissed')
    return c.previewing === null
  if (e.type === 'preview.opened' || e.type === 'preview.closed')
    return (
      status === 'Booking Received' &&
      typedCount === 0 &&
      c.pending === null &&
      !c.stale &&
      !c.notice &&
      !c.message
    )
  if (e.type === 'booking.changed')
    return (
      c.previewing === null &&
      !c.notice &&
      (status !== 'Booking Received' || typedCount === 0 || typedCount >= 6) &&
      (snapshot.matches({ ready: { work: 'idle' } }) ? !milestoneTouched && !requestTouched : true)
    )
  return true
}

const revoked: (string | null)[] = []

const bookingOptions: ModelSuiteOptions = {
  promises: bookingNames,
  provide: { actions: { revokeUrl: (_: unknown, url: string | null) => revoked.push(url) } },
  events: [
    { type: 'xstate.done.actor.loadBooking', output: received },
    { type: 'xstate.done.actor.loadBooking', output: confirmed },
    { type: 'xstate.error.actor.loadBooking', error: { status: 404, message: 'Booking not found.' } },
    { type: 'xstate.error.actor.loadBooking', error: { status: 500 } },
    { type: 'user.retry' },
    { type: 'booking.changed' },
    ...confirmTyping.map(([field, value]) => ({ type: 'field.changed', form: 'confirm', field, value })),
    { type: 'field.changed', form: 'confirm', field: 'voyage', value: '999X' },
    { type: 'field.blurred', form: 'confirm', field: 'etd' },
    { type: 'form.submitted', form: 'confirm' },
    { type: 'xstate.done.actor.confirmBooking', output: {} },
    {
      type: 'xstate.error.actor.confirmBooking',
      error: {
        status: 422,
        message: 'Invalid.',
        errors: { 'containers.0': [containerMessages.checkDigit('CSQU3054384', 3)] },
      },
    },
    { type: 'xstate.error.actor.confirmBooking', error: { status: 409, message: 'Not possible.' } },
    { type: 'field.changed', form: 'milestone', field: 'localTime', value: '2026-11-21T08:00' },
    { type: 'field.changed', form: 'milestone', field: 'eventType', value: 'TRANSPORT' },
    { type: 'form.submitted', form: 'milestone' },
    { type: 'xstate.done.actor.postMilestone', output: {} },
    {
      type: 'xstate.error.actor.postMilestone',
      error: { status: 422, message: 'Invalid.', errors: { location: ['Unknown location.'] } },
    },
    { type: 'xstate.error.actor.postMilestone', error: { status: 0 } },
    { type: 'place.typed', form: 'milestone', text: 'm' },
    { type: 'place.typed', form: 'milestone', text: 'mundra' },
    { type: 'xstate.done.actor.searchPlaces', output: [nhavaSheva, mundra] },
    { type: 'xstate.error.actor.searchPlaces', error: { status: 0 } },
    { type: 'place.chosen', form: 'milestone', place: mundra },
    { type: 'field.changed', form: 'request', field: 'dueDate', value: '2099-01-10' },
    { type: 'form.submitted', form: 'request' },
    { type: 'xstate.done.actor.requestDocument', output: {} },
    { type: 'xstate.error.actor.requestDocument', error: { status: 409, message: 'Cancelled.' } },
    {
      type: 'xstate.error.actor.requestDocument',
      error: { status: 422, message: 'Invalid.', errors: { dueDate: [requestMessages.pastDate] } },
    },
    { type: 'action.requested', action: 'hold' },
    { type: 'action.requested', action: 'release' },
    { type: 'action.requested', action: 'retract', target: gateIn.eventID },
    { type: 'action.requested', action: 'accept', target: 'f9' },
    { type: 'reason.changed', value: 'No' },
    { type: 'reason.changed', value: 'Awaiting the shipper’s payment' },
    { type: 'action.confirmed' },
    { type: 'action.dismissed' },
    { type: 'xstate.done.actor.act', output: {} },
    { type: 'xstate.error.actor.act', error: { status: 409, message: 'Not possible while …' } },
    {
      type: 'xstate.error.actor.act',
      error: { status: 422, message: 'Invalid.', errors: { reason: ['Give the reason.'] } },
    },
    { type: 'preview.opened', fileId: 'f9', name: 'invoice.pdf' },
    { type: 'preview.closed' },
    { type: 'xstate.done.actor.loadPreview', output: { url: 'blob:f9', contentType: 'application/pdf' } },
    { type: 'xstate.error.actor.loadPreview', error: { status: 404, message: 'Document not found.' } },
  ],
  inputs: [{ number: received.booking.number }],
  serializeState: bookingSerializer,
  states: opsBookingStates,
  // The confirm form is typed only into the received booking, in order; the milestone form only into the
  // confirmed one; the request form, dialogs and previews once the booking is shown and nothing else is typed.
  filterEvents: (snapshot, event) => bookingFilter(snapshot, event),
  check: (actor, step, before, answered) => {
    const after = actor.getSnapshot() as Snapshot
    const event = step.event as EventObject & Record<string, unknown>
    const started = (id: string) => after.children[id] !== undefined && before.children[id] === undefined
    // One change at a time.
    expect(changes.filter((id) => after.children[id]).length).toBeLessThanOrEqual(1)
    // Nothing is sent that the chart, the schema or the person did not allow.
    if (started('confirmBooking')) {
      expect(chartAllows(before.context.detail, 'ops.confirm')).toBe(true)
      expect(after.context.confirm.errors).toEqual({})
      const body = toConfirm(after.context.confirm.values, 'FCL').body
      expect(deskConfirmSchema.safeParse(body).success).toBe(true)
      expect(body.containers).toEqual(['CSQU 305438-3'])
    }
    if (started('postMilestone')) {
      expect(before.context.detail?.booking.hbl).toBeTruthy()
      expect(after.context.milestone.errors).toEqual({})
      // The place sent is the one chosen from the type-ahead.
      expect(after.context.milestone.values.location).toBe(after.context.placeSearch.milestone.place?.code)
    }
    // The search asks the staff endpoint for what is typed, once the pause has passed.
    if (started('searchPlaces')) {
      expect(event.type).toMatch(/^xstate\.after\.lookup\./)
      const typedText = after.context.placeSearch.milestone.text
      expect(typedText.trim().length).toBeGreaterThanOrEqual(2)
    }
    if (event.type === 'xstate.done.actor.searchPlaces') {
      expect(answered?.input).toEqual({ q: before.context.placeSearch.milestone.text.trim(), mode: 'FCL' })
      // The route's places that fit come first, then what was found.
      const offered = placeSuggestions(after.context, 'milestone').map((one) => one.code)
      const route = routePlaces(after.context.detail).map((one) => one.code)
      expect(offered.slice(0, offered.length - 1).every((code) => route.includes(code))).toBe(true)
      expect(offered.at(-1)).toBe('INMUN')
    }
    if (event.type === 'xstate.error.actor.searchPlaces')
      expect(placeSuggestions(after.context, 'milestone').every((one) => one.code !== 'INMUN')).toBe(true)
    const sending = before.matches({ ready: { work: 'posting' } })
    if (event.type === 'place.typed' || event.type === 'place.chosen') {
      if (sending) {
        // What is on its way stays as it was sent.
        expect(after.context.placeSearch).toEqual(before.context.placeSearch)
        expect(after.context.milestone.values).toEqual(before.context.milestone.values)
      } else if (event.type === 'place.typed') {
        // Typing is not choosing: nothing is sent until a place of the list is chosen.
        expect(after.context.milestone.values.location).toBe('')
        expect(after.context.milestone.errors.location).toEqual([placeMessages.choose])
        expect(after.context.placeSearch.milestone.text).toBe(event.text)
      } else {
        const chosen = event.place as Place
        expect(after.context.milestone.values.location).toBe(chosen.code)
        expect(after.context.placeSearch.milestone).toEqual({ text: placeLabel(chosen), place: chosen })
        expect(after.context.milestone.errors.location).toBeUndefined()
      }
    }
    if (started('act')) {
      const pending = after.context.pending
      expect(mayAct(before.context.detail, pending.action, pending.target)).toBe(true)
      if (reasonActions.includes(pending.action)) {
        expect(event.type).toBe('action.confirmed')
        expect(pending.reason.trim().length).toBeGreaterThanOrEqual(3)
      } else expect(event.type).toBe('action.requested')
    }
    // A retry posts the same event id; a success makes a new one.
    if (event.type === 'xstate.done.actor.postMilestone') {
      const sent = answered?.input as { body: { eventID: string } }
      expect(deskMilestoneSchema.safeParse(sent.body).success).toBe(true)
      expect(sent.body.eventID).toBe(before.context.eventID)
      expect(after.context.eventID).not.toBe(before.context.eventID)
    }
    if (event.type === 'xstate.error.actor.postMilestone') {
      expect(after.context.eventID).toBe(before.context.eventID)
      expect(after.context.milestone.values).toEqual(before.context.milestone.values)
      expect(after.context.placeSearch).toEqual(before.context.placeSearch)
    }
    // A refused change keeps what was typed and says why (under the field when the server names it).
    for (const [id, form] of [
      ['confirmBooking', 'confirm'],
      ['postMilestone', 'milestone'],
      ['requestDocument', 'request'],
    ] as const) {
      if (event.type === `xstate.error.actor.${id}`) {
        expect(after.context[form].values).toEqual(before.context[form].values)
        expect(after.context.message).toBeTruthy()
        for (const path of Object.keys((event.error as { errors?: object }).errors ?? {}))
          expect(after.context[form].shown[path]).toBe(true)
      }
      if (event.type === `xstate.done.actor.${id}`) {
        expect(after.context.notice).toBeTruthy()
        expect(after.matches({ ready: { work: 'reloading' } })).toBe(true)
      }
    }
    if (event.type === 'xstate.done.actor.act') {
      expect(after.context.notice).toBe(opsNotices[before.context.pending.action as 'hold'])
      expect(after.matches({ ready: { work: 'reloading' } })).toBe(true)
    }
    if (event.type === 'xstate.error.actor.act') {
      const status = (event.error as { status: number }).status
      if (status === 422 && reasonActions.includes(before.context.pending.action)) {
        expect(after.matches({ ready: { work: 'asking' } })).toBe(true)
        expect(after.context.pending.reason).toBe(before.context.pending.reason)
        expect(after.context.pending.error).toBe('Give the reason.')
      } else {
        expect(after.context.message).toBeTruthy()
        expect(after.context.pending).toBeNull()
      }
    }
    // A reason too short is said in the dialog, and nothing is sent.
    if (event.type === 'action.confirmed' && !after.children.act)
      expect(after.context.pending.error).toBeTruthy()
    // A submit that sends nothing shows every message of its form.
    if (event.type === 'form.submitted' && !changes.some((id) => after.children[id])) {
      const form = after.context[event.form as 'confirm']
      for (const path of Object.keys(form.errors)) expect(form.shown[path]).toBe(true)
    }
    // The container number is checked as typed, with the contract's message.
    if (event.type === 'field.changed' && event.value === 'CSQU3054384')
      expect(after.context.confirm.errors['containers.0']).toEqual([
        containerMessages.checkDigit('CSQU3054384', 3),
      ])
    // The carrier comes from the booking.
    if (event.type === 'xstate.done.actor.loadBooking' && before.context.detail === null)
      expect(after.context.confirm.values.carrier).toBe(received.booking.carrier)
    // Once the booking is shown, a failure to read it again keeps it on screen.
    if (event.type === 'xstate.error.actor.loadBooking' && before.matches('ready'))
      expect(after.context.detail).toBe(before.context.detail)
    if (after.matches('failed')) expect(after.context.message).toBeTruthy()
    // A preview's blob URL is given back when another replaces it or it is closed.
    if (before.context.preview && !after.context.preview)
      expect(revoked).toContain(before.context.preview.url)
  },
}
modelSuite('operations booking', opsBookingMachine, bookingOptions)

describe('operations booking', () => {
  async function ready(booking: OpsBookingDetail) {
    const { actors, pending } = controllablePromises(bookingNames)
    const actor = createActor(opsBookingMachine.provide({ actors }), {
      input: { number: booking.booking.number },
    }).start()
    pending.get('loadBooking')?.resolve(booking)
    pending.delete('loadBooking')
    await settle()
    return { actor, pending }
  }

  it('offers one container input per booked container, checks each as typed and sends only those given', async () => {
    const { actor } = await ready(received)
    const { values } = actor.getSnapshot().context.confirm
    expect(values.containers).toEqual(['', ''])
    expect(values.carrier).toBe('Oceanic Lines')
    const typedValues: ConfirmValues = {
      ...values,
      carrierBookingRef: 'maeu240011',
      vesselName: 'MAERSK SELETAR',
      voyage: '245W',
      etd: '2026-11-20T18:00',
      eta: '2026-11-20T09:00',
      cargoCutoff: '2026-11-21T12:00',
      containers: ['', 'MSCU1234567'],
    }
    const errors = confirmErrors(typedValues, 'FCL')
    // Wall-clock times in two zones: the server compares the ETA with the ETD as instants.
    expect(errors.eta).toBeUndefined()
    expect(errors.cargoCutoff).toEqual([confirmMessages.cutoffBeforeEtd])
    // The second input's message stays under the second input, though only one number is sent.
    expect(errors['containers.1']?.[0]).toMatch(/check digit/)
    expect(errors['containers.0']).toBeUndefined()
    expect(toConfirm({ ...typedValues, containers: ['', 'CSQU3054383'] }, 'FCL').body.containers).toEqual([
      'CSQU3054383',
    ])
  })

  it('starts the confirm form from the quoted plan, still editable; a field cleared stays clear when read again', async () => {
    const colombo: Place = {
      code: 'LKCMB',
      kind: 'port',
      name: 'Colombo',
      city: 'Colombo',
      country_code: 'LK',
      country_name: 'Sri Lanka',
      time_zone: 'Asia/Colombo',
    }
    const quoted = { ...received, quotedTransshipment: colombo }
    const { actor, pending } = await ready(quoted)
    const { values } = actor.getSnapshot().context.confirm
    // The fixture's plan: ETD 20 Nov, ETA 29 Nov, cargo cut-off 18 Nov, documents 17 Nov; days, at noon there.
    expect(values).toMatchObject({
      etd: '2026-11-20T12:00',
      eta: '2026-11-29T12:00',
      cargoCutoff: '2026-11-18T12:00',
      documentsCutoff: '2026-11-17T12:00',
      vgmCutoff: '',
      transshipment: 'LKCMB',
    })
    expect(actor.getSnapshot().context.placeSearch.confirm).toEqual({
      text: placeLabel(colombo),
      place: colombo,
    })
    expect(confirmErrors(values, 'FCL').etd).toBeUndefined()
    // Edited and cleared; a change elsewhere reads the booking again and keeps both.
    actor.send({ type: 'field.changed', form: 'confirm', field: 'etd', value: '2026-11-21T18:00' })
    actor.send({ type: 'field.changed', form: 'confirm', field: 'cargoCutoff', value: '' })
    actor.send({ type: 'booking.changed' })
    pending.get('loadBooking')?.resolve(quoted)
    await settle()
    expect(actor.getSnapshot().context.confirm.values).toMatchObject({
      etd: '2026-11-21T18:00',
      cargoCutoff: '',
    })
    // A booking without a plan starts blank; a cut-off on the ETD's own day has no hour to go before it.
    const unplanned = await ready({ ...received, booking: { ...received.booking, plannedSailing: null } })
    expect(unplanned.actor.getSnapshot().context.confirm.values).toMatchObject({
      etd: '',
      eta: '',
      transshipment: '',
    })
    const sameDay = quotedConfirm({
      ...received,
      booking: {
        ...received.booking,
        plannedSailing: { ...(received.booking.plannedSailing as Sailing), cargoCutoff: '2026-11-20' },
      },
    })
    expect(sameDay).toMatchObject({ cargoCutoff: '', documentsCutoff: '2026-11-17T12:00' })
  })

  it('asks an air booking for the flight, not a vessel, and no VGM cut-off or containers', () => {
    const values: ConfirmValues = {
      ...emptyConfirm,
      carrier: 'Singapore Airlines Cargo',
      carrierBookingRef: '618-12345675',
      vesselName: 'SHOULD NOT GO',
      etd: '2026-11-20T18:00',
      eta: '2026-11-21T02:00',
      vgmCutoff: '2026-11-19T10:00',
      containers: ['CSQU3054383'],
    }
    expect(confirmErrors(values, 'AIR').flight).toEqual([confirmMessages.vesselOrFlight])
    const { body } = toConfirm({ ...values, flight: 'SQ7372' }, 'AIR')
    expect(body).toEqual({
      carrier: 'Singapore Airlines Cargo',
      carrierBookingRef: '618-12345675',
      flight: 'SQ7372',
      etd: '2026-11-20T18:00',
      eta: '2026-11-21T02:00',
      containers: [],
    })
  })

  it('offers hold, release and cancel as the booking chart allows them', () => {
    expect(mayAct(received, 'hold', null)).toBe(true)
    expect(mayAct(received, 'release', null)).toBe(false)
    expect(mayAct(received, 'cancel', null)).toBe(true)
    const departed = { ...confirmed, booking: { ...confirmed.booking, status: 'Departed' as const } }
    expect(mayAct(departed, 'cancel', null)).toBe(false)
    const held = {
      ...confirmed,
      booking: { ...confirmed.booking, status: 'On Hold' as const, heldFrom: 'Confirmed' as const },
    }
    expect(mayAct(held, 'release', null)).toBe(true)
    expect(mayAct(held, 'hold', null)).toBe(false)
    expect(chartAllows(received, 'ops.confirm')).toBe(true)
    expect(chartAllows(confirmed, 'ops.confirm')).toBe(false)
    // Only a file not reviewed yet is accepted or rejected.
    expect(mayAct(received, 'accept', 'f9')).toBe(true)
    expect(mayAct(received, 'reject', 'f1')).toBe(false)
  })

  it('rejects a file with the reason typed in its dialog', async () => {
    const { actor, pending } = await ready(received)
    actor.send({ type: 'action.requested', action: 'reject', target: 'f9' })
    actor.send({ type: 'reason.changed', value: 'The invoice is not signed.' })
    actor.send({ type: 'action.confirmed' })
    expect(pending.get('act')?.input).toEqual({
      number: received.booking.number,
      action: 'reject',
      target: 'f9',
      reason: 'The invoice is not signed.',
    })
    pending.get('act')?.resolve({})
    await settle()
    expect(actor.getSnapshot().context.notice).toBe(opsNotices.reject)
    expect(actor.getSnapshot().context.pending).toBeNull()
  })

  it('keeps the milestone typed and its event id when the post fails, then posts it again', async () => {
    const { actor, pending } = await ready(confirmed)
    expect(actor.getSnapshot().context.milestone.values).toMatchObject({
      location: 'SGSIN',
      vesselName: 'MAERSK SELETAR',
      voyage: '245W',
      code: 'GTIN',
    })
    actor.send({ type: 'field.changed', form: 'milestone', field: 'code', value: 'LOAD' })
    actor.send({ type: 'field.changed', form: 'milestone', field: 'localTime', value: '2026-11-20T08:00' })
    actor.send({ type: 'field.changed', form: 'milestone', field: 'container', value: 'CSQU3054383' })
    actor.send({ type: 'form.submitted', form: 'milestone' })
    const first = pending.get('postMilestone')?.input as { body: { eventID: string } }
    pending.get('postMilestone')?.reject({ status: 0 })
    pending.delete('postMilestone')
    await settle()
    expect(actor.getSnapshot().context.message).toBe(messages.generic)
    actor.send({ type: 'form.submitted', form: 'milestone' })
    const again = pending.get('postMilestone')?.input as { body: Record<string, unknown> }
    expect(again.body).toEqual({ ...first.body })
    expect(again.body).toMatchObject({
      eventType: 'EQUIPMENT',
      code: 'LOAD',
      classifier: 'ACT',
      location: 'SGSIN',
      localTime: '2026-11-20T08:00',
      container: 'CSQU3054383',
    })
    pending.get('postMilestone')?.resolve({})
    await settle()
    expect(actor.getSnapshot().context.notice).toBe('Loaded posted.')
    expect(actor.getSnapshot().context.eventID).not.toBe(first.body.eventID)
  })
})

describe('operations booking: the place search', () => {
  async function ready(booking: OpsBookingDetail) {
    const clock = new SimulatedClock()
    const { actors, pending } = controllablePromises(bookingNames)
    const actor = createActor(opsBookingMachine.provide({ actors }), {
      input: { number: booking.booking.number },
      clock,
    }).start()
    pending.get('loadBooking')?.resolve(booking)
    pending.delete('loadBooking')
    await settle()
    return { actor, pending, clock }
  }
  const offered = (actor: { getSnapshot: () => Snapshot }, form: 'milestone' | 'confirm') =>
    placeSuggestions(actor.getSnapshot().context, form).map((one) => one.code)

  it('starts at the origin, offers the route first and then what the staff search finds', async () => {
    const { actor, pending, clock } = await ready(confirmed)
    const { context } = actor.getSnapshot()
    expect(context.placeSearch.milestone.place).toMatchObject({
      code: 'SGSIN',
      country_name: 'Singapore',
      time_zone: 'Asia/Singapore',
    })
    expect(context.placeSearch.milestone.text).toBe('Singapore, Singapore (SGSIN)')
    // With the origin chosen, the list offers the whole route, origin first.
    expect(offered(actor, 'milestone')).toEqual(['SGSIN', 'LKCMB', 'INNSA'])
    // One letter narrows the route and asks nothing.
    actor.send({ type: 'place.typed', form: 'milestone', text: 'c' })
    clock.increment(LOOKUP_DELAY_MS)
    expect(pending.has('searchPlaces')).toBe(false)
    expect(offered(actor, 'milestone')).toEqual(['LKCMB'])
    // Two or more, after the pause: the staff search, whose places follow the route's (once each).
    actor.send({ type: 'place.typed', form: 'milestone', text: 'Nhava ' })
    clock.increment(LOOKUP_DELAY_MS - 1)
    expect(pending.has('searchPlaces')).toBe(false)
    clock.increment(1)
    expect(pending.get('searchPlaces')?.input).toEqual({ q: 'Nhava', mode: 'FCL' })
    pending.get('searchPlaces')?.resolve([nhavaSheva, mundra])
    pending.delete('searchPlaces')
    await settle()
    expect(offered(actor, 'milestone')).toEqual(['INNSA', 'INMUN'])
    // Typed, not chosen: refused as typed, and what was typed stays.
    actor.send({ type: 'field.changed', form: 'milestone', field: 'localTime', value: '2026-11-29T10:00' })
    actor.send({ type: 'form.submitted', form: 'milestone' })
    expect(pending.has('postMilestone')).toBe(false)
    expect(actor.getSnapshot().context.milestone.errors.location).toEqual([placeMessages.choose])
    expect(actor.getSnapshot().context.milestone.shown.location).toBe(true)
    expect(actor.getSnapshot().context.placeSearch.milestone.text).toBe('Nhava ')
    // Chosen: its code is sent, and its zone is the time's.
    actor.send({ type: 'place.chosen', form: 'milestone', place: mundra })
    expect(actor.getSnapshot().context.placeSearch.milestone.place?.time_zone).toBe('Asia/Kolkata')
    actor.send({ type: 'form.submitted', form: 'milestone' })
    expect(pending.get('postMilestone')?.input).toMatchObject({ body: { location: 'INMUN' } })
    // Refused by the server (a place it does not know): the choice and the text stay, the message shows.
    pending.get('postMilestone')?.reject({
      status: 422,
      message: 'Invalid.',
      errors: { location: ['Unknown location INMUN.'] },
    })
    pending.delete('postMilestone')
    await settle()
    const after = actor.getSnapshot().context
    expect(after.placeSearch.milestone).toEqual({ text: placeLabel(mundra), place: mundra })
    expect(after.milestone.errors.location).toEqual(['Unknown location INMUN.'])
    actor.stop()
  })

  it('asks for the place when the field is emptied, and drops a search overtaken by typing', async () => {
    const { actor, pending, clock } = await ready(confirmed)
    actor.send({ type: 'place.typed', form: 'milestone', text: 'mu' })
    clock.increment(LOOKUP_DELAY_MS)
    const first = pending.get('searchPlaces')
    actor.send({ type: 'place.typed', form: 'milestone', text: '' })
    first?.resolve([mundra])
    await settle()
    expect(offered(actor, 'milestone')).toEqual(['SGSIN', 'LKCMB', 'INNSA'])
    expect(actor.getSnapshot().context.milestone.errors.location).toEqual([placeMessages.missing])
    actor.stop()
  })

  it('takes an optional transshipment port from the search: blank, chosen, or refused when only typed', async () => {
    const { actor, pending } = await ready(received)
    for (const [field, value] of confirmTyping.slice(0, 5))
      actor.send({ type: 'field.changed', form: 'confirm', field, value })
    // No legs yet: the route offers no place between origin and destination.
    expect(offered(actor, 'confirm')).toEqual([])
    expect(routePlaces(confirmed, 'confirm').map((one) => one.code)).toEqual(['LKCMB'])
    actor.send({ type: 'place.typed', form: 'confirm', text: 'Colombo' })
    expect(actor.getSnapshot().context.confirm.errors.transshipment).toEqual([placeMessages.chooseOrBlank])
    actor.send({ type: 'form.submitted', form: 'confirm' })
    expect(pending.has('confirmBooking')).toBe(false)
    const colombo: Place = {
      code: 'LKCMB',
      kind: 'port',
      name: 'Colombo',
      city: 'Colombo',
      country_code: 'LK',
      country_name: 'Sri Lanka',
      time_zone: 'Asia/Colombo',
    }
    actor.send({ type: 'place.chosen', form: 'confirm', place: colombo })
    actor.send({ type: 'form.submitted', form: 'confirm' })
    const sent = pending.get('confirmBooking')?.input as { body: Record<string, unknown> }
    expect(sent.body.transshipment).toBe('LKCMB')
    // Emptied again: no transshipment, and no message.
    pending.get('confirmBooking')?.reject({ status: 0 })
    pending.delete('confirmBooking')
    await settle()
    actor.send({ type: 'place.typed', form: 'confirm', text: '' })
    expect(actor.getSnapshot().context.confirm.errors.transshipment).toBeUndefined()
    expect(toConfirm(actor.getSnapshot().context.confirm.values, 'FCL').body.transshipment).toBeUndefined()
    actor.stop()
  })
})
