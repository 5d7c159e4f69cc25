import { expect } from 'vitest'
import { singaporeDateOf } from '../../../contract/dates'
import { messages } from '../../../contract/messages'
import {
  deskConfirmSchema,
  deskMilestoneSchema,
  type OpsBookingDetail,
} from '../../../contract/operations-desk'
import type { Place } from '../../../contract/wire'
import { opsBookingMachine } from '../../../machines/ops-booking.machine'
import { codeName, type OpsAction, type OpsFormName, opsNotices } from '../../../machines/ops-booking-setup'
import { placeLabel } from '../../../machines/quote-form'
import { type StateView, stateChecks } from '../model'

/** The booking's own requests: one at a time. */
const changes = ['loadBooking', 'confirmBooking', 'postMilestone', 'act', 'requestDocument']
const changing = (view: StateView) => changes.filter((id) => id in view.requests)

const failedWith = ({ event }: StateView) =>
  event.error as { status?: number; message?: string; errors?: object }
const errorText = (view: StateView) => failedWith(view).message ?? messages.generic

// The booking chart's rules (docs/operations-desk.md: what the chart allows, machines/booking.machine.ts).
const liveStatuses = ['Booking Received', 'Confirmed', 'Cargo Received', 'Departed', 'Arrived']
const beforeDeparture = ['Booking Received', 'Confirmed', 'Cargo Received']
const withReason: OpsAction[] = ['hold', 'cancel', 'retract', 'reject']

/** Whether the desk may do `action` (to `target`) to the booking as it is shown. */
function allowed(detail: OpsBookingDetail, action: OpsAction, target: string | null): boolean {
  const { status, heldFrom } = detail.booking
  if (action === 'hold') return liveStatuses.includes(status)
  if (action === 'release') return status === 'On Hold'
  if (action === 'cancel')
    return beforeDeparture.includes(status === 'On Hold' ? (heldFrom ?? 'Booking Received') : status)
  if (action === 'retract') return detail.events.some((one) => one.eventID === target)
  // Accept and Reject: a file not reviewed yet.
  return detail.booking.documents.some((doc) =>
    doc.files.some((f) => f.id === target && f.status === 'Uploaded'),
  )
}

/** Confirm while Booking Received; milestones once it has its HBL and is not cancelled; requests until it ends. */
function formAllowed(detail: OpsBookingDetail, form: OpsFormName): boolean {
  const { status, hbl } = detail.booking
  if (form === 'confirm') return status === 'Booking Received'
  if (form === 'milestone') return hbl !== null && status !== 'Cancelled'
  return status !== 'Delivered' && status !== 'Cancelled'
}

const formOf: Record<string, OpsFormName> = {
  confirmBooking: 'confirm',
  postMilestone: 'milestone',
  requestDocument: 'request',
}

/** docs/operations-desk.md "The console", a booking: its facts, its changes one at a time, the preview, the place search. */
export const opsBookingStates = stateChecks(opsBookingMachine, {
  // The booking is asked for by its number; nothing shown yet.
  loading: (view) => {
    expect(view.requests).toEqual({ loadBooking: { number: view.context.number } })
    expect([view.context.detail, view.context.message]).toEqual([null, null])
  },
  // Only a 404 says the booking does not exist.
  notFound: (view) => {
    expect(view.event.type).toBe('xstate.error.actor.loadBooking')
    expect(failedWith(view).status).toBe(404)
    expect([view.requests, view.context.detail]).toEqual([{}, null])
  },
  // Any other failure: the server's message (or the generic one) and Retry.
  failed: (view) => {
    expect(view.event.type).toBe('xstate.error.actor.loadBooking')
    expect(failedWith(view).status).not.toBe(404)
    expect([view.requests, view.context.message]).toEqual([{}, errorText(view)])
  },
  // The booking shown, its buttons free, no dialog. A button that left the page here is one the rules do not
  // offer now, or a form with every message shown; a refusal keeps what was typed and says why.
  'ready.work.idle': (view) => {
    const { context, event, before } = view
    expect([changing(view), context.pending]).toEqual([[], null])
    expect(context.detail).not.toBeNull()
    if (event.type === 'action.requested')
      expect(allowed(context.detail, event.action as OpsAction, (event.target as string) ?? null)).toBe(false)
    if (event.type === 'form.submitted') {
      const form = context[event.form as OpsFormName]
      const wrong = Object.keys(form.errors)
      expect(wrong.filter((path) => !form.shown[path])).toEqual([])
      expect(wrong.length > 0 || !formAllowed(context.detail, event.form as OpsFormName)).toBe(true)
    }
    if (event.type === 'xstate.done.actor.loadBooking') expect(context.detail).toBe(event.output)
    const failed = changes.find((id) => event.type === `xstate.error.actor.${id}`)
    if (failed) {
      expect([context.message, context.detail]).toEqual([errorText(view), before.context.detail])
      const form = formOf[failed]
      if (form) expect(context[form].values).toEqual(before.context[form].values)
      for (const [path, list] of Object.entries(failedWith(view).errors ?? {}))
        expect([form && context[form].errors[path], form && context[form].shown[path]]).toEqual([list, true])
    }
  },
  // The reason's dialog (also the confirmation) of an action the rules allow on this booking; a reason too short
  // is said in it, and so is the server's refusal of the reason.
  'ready.work.asking': (view) => {
    const { context, event } = view
    expect(changing(view)).toEqual([])
    expect(withReason).toContain(context.pending.action)
    expect(allowed(context.detail, context.pending.action, context.pending.target)).toBe(true)
    if (event.type === 'action.requested')
      expect(context.pending).toEqual({
        action: event.action,
        target: event.target ?? null,
        reason: '',
        error: null,
      })
    if (event.type === 'action.confirmed') {
      expect(context.pending.reason.trim().length).toBeLessThan(3)
      expect(context.pending.error).toBe('Give the reason (the customer reads it).')
    }
    if (event.type === 'xstate.error.actor.act') {
      const told = (failedWith(view).errors as { reason?: string[] } | undefined)?.reason?.[0]
      expect(context.pending.error).toBe(told ?? errorText(view))
    }
  },
  // Confirm on a booking received: the form's values as typed, the container inputs left blank not sent.
  'ready.work.confirming': (view) => {
    const { context } = view
    const { values } = context.confirm
    const sent = view.requests.confirmBooking as { number: string; body: Record<string, unknown> }
    expect([changing(view), sent.number]).toEqual([['confirmBooking'], context.number])
    expect(context.detail.booking.status).toBe('Booking Received')
    expect(sent.body).toMatchObject({ carrier: values.carrier, carrierBookingRef: values.carrierBookingRef })
    expect(sent.body).toMatchObject({ etd: values.etd, eta: values.eta })
    expect(sent.body.containers).toEqual(values.containers.filter((one: string) => one.trim() !== ''))
    expect(deskConfirmSchema.safeParse(sent.body).success).toBe(true)
  },
  // A milestone on a booking with its HBL, not cancelled: the form's event id, the place chosen (its code).
  'ready.work.posting': (view) => {
    const { context } = view
    const { values } = context.milestone
    const sent = view.requests.postMilestone as { number: string; body: Record<string, unknown> }
    expect([changing(view), sent.number]).toEqual([['postMilestone'], context.number])
    expect(formAllowed(context.detail, 'milestone')).toBe(true)
    expect(sent.body).toMatchObject({
      eventID: context.eventID,
      code: values.code,
      localTime: values.localTime,
    })
    expect(sent.body.location).toBe(context.placeSearch.milestone.place?.code)
    expect(deskMilestoneSchema.safeParse(sent.body).success).toBe(true)
  },
  // A document asked for by a date today or later (Singapore), of a booking not ended.
  'ready.work.requesting': (view) => {
    const { context } = view
    const { values } = context.request
    const note = values.note.trim() === '' ? {} : { note: values.note }
    expect(changing(view)).toEqual(['requestDocument'])
    expect(view.requests.requestDocument).toEqual({
      number: context.number,
      kind: values.kind,
      body: { dueDate: values.dueDate, ...note },
    })
    expect(formAllowed(context.detail, 'request')).toBe(true)
    expect(values.dueDate >= singaporeDateOf(new Date())).toBe(true)
  },
  // The action the person chose, allowed on this booking, with the reason typed (trimmed) when it takes one.
  'ready.work.acting': (view) => {
    const { context } = view
    const { action, target, reason } = context.pending
    expect(changing(view)).toEqual(['act'])
    expect(allowed(context.detail, action, target)).toBe(true)
    const given = withReason.includes(action) ? reason.trim() : null
    expect(view.requests.act).toEqual({ number: context.number, action, target, reason: given })
    if (given !== null) expect(given.length).toBeGreaterThanOrEqual(3)
  },
  // The booking read again after a change (or a change elsewhere): what was done is said, a refusal (409) too.
  'ready.work.reloading': (view) => {
    const { context, event, answered } = view
    const sent = answered?.input as { action: OpsAction; kind: 'commercial_invoice'; body: { code: string } }
    expect([changing(view), context.pending]).toEqual([['loadBooking'], null])
    expect(view.requests.loadBooking).toEqual({ number: context.number })
    if (event.type === 'xstate.done.actor.confirmBooking')
      expect(context.notice).toBe('Booking confirmed: its HBL is issued and the customer can see it.')
    if (event.type === 'xstate.done.actor.postMilestone')
      expect(context.notice).toBe(`${codeName(sent.body.code)} posted.`)
    if (event.type === 'xstate.done.actor.act') expect(context.notice).toBe(opsNotices[sent.action])
    if (event.type === 'xstate.done.actor.requestDocument')
      expect(context.notice).toBe(opsNotices.request(sent.kind))
    if (changes.some((id) => event.type === `xstate.error.actor.${id}`))
      expect(context.message).toBe(errorText(view))
  },
  // No preview: nothing asked for; a preview closed is gone and its blob URL given back. (Closed while another
  // file loads, the file shown before keeps its URL, never given back: reported, not asserted here.)
  'ready.preview.closed': (view) => {
    const { context, before, actions } = view
    expect([view.requests.loadPreview, context.previewing]).toEqual([undefined, null])
    if (!before.matches({ ready: { preview: 'loading' } }) && !before.context.preview)
      expect(context.preview).toBeNull()
    if (before.matches({ ready: { preview: 'open' } }))
      expect([actions.includes('revokeUrl'), context.preview]).toEqual([true, null])
  },
  // The file chosen is fetched for the preview.
  'ready.preview.loading': (view) => {
    const { context, event } = view
    expect(view.requests.loadPreview).toEqual({ number: context.number, fileId: context.previewing.fileId })
    if (event.type === 'preview.opened')
      expect(context.previewing).toEqual({ fileId: event.fileId, name: event.name })
    expect(context.previewMessage).toBeNull()
  },
  // The file shown is the one chosen, from the answer's blob URL; the URL of the one it replaced is given back.
  'ready.preview.open': (view) => {
    const { context, event, before, actions } = view
    expect(view.requests.loadPreview).toBeUndefined()
    expect(context.preview).toMatchObject(context.previewing)
    if (event.type === 'xstate.done.actor.loadPreview') {
      expect(context.preview).toMatchObject(event.output as object)
      if (before.context.preview) expect(actions).toContain('revokeUrl')
    }
  },
  // The preview failed: its message, no file shown.
  'ready.preview.failed': (view) => {
    const { context, event } = view
    expect([view.requests.loadPreview, context.preview]).toEqual([undefined, null])
    if (event.type === 'xstate.error.actor.loadPreview') expect(context.previewMessage).toBe(errorText(view))
    expect(context.previewMessage).toBeTruthy()
  },
  // The place list searches nothing: a place chosen is the one sent (unless its form is on its way), fewer than
  // two characters typed ask nothing, and what a search found is offered.
  'ready.lookup.idle': (view) => {
    const { context, event, before, snapshot } = view
    expect(view.requests.searchPlaces).toBeUndefined()
    const form = event.form as 'confirm' | 'milestone'
    const sending = snapshot.matches({ ready: { work: form === 'confirm' ? 'confirming' : 'posting' } })
    if (event.type === 'place.chosen' && !sending) {
      const place = event.place as Place
      expect(context.placeSearch[form]).toEqual({ text: placeLabel(place), place })
      expect(context[form].values[form === 'confirm' ? 'transshipment' : 'location']).toBe(place.code)
    }
    if (event.type.startsWith('place.') && sending)
      expect(context.placeSearch).toEqual(before.context.placeSearch)
    if (event.type === 'place.typed' && !sending) expect((event.text as string).trim().length).toBeLessThan(2)
    if (event.type === 'xstate.done.actor.searchPlaces') expect(context.lookup.found).toEqual(event.output)
  },
  // Two characters or more typed, nothing chosen: the search waits for the pause.
  'ready.lookup.waiting': (view) => {
    const { context } = view
    const typed = context.placeSearch[context.lookup.form]
    expect(view.requests.searchPlaces).toBeUndefined()
    expect(typed.text.trim().length).toBeGreaterThanOrEqual(2)
    expect(typed.place).toBeNull()
  },
  // The pause passed: what is typed is searched, for the booking's mode.
  'ready.lookup.searching': (view) => {
    const { context } = view
    const typed = context.placeSearch[context.lookup.form].text.trim()
    expect(view.requests.searchPlaces).toEqual({ q: typed, mode: context.detail.booking.mode })
    expect(typed.length).toBeGreaterThanOrEqual(2)
  },
})
