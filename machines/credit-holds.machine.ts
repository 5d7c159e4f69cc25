/**
 * `creditHoldsMachine` (the finance desk's "Waiting for credit release", issue 36, docs/payments.md "Credit
 * control"): loads the bookings waiting for finance's credit release (`loadHolds`) → ready, or failed (retry).
 * In ready, Release of a listed booking (`releaseHold`) → the server's message and the list read again, or its
 * refusal said (the list read again all the same: someone else may have released it); `holds.changed` (a booking
 * changed anywhere: the console's stream) reads the list again. One release at a time.
 *
 * Effects are injected by the page with `machine.provide`.
 */
import { assertEvent, assign, fromPromise, setup } from 'xstate'
import type { HeldBooking } from '../contract/finance/credit'
import { messages } from '../contract/messages'
import { actorError } from './actor-error'
import { failureMessage } from './form'

export interface CreditHoldsContext {
  holds: HeldBooking[]
  /** The booking being released. */
  releasing: string | null
  notice: string | null
  message: string | null
}

export type CreditHoldsEvent =
  | { type: 'user.retry' }
  | { type: 'holds.changed' }
  | { type: 'hold.release'; bookingNumber: string }

const outputOf = <T>({ event }: { event: { output: T } }) => event.output

export const creditHoldsMachine = setup({
  types: {
    context: {} as CreditHoldsContext,
    events: {} as CreditHoldsEvent,
  },
  actors: {
    loadHolds: fromPromise<HeldBooking[]>(async () => {
      throw new Error('not provided')
    }),
    releaseHold: fromPromise<{ message: string }, { bookingNumber: string }>(async () => {
      throw new Error('not provided')
    }),
  },
  guards: {
    listed: ({ context, event }) =>
      event.type === 'hold.release' &&
      context.holds.some((hold) => hold.bookingNumber === event.bookingNumber),
  },
  actions: {
    setHolds: assign((_, holds: HeldBooking[]) => ({ holds })),
    failed: assign((_, error: unknown) => ({ message: failureMessage(error, messages.generic) })),
    clearSaid: assign({ notice: null, message: null }),
    startRelease: assign(({ event }) => {
      assertEvent(event, 'hold.release')
      return { releasing: event.bookingNumber, notice: null, message: null }
    }),
    released: assign((_, answer: { message: string }) => ({ notice: answer.message, releasing: null })),
    refused: assign((_, error: unknown) => ({
      message: failureMessage(error, messages.generic),
      releasing: null,
    })),
  },
}).createMachine({
  id: 'creditHolds',
  context: { holds: [], releasing: null, notice: null, message: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadHolds',
        src: 'loadHolds',
        onDone: { target: 'ready', actions: { type: 'setHolds', params: outputOf<HeldBooking[]> } },
        onError: { target: 'failed', actions: { type: 'failed', params: actorError } },
      },
    },
    failed: { on: { 'user.retry': { target: 'loading', actions: 'clearSaid' } } },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'holds.changed': 'reloading',
            'hold.release': { guard: 'listed', target: 'releasing', actions: 'startRelease' },
          },
        },
        releasing: {
          invoke: {
            id: 'releaseHold',
            src: 'releaseHold',
            input: ({ context }) => ({ bookingNumber: context.releasing ?? '' }),
            onDone: {
              target: 'reloading',
              actions: { type: 'released', params: outputOf<{ message: string }> },
            },
            onError: { target: 'reloading', actions: { type: 'refused', params: actorError } },
          },
        },
        reloading: {
          invoke: {
            id: 'loadHolds',
            src: 'loadHolds',
            onDone: { target: 'idle', actions: { type: 'setHolds', params: outputOf<HeldBooking[]> } },
            onError: { target: 'idle', actions: { type: 'failed', params: actorError } },
          },
        },
      },
    },
  },
})
