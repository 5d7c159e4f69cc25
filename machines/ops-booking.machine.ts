/**
 * `opsBookingMachine` (a booking on the operations desk, /staff/bookings/$number, issue 23): loads the booking
 * (`getOpsBooking`) → ready, not found (404) or failed (retry). In ready, one change at a time:
 *
 * - **Confirm** (`deskConfirmSchema`), while the booking chart allows `ops.confirm`: the carrier (prefilled from
 *   the booking), its booking reference, vessel + IMO + voyage (sea) or flight (air), ETD, ETA and cut-offs as
 *   wall-clock times at the places (`datetime-local`), for FCL the VGM cut-off and one container number per
 *   booked container (ISO 6346, checked as typed), an optional transshipment port;
 * - **Post a milestone** (`deskMilestoneSchema`) once the booking has its HBL and is not cancelled: the form
 *   makes its `eventID` once, keeps it across a retry (the server stores a repeated id once) and makes a new one
 *   after a success;
 * - **The place search** (the `lookup` region): the milestone's place and the confirmation's transshipment port
 *   are chosen from a type-ahead (`place.typed` / `place.chosen`), as the customer's quote form chooses its ports:
 *   the route's places are offered first, then what `searchPlaces` finds (`searchStaffLocations`) once two
 *   characters are typed and `LOOKUP_DELAY_MS` passed. The code sent is the chosen place's; text typed but not
 *   chosen is refused as typed (`placeMessages`). The chosen place's time zone labels the milestone's time;
 * - **Hold** (reason), **Release**, **Cancel** (reason) as the chart allows (`nextBookingStatus`, never a
 *   second table); **Retract** an event (reason); **Accept** or **Reject** (reason) an uploaded file. Those with
 *   a reason ask for it in a dialog that is also the confirmation;
 * - **Ask for a document** (`documentRequestSchema`): kind, due date, note.
 *
 * A refused change keeps what was typed (the server's field messages under the fields); a done one says so
 * (`notice`) and reads the booking again. Beside it, a file's preview is fetched (`loadPreview`, a blob URL the
 * page gives back with `revokeUrl`). `booking.changed` (the console's stream) reads the booking again, after
 * the change on its way if there is one.
 *
 * Effects are injected by the page with `machine.provide`.
 */
import { and, assertEvent, assign, fromPromise, or, setup, stateIn } from 'xstate'
import { type DocumentFile, documentNames, milestoneLabels } from '../contract/bookings'
import { singaporeDateOf } from '../contract/dates'
import { documentRequestSchema, type UploadableKind, uploadableKinds } from '../contract/documents'
import { messages } from '../contract/messages'
import {
  type DeskConfirmInput,
  type DeskMilestoneInput,
  deskConfirmSchema,
  deskMilestoneSchema,
  milestoneCodes,
  type OpsBookingDetail,
  reasonSchema,
} from '../contract/operations-desk'
import type { Mode } from '../contract/pricing/types'
import type { FieldErrors } from '../contract/rules'
import { searchText } from '../contract/text'
import type { Place } from '../contract/wire'
import { actorError, failure } from './actor-error'
import { type BookingEventType, isFinalStatus, nextBookingStatus } from './booking.machine'
import { LOOKUP_DELAY_MS, placeLabel } from './quote-form'

// ── What each DCSA code is called ────────────────────────────────────────────────────────────────────

/** The milestone codes a form may post, by name: the customer's milestone labels where a code is one. */
export const milestoneCodeNames: Record<string, string> = {
  RECE: 'Cargo Received',
  ISSU: 'Documents Issued',
  REJE: 'Document Rejected',
  CUSE: milestoneLabels.exportCustomsCleared,
  CUSI: milestoneLabels.importCustomsCleared,
  DLVR: milestoneLabels.delivered,
  ARRI: milestoneLabels.arrived,
  DEPA: milestoneLabels.departed,
  GTIN: milestoneLabels.gateIn,
  LOAD: milestoneLabels.loaded,
  DISC: milestoneLabels.discharged,
  GTOT: 'Gate Out',
  STUF: 'Container Stuffed',
  STRP: 'Container Stripped',
  PICK: 'Picked Up',
  DROP: 'Dropped Off',
  INSP: 'Inspected',
  RSEA: 'Resealed',
  RMVD: 'Removed',
  AVPU: milestoneLabels.availableForPickup,
  CONF: milestoneLabels.bookingConfirmed,
  HOLD: 'On Hold',
  RELS: 'Released from Hold',
  CANC: 'Cancelled',
}

export const codeName = (code: string) => milestoneCodeNames[code] ?? code

export type MilestoneEventType = keyof typeof milestoneCodes
export const milestoneEventTypes = Object.keys(milestoneCodes) as MilestoneEventType[]

// ── The forms ────────────────────────────────────────────────────────────────────────────────────────

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

export interface FormState<Values> {
  values: Values
  errors: FieldErrors
  /** Paths whose message shows: left once, or the form was submitted. */
  shown: Record<string, true | undefined>
}

export type OpsFormName = 'confirm' | 'milestone' | 'request'

const optional = (text: string) => (text.trim() === '' ? undefined : text)

function issuesOf(result: {
  success: boolean
  error?: { issues: { path: PropertyKey[]; message: string }[] }
}) {
  const errors: FieldErrors = {}
  if (result.success || !result.error) return errors
  for (const issue of result.error.issues) {
    const path = issue.path.map(String).join('.')
    const list = errors[path] ?? []
    if (!list.includes(issue.message)) list.push(issue.message)
    errors[path] = list
  }
  return errors
}

/**
 * The confirmation the form's values make, as the API takes it: optional fields left out when blank, the
 * vessel or the flight by mode, the VGM cut-off and containers for FCL only (blank containers left out);
 * `containerIndex[i]` is the input the i-th container sent came from.
 */
export function toConfirm(values: ConfirmValues, mode: Mode) {
  const sea = mode !== 'AIR'
  const containerIndex: number[] = []
  const containers: string[] = []
  if (mode === 'FCL') {
    values.containers.forEach((value, index) => {
      if (value.trim() === '') return
      containerIndex.push(index)
      containers.push(value)
    })
  }
  const body: DeskConfirmInput = {
    carrier: values.carrier,
    carrierBookingRef: values.carrierBookingRef,
    ...(sea
      ? {
          vesselName: optional(values.vesselName),
          vesselIMONumber: optional(values.vesselIMONumber.trim()),
          voyage: optional(values.voyage),
        }
      : { flight: optional(values.flight) }),
    etd: values.etd,
    eta: values.eta,
    cargoCutoff: optional(values.cargoCutoff),
    documentsCutoff: optional(values.documentsCutoff),
    ...(mode === 'FCL' ? { vgmCutoff: optional(values.vgmCutoff) } : {}),
    containers,
    transshipment: optional(values.transshipment),
  }
  for (const key of Object.keys(body) as (keyof DeskConfirmInput)[])
    if (body[key] === undefined) delete body[key]
  return { body, containerIndex }
}

/** Moves the server's (or the schema's) container paths to the inputs they came from. */
function toInputPaths(errors: FieldErrors, containerIndex: number[], mode: Mode): FieldErrors {
  const moved: FieldErrors = {}
  for (const [path, list] of Object.entries(errors)) {
    if (!list) continue
    const match = /^containers\.(\d+)$/.exec(path)
    let to = match ? `containers.${containerIndex[Number(match[1])] ?? match[1]}` : path
    // The "vessel or flight" message sits under the field the mode shows.
    if (mode === 'AIR' && to === 'vesselName') to = 'flight'
    moved[to] = [...(moved[to] ?? []), ...list]
  }
  return moved
}

/** Every confirm field's messages, by the form's paths (`containers.1` is the second input); empty when valid. */
export function confirmErrors(values: ConfirmValues, mode: Mode): FieldErrors {
  const { body, containerIndex } = toConfirm(values, mode)
  return toInputPaths(issuesOf(deskConfirmSchema.safeParse(body)), containerIndex, mode)
}

/** The milestone the form's values make, as the API takes it. */
export function toMilestone(values: MilestoneValues, eventID: string, mode: Mode): DeskMilestoneInput {
  const sea = mode !== 'AIR'
  const body: DeskMilestoneInput = {
    eventID,
    eventType: values.eventType,
    code: values.code,
    classifier: values.classifier,
    location: values.location,
    localTime: values.localTime,
    ...(sea
      ? { vesselName: optional(values.vesselName), voyage: optional(values.voyage) }
      : { flight: optional(values.flight) }),
    ...(values.eventType === 'EQUIPMENT' ? { container: optional(values.container) } : {}),
  }
  for (const key of Object.keys(body) as (keyof DeskMilestoneInput)[])
    if (body[key] === undefined) delete body[key]
  return body
}

export const milestoneErrors = (values: MilestoneValues, eventID: string, mode: Mode): FieldErrors =>
  issuesOf(deskMilestoneSchema.safeParse(toMilestone(values, eventID, mode)))

export const kindMessage = 'Choose the document.'

/** The request's body and its messages (the due date today or later, in Singapore). */
export function toRequest(values: RequestValues) {
  return { dueDate: values.dueDate, ...(values.note.trim() === '' ? {} : { note: values.note }) }
}

export function requestErrors(values: RequestValues, now: Date = new Date()): FieldErrors {
  const errors = issuesOf(documentRequestSchema(singaporeDateOf(now)).safeParse(toRequest(values)))
  if (!(uploadableKinds as readonly string[]).includes(values.kind)) errors.kind = [kindMessage]
  return errors
}

// ── The place search ──────────────────────────────────────────────────────────────────────────────

/** The forms with a place from the location search, and the field each sends it in. */
export type PlaceForm = 'confirm' | 'milestone'
export const placeFields = { confirm: 'transshipment', milestone: 'location' } as const

/** What is typed in a form's place field, and the place chosen (its code is the value sent). */
export interface PlaceSearch {
  text: string
  place: Place | null
}

export const placeMessages = {
  /** The milestone's place, left empty. */
  missing: 'Choose where it happened: type a code, port, airport or city.',
  /** Text typed, nothing chosen from the list. */
  choose: 'Choose the place from the list.',
  /** The same for the optional transshipment port. */
  chooseOrBlank: 'Choose the place from the list, or leave it empty.',
} as const

const noSearch: PlaceSearch = { text: '', place: null }

let regionNames: Intl.DisplayNames | undefined
const countryName = (code: string) => {
  regionNames ??= new Intl.DisplayNames(['en'], { type: 'region' })
  try {
    return regionNames.of(code) ?? code
  } catch {
    return code
  }
}

/**
 * The booking's places, origin first then each leg's ends and the destination, as the type-ahead lists them;
 * for a transshipment port only the places between origin and destination.
 */
export function routePlaces(detail: OpsBookingDetail | null, form: PlaceForm = 'milestone'): Place[] {
  if (!detail) return []
  const b = detail.booking
  const kindOf = (mode: 'SEA' | 'AIR'): Place['kind'] => (mode === 'AIR' ? 'airport' : 'port')
  const main = kindOf(b.mode === 'AIR' ? 'AIR' : 'SEA')
  const all = [
    { ...b.origin, kind: main },
    ...b.legs.flatMap((leg) => [
      { ...leg.from, kind: kindOf(leg.mode) },
      { ...leg.to, kind: kindOf(leg.mode) },
    ]),
    { ...b.destination, kind: main },
  ]
  const ends = new Set([b.origin.code, b.destination.code])
  return all
    .filter((one, index) => all.findIndex((other) => other.code === one.code) === index)
    .filter((one) => form === 'milestone' || !ends.has(one.code))
    .map((one) => ({
      code: one.code,
      kind: one.kind,
      name: one.name,
      city: '',
      country_code: one.country_code,
      country_name: countryName(one.country_code),
      time_zone: one.time_zone,
    }))
}

/** Whether a place is one a text names: the start of its code, or words of its name, city or country. */
const fits = (place: Place, text: string) => {
  const wanted = searchText(text)
  return (
    wanted === '' ||
    searchText(place.code).startsWith(wanted) ||
    searchText(placeLabel(place)).includes(wanted)
  )
}

/**
 * What a form's type-ahead offers: the route's places that fit what is typed (all of them while nothing is, or
 * the chosen place's label), then what the search found for this form.
 */
export function placeSuggestions(
  context: Pick<OpsBookingContext, 'detail' | 'placeSearch' | 'lookup'>,
  form: PlaceForm,
) {
  const { text, place } = context.placeSearch[form]
  const query = place && text === placeLabel(place) ? '' : text
  const route = routePlaces(context.detail, form).filter((one) => fits(one, query))
  const found = context.lookup.form === form ? context.lookup.found : []
  return [...route, ...found.filter((one) => !route.some((other) => other.code === one.code))]
}

/** The place field's message: the search's own (nothing chosen) before the schema's on the code. */
function withPlaceErrors(errors: FieldErrors, form: PlaceForm, search: PlaceSearch): FieldErrors {
  const field = placeFields[form]
  const { [field]: _schema, ...rest } = errors
  if (search.place !== null) return errors
  if (search.text.trim() !== '')
    return { ...rest, [field]: [form === 'milestone' ? placeMessages.choose : placeMessages.chooseOrBlank] }
  return form === 'milestone' ? { ...rest, [field]: [placeMessages.missing] } : rest
}

// ── The actions ──────────────────────────────────────────────────────────────────────────────────────

export const opsActions = ['hold', 'release', 'cancel', 'retract', 'accept', 'reject'] as const
export type OpsAction = (typeof opsActions)[number]

/** The actions that ask for a reason (their dialog is also the confirmation). */
export const reasonActions: readonly OpsAction[] = ['hold', 'cancel', 'retract', 'reject']

const chartEvent: Partial<Record<OpsAction, BookingEventType>> = {
  hold: 'ops.hold',
  release: 'ops.release',
  cancel: 'ops.cancel',
}

export interface PendingAction {
  action: OpsAction
  /** The event retracted or the file reviewed. */
  target: string | null
  reason: string
  error: string | null
}

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

/** Whether the booking chart lets `event` happen to the booking now. */
export const chartAllows = (detail: OpsBookingDetail | null, event: BookingEventType) =>
  detail !== null && nextBookingStatus(detail.booking.status, detail.booking.heldFrom ?? null, event) !== null

/** Milestones are posted to a booking with its HBL that is still going somewhere. */
export const mayPostMilestone = (detail: OpsBookingDetail | null) =>
  detail !== null && detail.booking.hbl !== null && detail.booking.status !== 'Cancelled'

export const mayRequestDocument = (detail: OpsBookingDetail | null) =>
  detail !== null && !isFinalStatus(detail.booking.status)

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

// ── The chart ────────────────────────────────────────────────────────────────────────────────────────

export interface FilePreview {
  fileId: string
  name: string
  url: string
  contentType: string
}

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

export const emptyConfirm: ConfirmValues = {
  carrier: '',
  carrierBookingRef: '',
  vesselName: '',
  vesselIMONumber: '',
  voyage: '',
  flight: '',
  etd: '',
  eta: '',
  cargoCutoff: '',
  documentsCutoff: '',
  vgmCutoff: '',
  containers: [],
  transshipment: '',
}

export const emptyMilestone: MilestoneValues = {
  eventType: 'EQUIPMENT',
  code: milestoneCodes.EQUIPMENT[0],
  classifier: 'ACT',
  location: '',
  localTime: '',
  vesselName: '',
  voyage: '',
  flight: '',
  container: '',
}

export const emptyRequest: RequestValues = { kind: 'commercial_invoice', dueDate: '', note: '' }

const modeOf = (context: Pick<OpsBookingContext, 'detail'>): Mode => context.detail?.booking.mode ?? 'FCL'

/** A new event id (the browser's and Node's crypto). */
export const newEventId = () => globalThis.crypto.randomUUID()

function confirmState(
  values: ConfirmValues,
  mode: Mode,
  shown = {},
  search: PlaceSearch = noSearch,
): FormState<ConfirmValues> {
  return { values, errors: withPlaceErrors(confirmErrors(values, mode), 'confirm', search), shown }
}
function milestoneState(
  values: MilestoneValues,
  eventID: string,
  mode: Mode,
  shown = {},
  search: PlaceSearch = noSearch,
) {
  return {
    values,
    errors: withPlaceErrors(milestoneErrors(values, eventID, mode), 'milestone', search),
    shown,
  }
}
function requestState(values: RequestValues, shown = {}): FormState<RequestValues> {
  return { values, errors: requestErrors(values), shown }
}

/** The forms as a newly read booking leaves them: prefilled where still blank, typed values kept. */
function prefill(context: OpsBookingContext, detail: OpsBookingDetail) {
  const booking = detail.booking
  const mode = booking.mode
  const c = context.confirm.values
  const booked = mode === 'FCL' ? Math.max(detail.containersBooked ?? 0, detail.containers.length, 1) : 0
  const containers = Array.from(
    { length: booked },
    (_, index) => c.containers[index] ?? detail.containers[index] ?? '',
  )
  const confirm: ConfirmValues = {
    ...c,
    carrier: c.carrier === '' ? booking.carrier : c.carrier,
    carrierBookingRef: c.carrierBookingRef === '' ? (detail.carrierBookingRef ?? '') : c.carrierBookingRef,
    containers,
  }
  const leg = booking.legs[0]
  const m = context.milestone.values
  // The milestone's place starts at the origin until something is typed or chosen.
  const typed = context.placeSearch.milestone
  const origin = routePlaces(detail)[0]
  const search =
    typed.text === '' && typed.place === null && origin ? { text: placeLabel(origin), place: origin } : typed
  const milestone: MilestoneValues = {
    ...m,
    location: search.place?.code ?? '',
    vesselName: m.vesselName === '' ? (leg?.vesselName ?? '') : m.vesselName,
    voyage: m.voyage === '' ? (leg?.voyage ?? '') : m.voyage,
    flight: m.flight === '' ? (leg?.flight ?? '') : m.flight,
  }
  return {
    detail,
    placeSearch: { ...context.placeSearch, milestone: search },
    confirm: confirmState(confirm, mode, context.confirm.shown, context.placeSearch.confirm),
    milestone: milestoneState(milestone, context.eventID, mode, context.milestone.shown, search),
  }
}

const serverErrors = (error: unknown): FieldErrors =>
  Object.fromEntries(
    Object.entries(failure(error).errors ?? {}).filter(([, list]) => (list?.length ?? 0) > 0),
  )

const messageOf = (error: unknown) => failure(error).message ?? messages.generic

const outputOf = <T>({ event }: { event: { output: T } }) => event.output

/** A form's field changed: a container input is `containers.N`. */
function changed<Values extends object>(values: Values, field: string, value: string): Values {
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

/** A place field's new search, the form's value (the chosen place's code) and its messages. */
function placeChange(context: OpsBookingContext, form: PlaceForm, search: PlaceSearch) {
  const mode = modeOf(context)
  const code = search.place?.code ?? ''
  const placeSearch = { ...context.placeSearch, [form]: search }
  if (form === 'confirm') {
    const values = { ...context.confirm.values, transshipment: code }
    return { placeSearch, confirm: confirmState(values, mode, context.confirm.shown, search) }
  }
  const values = { ...context.milestone.values, location: code }
  return {
    placeSearch,
    milestone: milestoneState(values, context.eventID, mode, context.milestone.shown, search),
  }
}

/** The form being sent: its place stays as it was sent until the answer. */
const sendingItsForm = or([
  and([stateIn({ ready: { work: 'confirming' } }), { type: 'isForm', params: 'confirm' }]),
  and([stateIn({ ready: { work: 'posting' } }), { type: 'isForm', params: 'milestone' }]),
])

export const opsBookingMachine = setup({
  types: {
    context: {} as OpsBookingContext,
    events: {} as OpsBookingEvent,
    input: {} as { number: string },
  },
  actors: {
    loadBooking: fromPromise<OpsBookingDetail, { number: string }>(async () => {
      throw new Error('not provided')
    }),
    confirmBooking: fromPromise<unknown, { number: string; body: DeskConfirmInput }>(async () => {
      throw new Error('not provided')
    }),
    postMilestone: fromPromise<unknown, { number: string; body: DeskMilestoneInput }>(async () => {
      throw new Error('not provided')
    }),
    act: fromPromise<
      unknown,
      { number: string; action: OpsAction; target: string | null; reason: string | null }
    >(async () => {
      throw new Error('not provided')
    }),
    requestDocument: fromPromise<
      unknown,
      { number: string; kind: UploadableKind; body: { dueDate: string; note?: string } }
    >(async () => {
      throw new Error('not provided')
    }),
    loadPreview: fromPromise<{ url: string; contentType: string }, { number: string; fileId: string }>(
      async () => {
        throw new Error('not provided')
      },
    ),
    searchPlaces: fromPromise<Place[], { q: string; mode: Mode }>(async () => []),
  },
  delays: { lookup: LOOKUP_DELAY_MS },
  guards: {
    isNotFound: (_, error: unknown) => failure(error).status === 404,
    isStale: ({ context }) => context.stale,
    hasFieldErrors: (_, error: unknown) => Object.keys(serverErrors(error)).length > 0,
    mayConfirm: ({ context, event }) =>
      event.type === 'form.submitted' &&
      event.form === 'confirm' &&
      chartAllows(context.detail, 'ops.confirm') &&
      Object.keys(context.confirm.errors).length === 0,
    mayPost: ({ context, event }) =>
      event.type === 'form.submitted' &&
      event.form === 'milestone' &&
      mayPostMilestone(context.detail) &&
      Object.keys(context.milestone.errors).length === 0,
    mayRequest: ({ context, event }) =>
      event.type === 'form.submitted' &&
      event.form === 'request' &&
      mayRequestDocument(context.detail) &&
      Object.keys(context.request.errors).length === 0,
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
    /** The event is about this form (what is being sent of it stays as it is until the answer). */
    isForm: ({ event }, form: OpsFormName) =>
      (event.type === 'field.changed' ||
        event.type === 'form.submitted' ||
        event.type === 'place.typed' ||
        event.type === 'place.chosen') &&
      event.form === form,
    isLongEnough: ({ event }) => event.type === 'place.typed' && event.text.trim().length >= 2,
  },
  actions: {
    setDetail: assign(({ context }, detail: OpsBookingDetail) => prefill(context, detail)),
    loadFailed: assign((_, error: unknown) => ({ message: messageOf(error) })),
    failed: assign((_, error: unknown) => ({ message: messageOf(error) })),
    clearSaid: assign({ notice: null, message: null }),
    markStale: assign({ stale: true }),
    clearStale: assign({ stale: false }),
    change: assign(({ context, event }) => {
      assertEvent(event, 'field.changed')
      const mode = modeOf(context)
      // A place is chosen from its type-ahead (place.chosen), never typed in as a code.
      if (event.form !== 'request' && event.field === placeFields[event.form]) return {}
      if (event.form === 'confirm')
        return {
          confirm: confirmState(
            changed(context.confirm.values, event.field, event.value),
            mode,
            context.confirm.shown,
            context.placeSearch.confirm,
          ),
        }
      if (event.form === 'milestone') {
        let values = changed(context.milestone.values, event.field, event.value)
        // Another event type: its first code.
        if (event.field === 'eventType' && values.eventType !== context.milestone.values.eventType) {
          const codes = milestoneCodes[values.eventType] as readonly string[] | undefined
          if (!codes) return {}
          values = { ...values, code: codes[0] ?? '' }
        }
        return {
          milestone: milestoneState(
            values,
            context.eventID,
            mode,
            context.milestone.shown,
            context.placeSearch.milestone,
          ),
        }
      }
      return {
        request: requestState(
          changed(context.request.values, event.field, event.value),
          context.request.shown,
        ),
      }
    }),
    show: assign(({ context, event }) => {
      assertEvent(event, 'field.blurred')
      const form = context[event.form]
      return { [event.form]: { ...form, shown: { ...form.shown, [event.field]: true } } }
    }),
    showAll: assign(({ context, event }) => {
      assertEvent(event, 'form.submitted')
      const form = context[event.form]
      const paths = [...Object.keys(form.values), ...Object.keys(form.errors)]
      return {
        [event.form]: { ...form, shown: Object.fromEntries(paths.map((path) => [path, true])) },
        notice: null,
      }
    }),
    fieldsRefused: assign(({ context }, params: { form: OpsFormName; error: unknown }) => {
      const form = context[params.form]
      let errors = serverErrors(params.error)
      if (params.form === 'confirm') {
        const { containerIndex } = toConfirm(context.confirm.values, modeOf(context))
        errors = toInputPaths(errors, containerIndex, modeOf(context))
      }
      return {
        [params.form]: {
          ...form,
          errors,
          shown: { ...form.shown, ...Object.fromEntries(Object.keys(errors).map((path) => [path, true])) },
        },
        message: messageOf(params.error),
      }
    }),
    confirmed: assign({ notice: opsNotices.confirmed }),
    posted: assign(({ context }) => {
      const eventID = newEventId()
      const values = { ...context.milestone.values, localTime: '', container: '' }
      return {
        notice: opsNotices.milestone(context.milestone.values.code),
        eventID,
        milestone: milestoneState(values, eventID, modeOf(context), {}, context.placeSearch.milestone),
      }
    }),
    /** Typing in a place field: nothing is chosen until a place of the list is. */
    typePlace: assign(({ context, event }) => {
      assertEvent(event, 'place.typed')
      return {
        ...placeChange(context, event.form, { text: event.text, place: null }),
        lookup: { form: event.form, found: [] },
      }
    }),
    choosePlace: assign(({ context, event }) => {
      assertEvent(event, 'place.chosen')
      const search = { text: event.place ? placeLabel(event.place) : '', place: event.place }
      // A choice is a field left: its message (if any) shows.
      const { form } = event
      const shown = { ...context[form].shown, [placeFields[form]]: true as const }
      const withShown = { ...context, [form]: { ...context[form], shown } }
      return { ...placeChange(withShown, form, search), lookup: { form: null, found: [] } }
    }),
    setFound: assign(({ context }, found: Place[]) => ({ lookup: { ...context.lookup, found } })),
    clearFound: assign(({ context }) => ({ lookup: { ...context.lookup, found: [] } })),
    requested: assign(({ context }) => ({
      notice: opsNotices.request(context.request.values.kind),
      request: requestState({ ...emptyRequest, kind: context.request.values.kind }),
    })),
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
      const checked = reasonSchema.safeParse({ reason: event.value })
      return {
        pending: {
          ...context.pending,
          reason: event.value,
          // A message once shown follows what is typed.
          error:
            context.pending.error === null
              ? null
              : checked.success
                ? null
                : (checked.error.issues[0]?.message ?? null),
        },
      }
    }),
    refuseReason: assign(({ context }) => {
      if (!context.pending) return {}
      const checked = reasonSchema.safeParse({ reason: context.pending.reason })
      return {
        pending: {
          ...context.pending,
          error: checked.success ? null : (checked.error.issues[0]?.message ?? messages.generic),
        },
      }
    }),
    actNow: assign(({ event }) => {
      assertEvent(event, 'action.requested')
      return {
        pending: { action: event.action, target: event.target ?? null, reason: '', error: null },
        notice: null,
        message: null,
      }
    }),
    dismiss: assign({ pending: null }),
    /** Typing into the form being sent changes nothing: it is sent as it was. */
    keepSent: () => {},
    acted: assign(({ context }) => ({
      notice: context.pending ? opsNotices[context.pending.action] : null,
      pending: null,
    })),
    /** A refusal of the reason itself stays in the dialog; any other closes it and is said on the page. */
    reasonRefused: assign(({ context }, error: unknown) => ({
      pending: context.pending
        ? { ...context.pending, error: serverErrors(error).reason?.[0] ?? messageOf(error) }
        : null,
    })),
    actFailed: assign((_, error: unknown) => ({ pending: null, message: messageOf(error) })),
    openPreview: assign(({ event }) => {
      assertEvent(event, 'preview.opened')
      return { previewing: { fileId: event.fileId, name: event.name }, previewMessage: null }
    }),
    setPreview: assign(({ context }, shown: { url: string; contentType: string }) => ({
      preview: context.previewing ? { ...context.previewing, ...shown } : null,
    })),
    previewFailed: assign((_, error: unknown) => ({ previewMessage: messageOf(error) })),
    closePreview: assign({ previewing: null, previewMessage: null }),
    /** Gives back a preview's blob URL (the page provides URL.revokeObjectURL). */
    revokeUrl: (_, _url: string | null) => {},
    dropPreview: assign({ preview: null }),
  },
}).createMachine({
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
          { target: 'failed', actions: { type: 'loadFailed', params: actorError } },
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
                  { guard: 'mayActNow', target: 'acting', actions: 'actNow' },
                ],
              },
            },
            // The dialog: the reason, and the confirmation.
            asking: {
              on: {
                'booking.changed': { actions: 'markStale' },
                'reason.changed': { actions: 'setReason' },
                'action.confirmed': [
                  { guard: 'reasonIsValid', target: 'acting' },
                  { actions: 'refuseReason' },
                ],
                'action.dismissed': [
                  { guard: 'isStale', target: 'reloading', actions: 'dismiss' },
                  { target: 'idle', actions: 'dismiss' },
                ],
              },
            },
            confirming: {
              entry: 'clearStale',
              on: {
                'booking.changed': { actions: 'markStale' },
                // What is on its way stays as it was typed.
                'field.changed': { guard: { type: 'isForm', params: 'confirm' }, actions: 'keepSent' },
              },
              invoke: {
                id: 'confirmBooking',
                src: 'confirmBooking',
                input: ({ context }) => ({
                  number: context.number,
                  body: toConfirm(context.confirm.values, modeOf(context)).body,
                }),
                onDone: { target: 'reloading', actions: 'confirmed' },
                onError: [
                  {
                    guard: { type: 'hasFieldErrors', params: actorError },
                    target: 'idle',
                    actions: {
                      type: 'fieldsRefused',
                      params: ({ event }) => ({ form: 'confirm' as const, error: event.error }),
                    },
                  },
                  { target: 'reloading', actions: { type: 'failed', params: actorError } },
                ],
              },
            },
            posting: {
              entry: 'clearStale',
              on: {
                'booking.changed': { actions: 'markStale' },
                // What is on its way stays as it was typed.
                'field.changed': { guard: { type: 'isForm', params: 'milestone' }, actions: 'keepSent' },
              },
              invoke: {
                id: 'postMilestone',
                src: 'postMilestone',
                input: ({ context }) => ({
                  number: context.number,
                  body: toMilestone(context.milestone.values, context.eventID, modeOf(context)),
                }),
                onDone: { target: 'reloading', actions: 'posted' },
                onError: [
                  {
                    guard: { type: 'hasFieldErrors', params: actorError },
                    target: 'idle',
                    actions: {
                      type: 'fieldsRefused',
                      params: ({ event }) => ({ form: 'milestone' as const, error: event.error }),
                    },
                  },
                  { guard: 'isStale', target: 'reloading', actions: { type: 'failed', params: actorError } },
                  { target: 'idle', actions: { type: 'failed', params: actorError } },
                ],
              },
            },
            requesting: {
              entry: 'clearStale',
              on: {
                'booking.changed': { actions: 'markStale' },
                // What is on its way stays as it was typed.
                'field.changed': { guard: { type: 'isForm', params: 'request' }, actions: 'keepSent' },
              },
              invoke: {
                id: 'requestDocument',
                src: 'requestDocument',
                input: ({ context }) => ({
                  number: context.number,
                  kind: context.request.values.kind,
                  body: toRequest(context.request.values),
                }),
                onDone: { target: 'reloading', actions: 'requested' },
                onError: [
                  {
                    guard: { type: 'hasFieldErrors', params: actorError },
                    target: 'idle',
                    actions: {
                      type: 'fieldsRefused',
                      params: ({ event }) => ({ form: 'request' as const, error: event.error }),
                    },
                  },
                  { guard: 'isStale', target: 'reloading', actions: { type: 'failed', params: actorError } },
                  { target: 'idle', actions: { type: 'failed', params: actorError } },
                ],
              },
            },
            acting: {
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
                    guard: ({ context, event }) =>
                      context.pending !== null &&
                      reasonActions.includes(context.pending.action) &&
                      failure(event.error).status === 422,
                    target: 'asking',
                    actions: { type: 'reasonRefused', params: actorError },
                  },
                  // Refused by the chart (409, someone else changed it): what it is now is read again.
                  { target: 'reloading', actions: { type: 'actFailed', params: actorError } },
                ],
              },
            },
            // After a change (or a change elsewhere): the booking read again, the forms as they were.
            reloading: {
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
            },
          },
        },
        preview: {
          initial: 'closed',
          states: {
            closed: { on: { 'preview.opened': { target: 'loading', actions: 'openPreview' } } },
            loading: {
              on: {
                'preview.opened': { target: 'loading', reenter: true, actions: 'openPreview' },
                'preview.closed': { target: 'closed', actions: 'closePreview' },
              },
              invoke: {
                id: 'loadPreview',
                src: 'loadPreview',
                input: ({ context }) => ({
                  number: context.number,
                  fileId: context.previewing?.fileId ?? '',
                }),
                onDone: {
                  target: 'open',
                  actions: [
                    { type: 'revokeUrl', params: ({ context }) => context.preview?.url ?? null },
                    'dropPreview',
                    { type: 'setPreview', params: outputOf },
                  ],
                },
                onError: {
                  target: 'failed',
                  actions: [
                    { type: 'revokeUrl', params: ({ context }) => context.preview?.url ?? null },
                    'dropPreview',
                    { type: 'previewFailed', params: actorError },
                  ],
                },
              },
            },
            open: {
              on: {
                'preview.opened': { target: 'loading', actions: 'openPreview' },
                'preview.closed': {
                  target: 'closed',
                  actions: [
                    { type: 'revokeUrl', params: ({ context }) => context.preview?.url ?? null },
                    'dropPreview',
                    'closePreview',
                  ],
                },
              },
            },
            failed: {
              on: {
                'preview.opened': { target: 'loading', actions: 'openPreview' },
                'preview.closed': { target: 'closed', actions: 'closePreview' },
              },
            },
          },
        },
        // The place fields' type-ahead: typed, a pause, looked up; a choice ends it.
        lookup: {
          initial: 'idle',
          on: {
            'place.typed': [
              { guard: sendingItsForm, actions: 'keepSent' },
              { guard: 'isLongEnough', target: '.waiting', reenter: true, actions: 'typePlace' },
              { target: '.idle', actions: 'typePlace' },
            ],
            'place.chosen': [
              { guard: sendingItsForm, actions: 'keepSent' },
              { target: '.idle', actions: 'choosePlace' },
            ],
          },
          states: {
            idle: {},
            waiting: { after: { lookup: 'searching' } },
            searching: {
              invoke: {
                id: 'searchPlaces',
                src: 'searchPlaces',
                input: ({ context }) => ({
                  q: context.lookup.form ? context.placeSearch[context.lookup.form].text.trim() : '',
                  mode: modeOf(context),
                }),
                onDone: { target: 'idle', actions: { type: 'setFound', params: outputOf } },
                onError: { target: 'idle', actions: 'clearFound' },
              },
            },
          },
        },
      },
    },
  },
})
