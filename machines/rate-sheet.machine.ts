/**
 * `rateSheetMachine` (one rate sheet opened on the pricing desk, /staff/rates/$id, issue 34; docs/pricing.md
 * "The pricing desk"): reads the sheet with its lines (`getRateSheet`) → ready (read-only: nothing is sent
 * from it), not found (404, or an address that is no sheet's id: 422), or failed (its message; Try again).
 * The API call is injected by the page with `machine.provide`.
 */
import { assign, fromPromise, setup } from 'xstate'
import { messages } from '../contract/messages'
import type { RateSheetDetail } from '../contract/rate-files'
import { actorError, failure } from './actor-error'
import { failureMessage } from './form'

export interface RateSheetContext {
  /** The sheet's id as the address gives it. */
  id: string
  detail: RateSheetDetail | null
  message: string | null
}

export type RateSheetEvent = { type: 'user.retry' }

export const rateSheetMachine = setup({
  types: {
    context: {} as RateSheetContext,
    events: {} as RateSheetEvent,
    input: {} as { id: string },
  },
  actors: {
    loadSheet: fromPromise<RateSheetDetail, { id: string }>(async () => {
      throw new Error('not provided')
    }),
  },
  guards: {
    /** No such sheet, or an address that names none. */
    isNotFound: (_, error: unknown) => [404, 422].includes(failure(error).status ?? 0),
  },
  actions: {
    show: assign((_, detail: RateSheetDetail) => ({ detail, message: null })),
    failed: assign((_, error: unknown) => ({ message: failureMessage(error, messages.generic) })),
  },
}).createMachine({
  id: 'rateSheet',
  context: ({ input }) => ({ id: input.id, detail: null, message: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadSheet',
        src: 'loadSheet',
        input: ({ context }) => ({ id: context.id }),
        onDone: { target: 'ready', actions: { type: 'show', params: ({ event }) => event.output } },
        onError: [
          { guard: { type: 'isNotFound', params: actorError }, target: 'notFound' },
          { target: 'failed', actions: { type: 'failed', params: actorError } },
        ],
      },
    },
    ready: {},
    notFound: {},
    failed: { on: { 'user.retry': 'loading' } },
  },
})
