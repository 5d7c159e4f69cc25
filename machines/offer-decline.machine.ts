import { assertEvent, assign, fromPromise, setup } from 'xstate'
import { messages } from '../contract/messages'
import { declineSchema } from '../contract/quote-desk'
import type { MessageResponse } from '../contract/wire'
import { actorError } from './actor-error'
import { changeField, type FormContext, failureMessage, initialForm, isFormValid, showAll } from './form'

export interface DeclineValues {
  reason: string
}

export interface OfferDeclineContext extends FormContext<DeclineValues> {
  number: string
  message: string | null
}

export type OfferDeclineEvent =
  | { type: 'user.open' }
  | { type: 'user.cancel' }
  | { type: 'field.changed'; field: 'reason'; value: string }
  | { type: 'user.submit' }

/**
 * Declining the sales team's offer (issue 22): a dialog asks why (the reason goes to the sales person, who may
 * send a revised offer); a refusal keeps what was typed and says why; done, the page reloads the quote.
 */
export const offerDeclineMachine = setup({
  types: {
    input: {} as { number: string },
    context: {} as OfferDeclineContext,
    events: {} as OfferDeclineEvent,
  },
  actors: {
    decline: fromPromise<MessageResponse, { number: string; reason: string }>(async () => ({ message: '' })),
  },
  guards: { isValid: ({ context }) => isFormValid(context) },
  actions: {
    // Provided by the page: read the quote again.
    declined: () => {},
    change: assign(({ context, event }) => {
      assertEvent(event, 'field.changed')
      return { ...changeField(declineSchema, context, event), message: null }
    }),
    showAll: assign(({ context }) => ({ shown: showAll(context) })),
    refuse: assign((_, error: unknown) => ({ message: failureMessage(error, messages.generic) })),
    reset: assign({ message: null, shown: {} }),
  },
}).createMachine({
  id: 'offerDecline',
  context: ({ input }) => ({
    ...initialForm(declineSchema, { reason: '' }),
    number: input.number,
    message: null,
  }),
  initial: 'closed',
  states: {
    closed: { on: { 'user.open': { target: 'editing', actions: 'reset' } } },
    editing: {
      on: {
        'user.cancel': 'closed',
        'field.changed': { actions: 'change' },
        'user.submit': [{ guard: 'isValid', target: 'sending' }, { actions: 'showAll' }],
      },
    },
    sending: {
      invoke: {
        id: 'decline',
        src: 'decline',
        input: ({ context }) => ({ number: context.number, reason: context.values.reason }),
        onDone: { target: 'closed', actions: 'declined' },
        onError: { target: 'editing', actions: { type: 'refuse', params: actorError } },
      },
    },
  },
})
