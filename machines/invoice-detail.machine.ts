/**
 * One invoice or credit note as issued (/user/invoices/$number, issue 35, docs/invoices.md): loads it (404 →
 * not found, other failures → Try again); while it is shown, Download PDF fetches the PDF with the session's
 * token (one at a time) and a failure is said in a dialog.
 *
 * Effects (`getInvoice`, `downloadPdf`) are injected by the page with `machine.provide`.
 */
import { assign, fromPromise, setup } from 'xstate'
import type { InvoiceDetail } from '../contract/finance/invoice-wire'
import { invoiceMessages } from '../contract/finance/invoices'
import { messages } from '../contract/messages'
import { actorError, failure } from './actor-error'
import { failureMessage } from './form'

export interface InvoiceDetailContext {
  number: string
  invoice: InvoiceDetail | null
  /** Why the document could not be loaded. */
  message: string | null
  /** A failed download, in a dialog. */
  dialog: string | null
}

export type InvoiceDetailEvent =
  | { type: 'user.retry' }
  | { type: 'pdf.download' }
  | { type: 'dialog.acknowledged' }

export const invoiceDetailMachine = setup({
  types: {
    context: {} as InvoiceDetailContext,
    events: {} as InvoiceDetailEvent,
    input: {} as { number: string },
  },
  actors: {
    getInvoice: fromPromise<InvoiceDetail, { number: string }>(async () => {
      throw new Error('not provided')
    }),
    downloadPdf: fromPromise<void, { number: string }>(async () => {}),
  },
  guards: { isNotFound: (_, error: unknown) => failure(error).status === 404 },
  actions: {
    setInvoice: assign((_, invoice: InvoiceDetail) => ({ invoice, message: null })),
    setMessage: assign((_, error: unknown) => ({ message: failureMessage(error, messages.generic) })),
    setNotFound: assign({ message: invoiceMessages.notFound }),
    setDialog: assign((_, error: unknown) => ({ dialog: failureMessage(error, messages.generic) })),
    clearDialog: assign({ dialog: null }),
  },
}).createMachine({
  id: 'invoiceDetail',
  context: ({ input }) => ({ number: input.number, invoice: null, message: null, dialog: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'getInvoice',
        src: 'getInvoice',
        input: ({ context }) => ({ number: context.number }),
        onDone: { target: 'ready', actions: { type: 'setInvoice', params: ({ event }) => event.output } },
        onError: [
          { guard: { type: 'isNotFound', params: actorError }, target: 'notFound', actions: 'setNotFound' },
          { target: 'failed', actions: { type: 'setMessage', params: actorError } },
        ],
      },
    },
    failed: { on: { 'user.retry': 'loading' } },
    notFound: {},
    ready: {
      initial: 'idle',
      on: { 'dialog.acknowledged': { actions: 'clearDialog' } },
      states: {
        idle: { on: { 'pdf.download': 'downloading' } },
        downloading: {
          invoke: {
            id: 'downloadPdf',
            src: 'downloadPdf',
            input: ({ context }) => ({ number: context.number }),
            onDone: 'idle',
            onError: { target: 'idle', actions: { type: 'setDialog', params: actorError } },
          },
        },
      },
    },
  },
})
