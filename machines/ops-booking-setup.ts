/**
 * The operations desk's booking chart (`opsBookingMachine`, ops-booking.machine.ts): its words, and the setup
 * its parts grow. The chart is one actor (one change at a time, one booking read), written in parts of one
 * purpose each, every part extending the setup of the one before it with its own guards and actions and
 * writing its own states:
 *
 * - this file: the context, the events, the effects the page provides, what the booking chart allows, the
 *   notices, and what every part uses (a refusal's messages, a change elsewhere while one is on its way);
 * - ops-places.ts: the place fields' rules (the route's places, what the type-ahead offers, its messages);
 * - ops-confirm.ts: confirm with the carrier; ops-milestone.ts: post a milestone;
 * - ops-documents.ts: ask for a document, and a file's preview;
 * - ops-actions.ts: hold, release, cancel, retract an event, accept or reject a file (the reason's dialog);
 * - ops-lookup.ts: the place fields' type-ahead;
 * - ops-booking.machine.ts: the booking read, read again, and the parts side by side.
 */
import { assertEvent, assign, fromPromise, setup } from 'xstate'
import { documentNames } from '../contract/bookings'
import type { UploadableKind } from '../contract/documents'
import { messages } from '../contract/messages'
import { eventCodeLabel } from '../contract/milestones'
import type {
  DeskConfirmInput,
  DeskMilestoneInput,
  milestoneCodes,
  OpsBookingDetail,
} from '../contract/operations-desk'
import type { Mode } from '../contract/pricing/types'
import type { FieldErrors } from '../contract/rules'
import type { Place } from '../contract/wire'
import { failure } from './actor-error'
import { type BookingEventType, isFinalStatus, nextBookingStatus } from './booking.machine'
import { type FormContext, showAll, showField } from './form'
import { LOOKUP_DELAY_MS } from './quote-form'

// ── The forms' values ────────────────────────────────────────────────────────────────────────────────

export interface ConfirmValues {
  carrier: string
  carrierBookingRef: string
  vesselName: string
  vesselIMONumber: string
  voyage: string
  flight: string
  etd: string
  eta: string
  cargoCutoff: string
  documentsCutoff: string
  vgmCutoff: string
  /** FCL: one per booked container, blank until known. */
  containers: string[]
  transshipment: string
}

export type MilestoneEventType = keyof typeof milestoneCodes

export interface MilestoneValues {
  eventType: MilestoneEventType
  code: string
  classifier: 'PLN' | 'EST' | 'ACT'
  location: string
  localTime: string
  vesselName: string
  voyage: string
  flight: string
  container: string
}

export interface RequestValues {
  kind: UploadableKind
  dueDate: string
  note: string
}

/** A form of the page (machines/form.ts): its messages sit under paths (`containers.1` is the second input). */
export type FormState<Values> = FormContext<Values, string>

export type OpsFormName = 'confirm' | 'milestone' | 'request'

/** The forms with a place from the location search, and the field each sends it in. */
export type PlaceForm = 'confirm' | 'milestone'

/** What is typed in a form's place field, and the place chosen (its code is the value sent). */
export interface PlaceSearch {
  text: string
  place: Place | null
}

// ── The actions ──────────────────────────────────────────────────────────────────────────────────────

export const opsActions = ['hold', 'release', 'cancel', 'retract', 'accept', 'reject'] as const
export type OpsAction = (typeof opsActions)[number]

export interface PendingAction {
  action: OpsAction
  /** The event retracted or the file reviewed. */
  target: string | null
  reason: string
  error: string | null
}

export interface FilePreview {
  fileId: string
  name: string
  url: string
  contentType: string
}

// ── The chart's context and events ───────────────────────────────────────────────────────────────────

export interface OpsBookingContext {
  number: string
  detail: OpsBookingDetail | null
  confirm: FormState<ConfirmValues>
  milestone: FormState<MilestoneValues>
  /** The milestone form's event id: kept across a retry, new after a success. */
  eventID: string
  request: FormState<RequestValues>
  /** The place fields' type-aheads: what is typed, what is chosen. */
  placeSearch: Record<PlaceForm, PlaceSearch>
  /** The form whose place is being looked up, and what the search found for it. */
  lookup: { form: PlaceForm | null; found: Place[] }
  pending: PendingAction | null
  /** The file being previewed (asked for), and the preview once fetched. */
  previewing: { fileId: string; name: string } | null
  preview: FilePreview | null
  previewMessage: string | null
  /** A `booking.changed` came while a change was on its way: read again after it. */
  stale: boolean
  notice: string | null
  message: string | null
}

export type OpsBookingEvent =
  | { type: 'user.retry' }
  | { type: 'booking.changed' }
  | { type: 'field.changed'; form: OpsFormName; field: string; value: string }
  | { type: 'field.blurred'; form: OpsFormName; field: string }
  | { type: 'form.submitted'; form: OpsFormName }
  | { type: 'place.typed'; form: PlaceForm; text: string }
  | { type: 'place.chosen'; form: PlaceForm; place: Place | null }
  | { type: 'action.requested'; action: OpsAction; target?: string }
  | { type: 'reason.changed'; value: string }
  | { type: 'action.confirmed' }
  | { type: 'action.dismissed' }
  | { type: 'preview.opened'; fileId: string; name: string }
  | { type: 'preview.closed' }

// ── What the booking chart allows, and what is said ──────────────────────────────────────────────────

/** The name of a DCSA code (contract/milestones.ts): the customer's milestone label where a code is one. */
export const codeName = eventCodeLabel

/** Whether the booking chart lets `event` happen to the booking now (waiting for finance's credit release or not). */
export const chartAllows = (detail: OpsBookingDetail | null, event: BookingEventType) =>
  detail !== null &&
  nextBookingStatus(
    detail.booking.status,
    detail.booking.heldFrom ?? null,
    event,
    detail.booking.creditHold?.reason ?? null,
  ) !== null

/** The booking could be confirmed but waits for finance's credit release (docs/payments.md "Credit control"). */
export const confirmWaitsForCredit = (detail: OpsBookingDetail | null) =>
  detail?.booking.creditHold != null &&
  nextBookingStatus(detail.booking.status, detail.booking.heldFrom ?? null, 'ops.confirm') !== null

/** Milestones are posted to a booking with its HBL that is still going somewhere. */
export const mayPostMilestone = (detail: OpsBookingDetail | null) =>
  detail !== null && detail.booking.hbl !== null && detail.booking.status !== 'Cancelled'

export const mayRequestDocument = (detail: OpsBookingDetail | null) =>
  detail !== null && !isFinalStatus(detail.booking.status)

export const opsNotices = {
  confirmed: 'Booking confirmed: its HBL is issued and the customer can see it.',
  milestone: (code: string) => `${codeName(code)} posted.`,
  hold: 'The booking is on hold.',
  release: 'The booking is released from hold.',
  cancel: 'The booking is cancelled.',
  retract: 'The event was retracted: it is gone from the customer’s timeline.',
  accept: 'Document accepted.',
  reject: 'Document rejected: the customer sees the reason.',
  request: (kind: UploadableKind) => `The customer was asked for the ${documentNames[kind].toLowerCase()}.`,
} as const

export const modeOf = (context: Pick<OpsBookingContext, 'detail'>): Mode =>
  context.detail?.booking.mode ?? 'FCL'

/** The server's field messages, by the paths it gives (`containers.0`): every path with a message. */
export const serverErrors = (error: unknown): FieldErrors =>
  Object.fromEntries(
    Object.entries(failure(error).errors ?? {}).filter(([, list]) => (list?.length ?? 0) > 0),
  )

export const messageOf = (error: unknown) => failure(error).message ?? messages.generic

export const outputOf = <T>({ event }: { event: { output: T } }) => event.output

/** A form's field changed: a container input is `containers.N`. */
export function changed<Values extends object>(values: Values, field: string, value: string): Values {
  const match = /^containers\.(\d+)$/.exec(field)
  if (match && 'containers' in values) {
    const list = [...(values.containers as string[])]
    const index = Number(match[1])
    if (index >= list.length) return values
    list[index] = value
    return { ...values, containers: list }
  }
  if (!(field in values) || field === 'containers') return values
  return { ...values, [field]: value }
}

const notProvided = async (): Promise<never> => {
  throw new Error('not provided')
}

/** The chart's effects (provided by the page) and what every part shares. */
export const opsBookingSetup = setup({
  types: {
    context: {} as OpsBookingContext,
    events: {} as OpsBookingEvent,
    input: {} as { number: string },
  },
  actors: {
    loadBooking: fromPromise<OpsBookingDetail, { number: string }>(notProvided),
    confirmBooking: fromPromise<unknown, { number: string; body: DeskConfirmInput }>(notProvided),
    postMilestone: fromPromise<unknown, { number: string; body: DeskMilestoneInput }>(notProvided),
    act: fromPromise<
      unknown,
      { number: string; action: OpsAction; target: string | null; reason: string | null }
    >(notProvided),
    requestDocument: fromPromise<
      unknown,
      { number: string; kind: UploadableKind; body: { dueDate: string; note?: string } }
    >(notProvided),
    loadPreview: fromPromise<{ url: string; contentType: string }, { number: string; fileId: string }>(
      notProvided,
    ),
    searchPlaces: fromPromise<Place[], { q: string; mode: Mode }>(async () => []),
  },
  delays: { lookup: LOOKUP_DELAY_MS },
  guards: {
    isNotFound: (_, error: unknown) => failure(error).status === 404,
    isStale: ({ context }) => context.stale,
    hasFieldErrors: (_, error: unknown) => Object.keys(serverErrors(error)).length > 0,
    /** The event is about this form (what is being sent of it stays as it is until the answer). */
    isForm: ({ event }, form: OpsFormName) =>
      (event.type === 'field.changed' ||
        event.type === 'form.submitted' ||
        event.type === 'place.typed' ||
        event.type === 'place.chosen') &&
      event.form === form,
  },
  actions: {
    failed: assign((_, error: unknown) => ({ message: messageOf(error) })),
    clearSaid: assign({ notice: null, message: null }),
    markStale: assign({ stale: true }),
    clearStale: assign({ stale: false }),
    /** Typing into the form being sent changes nothing: it is sent as it was. */
    keepSent: () => {},
    show: assign(({ context, event }) => {
      assertEvent(event, 'field.blurred')
      const form: FormState<object> = context[event.form]
      return { [event.form]: { ...form, shown: showField(form, event.field) } }
    }),
    showAll: assign(({ context, event }) => {
      assertEvent(event, 'form.submitted')
      const form: FormState<object> = context[event.form]
      return { [event.form]: { ...form, shown: showAll(form) }, notice: null }
    }),
    /** A form refused by the server: its messages (by the form's paths) show, what was typed stays. */
    fieldsRefused: assign(
      ({ context }, params: { form: OpsFormName; errors: FieldErrors; error: unknown }) => {
        const form = context[params.form]
        const paths = Object.keys(params.errors).map((path) => [path, true])
        return {
          [params.form]: {
            ...form,
            errors: params.errors,
            shown: { ...form.shown, ...Object.fromEntries(paths) },
          },
          message: messageOf(params.error),
        }
      },
    ),
  },
})

/**
 * What every form's sending state shares: a change elsewhere is read after the answer, typing into the form
 * on its way changes nothing, and a refusal naming fields goes back to the form with their messages.
 */
export const whileSending = (form: OpsFormName) =>
  ({
    entry: 'clearStale',
    on: {
      'booking.changed': { actions: 'markStale' },
      // What is on its way stays as it was typed.
      'field.changed': { guard: { type: 'isForm', params: form }, actions: 'keepSent' },
    },
  }) as const
