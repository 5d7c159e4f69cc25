/**
 * What the operations desk does to a booking at a press, a part of the operations booking chart: **Hold**
 * (reason), **Release**, **Cancel** (reason) as the booking chart allows (`nextBookingStatus`, never a second
 * table); **Retract** an event (reason); **Accept** or **Reject** (reason) an uploaded file. Those with a reason
 * ask for it in a dialog that is also the confirmation (`asking`), then the action is sent (`acting`): the
 * server's refusal of the reason stays in the dialog, any other closes it and is said on the page.
 */
import { assertEvent, assign } from 'xstate'
import type { DocumentFile } from '../contract/bookings'
import { messages } from '../contract/messages'
import { type OpsBookingDetail, reasonSchema } from '../contract/operations-desk'
import { actorError, failure } from './actor-error'
import type { BookingEventType } from './booking.machine'
import { chartAllows, messageOf, type OpsAction, opsNotices, serverErrors } from './ops-booking-setup'
import { documentsSetup } from './ops-documents'

export type { OpsAction, PendingAction } from './ops-booking-setup'

/** The actions that ask for a reason (their dialog is also the confirmation). */
export const reasonActions: readonly OpsAction[] = ['hold', 'cancel', 'retract', 'reject']

const chartEvent: Partial<Record<OpsAction, BookingEventType>> = {
  hold: 'ops.hold',
  release: 'ops.release',
  cancel: 'ops.cancel',
}

function fileOf(detail: OpsBookingDetail | null, id: string | null): DocumentFile | undefined {
  if (!detail || id === null) return undefined
  for (const item of detail.booking.documents) {
    const file = item.files.find((one) => one.id === id)
    if (file) return file
  }
  return undefined
}

/** Whether `action` (on `target`) may be asked for now. */
export function mayAct(detail: OpsBookingDetail | null, action: OpsAction, target: string | null): boolean {
  const event = chartEvent[action]
  if (event) return chartAllows(detail, event)
  if (action === 'retract') return detail?.events.some((one) => one.eventID === target) ?? false
  return fileOf(detail, target)?.status === 'Uploaded'
}

/** The first message the reason schema gives, or null when the reason is good. */
const reasonMessage = (reason: string) => {
  const checked = reasonSchema.safeParse({ reason })
  return checked.success ? null : (checked.error.issues[0]?.message ?? null)
}

export const actionsSetup = documentsSetup.extend({
  guards: {
    asksReason: ({ context, event }) =>
      event.type === 'action.requested' &&
      reasonActions.includes(event.action) &&
      mayAct(context.detail, event.action, event.target ?? null),
    mayActNow: ({ context, event }) =>
      event.type === 'action.requested' &&
      !reasonActions.includes(event.action) &&
      mayAct(context.detail, event.action, event.target ?? null),
    reasonIsValid: ({ context }) =>
      context.pending !== null && reasonSchema.safeParse({ reason: context.pending.reason }).success,
    /** The server refused the reason typed (422): said in the dialog, which stays open. */
    isReasonRefused: ({ context }, error: unknown) =>
      context.pending !== null &&
      reasonActions.includes(context.pending.action) &&
      failure(error).status === 422,
  },
  actions: {
    ask: assign(({ event }) => {
      assertEvent(event, 'action.requested')
      return {
        pending: { action: event.action, target: event.target ?? null, reason: '', error: null },
        notice: null,
        message: null,
      }
    }),
    setReason: assign(({ context, event }) => {
      assertEvent(event, 'reason.changed')
      if (!context.pending) return {}
      // A message once shown follows what is typed.
      const error = context.pending.error === null ? null : reasonMessage(event.value)
      return { pending: { ...context.pending, reason: event.value, error } }
    }),
    refuseReason: assign(({ context }) => {
      if (!context.pending) return {}
      const checked = reasonSchema.safeParse({ reason: context.pending.reason })
      const error = checked.success ? null : (checked.error.issues[0]?.message ?? messages.generic)
      return { pending: { ...context.pending, error } }
    }),
    dismiss: assign({ pending: null }),
    acted: assign(({ context }) => ({
      notice: context.pending ? opsNotices[context.pending.action] : null,
      pending: null,
    })),
    /** A refusal of the reason itself stays in the dialog. */
    reasonRefused: assign(({ context }, error: unknown) => ({
      pending: context.pending
        ? { ...context.pending, error: serverErrors(error).reason?.[0] ?? messageOf(error) }
        : null,
    })),
    /** Any other refusal closes the dialog and is said on the page. */
    actFailed: assign((_, error: unknown) => ({ pending: null, message: messageOf(error) })),
  },
})

/** The dialog (a state of the chart's `work`): the reason, and the confirmation. */
export const asking = actionsSetup.createStateConfig({
  on: {
    'booking.changed': { actions: 'markStale' },
    'reason.changed': { actions: 'setReason' },
    'action.confirmed': [{ guard: 'reasonIsValid', target: 'acting' }, { actions: 'refuseReason' }],
    'action.dismissed': [
      { guard: 'isStale', target: 'reloading', actions: 'dismiss' },
      { target: 'idle', actions: 'dismiss' },
    ],
  },
})

/** The action on its way (a state of the chart's `work`), with the reason typed, trimmed, when it takes one. */
export const acting = actionsSetup.createStateConfig({
  entry: 'clearStale',
  on: { 'booking.changed': { actions: 'markStale' } },
  invoke: {
    id: 'act',
    src: 'act',
    input: ({ context }) => ({
      number: context.number,
      action: context.pending?.action ?? 'release',
      target: context.pending?.target ?? null,
      reason:
        context.pending && reasonActions.includes(context.pending.action)
          ? context.pending.reason.trim()
          : null,
    }),
    onDone: { target: 'reloading', actions: 'acted' },
    onError: [
      {
        guard: { type: 'isReasonRefused', params: actorError },
        target: 'asking',
        actions: { type: 'reasonRefused', params: actorError },
      },
      // Refused by the chart (409, someone else changed it): what it is now is read again.
      { target: 'reloading', actions: { type: 'actFailed', params: actorError } },
    ],
  },
})
