/**
 * The customer's side of a change request (issue 35, docs/invoices.md "Charges").
 *
 * `chargeDecisionMachine`: one charge as the customer reads it, with its decision while it is open
 * (`canDecide` of machines/charge-request.machine.ts). Two regions side by side:
 *
 * - decision: idle ─Approve→ approving → decided; idle ─Decline→ declining.editing (the reason, checked as
 *   typed with the contract's `decideChargeSchema`) ─submit→ declining.sending → decided. A refusal goes back
 *   to where it came from with the server's message, the reason kept as typed; a 409 (decided or withdrawn
 *   meanwhile) says so and asks the page to read the charges again (`chargeChanged`). Cancel closes the form.
 *   A charge no longer open starts `closed`; one the page reads again (`charge.read`: live, or after a
 *   409) that someone else decided or withdrew closes, unless a decision of this page is on its way.
 * - attachment: the file attached to the charge (a receipt), fetched with the session; a failure is said.
 *
 * `chargeListMachine`: a booking's charges (the booking page): loading → ready, or failed (Try again); a
 * `charges.reload` (the booking's stream said it changed, or a decision was refused as stale) reads them again,
 * starting again when one comes while a read is on its way. `pendingFirst` orders them for the page.
 *
 * Effects (`decideCharge`, `downloadAttachment`, `listCharges`, and the `decided`/`chargeChanged` reports)
 * are injected by the views with `machine.provide`.
 */
import { assertEvent, assign, fromPromise, setup } from 'xstate'
import {
  type ChargeAnswer,
  type ChargeItem,
  type ChargeStatus,
  chargeMessages,
  type DecideChargeInput,
  decideChargeSchema,
} from '../contract/finance/charges'
import { messages } from '../contract/messages'
import { actorError, failure } from './actor-error'
import { canDecide } from './charge-request.machine'
import { changeField, type FormContext, failureMessage, isFormValid, pathErrors, showAll } from './form'

// ---- One charge's decision ------------------------------------------------------------------------------

export interface DeclineValues {
  reason: string
}

/** The decline's reason by the contract's rule (the same the server applies). */
export const declineErrors = (values: DeclineValues) =>
  pathErrors(decideChargeSchema.safeParse({ decision: 'decline', reason: values.reason }))

export interface ChargeDecisionInput {
  id: number
  status: ChargeStatus
  attachmentName?: string | null
}

export interface ChargeDecisionContext extends FormContext<DeclineValues> {
  id: number
  status: ChargeStatus
  attachmentName: string | null
  /** The charge as the server answered the decision. */
  decided: ChargeItem | null
  /** Why the decision was refused (kept beside the form). */
  message: string | null
  /** What was done ("Charge approved."), for a status region. */
  notice: string | null
  /** Why the attachment could not be downloaded. */
  attachmentMessage: string | null
}

export type ChargeDecisionEvent =
  | { type: 'user.approve' }
  | { type: 'user.decline' }
  | { type: 'user.cancel' }
  | { type: 'field.changed'; field: 'reason'; value: string }
  | { type: 'user.submit' }
  | { type: 'attachment.download' }
  /** The page read the charge again (live, or after a refusal) and found it in `status`. */
  | { type: 'charge.read'; status: ChargeStatus }

const isConflict = (_: unknown, error: unknown) => failure(error).status === 409

/** What the decision sends: an approval, or a decline with its reason as typed (trimmed). */
const decisionOf =
  (decision: 'approve' | 'decline') =>
  ({ context }: { context: ChargeDecisionContext }) => ({
    id: context.id,
    input: (decision === 'approve'
      ? { decision }
      : { decision, reason: context.values.reason.trim() }) satisfies DecideChargeInput,
  })

export const chargeDecisionMachine = setup({
  types: {
    context: {} as ChargeDecisionContext,
    events: {} as ChargeDecisionEvent,
    input: {} as ChargeDecisionInput,
  },
  actors: {
    decideCharge: fromPromise<ChargeAnswer, { id: number; input: DecideChargeInput }>(async () => {
      throw new Error('not provided')
    }),
    downloadAttachment: fromPromise<void, { id: number; name: string }>(async () => {}),
  },
  guards: {
    isOpen: ({ context }) => canDecide(context.status),
    /** The charge read again is no longer open (decided or withdrawn by someone else). */
    isClosedNow: ({ event }) => event.type === 'charge.read' && !canDecide(event.status),
    isValid: ({ context }) => isFormValid(context),
    isConflict,
    hasAttachment: ({ context }) => context.attachmentName !== null,
  },
  actions: {
    /** Provided by the view: the charge as decided (the page may show it elsewhere). */
    decided: (_, _charge: ChargeItem) => {},
    /** Provided by the view: the charge changed meanwhile; the page reads the charges again. */
    chargeChanged: () => {},
    openForm: assign({ shown: {}, message: null, notice: null }),
    change: assign(({ context, event }) => {
      assertEvent(event, 'field.changed')
      return { ...changeField(declineErrors, context, event), message: null }
    }),
    showAll: assign(({ context }) => ({ shown: showAll(context) })),
    clearSaid: assign({ message: null, notice: null }),
    readStatus: assign(({ context, event }) => ({
      status: event.type === 'charge.read' ? event.status : context.status,
    })),
    setDecided: assign((_, answer: ChargeAnswer) => ({
      decided: answer.charge,
      status: answer.charge.status,
      notice: answer.message,
      message: null,
    })),
    refuse: assign((_, error: unknown) => ({ message: failureMessage(error, messages.generic) })),
    setStale: assign((_, error: unknown) => ({ message: failureMessage(error, chargeMessages.notPending) })),
    clearAttachmentMessage: assign({ attachmentMessage: null }),
    attachmentFailed: assign((_, error: unknown) => ({
      attachmentMessage: failureMessage(error, messages.generic),
    })),
  },
}).createMachine({
  id: 'chargeDecision',
  type: 'parallel',
  context: ({ input }) => ({
    id: input.id,
    status: input.status,
    attachmentName: input.attachmentName ?? null,
    values: { reason: '' },
    errors: declineErrors({ reason: '' }),
    shown: {},
    decided: null,
    message: null,
    notice: null,
    attachmentMessage: null,
  }),
  states: {
    decision: {
      initial: 'start',
      states: {
        start: { always: [{ guard: 'isOpen', target: 'idle' }, { target: 'closed' }] },
        idle: {
          on: {
            'user.approve': { target: 'approving', actions: 'clearSaid' },
            'user.decline': { target: 'declining', actions: 'openForm' },
            'charge.read': {
              guard: 'isClosedNow',
              target: '#chargeDecision.decision.closed',
              actions: 'readStatus',
            },
          },
        },
        approving: {
          invoke: {
            id: 'decideCharge',
            src: 'decideCharge',
            input: decisionOf('approve'),
            onDone: {
              target: 'decided',
              actions: [
                { type: 'setDecided', params: ({ event }) => event.output },
                { type: 'decided', params: ({ event }) => event.output.charge },
              ],
            },
            onError: [
              {
                guard: { type: 'isConflict', params: actorError },
                target: 'stale',
                actions: [{ type: 'setStale', params: actorError }, 'chargeChanged'],
              },
              { target: 'idle', actions: { type: 'refuse', params: actorError } },
            ],
          },
        },
        declining: {
          initial: 'editing',
          states: {
            editing: {
              on: {
                'field.changed': { actions: 'change' },
                'user.cancel': '#chargeDecision.decision.idle',
                'user.submit': [{ guard: 'isValid', target: 'sending' }, { actions: 'showAll' }],
                'charge.read': {
                  guard: 'isClosedNow',
                  target: '#chargeDecision.decision.closed',
                  actions: 'readStatus',
                },
              },
            },
            sending: {
              entry: 'clearSaid',
              invoke: {
                id: 'decideCharge',
                src: 'decideCharge',
                input: decisionOf('decline'),
                onDone: {
                  target: '#chargeDecision.decision.decided',
                  actions: [
                    { type: 'setDecided', params: ({ event }) => event.output },
                    { type: 'decided', params: ({ event }) => event.output.charge },
                  ],
                },
                onError: [
                  {
                    guard: { type: 'isConflict', params: actorError },
                    target: '#chargeDecision.decision.stale',
                    actions: [{ type: 'setStale', params: actorError }, 'chargeChanged'],
                  },
                  { target: 'editing', actions: { type: 'refuse', params: actorError } },
                ],
              },
            },
          },
        },
        decided: {},
        /** Decided or withdrawn by someone else meanwhile: said, and the page reads the charges again. */
        stale: {
          on: {
            'charge.read': {
              guard: 'isClosedNow',
              target: '#chargeDecision.decision.closed',
              actions: 'readStatus',
            },
          },
        },
        closed: { on: { 'charge.read': { guard: 'isClosedNow', actions: 'readStatus' } } },
      },
    },
    attachment: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'attachment.download': {
              guard: 'hasAttachment',
              target: 'downloading',
              actions: 'clearAttachmentMessage',
            },
          },
        },
        downloading: {
          invoke: {
            id: 'downloadAttachment',
            src: 'downloadAttachment',
            input: ({ context }) => ({ id: context.id, name: context.attachmentName ?? '' }),
            onDone: 'idle',
            onError: { target: 'idle', actions: { type: 'attachmentFailed', params: actorError } },
          },
        },
      },
    },
  },
})

// ---- A booking's charges --------------------------------------------------------------------------------

export interface ChargeListContext {
  number: string
  charges: ChargeItem[]
  message: string | null
}

export type ChargeListEvent = { type: 'user.retry' } | { type: 'charges.reload' }

/** Waiting ones first (oldest first), then the rest in the server's order. */
export const pendingFirst = (charges: readonly ChargeItem[]): ChargeItem[] => [
  ...charges
    .filter((charge) => charge.status === 'pending')
    .sort((a, b) => a.requestedAt.localeCompare(b.requestedAt)),
  ...charges.filter((charge) => charge.status !== 'pending'),
]

export const chargeListMachine = setup({
  types: {
    context: {} as ChargeListContext,
    events: {} as ChargeListEvent,
    input: {} as { number: string },
  },
  actors: {
    listCharges: fromPromise<ChargeItem[], { number: string }>(async () => {
      throw new Error('not provided')
    }),
  },
  actions: {
    setCharges: assign((_, charges: ChargeItem[]) => ({ charges: pendingFirst(charges), message: null })),
    setMessage: assign((_, error: unknown) => ({ message: failureMessage(error, messages.generic) })),
  },
}).createMachine({
  id: 'chargeList',
  context: ({ input }) => ({ number: input.number, charges: [], message: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'listCharges',
        src: 'listCharges',
        input: ({ context }) => ({ number: context.number }),
        onDone: { target: 'ready', actions: { type: 'setCharges', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: { type: 'setMessage', params: actorError } },
      },
      on: { 'charges.reload': { target: 'loading', reenter: true } },
    },
    failed: { on: { 'user.retry': 'loading' } },
    ready: { on: { 'charges.reload': 'loading' } },
  },
})
