/**
 * `financeIssueMachine` (issuing an invoice on the finance desk, /staff/finance/bookings/$number, issue 35):
 * loads the booking's charges (`listStaffBookingCharges`) → ready, or failed (retry). In ready the billable
 * ones (approved, not on an invoice: `isBillable`) are listed, all chosen at first; finance unticks any to leave
 * it for a later invoice, and the preview's totals follow (`invoiceTotals`, the rule the server issues by).
 * Issue sends the chosen ones (`issueInvoice`) → issued, with the invoice's number (the page then opens the
 * invoice); a refusal is said and the charges are read again (another may have invoiced one meanwhile).
 *
 * Effects (API calls, opening the issued invoice) are injected by the page with `machine.provide`.
 */
import { assertEvent, assign, fromPromise, setup } from 'xstate'
import type { ChargeItem } from '../contract/finance/charges'
import type { IssuedDocument } from '../contract/finance/invoice-wire'
import { type DocumentTotals, invoiceTotals } from '../contract/finance/invoices'
import { messages } from '../contract/messages'
import { actorError } from './actor-error'
import { isBillable } from './charge-request.machine'
import { failureMessage } from './form'

export interface FinanceIssueContext {
  bookingNumber: string
  /** The booking's approved charges not on an invoice yet. */
  charges: ChargeItem[]
  /** The ids of the charges to invoice. */
  chosen: number[]
  /** The issued invoice's number. */
  issued: string | null
  /** Why the charges failed to load, or why the invoice was refused. */
  message: string | null
}

export type FinanceIssueEvent =
  | { type: 'charge.toggled'; id: number }
  | { type: 'user.issue' }
  | { type: 'user.retry' }

/** A charge finance may put on an invoice now. */
export const isInvoiceable = (charge: ChargeItem) =>
  isBillable(charge.status) && charge.invoiceNumber === null

/** The totals of the invoice the chosen charges would make, or null when none is chosen. */
export function issuePreview(
  context: Pick<FinanceIssueContext, 'charges' | 'chosen'>,
): DocumentTotals | null {
  const lines = context.charges.filter((charge) => context.chosen.includes(charge.id))
  return lines.length === 0 ? null : invoiceTotals(lines)
}

/** The chosen charges' currency (a booking's charges share one). */
export const issueCurrency = (context: Pick<FinanceIssueContext, 'charges'>) =>
  context.charges[0]?.currency ?? null

export const financeIssueMachine = setup({
  types: {
    context: {} as FinanceIssueContext,
    events: {} as FinanceIssueEvent,
    input: {} as { bookingNumber: string },
  },
  actors: {
    loadCharges: fromPromise<ChargeItem[], { bookingNumber: string }>(async () => {
      throw new Error('not provided')
    }),
    issueInvoice: fromPromise<IssuedDocument, { bookingNumber: string; chargeIds: number[] }>(async () => {
      throw new Error('not provided')
    }),
  },
  guards: {
    /** Something to issue, coming to more than zero (a discount alone is refused by the server too). */
    canIssue: ({ context }) => (issuePreview(context)?.total ?? 0) > 0,
  },
  actions: {
    /** The charges as read now; every invoiceable one chosen. */
    setCharges: assign((_, charges: ChargeItem[]) => {
      const invoiceable = charges.filter(isInvoiceable)
      return { charges: invoiceable, chosen: invoiceable.map((charge) => charge.id) }
    }),
    toggle: assign(({ context, event }) => {
      assertEvent(event, 'charge.toggled')
      if (!context.charges.some((charge) => charge.id === event.id)) return {}
      return {
        chosen: context.chosen.includes(event.id)
          ? context.chosen.filter((id) => id !== event.id)
          : [...context.chosen, event.id],
      }
    }),
    clearMessage: assign({ message: null }),
    failed: assign((_, error: unknown) => ({ message: failureMessage(error, messages.generic) })),
    setIssued: assign((_, answer: IssuedDocument) => ({ issued: answer.invoice.number, message: null })),
    /** Opens the issued invoice (the page navigates). */
    openInvoice: (_, _number: string) => {},
  },
}).createMachine({
  id: 'financeIssue',
  context: ({ input }) => ({
    bookingNumber: input.bookingNumber,
    charges: [],
    chosen: [],
    issued: null,
    message: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadCharges',
        src: 'loadCharges',
        input: ({ context }) => ({ bookingNumber: context.bookingNumber }),
        onDone: { target: 'ready', actions: { type: 'setCharges', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: { type: 'failed', params: actorError } },
      },
    },
    failed: { on: { 'user.retry': { target: 'loading', actions: 'clearMessage' } } },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'charge.toggled': { actions: 'toggle' },
            'user.issue': { guard: 'canIssue', target: 'issuing', actions: 'clearMessage' },
          },
        },
        issuing: {
          invoke: {
            id: 'issueInvoice',
            src: 'issueInvoice',
            input: ({ context }) => ({ bookingNumber: context.bookingNumber, chargeIds: context.chosen }),
            onDone: {
              target: '#financeIssue.issued',
              actions: { type: 'setIssued', params: ({ event }) => event.output },
            },
            onError: { target: 'rereading', actions: { type: 'failed', params: actorError } },
          },
        },
        // After a refusal: the charges as they are now, the refusal still said.
        rereading: {
          invoke: {
            id: 'loadCharges',
            src: 'loadCharges',
            input: ({ context }) => ({ bookingNumber: context.bookingNumber }),
            onDone: { target: 'idle', actions: { type: 'setCharges', params: ({ event }) => event.output } },
            onError: 'idle',
          },
        },
      },
    },
    issued: {
      type: 'final',
      entry: { type: 'openInvoice', params: ({ context }) => context.issued ?? '' },
    },
  },
})
