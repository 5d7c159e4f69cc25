/**
 * `opsBookingMachine` (a booking on the operations desk, /staff/bookings/$number, issue 23): loads the booking
 * (`getOpsBooking`) → ready, not found (404) or failed (retry). In ready, side by side:
 *
 * - `work`, one change at a time: confirm with the carrier (ops-confirm.ts), post a milestone
 *   (ops-milestone.ts), ask for a document (ops-documents.ts), or an action with its reason's dialog (hold,
 *   release, cancel, retract, accept, reject: ops-actions.ts); the booking read again after each;
 * - `preview`: a file's preview (ops-documents.ts);
 * - `lookup`: the place fields' type-ahead (ops-lookup.ts, its rules in ops-places.ts).
 *
 * A refused change keeps what was typed (the server's field messages under the fields); a done one says so
 * (`notice`) and reads the booking again. `booking.changed` (the console's stream) reads the booking again,
 * after the change on its way if there is one. The chart's words and shared setup are in
 * ops-booking-setup.ts; each part extends the setup of the one before it.
 *
 * Effects are injected by the page with `machine.provide`.
 */
import { assertEvent, assign } from 'xstate'
import type { OpsBookingDetail } from '../contract/operations-desk'
import { actorError } from './actor-error'
import { acting, asking } from './ops-actions'
import { type OpsBookingContext, outputOf } from './ops-booking-setup'
import { confirmChanged, confirming, confirmState, emptyConfirm, prefillConfirm } from './ops-confirm'
import { emptyRequest, previewRegion, requestChanged, requesting, requestState } from './ops-documents'
import { lookupRegion, lookupSetup } from './ops-lookup'
import {
  emptyMilestone,
  milestoneChanged,
  milestoneState,
  newEventId,
  posting,
  prefillMilestone,
} from './ops-milestone'
import { noSearch, placeFields } from './ops-places'

/** The forms as a newly read booking leaves them: prefilled where still blank, typed values kept. */
const prefill = (context: OpsBookingContext, detail: OpsBookingDetail) => {
  const { confirm, placeSearch } = prefillConfirm(context, detail)
  const milestone = prefillMilestone({ ...context, placeSearch }, detail)
  // The milestone's place search is added to the confirm form's.
  return { detail, confirm, ...milestone }
}

const bookingSetup = lookupSetup.extend({
  actions: {
    setDetail: assign(({ context }, detail: OpsBookingDetail) => prefill(context, detail)),
    /** A form's field typed; a place is chosen from its type-ahead (place.chosen), never typed in as a code. */
    change: assign(({ context, event }) => {
      assertEvent(event, 'field.changed')
      if (event.form === 'request') return requestChanged(context, event.field, event.value)
      if (event.field === placeFields[event.form]) return {}
      return event.form === 'confirm'
        ? confirmChanged(context, event.field, event.value)
        : milestoneChanged(context, event.field, event.value)
    }),
  },
})

/** After a change (or a change elsewhere): the booking read again, the forms as they were. */
const reloading = bookingSetup.createStateConfig({
  entry: 'clearStale',
  on: { 'booking.changed': { actions: 'markStale' } },
  invoke: {
    id: 'loadBooking',
    src: 'loadBooking',
    input: ({ context }) => ({ number: context.number }),
    onDone: [
      {
        guard: 'isStale',
        target: 'reloading',
        reenter: true,
        actions: { type: 'setDetail', params: outputOf },
      },
      { target: 'idle', actions: { type: 'setDetail', params: outputOf } },
    ],
    onError: { target: 'idle', actions: { type: 'failed', params: actorError } },
  },
})

export const opsBookingMachine = bookingSetup.createMachine({
  id: 'opsBooking',
  context: ({ input }) => {
    const eventID = newEventId()
    return {
      number: input.number,
      detail: null,
      confirm: confirmState(emptyConfirm, 'FCL'),
      milestone: milestoneState(emptyMilestone, eventID, 'FCL'),
      eventID,
      request: requestState(emptyRequest),
      placeSearch: { confirm: noSearch, milestone: noSearch },
      lookup: { form: null, found: [] },
      pending: null,
      previewing: null,
      preview: null,
      previewMessage: null,
      stale: false,
      notice: null,
      message: null,
    }
  },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadBooking',
        src: 'loadBooking',
        input: ({ context }) => ({ number: context.number }),
        onDone: { target: 'ready', actions: { type: 'setDetail', params: outputOf } },
        onError: [
          { guard: { type: 'isNotFound', params: actorError }, target: 'notFound' },
          { target: 'failed', actions: { type: 'failed', params: actorError } },
        ],
      },
    },
    notFound: {},
    failed: {
      on: {
        'user.retry': { target: 'loading', actions: 'clearSaid' },
        'booking.changed': { target: 'loading', actions: 'clearSaid' },
      },
    },
    ready: {
      type: 'parallel',
      on: {
        'field.changed': { actions: 'change' },
        'field.blurred': { actions: 'show' },
      },
      states: {
        work: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'booking.changed': 'reloading',
                'form.submitted': [
                  { guard: 'mayConfirm', target: 'confirming', actions: ['showAll', 'clearSaid'] },
                  { guard: 'mayPost', target: 'posting', actions: ['showAll', 'clearSaid'] },
                  { guard: 'mayRequest', target: 'requesting', actions: ['showAll', 'clearSaid'] },
                  { actions: 'showAll' },
                ],
                'action.requested': [
                  { guard: 'asksReason', target: 'asking', actions: 'ask' },
                  { guard: 'mayActNow', target: 'acting', actions: 'ask' },
                ],
              },
            },
            asking,
            confirming,
            posting,
            requesting,
            acting,
            reloading,
          },
        },
        preview: previewRegion,
        lookup: lookupRegion,
      },
    },
  },
})
