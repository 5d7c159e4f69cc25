/**
 * A booking's page (/user/bookings/$number): loads the booking (404 → not found, other failures → Try
 * again), then three things run side by side while it is shown:
 *
 * - cancel: Cancel (only while the booking says `canCancel`) → a confirmation dialog → cancelling → the
 *   updated booking with a notice, or the server's refusal (409 `bookingMessages.cannotCancel`) in a dialog;
 * - documents: every file chosen for an item gets its own `documentUploadMachine` (checked, uploaded with
 *   progress, refused or uploaded); each finished upload reloads the document checklist;
 * - downloads: a file (or the issued HBL) is fetched with the session's token and handed to the browser;
 * - live: `booking.changed` (the customer's stream: operations confirmed it, posted a milestone, reviewed or
 *   asked for a document, held it) reads the booking again while it stays shown; one that comes while a read is
 *   on its way reads again after it.
 *
 * Effects (`getBooking`, `cancelBooking`, `listDocuments`, `downloadDocument`, and the upload inside
 * `documentUpload`) are injected by the app with `machine.provide`.
 */
import { type ActorRefFrom, assertEvent, assign, fromPromise, setup, stopChild } from 'xstate'
import {
  type BookingDetail,
  bookingMessages,
  type DocumentItem,
  type DocumentKind,
} from '../contract/bookings'
import { messages } from '../contract/messages'
import { actorError, failure as failureOf } from './actor-error'
import { documentUploadMachine, type UploadFile, type UploadParentEvent } from './document-upload.machine'

export interface UploadEntry {
  id: string
  kind: DocumentKind
  ref: ActorRefFrom<typeof documentUploadMachine>
}

export interface BookingPageContext {
  number: string
  booking: BookingDetail | null
  documents: DocumentItem[]
  uploads: UploadEntry[]
  uploadCount: number
  /** Why the booking could not be loaded. */
  message: string | null
  /** A dialog's message: a refused cancellation, a failed download or documents reload. */
  dialog: string | null
  /** What was just done (the booking has been cancelled). */
  notice: string | null
}

export type BookingPageEvent =
  | { type: 'user.retry' }
  | { type: 'cancel.requested' }
  | { type: 'cancel.dismissed' }
  | { type: 'cancel.confirmed' }
  | { type: 'dialog.acknowledged' }
  | { type: 'files.chosen'; kind: DocumentKind; files: UploadFile[] }
  | { type: 'file.download'; fileId: string; name: string }
  | { type: 'booking.changed' }
  | UploadParentEvent

const messageOf = (error: unknown) => failureOf(error).message ?? messages.generic

export const bookingPageMachine = setup({
  types: {
    context: {} as BookingPageContext,
    events: {} as BookingPageEvent,
    input: {} as { number: string },
  },
  actors: {
    getBooking: fromPromise<BookingDetail, { number: string }>(async () => {
      throw new Error('not provided')
    }),
    cancelBooking: fromPromise<BookingDetail, { number: string }>(async () => {
      throw new Error('not provided')
    }),
    listDocuments: fromPromise<DocumentItem[], { number: string }>(async () => []),
    downloadDocument: fromPromise<void, { number: string; fileId: string; name: string }>(async () => {}),
    documentUpload: documentUploadMachine,
  },
  guards: {
    isNotFound: (_, error: unknown) => failureOf(error).status === 404,
    canCancel: ({ context }) => context.booking?.canCancel === true,
    isUploadable: ({ event }) =>
      event.type === 'files.chosen' && event.kind !== 'hbl' && event.files.length > 0,
  },
  actions: {
    setBooking: assign((_, booking: BookingDetail) => ({ booking, documents: booking.documents })),
    setCancelled: assign((_, booking: BookingDetail) => ({
      booking,
      documents: booking.documents,
      notice: booking.status === 'Cancelled' ? bookingMessages.cancelled : null,
    })),
    setDocuments: assign({ documents: (_, documents: DocumentItem[]) => documents }),
    setMessage: assign({ message: (_, error: unknown) => messageOf(error) }),
    clearMessage: assign({ message: null }),
    setDialog: assign({ dialog: (_, error: unknown) => messageOf(error) }),
    clearDialog: assign({ dialog: null }),
    clearNotice: assign({ notice: null }),
    refuseCancel: assign({ dialog: bookingMessages.cannotCancel }),
    addUploads: assign(({ context, event, spawn }) => {
      assertEvent(event, 'files.chosen')
      const added = event.files.map((file, index): UploadEntry => {
        const id = `upload-${context.uploadCount + index + 1}`
        return {
          id,
          kind: event.kind,
          ref: spawn('documentUpload', { id, input: { id, number: context.number, kind: event.kind, file } }),
        }
      })
      return { uploads: [...context.uploads, ...added], uploadCount: context.uploadCount + added.length }
    }),
    stopUpload: stopChild(({ event }) => {
      assertEvent(event, 'upload.dismissed')
      return event.id
    }),
    removeUpload: assign({
      uploads: ({ context, event }) => {
        assertEvent(event, 'upload.dismissed')
        return context.uploads.filter((upload) => upload.id !== event.id)
      },
    }),
  },
}).createMachine({
  id: 'bookingPage',
  context: ({ input }) => ({
    number: input.number,
    booking: null,
    documents: [],
    uploads: [],
    uploadCount: 0,
    message: null,
    dialog: null,
    notice: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'getBooking',
        src: 'getBooking',
        input: ({ context }) => ({ number: context.number }),
        onDone: { target: 'ready', actions: { type: 'setBooking', params: ({ event }) => event.output } },
        onError: [
          {
            guard: { type: 'isNotFound', params: actorError },
            target: 'notFound',
          },
          {
            target: 'failed',
            actions: {
              type: 'setMessage',
              params: actorError,
            },
          },
        ],
      },
    },
    failed: { on: { 'user.retry': { target: 'loading', actions: 'clearMessage' } } },
    notFound: {},
    ready: {
      type: 'parallel',
      on: {
        'dialog.acknowledged': { actions: 'clearDialog' },
        'files.chosen': { guard: 'isUploadable', actions: 'addUploads' },
        'upload.dismissed': { actions: ['stopUpload', 'removeUpload'] },
      },
      states: {
        cancel: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'cancel.requested': { guard: 'canCancel', target: 'confirming', actions: 'clearNotice' },
              },
            },
            confirming: {
              on: {
                'cancel.dismissed': 'idle',
                'cancel.confirmed': [
                  { guard: 'canCancel', target: 'cancelling' },
                  // The booking changed while the dialog was open (operations confirmed it): no longer possible.
                  { target: 'idle', actions: 'refuseCancel' },
                ],
              },
            },
            cancelling: {
              invoke: {
                id: 'cancelBooking',
                src: 'cancelBooking',
                input: ({ context }) => ({ number: context.number }),
                onDone: {
                  target: 'idle',
                  actions: { type: 'setCancelled', params: ({ event }) => event.output },
                },
                onError: {
                  target: 'idle',
                  actions: {
                    type: 'setDialog',
                    params: actorError,
                  },
                },
              },
            },
          },
        },
        documents: {
          initial: 'idle',
          on: { 'upload.finished': '.reloading' },
          states: {
            idle: {},
            reloading: {
              invoke: {
                id: 'listDocuments',
                src: 'listDocuments',
                input: ({ context }) => ({ number: context.number }),
                onDone: {
                  target: 'idle',
                  actions: { type: 'setDocuments', params: ({ event }) => event.output },
                },
                onError: {
                  target: 'idle',
                  actions: {
                    type: 'setDialog',
                    params: actorError,
                  },
                },
              },
            },
          },
        },
        live: {
          initial: 'idle',
          states: {
            idle: { on: { 'booking.changed': 'refreshing' } },
            refreshing: {
              on: { 'booking.changed': { target: 'refreshing', reenter: true } },
              invoke: {
                id: 'getBooking',
                src: 'getBooking',
                input: ({ context }) => ({ number: context.number }),
                onDone: {
                  target: 'idle',
                  actions: { type: 'setBooking', params: ({ event }) => event.output },
                },
                onError: { target: 'idle', actions: { type: 'setDialog', params: actorError } },
              },
            },
          },
        },
        downloads: {
          initial: 'idle',
          states: {
            idle: { on: { 'file.download': 'downloading' } },
            downloading: {
              invoke: {
                id: 'downloadDocument',
                src: 'downloadDocument',
                input: ({ context, event }) => {
                  assertEvent(event, 'file.download')
                  return { number: context.number, fileId: event.fileId, name: event.name }
                },
                onDone: 'idle',
                onError: {
                  target: 'idle',
                  actions: {
                    type: 'setDialog',
                    params: actorError,
                  },
                },
              },
            },
          },
        },
      },
    },
  },
})
