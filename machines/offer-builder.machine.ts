/**
 * `offerBuilderMachine` (a quote request on the sales desk, /staff/quotes/$number, issue 22): loads the request
 * (`getQuoteRequest`) → ready, or failed (retry). In ready a sales person can
 *
 * - take the request ("Assign to me", `assignQuoteRequest`) while its lifecycle allows it and it is not theirs;
 * - build an offer: carrier, service, transit days, validity, free days, a note, and charge lines added from
 *   the catalogue of the request's mode or copied from one of the lane's sheets (`template.chosen`). Amounts are
 *   typed in major units ("2100.00") and sent in cents. Every value is checked as typed with the contract's
 *   `offerSchema`, its messages under the server's field paths (`lines.0.currency`);
 * - preview it (`previewOffer`): the price exactly as the customer's Quotation Preview will show it;
 * - send it (`sendOffer`), only after a preview of the very values in the form: changing anything asks for a
 *   new preview. A sent offer says so and reads the request again (its versions, its state); a refused one
 *   keeps what was typed, the server's messages under their fields.
 *
 * The offer as typed, its amounts, checks and lines are offer-values.ts. One request at a time. Effects (API
 * calls) are injected by the page with `machine.provide`.
 */
import { and, assertEvent, assign, fromPromise, not, setup, stateIn } from 'xstate'
import { messages } from '../contract/messages'
import type { QuotePrice } from '../contract/pricing/types'
import {
  chargeCatalogue,
  type DeskQueueItem,
  type DeskRequestDetail,
  deskMessages,
  type Offer,
} from '../contract/quote-desk'
import type { FieldErrors } from '../contract/rules'
import { actorError, failure } from './actor-error'
import { showAll } from './form'
import {
  catalogueLine,
  emptyOffer,
  type LineField,
  type OfferField,
  type OfferValues,
  offerErrors,
  offerKey,
  parsedOffer,
  shiftShown,
  withSheet,
} from './offer-values'
import { canRequest } from './quote-request.machine'

export interface OfferBuilderInput {
  number: string
  selfId: number | null
}

export interface OfferPreview {
  price: QuotePrice
  validTo: string
}

export interface OfferBuilderContext {
  number: string
  selfId: number | null
  /** Who the assignment on its way is for (null: the person signed in). */
  assignTo: number | null
  request: DeskRequestDetail | null
  values: OfferValues
  /** Messages of every field that fails now, by path (`lines.0.amount`). */
  errors: FieldErrors
  /** Paths whose message shows: left once, or the form was previewed or sent. */
  shown: Record<string, true | undefined>
  preview: OfferPreview | null
  /** The offer (as sent) the preview is of: sending needs it to be the form's offer now. */
  previewKey: string | null
  notice: string | null
  message: string | null
}

export type OfferBuilderEvent =
  | { type: 'user.retry' }
  /** Take the request, or (`staffId`) give it to a colleague with the Sales role. */
  | { type: 'user.assign'; staffId?: number }
  | { type: 'field.changed'; field: OfferField; value: string }
  | { type: 'field.blurred'; field: string }
  | { type: 'line.added'; code: string }
  | { type: 'line.changed'; index: number; field: LineField; value: string }
  | { type: 'line.removed'; index: number }
  | { type: 'template.chosen'; index: number }
  | { type: 'user.preview' }
  | { type: 'user.send' }

export const previewFirst = 'Preview the offer first: it is sent as previewed.'

/** Whether the preview shown is of the form's values now. */
export const isPreviewCurrent = (context: Pick<OfferBuilderContext, 'values' | 'previewKey'>) =>
  context.previewKey !== null && context.previewKey === offerKey(context.values)

/** The request may take an offer now (a first one, or a revision). */
export const mayOffer = (request: DeskRequestDetail | null) =>
  request !== null && canRequest(request.state, 'sales.sendOffer')

export const mayAssignRequest = (request: DeskRequestDetail | null, selfId: number | null) =>
  request !== null &&
  canRequest(request.state, 'sales.assign') &&
  (selfId === null || request.assignee?.id !== selfId)

/** The request may be given to `staffId` now (the lifecycle allows it, and it is not already theirs). */
export const mayAssignTo = (request: DeskRequestDetail | null, staffId: number) =>
  request !== null && canRequest(request.state, 'sales.assign') && request.assignee?.id !== staffId

/** The server's field messages (422) under the form's paths. */
const serverErrors = (error: unknown): FieldErrors =>
  Object.fromEntries(
    Object.entries(failure(error).errors ?? {}).filter(
      ([path, list]) => path !== 'staffId' && (list?.length ?? 0) > 0,
    ),
  )

const withValues = (values: OfferValues) => ({ values, errors: offerErrors(values) })

const outputOf = <T>({ event }: { event: { output: T } }) => event.output

export const offerBuilderMachine = setup({
  types: {
    context: {} as OfferBuilderContext,
    events: {} as OfferBuilderEvent,
    input: {} as OfferBuilderInput,
  },
  actors: {
    loadRequest: fromPromise<DeskRequestDetail, { number: string }>(async () => {
      throw new Error('not provided')
    }),
    assignRequest: fromPromise<DeskQueueItem, { number: string; staffId?: number }>(async () => {
      throw new Error('not provided')
    }),
    previewOffer: fromPromise<OfferPreview, { number: string; offer: Offer }>(async () => {
      throw new Error('not provided')
    }),
    sendOffer: fromPromise<{ version: number }, { number: string; offer: Offer }>(async () => {
      throw new Error('not provided')
    }),
  },
  guards: {
    isValid: ({ context }) => Object.keys(context.errors).length === 0,
    /** What is being sent stays as it is until the answer. */
    isEditable: not(stateIn({ ready: 'sending' })),
    mayOffer: ({ context }) => mayOffer(context.request),
    mayAssign: ({ context, event }) =>
      event.type === 'user.assign' && event.staffId !== undefined
        ? mayAssignTo(context.request, event.staffId)
        : mayAssignRequest(context.request, context.selfId),
    isPreviewCurrent: ({ context }) => isPreviewCurrent(context),
    isInCatalogue: ({ context, event }) =>
      event.type === 'line.added' &&
      context.request !== null &&
      chargeCatalogue.some((one) => one.code === event.code && one.modes.includes(context.request!.mode)),
    isTemplate: ({ context, event }) =>
      event.type === 'template.chosen' && context.request?.templates[event.index] !== undefined,
    isLine: ({ context, event }) =>
      (event.type === 'line.changed' || event.type === 'line.removed') &&
      event.index >= 0 &&
      event.index < context.values.lines.length,
    hasFieldErrors: (_, error: unknown) => Object.keys(serverErrors(error)).length > 0,
  },
  actions: {
    setRequest: assign((_, request: DeskRequestDetail) => ({ request, message: null })),
    loadFailed: assign((_, error: unknown) => ({
      message: failure(error).message ?? messages.generic,
    })),
    clearSaid: assign({ notice: null, message: null }),
    change: assign(({ context, event }) => {
      assertEvent(event, 'field.changed')
      return withValues({ ...context.values, [event.field]: event.value })
    }),
    show: assign(({ context, event }) => {
      assertEvent(event, 'field.blurred')
      return { shown: { ...context.shown, [event.field]: true as const } }
    }),
    showAll: assign(({ context }) => ({ shown: showAll(context) })),
    addLine: assign(({ context, event }) => {
      assertEvent(event, 'line.added')
      const line = catalogueLine(event.code, context.request)
      return line ? withValues({ ...context.values, lines: [...context.values.lines, line] }) : {}
    }),
    changeLine: assign(({ context, event }) => {
      assertEvent(event, 'line.changed')
      const lines = context.values.lines.map((line, index) =>
        index === event.index ? { ...line, [event.field]: event.value } : line,
      )
      return withValues({ ...context.values, lines })
    }),
    removeLine: assign(({ context, event }) => {
      assertEvent(event, 'line.removed')
      const lines = context.values.lines.filter((_, index) => index !== event.index)
      return { ...withValues({ ...context.values, lines }), shown: shiftShown(context.shown, event.index) }
    }),
    /** The sheet's charges replace the lines; its carrier, service, transit and free days fill what is empty. */
    useTemplate: assign(({ context, event }) => {
      assertEvent(event, 'template.chosen')
      const sheet = context.request?.templates[event.index]
      return sheet ? withValues(withSheet(context.values, sheet)) : {}
    }),
    previewed: assign(({ context }, preview: OfferPreview) => ({
      preview,
      previewKey: offerKey(context.values),
    })),
    /** A refusal with field messages: said under the fields, what was typed stays. */
    fieldsRefused: assign(({ context }, error: unknown) => {
      const errors = serverErrors(error)
      return {
        errors,
        shown: { ...context.shown, ...Object.fromEntries(Object.keys(errors).map((path) => [path, true])) },
        message: failure(error).message ?? messages.generic,
        // The server refused these values: a preview of them does not count for sending.
        previewKey: null,
      }
    }),
    failed: assign((_, error: unknown) => ({ message: failure(error).message ?? messages.generic })),
    askPreview: assign({ message: previewFirst }),
    sent: assign({ notice: deskMessages.offerSent, preview: null, previewKey: null }),
    assigned: assign(({ context }, item: DeskQueueItem) => ({
      request: context.request ? { ...context.request, ...item } : null,
      notice: deskMessages.assigned,
    })),
  },
}).createMachine({
  id: 'offerBuilder',
  context: ({ input }) => ({
    number: input.number,
    selfId: input.selfId,
    assignTo: null,
    request: null,
    ...withValues(emptyOffer),
    shown: {},
    preview: null,
    previewKey: null,
    notice: null,
    message: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadRequest',
        src: 'loadRequest',
        input: ({ context }) => ({ number: context.number }),
        onDone: { target: 'ready', actions: { type: 'setRequest', params: outputOf } },
        onError: { target: 'failed', actions: { type: 'loadFailed', params: actorError } },
      },
    },
    failed: {
      on: { 'user.retry': { target: 'loading', actions: 'clearSaid' } },
    },
    ready: {
      initial: 'idle',
      // The form can be typed in while a preview or an assignment is on its way (a preview of older values
      // then does not count for sending); not while the offer is being sent.
      on: {
        'field.changed': { guard: 'isEditable', actions: 'change' },
        'field.blurred': { actions: 'show' },
        'line.added': { guard: and(['isEditable', 'isInCatalogue']), actions: 'addLine' },
        'line.changed': { guard: and(['isEditable', 'isLine']), actions: 'changeLine' },
        'line.removed': { guard: and(['isEditable', 'isLine']), actions: 'removeLine' },
        'template.chosen': { guard: and(['isEditable', 'isTemplate']), actions: 'useTemplate' },
      },
      states: {
        idle: {
          on: {
            'user.assign': {
              guard: 'mayAssign',
              target: 'assigning',
              actions: [
                'clearSaid',
                assign(({ event }) => ({
                  assignTo: event.type === 'user.assign' ? (event.staffId ?? null) : null,
                })),
              ],
            },
            'user.preview': [
              {
                guard: and(['mayOffer', 'isValid']),
                target: 'previewing',
                actions: ['showAll', 'clearSaid'],
              },
              { actions: 'showAll' },
            ],
            'user.send': [
              {
                guard: and(['mayOffer', 'isValid', 'isPreviewCurrent']),
                target: 'sending',
                actions: ['showAll', 'clearSaid'],
              },
              // Told only when previewing would help: field messages say themselves.
              { guard: 'isValid', actions: ['showAll', 'askPreview'] },
              { actions: 'showAll' },
            ],
          },
        },
        previewing: {
          invoke: {
            id: 'previewOffer',
            src: 'previewOffer',
            input: ({ context }) => ({ number: context.number, offer: parsedOffer(context.values) }),
            onDone: { target: 'idle', actions: { type: 'previewed', params: outputOf } },
            onError: [
              {
                guard: { type: 'hasFieldErrors', params: actorError },
                target: 'idle',
                actions: { type: 'fieldsRefused', params: actorError },
              },
              { target: 'idle', actions: { type: 'failed', params: actorError } },
            ],
          },
        },
        sending: {
          invoke: {
            id: 'sendOffer',
            src: 'sendOffer',
            input: ({ context }) => ({ number: context.number, offer: parsedOffer(context.values) }),
            onDone: { target: 'reloading', actions: 'sent' },
            onError: [
              {
                guard: { type: 'hasFieldErrors', params: actorError },
                target: 'idle',
                actions: { type: 'fieldsRefused', params: actorError },
              },
              { target: 'idle', actions: { type: 'failed', params: actorError } },
            ],
          },
        },
        assigning: {
          invoke: {
            id: 'assignRequest',
            src: 'assignRequest',
            input: ({ context }) => ({
              number: context.number,
              ...(context.assignTo === null ? {} : { staffId: context.assignTo }),
            }),
            onDone: { target: 'idle', actions: { type: 'assigned', params: outputOf } },
            onError: { target: 'idle', actions: { type: 'failed', params: actorError } },
          },
        },
        // After a send: the request read again (its state and versions), the form as it was.
        reloading: {
          invoke: {
            id: 'loadRequest',
            src: 'loadRequest',
            input: ({ context }) => ({ number: context.number }),
            onDone: { target: 'idle', actions: { type: 'setRequest', params: outputOf } },
            onError: { target: 'idle', actions: { type: 'failed', params: actorError } },
          },
        },
      },
    },
  },
})
