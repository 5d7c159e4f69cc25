/**
 * The place fields' type-ahead (the `lookup` region of the operations booking chart): typed (`place.typed`), a
 * pause (`LOOKUP_DELAY_MS`) once two characters are, then looked up (`searchPlaces`, the staff location search,
 * for the booking's mode); a choice (`place.chosen`) ends it and is the value sent. What the field offers and
 * says is ops-places.ts's. The place of a form on its way stays as it was sent until the answer.
 */
import { and, assertEvent, assign, or, stateIn } from 'xstate'
import type { Place } from '../contract/wire'
import { actionsSetup } from './ops-actions'
import {
  modeOf,
  type OpsBookingContext,
  outputOf,
  type PlaceForm,
  type PlaceSearch,
} from './ops-booking-setup'
import { confirmPlaced } from './ops-confirm'
import { milestonePlaced } from './ops-milestone'
import { placeFields } from './ops-places'
import { placeLabel } from './quote-form'

/** A place field's new search, the form's value (the chosen place's code) and its messages. */
function placeChange(context: OpsBookingContext, form: PlaceForm, search: PlaceSearch) {
  const placeSearch = { ...context.placeSearch, [form]: search }
  return {
    placeSearch,
    ...(form === 'confirm' ? confirmPlaced(context, search) : milestonePlaced(context, search)),
  }
}

export const lookupSetup = actionsSetup.extend({
  guards: {
    /** The form being sent: its place stays as it was sent until the answer. */
    sendingItsForm: or([
      and([stateIn({ ready: { work: 'confirming' } }), { type: 'isForm', params: 'confirm' }]),
      and([stateIn({ ready: { work: 'posting' } }), { type: 'isForm', params: 'milestone' }]),
    ]),
    isLongEnough: ({ event }) => event.type === 'place.typed' && event.text.trim().length >= 2,
  },
  actions: {
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
  },
})

/** The type-ahead (a region of the chart's `ready`): typed, a pause, looked up; a choice ends it. */
export const lookupRegion = lookupSetup.createStateConfig({
  initial: 'idle',
  on: {
    'place.typed': [
      { guard: 'sendingItsForm', actions: 'keepSent' },
      { guard: 'isLongEnough', target: '.waiting', reenter: true, actions: 'typePlace' },
      { target: '.idle', actions: 'typePlace' },
    ],
    'place.chosen': [
      { guard: 'sendingItsForm', actions: 'keepSent' },
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
})
