/**
 * Confirm with the carrier (`deskConfirmSchema`), a part of the operations booking chart, while the booking
 * chart allows `ops.confirm`: the carrier (prefilled from the booking), its booking reference, vessel + IMO +
 * voyage (sea) or flight (air), ETD, ETA and cut-offs as wall-clock times at the places (`datetime-local`), for
 * FCL the VGM cut-off and one container number per booked container (ISO 6346, checked as typed), an optional
 * transshipment port (chosen from the place search). It starts from what the customer was quoted (the planned
 * sailing's days and the quoted service's transshipment port, `quotedConfirm`), every field still editable. Sent from `confirming`; a refusal naming fields keeps what
 * was typed with the server's messages under the inputs they came from.
 */
import { assign } from 'xstate'
import { type DeskConfirmInput, deskConfirmSchema, type OpsBookingDetail } from '../contract/operations-desk'
import type { Mode } from '../contract/pricing/types'
import type { FieldErrors } from '../contract/rules'
import { actorError } from './actor-error'
import { initialForm, isFormValid, pathErrors } from './form'
import {
  type ConfirmValues,
  changed,
  chartAllows,
  type FormState,
  modeOf,
  type OpsBookingContext,
  opsBookingSetup,
  opsNotices,
  type PlaceSearch,
  serverErrors,
  whileSending,
} from './ops-booking-setup'
import { noSearch, withPlaceErrors } from './ops-places'
import { placeLabel } from './quote-form'

export type { ConfirmValues } from './ops-booking-setup'

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

const optional = (text: string) => (text.trim() === '' ? undefined : text)

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
  return toInputPaths(pathErrors(deskConfirmSchema.safeParse(body)), containerIndex, mode)
}

/** The form's state: the schema's messages, and the transshipment port's own (typed, not chosen). */
export function confirmState(
  values: ConfirmValues,
  mode: Mode,
  shown: FormState<ConfirmValues>['shown'] = {},
  search: PlaceSearch = noSearch,
): FormState<ConfirmValues> {
  const rules = (typed: ConfirmValues) => withPlaceErrors(confirmErrors(typed, mode), 'confirm', search)
  return { ...initialForm(rules, values), shown }
}

/**
 * The plan's days at the form's wall-clock times: the quoted sailing gives days, so each time starts at this
 * hour at its place for the operations team to set to the carrier's.
 */
export const QUOTED_DAY_TIME = '12:00'

/**
 * What the customer was quoted, as the form's values: the planned ETD and ETA, the cargo and documents
 * cut-offs (one on the ETD's own day is left blank: the plan gives no hour to put it before the departure),
 * the transshipment port the quoted service names. Blank where the booking has no plan.
 */
export function quotedConfirm(detail: OpsBookingDetail): Partial<ConfirmValues> {
  const plan = detail.booking.plannedSailing
  const via = detail.quotedTransshipment?.code ?? ''
  if (!plan) return { transshipment: via }
  const at = (day: string) => `${day}T${QUOTED_DAY_TIME}`
  const cutoff = (day: string) => (day < plan.etd ? at(day) : '')
  return {
    etd: at(plan.etd),
    eta: at(plan.eta),
    cargoCutoff: cutoff(plan.cargoCutoff),
    documentsCutoff: cutoff(plan.docCutoff),
    transshipment: via,
  }
}

/**
 * The form as a newly read booking leaves it: the carrier, its reference and the containers prefilled where
 * blank; on the first read, the quoted plan too (`quotedConfirm`), so a field cleared on purpose stays clear
 * when the booking is read again. Typed values are kept.
 */
export function prefillConfirm(context: OpsBookingContext, detail: OpsBookingDetail) {
  const mode = detail.booking.mode
  const c = context.confirm.values
  const booked = mode === 'FCL' ? Math.max(detail.containersBooked ?? 0, detail.containers.length, 1) : 0
  const containers = Array.from(
    { length: booked },
    (_, index) => c.containers[index] ?? detail.containers[index] ?? '',
  )
  const first = context.detail === null
  const quoted = first ? quotedConfirm(detail) : {}
  const blankOr = (field: 'etd' | 'eta' | 'cargoCutoff' | 'documentsCutoff' | 'transshipment') =>
    c[field] === '' ? (quoted[field] ?? '') : c[field]
  const values: ConfirmValues = {
    ...c,
    carrier: c.carrier === '' ? detail.booking.carrier : c.carrier,
    carrierBookingRef: c.carrierBookingRef === '' ? (detail.carrierBookingRef ?? '') : c.carrierBookingRef,
    etd: blankOr('etd'),
    eta: blankOr('eta'),
    cargoCutoff: blankOr('cargoCutoff'),
    documentsCutoff: blankOr('documentsCutoff'),
    transshipment: blankOr('transshipment'),
    containers,
  }
  const via = detail.quotedTransshipment
  const search =
    first && via && c.transshipment === '' && context.placeSearch.confirm.text === ''
      ? { text: placeLabel(via), place: via }
      : context.placeSearch.confirm
  return {
    confirm: confirmState(values, mode, context.confirm.shown, search),
    placeSearch: { ...context.placeSearch, confirm: search },
  }
}

/** A field typed (the transshipment port is chosen from its type-ahead, `confirmPlaced`). */
export const confirmChanged = (context: OpsBookingContext, field: string, value: string) => ({
  confirm: confirmState(
    changed(context.confirm.values, field, value),
    modeOf(context),
    context.confirm.shown,
    context.placeSearch.confirm,
  ),
})

/** The transshipment port's search changed: the chosen place's code is the value sent. */
export const confirmPlaced = (context: OpsBookingContext, search: PlaceSearch) => ({
  confirm: confirmState(
    { ...context.confirm.values, transshipment: search.place?.code ?? '' },
    modeOf(context),
    context.confirm.shown,
    search,
  ),
})

export const confirmSetup = opsBookingSetup.extend({
  guards: {
    mayConfirm: ({ context, event }) =>
      event.type === 'form.submitted' &&
      event.form === 'confirm' &&
      chartAllows(context.detail, 'ops.confirm') &&
      isFormValid(context.confirm),
  },
  actions: {
    confirmed: assign({ notice: opsNotices.confirmed }),
  },
})

/** The confirmation on its way (a state of the chart's `work`). */
export const confirming = confirmSetup.createStateConfig({
  ...whileSending('confirm'),
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
          params: ({ context, event }) => {
            const mode = modeOf(context)
            const { containerIndex } = toConfirm(context.confirm.values, mode)
            return {
              form: 'confirm' as const,
              error: event.error,
              errors: toInputPaths(serverErrors(event.error), containerIndex, mode),
            }
          },
        },
      },
      { target: 'reloading', actions: { type: 'failed', params: actorError } },
    ],
  },
})
