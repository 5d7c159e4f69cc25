import { describe, expect, it, vi } from 'vitest'
import { type AnyMachineSnapshot, createActor, type EventObject, fromCallback, SimulatedClock } from 'xstate'
import {
  bookingMessages,
  documentMessages,
  MAX_UPLOAD_BYTES,
  trackingMessages,
} from '../../contract/bookings'
import { messages } from '../../contract/messages'
import { uploadProblem } from '../../contract/uploads'
import { bookingPageMachine } from '../../machines/booking-page.machine'
import { documentUploadMachine } from '../../machines/document-upload.machine'
import { myBookingsMachine, SEARCH_DELAY_MS } from '../../machines/my-bookings.machine'
import {
  PICKER_LIMIT,
  shipmentPickerMachine,
  trackableShipments,
} from '../../machines/shipment-picker.machine'
import { normaliseHbl, trackingMachine } from '../../machines/tracking.machine'
import { cancelled, detail, documents, summary, tracking } from '../fixtures/bookings'
import { controllablePromises } from './model'
import { modelSuite } from './model-suite'
import { bookingPageStates } from './states/booking-page'
import { documentUploadStates } from './states/document-upload'
import { myBookingsStates } from './states/my-bookings'
import { shipmentPickerStates } from './states/shipment-picker'
import { trackingStates } from './states/tracking'

const flush = () => new Promise((resolve) => setImmediate(resolve))

type Snapshot = AnyMachineSnapshot

/**
 * Vertices by (previous state, event, state) and what the guards read of the context, so every transition
 * is taken on some path without multiplying paths by free text or lists.
 */
const serializerOf =
  (guarded: (context: Snapshot['context']) => unknown) =>
  (snapshot: Snapshot, event: EventObject | undefined, previous?: Snapshot) =>
    JSON.stringify([previous?.value, event?.type, snapshot.value, guarded(snapshot.context)])

modelSuite('my bookings', myBookingsMachine, {
  promises: ['listBookings'],
  events: [
    { type: 'xstate.done.actor.listBookings', output: [summary] },
    { type: 'xstate.done.actor.listBookings', output: [] },
    { type: 'xstate.error.actor.listBookings', error: { status: 500 } },
    { type: 'filter.changed', filter: 'status', value: 'Confirmed' },
    { type: 'filter.changed', filter: 'mode', value: 'AIR' },
    { type: 'search.changed', q: 'ESHBL' },
    { type: 'whose.changed', mine: true },
    { type: 'whose.changed', mine: false },
  ],
  inputs: [undefined, { filters: { status: 'Departed', mode: 'FCL', q: '', mine: true } }],
  states: myBookingsStates,
  serializeState: serializerOf((c) => c.filters),
  // A list is shown for the filters shown: an answer for filters since changed is not taken for theirs.
  check: (actor, step, _before, answered) => {
    const after = actor.getSnapshot() as Snapshot
    // Mine / Everyone asks the server again at once, for that choice with the other filters kept.
    if (step.event.type === 'whose.changed') {
      expect(after.context.filters.mine).toBe((step.event as unknown as { mine: boolean }).mine)
      expect(after.value).toBe('loading')
    }
    if (step.event.type !== 'xstate.done.actor.listBookings') return
    expect(answered?.input).toEqual(after.context.filters)
  },
})

const pdf = { name: 'invoice.pdf', size: 20_000, type: 'application/pdf' }

modelSuite('document upload', documentUploadMachine, {
  promises: [],
  provide: {
    actors: { upload: fromCallback(() => {}) },
    actions: { reportUploaded: () => {}, reportDismissed: () => {} },
  },
  events: [
    { type: 'upload.progress', loaded: 5_000, total: 20_000 },
    { type: 'upload.progress', loaded: 20_000, total: 20_000 },
    { type: 'upload.succeeded', file: { ...documents[1]?.files[0], status: 'Uploaded', reason: null } },
    { type: 'upload.failed', error: { status: 415, message: documentMessages.badType } },
    { type: 'upload.failed', error: { status: 0 } },
    { type: 'user.dismiss' },
  ],
  inputs: [
    { id: 'upload-1', number: summary.number, kind: 'commercial_invoice', file: pdf },
    {
      id: 'upload-2',
      number: summary.number,
      kind: 'commercial_invoice',
      file: { name: 'big.pdf', size: 12 * 1024 * 1024 },
    },
  ],
  states: documentUploadStates,
  serializeState: serializerOf((c) => c.progress),
  // The bar never goes back and shows 100 only once the server has kept the file; a file the browser's
  // check refuses is never sent; a refused file always says why.
  check: (actor, _step, before) => {
    const after = actor.getSnapshot() as Snapshot
    expect(after.context.progress).toBeGreaterThanOrEqual(before.context.progress)
    expect(after.context.progress === 100).toBe(after.matches('uploaded'))
    if (after.children.upload) expect(uploadProblem(after.context.file)).toBeNull()
    if (after.matches('refused')) expect(after.context.message).toBeTruthy()
  },
})

modelSuite('booking page', bookingPageMachine, {
  promises: ['getBooking', 'cancelBooking', 'listDocuments', 'downloadDocument'],
  provide: {
    actors: { documentUpload: documentUploadMachine.provide({ actors: { upload: fromCallback(() => {}) } }) },
  },
  events: [
    { type: 'xstate.done.actor.getBooking', output: detail },
    { type: 'xstate.done.actor.getBooking', output: cancelled },
    { type: 'xstate.error.actor.getBooking', error: { status: 404, message: bookingMessages.notFound } },
    { type: 'xstate.error.actor.getBooking', error: { status: 500 } },
    { type: 'xstate.done.actor.cancelBooking', output: cancelled },
    {
      type: 'xstate.error.actor.cancelBooking',
      error: { status: 409, message: bookingMessages.cannotCancel },
    },
    { type: 'xstate.done.actor.listDocuments', output: documents.slice(0, 2) },
    { type: 'xstate.error.actor.listDocuments', error: { status: 500 } },
    { type: 'xstate.done.actor.downloadDocument', output: undefined },
    {
      type: 'xstate.error.actor.downloadDocument',
      error: { status: 404, message: documentMessages.notFound },
    },
    { type: 'files.chosen', kind: 'commercial_invoice', files: [pdf] },
    { type: 'upload.finished', id: 'upload-1', kind: 'commercial_invoice' },
    { type: 'upload.dismissed', id: 'upload-1' },
    { type: 'file.download', fileId: 'hbl', name: 'ESHBL2026000001.pdf' },
  ],
  inputs: [{ number: summary.number }],
  states: bookingPageStates,
  serializeState: serializerOf((c) => c.booking?.canCancel),
  check: (actor, step, before, answered) => {
    const after = actor.getSnapshot() as Snapshot
    const event = step.event as Snapshot['context'] & { type: string }
    const { type } = event
    // The booking shown is the one asked for.
    if (type === 'xstate.done.actor.getBooking')
      expect(answered?.input).toEqual({ number: after.context.number })
    // Nothing is cancelled that the booking did not offer to cancel, nor without the user's confirmation.
    if (after.children.cancelBooking && !before.children.cancelBooking) {
      expect([type, before.context.booking?.canCancel]).toEqual(['cancel.confirmed', true])
    }
    // Once the booking is shown, a failure says why in a dialog and the booking stays on screen.
    if (type.startsWith('xstate.error.actor.') && before.matches('ready')) {
      expect(after.context.dialog).toBeTruthy()
      expect(after.context.booking).toBe(before.context.booking)
    }
    // Each file chosen goes up on its own, and dismissing one removes that one only.
    const ids = (snapshot: Snapshot) => snapshot.context.uploads.map((upload: { id: string }) => upload.id)
    if (type === 'files.chosen' && before.matches('ready')) {
      expect(ids(after)).toHaveLength(ids(before).length + event.files.length)
    }
    if (type === 'upload.dismissed') {
      expect(ids(after)).toEqual(ids(before).filter((other: string) => other !== event.id))
    }
  },
})

/** Shipments of every age, some without a house bill yet (not confirmed), more than the picker lists. */
const manyShipments = Array.from({ length: PICKER_LIMIT + 3 }, (_, i) => ({
  ...summary,
  number: `ESB-20260000${String(i).padStart(2, '0')}`,
  hbl: i % 4 === 0 ? null : `ESHBL20260000${String(i).padStart(2, '0')}`,
  createdAt: new Date(Date.UTC(2026, 10, 1 + ((i * 7) % 20))).toISOString(),
}))

// HBL Tracking's list: only what can be tracked, newest first, at most PICKER_LIMIT with the count of all;
// a failure says why and keeps nothing stale.
modelSuite('shipment picker', shipmentPickerMachine, {
  promises: ['listShipments'],
  events: [
    { type: 'user.retry' },
    { type: 'xstate.done.actor.listShipments', output: manyShipments },
    { type: 'xstate.done.actor.listShipments', output: [] },
    { type: 'xstate.error.actor.listShipments', error: { status: 500, message: 'Server error' } },
  ],
  inputs: [undefined],
  serializeState: serializerOf((c) => c.shipments.length),
  states: shipmentPickerStates,
  check: (actor, step) => {
    const { context } = actor.getSnapshot() as Snapshot
    if (step.event.type === 'xstate.done.actor.listShipments') {
      const output = (step.event as unknown as { output: typeof manyShipments }).output
      const trackable = output.filter((s) => s.hbl !== null)
      expect(context.total).toBe(trackable.length)
      expect(context.shipments.length).toBe(Math.min(PICKER_LIMIT, trackable.length))
      expect(context.shipments.every((s: { hbl: string | null }) => s.hbl !== null)).toBe(true)
      const times = context.shipments.map((s: { createdAt: string }) => s.createdAt)
      expect(times).toEqual([...times].sort().reverse())
    }
    if (step.event.type === 'xstate.error.actor.listShipments') expect(context.message).toBe('Server error')
  },
})

it('lists the newest trackable shipments first, those without a house bill not at all', () => {
  const listed = trackableShipments(manyShipments)
  expect(listed.map((s) => s.hbl)).not.toContain(null)
  expect(listed[0]?.createdAt).toBe(
    manyShipments
      .map((s) => s.createdAt)
      .sort()
      .reverse()[0],
  )
})

modelSuite('tracking', trackingMachine, {
  promises: ['trackShipment'],
  events: [
    { type: 'field.changed', value: 'eshbl 2026000001' },
    { type: 'field.changed', value: 'HBL-1' },
    { type: 'url.changed', hbl: 'ESHBL2026000002' },
    { type: 'url.changed', hbl: '' },
    { type: 'xstate.done.actor.trackShipment', output: tracking },
    { type: 'xstate.error.actor.trackShipment', error: { status: 404, message: trackingMessages.notFound } },
    { type: 'xstate.error.actor.trackShipment', error: { status: 422, message: 'Invalid.' } },
    { type: 'xstate.error.actor.trackShipment', error: { status: 500 } },
  ],
  inputs: [undefined, { hbl: 'ESHBL2026000001' }, { hbl: 'ESB-2026000001' }],
  states: trackingStates,
  serializeState: serializerOf((c) => [c.text, c.hbl]),
  // What was typed stays in the field whatever the server answers, and an answer is shown under the number
  // it was asked for (the address and the heading name it).
  check: (actor, step, before, answered) => {
    const { context } = actor.getSnapshot() as Snapshot
    if (/^xstate\.(done|error)\.actor\.trackShipment$/.test(step.event.type)) {
      expect(context.text).toBe(before.context.text)
      expect(answered?.input).toEqual({ hbl: context.hbl })
    }
  },
})

describe('my bookings', () => {
  it('writes each change to the address and asks the server once after typing pauses', async () => {
    const { actors, pending } = controllablePromises(['listBookings'])
    const filtersChanged = vi.fn()
    const clock = new SimulatedClock()
    const actor = createActor(myBookingsMachine.provide({ actors, actions: { filtersChanged } }), {
      clock,
      input: { filters: { status: 'Confirmed', mode: '', q: '', mine: false } },
    }).start()
    expect(pending.get('listBookings')?.input).toEqual({ status: 'Confirmed', mode: '', q: '', mine: false })
    pending.get('listBookings')?.resolve([summary])
    await flush()
    actor.send({ type: 'filter.changed', filter: 'mode', value: 'FCL' })
    expect(filtersChanged).toHaveBeenLastCalledWith(expect.anything(), {
      status: 'Confirmed',
      mode: 'FCL',
      q: '',
      mine: false,
    })
    pending.get('listBookings')?.resolve([summary])
    await flush()
    pending.clear()
    actor.send({ type: 'search.changed', q: 'ESB' })
    actor.send({ type: 'search.changed', q: 'ESB-2026' })
    expect(pending.size).toBe(0)
    clock.increment(SEARCH_DELAY_MS)
    await flush()
    expect(pending.get('listBookings')?.input).toEqual({
      status: 'Confirmed',
      mode: 'FCL',
      q: 'ESB-2026',
      mine: false,
    })
    expect(filtersChanged).toHaveBeenCalledTimes(3)
    // Mine: written to the address and asked for at once, the other filters kept.
    pending.get('listBookings')?.resolve([summary])
    await flush()
    actor.send({ type: 'whose.changed', mine: true })
    expect(filtersChanged).toHaveBeenLastCalledWith(expect.anything(), {
      status: 'Confirmed',
      mode: 'FCL',
      q: 'ESB-2026',
      mine: true,
    })
    expect(pending.get('listBookings')?.input).toEqual({
      status: 'Confirmed',
      mode: 'FCL',
      q: 'ESB-2026',
      mine: true,
    })
  })

  it('shows the server message of a failed load and retries', async () => {
    const { actors, pending } = controllablePromises(['listBookings'])
    const actor = createActor(myBookingsMachine.provide({ actors }), { input: undefined }).start()
    pending.get('listBookings')?.reject({ status: 500 })
    await flush()
    expect(actor.getSnapshot().value).toBe('failed')
    expect(actor.getSnapshot().context.message).toBe(messages.generic)
    actor.send({ type: 'user.retry' })
    expect(actor.getSnapshot().context.message).toBeNull()
    pending.get('listBookings')?.resolve([summary])
    await flush()
    expect(actor.getSnapshot().context.bookings).toEqual([summary])
  })
})

describe('upload check (the server limits, in the browser)', () => {
  it('refuses empty, too large and unknown types by name, and lets the accepted types through', () => {
    expect(uploadProblem({ name: 'a.pdf', size: 0 })).toBe(documentMessages.empty)
    expect(uploadProblem({ name: 'a.pdf', size: MAX_UPLOAD_BYTES + 1 })).toBe(documentMessages.tooLarge)
    expect(uploadProblem({ name: 'a.pdf', size: MAX_UPLOAD_BYTES })).toBeNull()
    expect(uploadProblem({ name: 'setup.exe', size: 10 })).toBe(documentMessages.badType)
    expect(uploadProblem({ name: 'noextension', size: 10 })).toBe(documentMessages.badType)
    for (const name of ['a.PDF', 'b.jpg', 'c.jpeg', 'd.png', 'e.xlsx', 'f.docx'])
      expect(uploadProblem({ name, size: 1 })).toBeNull()
  })
})

describe('document upload', () => {
  const start = (file = pdf) => {
    let report: ((event: never) => void) | undefined
    const aborted = vi.fn()
    const upload = fromCallback<EventObject, unknown>(({ sendBack }) => {
      report = sendBack as never
      return aborted
    })
    const actor = createActor(
      documentUploadMachine.provide({
        actors: { upload: upload as never },
        actions: { reportUploaded: () => {}, reportDismissed: () => {} },
      }),
      { input: { id: 'upload-1', number: summary.number, kind: 'commercial_invoice', file } },
    ).start()
    return { actor, send: (event: unknown) => report?.(event as never), aborted }
  }

  it('counts progress up to 99 while sending and 100 once the server kept the file', () => {
    const { actor, send } = start()
    send({ type: 'upload.progress', loaded: 5_000, total: 20_000 })
    expect(actor.getSnapshot().context.progress).toBe(25)
    send({ type: 'upload.progress', loaded: 1_000, total: 20_000 })
    expect(actor.getSnapshot().context.progress).toBe(25)
    send({ type: 'upload.progress', loaded: 20_000, total: 20_000 })
    expect(actor.getSnapshot().context.progress).toBe(99)
    send({ type: 'upload.succeeded', file: documents[1]?.files[0] })
    expect(actor.getSnapshot().value).toBe('uploaded')
    expect(actor.getSnapshot().context.progress).toBe(100)
  })

  it("shows the server's refusal, and a generic message when there is none", () => {
    const first = start()
    first.send({ type: 'upload.failed', error: { status: 415, message: documentMessages.badType } })
    expect(first.actor.getSnapshot().value).toBe('refused')
    expect(first.actor.getSnapshot().context.message).toBe(documentMessages.badType)
    const second = start()
    second.send({ type: 'upload.failed', error: { status: 0 } })
    expect(second.actor.getSnapshot().context.message).toBe(messages.generic)
  })

  it('never sends a file the check refuses, and aborts a running upload when stopped', () => {
    const big = start({ name: 'big.pdf', size: 12 * 1024 * 1024, type: 'application/pdf' })
    expect(big.actor.getSnapshot().value).toBe('refused')
    expect(big.actor.getSnapshot().context.message).toBe(documentMessages.tooLarge)
    const running = start()
    running.actor.stop()
    expect(running.aborted).toHaveBeenCalledOnce()
  })
})

describe('booking page', () => {
  async function loaded(booking = detail) {
    const { actors, pending } = controllablePromises([
      'getBooking',
      'cancelBooking',
      'listDocuments',
      'downloadDocument',
    ])
    const reports: ((event: unknown) => void)[] = []
    const upload = fromCallback<EventObject, unknown>(({ sendBack }) => {
      reports.push(sendBack as never)
    })
    const actor = createActor(
      bookingPageMachine.provide({
        actors: {
          ...actors,
          documentUpload: documentUploadMachine.provide({ actors: { upload: upload as never } }),
        } as never,
      }),
      { input: { number: booking.number } },
    ).start()
    pending.get('getBooking')?.resolve(booking)
    await flush()
    return { actor, pending, reports }
  }

  it('cancels only after the confirmation, and shows the updated booking', async () => {
    const { actor, pending } = await loaded()
    actor.send({ type: 'cancel.requested' })
    expect(pending.has('cancelBooking')).toBe(false)
    expect(actor.getSnapshot().matches({ ready: { cancel: 'confirming' } })).toBe(true)
    actor.send({ type: 'cancel.confirmed' })
    expect(pending.get('cancelBooking')?.input).toEqual({ number: detail.number })
    pending.get('cancelBooking')?.resolve(cancelled)
    await flush()
    expect(actor.getSnapshot().context.booking?.status).toBe('Cancelled')
    expect(actor.getSnapshot().context.notice).toBe(bookingMessages.cancelled)
    actor.send({ type: 'cancel.requested' })
    expect(actor.getSnapshot().matches({ ready: { cancel: 'idle' } })).toBe(true)
  })

  it("shows the server's 409 when the booking can no longer be cancelled", async () => {
    const { actor, pending } = await loaded()
    actor.send({ type: 'cancel.requested' })
    actor.send({ type: 'cancel.confirmed' })
    pending.get('cancelBooking')?.reject({ status: 409, message: bookingMessages.cannotCancel })
    await flush()
    expect(actor.getSnapshot().context.dialog).toBe(bookingMessages.cannotCancel)
    expect(actor.getSnapshot().context.booking?.status).toBe('Confirmed')
  })

  it('uploads several files of one item side by side and reloads the checklist after each', async () => {
    const { actor, pending, reports } = await loaded()
    actor.send({
      type: 'files.chosen',
      kind: 'commercial_invoice',
      files: [pdf, { ...pdf, name: 'invoice-2.pdf' }],
    })
    const uploads = actor.getSnapshot().context.uploads
    expect(uploads.map((u) => [u.id, u.kind])).toEqual([
      ['upload-1', 'commercial_invoice'],
      ['upload-2', 'commercial_invoice'],
    ])
    expect(reports).toHaveLength(2)
    reports[0]?.({ type: 'upload.progress', loaded: 10_000, total: 20_000 })
    expect(uploads[0]?.ref.getSnapshot().context.progress).toBe(50)
    expect(uploads[1]?.ref.getSnapshot().context.progress).toBe(0)
    reports[0]?.({ type: 'upload.succeeded', file: { ...documents[1]?.files[0], status: 'Uploaded' } })
    await flush()
    expect(actor.getSnapshot().matches({ ready: { documents: 'reloading' } })).toBe(true)
    const uploaded = documents.map((d) =>
      d.kind === 'commercial_invoice' ? { ...d, status: 'Uploaded' as const, overdue: false } : d,
    )
    pending.get('listDocuments')?.resolve(uploaded)
    await flush()
    expect(actor.getSnapshot().context.documents[0]?.status).toBe('Uploaded')
    actor.send({ type: 'upload.dismissed', id: 'upload-1' })
    expect(actor.getSnapshot().context.uploads.map((u) => u.id)).toEqual(['upload-2'])
  })

  it('offers no upload of the issued HBL, and shows Booking not found for a 404', async () => {
    const { actor } = await loaded()
    actor.send({ type: 'files.chosen', kind: 'hbl', files: [pdf] })
    expect(actor.getSnapshot().context.uploads).toEqual([])
    const { actors, pending } = controllablePromises(['getBooking'])
    const missing = createActor(bookingPageMachine.provide({ actors } as never), {
      input: { number: 'ESB-2026999999' },
    }).start()
    pending.get('getBooking')?.reject({ status: 404, message: bookingMessages.notFound })
    await flush()
    expect(missing.getSnapshot().value).toBe('notFound')
  })
})

describe('tracking', () => {
  const start = (hbl?: string) => {
    const { actors, pending } = controllablePromises(['trackShipment'])
    const hblChanged = vi.fn()
    const actor = createActor(trackingMachine.provide({ actors, actions: { hblChanged } }), {
      input: { hbl },
    }).start()
    return { actor, pending, hblChanged }
  }

  it('refuses a number of the wrong form in the browser, with the example', () => {
    const { actor, pending } = start()
    actor.send({ type: 'field.changed', value: 'ESB-2026000001' })
    actor.send({ type: 'user.submit' })
    expect(actor.getSnapshot().context.error).toBe(trackingMessages.badNumber)
    expect(pending.size).toBe(0)
  })

  it('looks up a good number (spaces and case forgiven) and writes it to the address', async () => {
    const { actor, pending, hblChanged } = start()
    actor.send({ type: 'field.changed', value: ' eshbl2026000001 ' })
    actor.send({ type: 'user.submit' })
    expect(normaliseHbl(' eshbl 2026000001')).toBe('ESHBL2026000001')
    expect(pending.get('trackShipment')?.input).toEqual({ hbl: 'ESHBL2026000001' })
    expect(hblChanged).toHaveBeenCalledWith(expect.anything(), 'ESHBL2026000001')
    pending.get('trackShipment')?.resolve(tracking)
    await flush()
    expect(actor.getSnapshot().value).toBe('found')
  })

  it('opens the number of the address at once, and says when there is no such shipment', async () => {
    const { actor, pending, hblChanged } = start('ESHBL2026000009')
    expect(pending.get('trackShipment')?.input).toEqual({ hbl: 'ESHBL2026000009' })
    expect(hblChanged).not.toHaveBeenCalled()
    pending.get('trackShipment')?.reject({ status: 404, message: trackingMessages.notFound })
    await flush()
    expect(actor.getSnapshot().value).toBe('notFound')
    expect(actor.getSnapshot().context.message).toBe(trackingMessages.notFound)
    pending.clear()
    actor.send({ type: 'url.changed', hbl: 'ESHBL2026000009' })
    expect(pending.size).toBe(0)
  })
})
