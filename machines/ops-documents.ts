/**
 * A booking's documents on the operations desk, a part of the operations booking chart:
 *
 * - **Ask for a document** (`documentRequestSchema`): kind, due date (today or later, in Singapore), note;
 *   sent from `requesting` while the booking has not ended;
 * - **a file's preview** (the `preview` region), beside whatever else is under way: the file is fetched
 *   (`loadPreview`, a blob URL the page gives back with `revokeUrl` when another replaces it or it is closed).
 *
 * Accepting or rejecting a file is an action (ops-actions.ts).
 */
import { assertEvent, assign } from 'xstate'
import { singaporeDateOf } from '../contract/dates'
import { documentRequestSchema, uploadableKinds } from '../contract/documents'
import type { FieldErrors } from '../contract/rules'
import { actorError } from './actor-error'
import { initialForm, isFormValid, pathErrors } from './form'
import {
  changed,
  type FormState,
  mayRequestDocument,
  messageOf,
  type OpsBookingContext,
  opsNotices,
  outputOf,
  type RequestValues,
  serverErrors,
  whileSending,
} from './ops-booking-setup'
import { milestoneSetup } from './ops-milestone'

export type { FilePreview, RequestValues } from './ops-booking-setup'

export const kindMessage = 'Choose the document.'

export const emptyRequest: RequestValues = { kind: 'commercial_invoice', dueDate: '', note: '' }

/** The request's body and its messages (the due date today or later, in Singapore). */
export function toRequest(values: RequestValues) {
  return { dueDate: values.dueDate, ...(values.note.trim() === '' ? {} : { note: values.note }) }
}

export function requestErrors(values: RequestValues, now: Date = new Date()): FieldErrors {
  const errors = pathErrors(documentRequestSchema(singaporeDateOf(now)).safeParse(toRequest(values)))
  if (!(uploadableKinds as readonly string[]).includes(values.kind)) errors.kind = [kindMessage]
  return errors
}

export function requestState(
  values: RequestValues,
  shown: FormState<RequestValues>['shown'] = {},
): FormState<RequestValues> {
  return { ...initialForm((typed: RequestValues) => requestErrors(typed), values), shown }
}

export const requestChanged = (context: OpsBookingContext, field: string, value: string) => ({
  request: requestState(changed(context.request.values, field, value), context.request.shown),
})

export const documentsSetup = milestoneSetup.extend({
  guards: {
    mayRequest: ({ context, event }) =>
      event.type === 'form.submitted' &&
      event.form === 'request' &&
      mayRequestDocument(context.detail) &&
      isFormValid(context.request),
  },
  actions: {
    /** Asked: the form empties, the kind stays. */
    requested: assign(({ context }) => ({
      notice: opsNotices.request(context.request.values.kind),
      request: requestState({ ...emptyRequest, kind: context.request.values.kind }),
    })),
    openPreview: assign(({ event }) => {
      assertEvent(event, 'preview.opened')
      return { previewing: { fileId: event.fileId, name: event.name }, previewMessage: null }
    }),
    setPreview: assign(({ context }, shown: { url: string; contentType: string }) => ({
      preview: context.previewing ? { ...context.previewing, ...shown } : null,
    })),
    previewFailed: assign((_, error: unknown) => ({ previewMessage: messageOf(error) })),
    closePreview: assign({ previewing: null, previewMessage: null }),
    /** Gives back a preview's blob URL (the page provides URL.revokeObjectURL). */
    revokeUrl: (_, _url: string | null) => {},
    dropPreview: assign({ preview: null }),
  },
})

/** The request on its way (a state of the chart's `work`). */
export const requesting = documentsSetup.createStateConfig({
  ...whileSending('request'),
  invoke: {
    id: 'requestDocument',
    src: 'requestDocument',
    input: ({ context }) => ({
      number: context.number,
      kind: context.request.values.kind,
      body: toRequest(context.request.values),
    }),
    onDone: { target: 'reloading', actions: 'requested' },
    onError: [
      {
        guard: { type: 'hasFieldErrors', params: actorError },
        target: 'idle',
        actions: {
          type: 'fieldsRefused',
          params: ({ event }) => ({
            form: 'request' as const,
            error: event.error,
            errors: serverErrors(event.error),
          }),
        },
      },
      { guard: 'isStale', target: 'reloading', actions: { type: 'failed', params: actorError } },
      { target: 'idle', actions: { type: 'failed', params: actorError } },
    ],
  },
})

/** The shown preview's blob URL, given back before another replaces it or it is closed. */
const revokeShown = {
  type: 'revokeUrl',
  params: ({ context }: { context: OpsBookingContext }) => context.preview?.url ?? null,
} as const

/** A file's preview (a region of the chart's `ready`): closed, loading, open or failed. */
export const previewRegion = documentsSetup.createStateConfig({
  initial: 'closed',
  states: {
    closed: { on: { 'preview.opened': { target: 'loading', actions: 'openPreview' } } },
    loading: {
      on: {
        'preview.opened': { target: 'loading', reenter: true, actions: 'openPreview' },
        'preview.closed': { target: 'closed', actions: 'closePreview' },
      },
      invoke: {
        id: 'loadPreview',
        src: 'loadPreview',
        input: ({ context }) => ({
          number: context.number,
          fileId: context.previewing?.fileId ?? '',
        }),
        onDone: {
          target: 'open',
          actions: [revokeShown, 'dropPreview', { type: 'setPreview', params: outputOf }],
        },
        onError: {
          target: 'failed',
          actions: [revokeShown, 'dropPreview', { type: 'previewFailed', params: actorError }],
        },
      },
    },
    open: {
      on: {
        'preview.opened': { target: 'loading', actions: 'openPreview' },
        'preview.closed': { target: 'closed', actions: [revokeShown, 'dropPreview', 'closePreview'] },
      },
    },
    failed: {
      on: {
        'preview.opened': { target: 'loading', actions: 'openPreview' },
        'preview.closed': { target: 'closed', actions: 'closePreview' },
      },
    },
  },
})
