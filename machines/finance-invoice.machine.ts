/**
 * `financeInvoiceMachine` (an invoice or credit note on the finance desk, /staff/finance/invoices/$number,
 * issue 35): loads the document with its credit notes (`getStaffInvoice`) → ready, not found (404) or failed
 * (retry). In ready, side by side:
 *
 * - `view`: `invoice.changed` reads it again (after a credit note, or a change elsewhere);
 * - `download`: its PDF or its UBL e-invoice, fetched with the staff session, one at a time;
 * - `credit`: while something is left to credit on an invoice, the credit note form (`creditNoteMachine`,
 *   invoked with what is left of each line); an issued credit note is said and the invoice read again.
 *
 * Effects are injected by the page with `machine.provide` (the credit note form's too).
 */
import { assign, fromPromise, raise, setup } from 'xstate'
import type { InvoiceDetail } from '../contract/finance/invoice-wire'
import { invoiceMessages } from '../contract/finance/invoices'
import { messages } from '../contract/messages'
import { actorError, failure } from './actor-error'
import { creditableOf, creditNoteMachine } from './credit-note.machine'
import { failureMessage } from './form'

export type DownloadFormat = 'pdf' | 'ubl'

/** The document and, for an invoice, its credit notes as issued (what they took of each line). */
export interface LoadedInvoice {
  detail: InvoiceDetail
  creditNotes: InvoiceDetail[]
}

export interface FinanceInvoiceContext extends Partial<LoadedInvoice> {
  number: string
  /** What went well (a credit note issued, a file downloaded), for the page's status line. */
  notice: string | null
  /** Why the document failed to load or to read again. */
  message: string | null
  downloadMessage: string | null
}

export type FinanceInvoiceEvent =
  | { type: 'user.retry' }
  | { type: 'invoice.changed' }
  | { type: 'download.requested'; format: DownloadFormat }
  | { type: 'credit.open' }

/** An invoice with something left to credit. */
export const mayCredit = (detail: InvoiceDetail | undefined) =>
  detail !== undefined && detail.kind === 'invoice' && detail.total - detail.credited > 0

export const downloadNames: Record<DownloadFormat, string> = { pdf: 'PDF', ubl: 'e-invoice (UBL)' }

const outputOf = <T>({ event }: { event: { output: T } }) => event.output

export const financeInvoiceMachine = setup({
  types: {
    context: {} as FinanceInvoiceContext,
    events: {} as FinanceInvoiceEvent,
    input: {} as { number: string },
  },
  actors: {
    loadInvoice: fromPromise<LoadedInvoice, { number: string }>(async () => {
      throw new Error('not provided')
    }),
    download: fromPromise<void, { number: string; format: DownloadFormat }>(async () => {
      throw new Error('not provided')
    }),
    creditNote: creditNoteMachine,
  },
  guards: {
    isNotFound: ({ event }) => failure((event as { error?: unknown }).error).status === 404,
    mayCredit: ({ context }) => mayCredit(context.detail),
    hasIssued: ({ event }) => (event as { output?: unknown }).output != null,
  },
  actions: {
    setLoaded: assign((_, loaded: LoadedInvoice) => ({ ...loaded, message: null })),
    loadFailed: assign((_, error: unknown) => ({ message: failureMessage(error, messages.generic) })),
    clearSaid: assign({ notice: null, message: null, downloadMessage: null }),
    downloaded: assign({ notice: null, downloadMessage: null }),
    downloadFailed: assign((_, error: unknown) => ({
      downloadMessage: failureMessage(error, messages.generic),
    })),
    credited: assign((_, output: { number: string }) => ({
      notice: invoiceMessages.credited(output.number),
    })),
  },
}).createMachine({
  id: 'financeInvoice',
  context: ({ input }) => ({ number: input.number, notice: null, message: null, downloadMessage: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadInvoice',
        src: 'loadInvoice',
        input: ({ context }) => ({ number: context.number }),
        onDone: { target: 'ready', actions: { type: 'setLoaded', params: outputOf } },
        onError: [
          { guard: 'isNotFound', target: 'notFound' },
          { target: 'failed', actions: { type: 'loadFailed', params: actorError } },
        ],
      },
    },
    notFound: {},
    failed: { on: { 'user.retry': { target: 'loading', actions: 'clearSaid' } } },
    ready: {
      type: 'parallel',
      states: {
        view: {
          initial: 'idle',
          states: {
            idle: { on: { 'invoice.changed': 'reloading' } },
            reloading: {
              // A change while reading: that read may predate it, so read again from the start.
              on: { 'invoice.changed': { target: 'reloading', reenter: true } },
              invoke: {
                id: 'reloadInvoice',
                src: 'loadInvoice',
                input: ({ context }) => ({ number: context.number }),
                onDone: { target: 'idle', actions: { type: 'setLoaded', params: outputOf } },
                onError: { target: 'idle', actions: { type: 'loadFailed', params: actorError } },
              },
            },
          },
        },
        download: {
          initial: 'idle',
          states: {
            idle: { on: { 'download.requested': 'downloading' } },
            downloading: {
              entry: 'downloaded',
              invoke: {
                id: 'download',
                src: 'download',
                input: ({ context, event }) => ({
                  number: context.number,
                  format: event.type === 'download.requested' ? event.format : 'pdf',
                }),
                onDone: 'idle',
                onError: { target: 'idle', actions: { type: 'downloadFailed', params: actorError } },
              },
            },
          },
        },
        credit: {
          initial: 'closed',
          states: {
            closed: { on: { 'credit.open': { guard: 'mayCredit', target: 'open', actions: 'clearSaid' } } },
            open: {
              invoke: {
                id: 'creditNote',
                src: 'creditNote',
                input: ({ context }) => ({
                  invoice: creditableOf(context.detail as InvoiceDetail, context.creditNotes ?? []),
                }),
                onDone: [
                  {
                    guard: 'hasIssued',
                    target: 'closed',
                    actions: [
                      { type: 'credited', params: ({ event }) => event.output as { number: string } },
                      raise({ type: 'invoice.changed' }),
                    ],
                  },
                  { target: 'closed' },
                ],
              },
            },
          },
        },
      },
    },
  },
})
