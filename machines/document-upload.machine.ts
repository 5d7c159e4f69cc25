/**
 * One file on its way to a booking's document item. First the browser's check (`uploadProblem`, the server's
 * own limits: empty, over 10 MB, not a PDF, JPEG, PNG, XLSX or DOCX by its name), then the upload with its
 * progress from 0 to 100, then Uploaded, or Refused with the server's message (413, 415, 409, 422...). Each
 * file chosen gets its own actor, so several files of one item go up side by side. A refused upload can be
 * dismissed; an uploaded one tells its parent (the booking page), which reloads the documents.
 *
 * `upload` is a callback actor injected by the app: it reports `upload.progress`, then `upload.succeeded`
 * or `upload.failed`, and aborts the request when stopped.
 */
import { assertEvent, assign, fromCallback, sendParent, setup } from 'xstate'
import type { DocumentFile, DocumentKind } from '../contract/bookings'
import { messages } from '../contract/messages'
import { uploadProblem } from '../contract/uploads'
import type { ApiFailure } from '../contract/wire'

/** What the upload needs of a file: a browser File, or its name and size alone in tests. */
export interface UploadFile {
  name: string
  size: number
  type?: string
}

export interface DocumentUploadInput {
  /** Which upload of the page this is (the parent's key for it). */
  id: string
  number: string
  kind: DocumentKind
  file: UploadFile
}

export interface DocumentUploadContext extends DocumentUploadInput {
  /** 0 to 100. */
  progress: number
  message: string | null
  uploaded: DocumentFile | null
}

export type UploadReport =
  | { type: 'upload.progress'; loaded: number; total: number }
  | { type: 'upload.succeeded'; file: DocumentFile }
  | { type: 'upload.failed'; error: unknown }

export type DocumentUploadEvent = UploadReport | { type: 'user.dismiss' }

/** What the booking page hears from an upload. */
export type UploadParentEvent =
  | { type: 'upload.finished'; id: string; kind: DocumentKind }
  | { type: 'upload.dismissed'; id: string }

export const documentUploadMachine = setup({
  types: {
    context: {} as DocumentUploadContext,
    events: {} as DocumentUploadEvent,
    input: {} as DocumentUploadInput,
  },
  actors: {
    upload: fromCallback<UploadReport, { number: string; kind: DocumentKind; file: UploadFile }>(() => {}),
  },
  guards: {
    passesCheck: ({ context }) => uploadProblem(context.file) === null,
  },
  actions: {
    refuseLocally: assign({ message: ({ context }) => uploadProblem(context.file) }),
    setProgress: assign({
      progress: ({ context, event }) => {
        assertEvent(event, 'upload.progress')
        if (event.total <= 0) return context.progress
        // 100 only once the server has answered: the bytes being sent is not the file being kept.
        return Math.max(context.progress, Math.min(99, Math.floor((event.loaded / event.total) * 100)))
      },
    }),
    setUploaded: assign(({ event }) => {
      assertEvent(event, 'upload.succeeded')
      return { uploaded: event.file, progress: 100 }
    }),
    setRefused: assign({
      message: ({ event }) => {
        assertEvent(event, 'upload.failed')
        return (event.error as Partial<ApiFailure> | undefined)?.message ?? messages.generic
      },
    }),
    reportUploaded: sendParent(
      ({ context }): UploadParentEvent => ({ type: 'upload.finished', id: context.id, kind: context.kind }),
    ),
    reportDismissed: sendParent(
      ({ context }): UploadParentEvent => ({ type: 'upload.dismissed', id: context.id }),
    ),
  },
}).createMachine({
  id: 'documentUpload',
  context: ({ input }) => ({ ...input, progress: 0, message: null, uploaded: null }),
  initial: 'checking',
  states: {
    checking: {
      always: [
        { guard: 'passesCheck', target: 'uploading' },
        { target: 'refused', actions: 'refuseLocally' },
      ],
    },
    uploading: {
      invoke: {
        id: 'upload',
        src: 'upload',
        input: ({ context }) => ({ number: context.number, kind: context.kind, file: context.file }),
      },
      on: {
        'upload.progress': { actions: 'setProgress' },
        'upload.succeeded': { target: 'uploaded', actions: 'setUploaded' },
        'upload.failed': { target: 'refused', actions: 'setRefused' },
      },
    },
    uploaded: { entry: 'reportUploaded', on: { 'user.dismiss': { actions: 'reportDismissed' } } },
    refused: { on: { 'user.dismiss': { actions: 'reportDismissed' } } },
  },
})
