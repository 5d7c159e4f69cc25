/**
 * Post a milestone (`deskMilestoneSchema`), a part of the operations booking chart, once the booking has its
 * HBL and is not cancelled: event type, code, classifier, the place (chosen from the place search, the origin
 * to begin with; its time zone labels the time), the local time there, the vessel and voyage or the flight,
 * the container of an equipment event. The form makes its `eventID` once, keeps it across a retry (the server
 * stores a repeated id once) and makes a new one after a success.
 */
import { assign } from 'xstate'
import {
  type DeskMilestoneInput,
  deskMilestoneSchema,
  milestoneCodes,
  type OpsBookingDetail,
} from '../contract/operations-desk'
import type { Mode } from '../contract/pricing/types'
import type { FieldErrors } from '../contract/rules'
import { actorError } from './actor-error'
import { initialForm, isFormValid, pathErrors } from './form'
import {
  changed,
  type FormState,
  type MilestoneEventType,
  type MilestoneValues,
  mayPostMilestone,
  modeOf,
  type OpsBookingContext,
  opsNotices,
  type PlaceSearch,
  serverErrors,
  whileSending,
} from './ops-booking-setup'
import { confirmSetup } from './ops-confirm'
import { noSearch, routePlaces, withPlaceErrors } from './ops-places'
import { placeLabel } from './quote-form'

export type { MilestoneEventType, MilestoneValues } from './ops-booking-setup'

export const milestoneEventTypes = Object.keys(milestoneCodes) as MilestoneEventType[]

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

/** A new event id (the browser's and Node's crypto). */
export const newEventId = () => globalThis.crypto.randomUUID()

const optional = (text: string) => (text.trim() === '' ? undefined : text)

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
  pathErrors(deskMilestoneSchema.safeParse(toMilestone(values, eventID, mode)))

/** The form's state: the schema's messages, and the place's own (empty, or typed and not chosen). */
export function milestoneState(
  values: MilestoneValues,
  eventID: string,
  mode: Mode,
  shown: FormState<MilestoneValues>['shown'] = {},
  search: PlaceSearch = noSearch,
): FormState<MilestoneValues> {
  const rules = (typed: MilestoneValues) =>
    withPlaceErrors(milestoneErrors(typed, eventID, mode), 'milestone', search)
  return { ...initialForm(rules, values), shown }
}

/**
 * The form as a newly read booking leaves it: the place is the origin until something is typed or chosen, the
 * vessel and voyage or flight the first leg's where blank.
 */
export function prefillMilestone(context: OpsBookingContext, detail: OpsBookingDetail) {
  const leg = detail.booking.legs[0]
  const m = context.milestone.values
  const typed = context.placeSearch.milestone
  const origin = routePlaces(detail)[0]
  const search =
    typed.text === '' && typed.place === null && origin ? { text: placeLabel(origin), place: origin } : typed
  const values: MilestoneValues = {
    ...m,
    location: search.place?.code ?? '',
    vesselName: m.vesselName === '' ? (leg?.vesselName ?? '') : m.vesselName,
    voyage: m.voyage === '' ? (leg?.voyage ?? '') : m.voyage,
    flight: m.flight === '' ? (leg?.flight ?? '') : m.flight,
  }
  return {
    placeSearch: { ...context.placeSearch, milestone: search },
    milestone: milestoneState(values, context.eventID, detail.booking.mode, context.milestone.shown, search),
  }
}

/** A field typed; another event type starts at its first code (the place is chosen, `milestonePlaced`). */
export function milestoneChanged(
  context: OpsBookingContext,
  field: string,
  value: string,
): Partial<OpsBookingContext> {
  let values = changed(context.milestone.values, field, value)
  if (field === 'eventType' && values.eventType !== context.milestone.values.eventType) {
    const codes = milestoneCodes[values.eventType] as readonly string[] | undefined
    if (!codes) return {}
    values = { ...values, code: codes[0] ?? '' }
  }
  return {
    milestone: milestoneState(
      values,
      context.eventID,
      modeOf(context),
      context.milestone.shown,
      context.placeSearch.milestone,
    ),
  }
}

/** The place's search changed: the chosen place's code is the value sent. */
export const milestonePlaced = (context: OpsBookingContext, search: PlaceSearch) => ({
  milestone: milestoneState(
    { ...context.milestone.values, location: search.place?.code ?? '' },
    context.eventID,
    modeOf(context),
    context.milestone.shown,
    search,
  ),
})

export const milestoneSetup = confirmSetup.extend({
  guards: {
    mayPost: ({ context, event }) =>
      event.type === 'form.submitted' &&
      event.form === 'milestone' &&
      mayPostMilestone(context.detail) &&
      isFormValid(context.milestone),
  },
  actions: {
    /** Posted: a new event id, the time and container cleared, the rest kept for the next one. */
    posted: assign(({ context }) => {
      const eventID = newEventId()
      const values = { ...context.milestone.values, localTime: '', container: '' }
      return {
        notice: opsNotices.milestone(context.milestone.values.code),
        eventID,
        milestone: milestoneState(values, eventID, modeOf(context), {}, context.placeSearch.milestone),
      }
    }),
  },
})

/** The milestone on its way (a state of the chart's `work`). */
export const posting = milestoneSetup.createStateConfig({
  ...whileSending('milestone'),
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
          params: ({ event }) => ({
            form: 'milestone' as const,
            error: event.error,
            errors: serverErrors(event.error),
          }),
        },
      },
      { guard: 'isStale', target: 'reloading', actions: { type: 'failed', params: actorError } },
      { target: 'idle', actions: { type: 'failed', params: actorError } },
    ],
  },
})
