/**
 * HBL Tracking (/user/tracking): a house bill of lading number is typed and submitted; a number that does
 * not match `HBL_NUMBER` is refused in the browser with `trackingMessages.badNumber`; a good one is looked up
 * (`trackShipment`) → found (the timeline, ETA and map), not found (404 `trackingMessages.notFound`, also
 * another company's number) or failed (Try again). The number looked up is written to the address
 * (`?hbl=`, through the injected `hblChanged`), so a link opens it; an address that changes while the page
 * is open (Back, a link) is followed with `url.changed`. A shipment shown is read again when its booking
 * changes (`shipment.changed`, from the customer's stream: a milestone posted or retracted, a hold), the view
 * staying shown meanwhile and after a failed read.
 */
import { assertEvent, assign, fromPromise, setup } from 'xstate'
import { HBL_NUMBER, type TrackingView, trackingMessages } from '../contract/bookings'
import { messages } from '../contract/messages'
import { actorError, failure as failureOf } from './actor-error'

/** What was typed, as it is looked up: spaces dropped, upper case. */
export const normaliseHbl = (text: string) => text.replace(/\s+/g, '').toUpperCase()

export interface TrackingContext {
  /** What is in the field. */
  text: string
  /** The number being looked up or shown. */
  hbl: string | null
  /** The field's message (a number of the wrong form). */
  error: string | null
  view: TrackingView | null
  /** Why the lookup failed (not found, or the server's message). */
  message: string | null
}

export type TrackingEvent =
  | { type: 'field.changed'; value: string }
  | { type: 'user.submit' }
  | { type: 'user.retry' }
  | { type: 'url.changed'; hbl: string }
  | { type: 'shipment.changed' }

export const trackingMachine = setup({
  types: {
    context: {} as TrackingContext,
    events: {} as TrackingEvent,
    input: {} as { hbl?: string | undefined } | undefined,
  },
  actors: {
    trackShipment: fromPromise<TrackingView, { hbl: string }>(async () => {
      throw new Error('not provided')
    }),
  },
  guards: {
    textIsValid: ({ context }) => HBL_NUMBER.test(normaliseHbl(context.text)),
    textIsEmpty: ({ context }) => context.text.trim() === '',
    isNotFound: (_, error: unknown) => failureOf(error).status === 404,
    isNewAddress: ({ context, event }) => {
      assertEvent(event, 'url.changed')
      return normaliseHbl(event.hbl) !== (context.hbl ?? '')
    },
  },
  actions: {
    /** Writes the number looked up to the address (?hbl=). */
    hblChanged: (_, _hbl: string) => {},
    setText: assign({
      text: ({ event }) => {
        assertEvent(event, 'field.changed')
        return event.value
      },
      error: null,
    }),
    setTextFromAddress: assign({
      text: ({ event }) => {
        assertEvent(event, 'url.changed')
        return event.hbl
      },
    }),
    start: assign(({ context }) => ({ hbl: normaliseHbl(context.text), error: null, message: null })),
    refuse: assign({ error: trackingMessages.badNumber }),
    clear: assign({ hbl: null, view: null, message: null, error: null }),
    setView: assign({ view: (_, view: TrackingView) => view }),
    setNotFound: assign({ view: null, message: trackingMessages.notFound }),
    setFailed: assign({
      view: null,
      message: (_, error: unknown) => {
        const failure = failureOf(error)
        // A 422 is a number the server judged malformed: the same words as the browser's check.
        if (failure.status === 422) return trackingMessages.badNumber
        return failure.message ?? messages.generic
      },
    }),
  },
}).createMachine({
  id: 'tracking',
  context: ({ input }) => ({
    text: input?.hbl ?? '',
    hbl: null,
    error: null,
    view: null,
    message: null,
  }),
  initial: 'starting',
  on: {
    'field.changed': { actions: 'setText' },
    'user.submit': [
      {
        guard: 'textIsValid',
        target: '.loading',
        actions: ['start', { type: 'hblChanged', params: ({ context }) => normaliseHbl(context.text) }],
      },
      { actions: 'refuse' },
    ],
    'url.changed': { guard: 'isNewAddress', target: '.starting', actions: 'setTextFromAddress' },
  },
  states: {
    /** An address with ?hbl= looks it up at once; without one the form waits. */
    starting: {
      always: [
        { guard: 'textIsEmpty', target: 'idle', actions: 'clear' },
        { guard: 'textIsValid', target: 'loading', actions: 'start' },
        { target: 'idle', actions: ['clear', 'refuse'] },
      ],
    },
    idle: {},
    loading: {
      invoke: {
        id: 'trackShipment',
        src: 'trackShipment',
        input: ({ context }) => ({ hbl: context.hbl ?? '' }),
        onDone: { target: 'found', actions: { type: 'setView', params: ({ event }) => event.output } },
        onError: [
          {
            guard: { type: 'isNotFound', params: actorError },
            target: 'notFound',
            actions: 'setNotFound',
          },
          {
            target: 'failed',
            actions: { type: 'setFailed', params: actorError },
          },
        ],
      },
    },
    found: { on: { 'shipment.changed': 'refreshing' } },
    refreshing: {
      invoke: {
        id: 'trackShipment',
        src: 'trackShipment',
        input: ({ context }) => ({ hbl: context.hbl ?? '' }),
        onDone: { target: 'found', actions: { type: 'setView', params: ({ event }) => event.output } },
        onError: 'found',
      },
    },
    notFound: {},
    failed: { on: { 'user.retry': 'loading' } },
  },
})
