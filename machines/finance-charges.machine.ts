/**
 * `bookingChargesMachine` (the Charges panel of a booking on the operations desk, operations and finance,
 * issue 35): loads the booking's charges (`listStaffBookingCharges`) → ready, or failed (retry). In ready, one
 * thing at a time:
 *
 * - Add a charge: the form's own chart (`addChargeMachine`, invoked in `adding` with the booking's currency, the
 *   currency its charges are in); once added its message is said and the charges read again;
 * - Withdraw a pending change request (the chart's `staff.withdraw`: only while `canDecide`), after a dialog
 *   that takes the reason the customer reads; a refusal is said in the dialog;
 * - an attachment's file downloaded (the receipt of a disbursement);
 *
 * `charges.changed` (the console's stream: the customer answered) reads them again.
 *
 * Effects are injected by the page with `machine.provide` (the add form's too).
 */
import { assertEvent, assign, fromPromise, setup } from 'xstate'
import {
  type ChargeAnswer,
  type ChargeItem,
  chargeMessages,
  withdrawChargeSchema,
} from '../contract/finance/charges'
import { messages } from '../contract/messages'
import { actorError } from './actor-error'
import { addChargeMachine } from './add-charge.machine'
import { canDecide } from './charge-request.machine'
import { failureMessage } from './form'

export interface WithdrawDraft {
  id: number
  reason: string
  error: string | null
}

export interface BookingChargesContext {
  bookingNumber: string
  charges: ChargeItem[]
  withdraw: WithdrawDraft | null
  notice: string | null
  message: string | null
}

export type BookingChargesEvent =
  | { type: 'user.retry' }
  | { type: 'charges.changed' }
  | { type: 'add.open' }
  | { type: 'charge.withdraw'; id: number }
  | { type: 'reason.changed'; value: string }
  | { type: 'withdraw.confirmed' }
  | { type: 'withdraw.dismissed' }
  | { type: 'attachment.download'; id: number }

/** The booking's currency: its charges' (none before it is confirmed, when nothing can be added). */
export const currencyOf = (charges: readonly ChargeItem[]) => charges[0]?.currency ?? null

/** A charge staff may withdraw: a change request the customer has not answered. */
export const mayWithdraw = (charge: ChargeItem) => charge.source !== 'quote' && canDecide(charge.status)

const reasonError = (reason: string) => {
  const checked = withdrawChargeSchema.safeParse({ reason })
  return checked.success ? null : (checked.error.issues[0]?.message ?? chargeMessages.withdrawReasonRequired)
}

const outputOf = <T>({ event }: { event: { output: T } }) => event.output

const load = (target: string) => ({
  id: 'loadCharges',
  src: 'loadCharges' as const,
  input: ({ context }: { context: BookingChargesContext }) => ({ bookingNumber: context.bookingNumber }),
  onDone: { target, actions: { type: 'setCharges' as const, params: outputOf<ChargeItem[]> } },
})

export const bookingChargesMachine = setup({
  types: {
    context: {} as BookingChargesContext,
    events: {} as BookingChargesEvent,
    input: {} as { bookingNumber: string },
  },
  actors: {
    loadCharges: fromPromise<ChargeItem[], { bookingNumber: string }>(async () => {
      throw new Error('not provided')
    }),
    withdrawCharge: fromPromise<ChargeAnswer, { id: number; reason: string }>(async () => {
      throw new Error('not provided')
    }),
    downloadAttachment: fromPromise<void, { id: number; name: string }>(async () => {
      throw new Error('not provided')
    }),
    addCharge: addChargeMachine,
  },
  guards: {
    mayAdd: ({ context }) => currencyOf(context.charges) !== null,
    mayWithdraw: ({ context, event }) => {
      if (event.type !== 'charge.withdraw') return false
      const charge = context.charges.find((one) => one.id === event.id)
      return charge !== undefined && mayWithdraw(charge)
    },
    reasonGiven: ({ context }) => context.withdraw !== null && reasonError(context.withdraw.reason) === null,
    hasAttachment: ({ context, event }) =>
      event.type === 'attachment.download' &&
      context.charges.some((charge) => charge.id === event.id && charge.attachment !== null),
    added: ({ event }) => (event as { output?: unknown }).output != null,
  },
  actions: {
    setCharges: assign((_, charges: ChargeItem[]) => ({ charges, message: null })),
    failed: assign((_, error: unknown) => ({ message: failureMessage(error, messages.generic) })),
    clearSaid: assign({ notice: null, message: null }),
    askReason: assign(({ event }) => {
      assertEvent(event, 'charge.withdraw')
      return { withdraw: { id: event.id, reason: '', error: null }, notice: null, message: null }
    }),
    changeReason: assign(({ context, event }) => {
      assertEvent(event, 'reason.changed')
      return { withdraw: context.withdraw && { ...context.withdraw, reason: event.value, error: null } }
    }),
    reasonMissing: assign(({ context }) => ({
      withdraw: context.withdraw && { ...context.withdraw, error: reasonError(context.withdraw.reason) },
    })),
    dropWithdraw: assign({ withdraw: null }),
    withdrawRefused: assign(({ context }, error: unknown) => ({
      withdraw: context.withdraw && { ...context.withdraw, error: failureMessage(error, messages.generic) },
    })),
    said: assign((_, answer: ChargeAnswer) => ({ notice: answer.message, withdraw: null })),
  },
}).createMachine({
  id: 'bookingCharges',
  context: ({ input }) => ({
    bookingNumber: input.bookingNumber,
    charges: [],
    withdraw: null,
    notice: null,
    message: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        ...load('ready'),
        onError: { target: 'failed', actions: { type: 'failed', params: actorError } },
      },
    },
    failed: { on: { 'user.retry': { target: 'loading', actions: 'clearSaid' } } },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'charges.changed': 'reloading',
            'add.open': { guard: 'mayAdd', target: 'adding', actions: 'clearSaid' },
            'charge.withdraw': { guard: 'mayWithdraw', target: 'asking', actions: 'askReason' },
            'attachment.download': { guard: 'hasAttachment', target: 'downloading', actions: 'clearSaid' },
          },
        },
        reloading: {
          invoke: {
            ...load('idle'),
            onError: { target: 'idle', actions: { type: 'failed', params: actorError } },
          },
        },
        adding: {
          invoke: {
            id: 'addCharge',
            src: 'addCharge',
            input: ({ context }) => ({
              bookingNumber: context.bookingNumber,
              currency: currencyOf(context.charges) ?? '',
            }),
            onDone: [
              {
                guard: 'added',
                target: 'reloading',
                actions: { type: 'said', params: ({ event }) => event.output as ChargeAnswer },
              },
              { target: 'idle' },
            ],
          },
        },
        asking: {
          on: {
            'reason.changed': { actions: 'changeReason' },
            'withdraw.confirmed': [
              { guard: 'reasonGiven', target: 'withdrawing' },
              { actions: 'reasonMissing' },
            ],
            'withdraw.dismissed': { target: 'idle', actions: 'dropWithdraw' },
          },
        },
        withdrawing: {
          invoke: {
            id: 'withdrawCharge',
            src: 'withdrawCharge',
            input: ({ context }) => ({
              id: context.withdraw?.id ?? 0,
              reason: context.withdraw?.reason.trim() ?? '',
            }),
            onDone: { target: 'reloading', actions: { type: 'said', params: outputOf } },
            onError: { target: 'asking', actions: { type: 'withdrawRefused', params: actorError } },
          },
        },
        downloading: {
          invoke: {
            id: 'downloadAttachment',
            src: 'downloadAttachment',
            input: ({ context, event }) => {
              const id = event.type === 'attachment.download' ? event.id : 0
              const charge = context.charges.find((one) => one.id === id)
              return { id, name: charge?.attachment?.name ?? 'attachment' }
            },
            onDone: 'idle',
            onError: { target: 'idle', actions: { type: 'failed', params: actorError } },
          },
        },
      },
    },
  },
})
