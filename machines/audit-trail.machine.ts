/**
 * `auditTrailMachine` (the console's Audit trail page, /staff/audit, issue 22): loads the trail's first page
 * with the applied filters (`listEvents`) → ready, failed (retry), or refused (the server's 422: its messages
 * under their fields). In ready, "Show older" (`user.showOlder`, while the last page had a `nextBefore`)
 * loads the next page with `before = nextBefore` (`listOlder`) and appends it; a failure there keeps the rows
 * and the same button asks again.
 *
 * The filter form (actor kind, action or action prefix, record type and id, staff id, company id, from and to
 * as calendar dates) is checked as typed with the contract's `auditQuerySchema`, on the query it becomes:
 * `from` is the Singapore midnight that starts its day (inclusive) and `to` the midnight that ends its day
 * (the next day's, exclusive), so both days are included. A valid submit (or "Clear filters") starts again
 * from the first page, whatever was on its way (the request on its way is dropped).
 *
 * Effects (API calls) are injected by the page with `machine.provide`.
 */
import { assertEvent, assign, fromPromise, setup } from 'xstate'
import {
  type AuditActorKind,
  type AuditEvent,
  type AuditPage,
  type AuditQueryInput,
  auditQuerySchema,
} from '../contract/audit'
import { addDays } from '../contract/dates'
import { messages } from '../contract/messages'
import { type FieldErrors, fieldErrors } from '../contract/rules'
import { actorError, failure } from './actor-error'
import {
  changeField,
  type FieldChange,
  type FormContext,
  failureMessage,
  initialForm,
  isFormValid,
  showAll,
  showField,
} from './form'

/** The filter form as typed: every value a string, '' for "any". Dates are YYYY-MM-DD (Singapore days). */
export interface AuditFilterValues {
  actorKind: AuditActorKind | ''
  action: string
  recordType: string
  recordId: string
  staffId: string
  customerId: string
  from: string
  to: string
}

export const emptyAuditFilters: AuditFilterValues = {
  actorKind: '',
  action: '',
  recordType: '',
  recordId: '',
  staffId: '',
  customerId: '',
  from: '',
  to: '',
}

const filterFields = Object.keys(emptyAuditFilters) as (keyof AuditFilterValues)[]

export const auditFilterMessages = {
  badDate: 'Must be a date such as 2026-03-01.',
} as const

const datePattern = /^(\d{4})-(\d{2})-(\d{2})$/

/** Whether `text` is a real calendar date written YYYY-MM-DD. */
const isDate = (text: string) => datePattern.test(text) && addDays(text, 0) === text

/** The Singapore midnight that starts `date` (YYYY-MM-DD), as the query's ISO time. */
export const singaporeMidnight = (date: string) => `${date}T00:00:00+08:00`

/**
 * The query the filters make (only the filters given): `from` at the start of its Singapore day, `to` at
 * the start of the day after its own, so that the "to" day is included.
 */
export function auditQueryOf(values: AuditFilterValues): AuditQueryInput {
  const query: AuditQueryInput = {}
  const text = (value: string) => value.trim()
  if (values.actorKind) query.actorKind = values.actorKind
  if (text(values.action)) query.action = text(values.action)
  if (text(values.recordType)) query.recordType = text(values.recordType)
  if (text(values.recordId)) query.recordId = text(values.recordId)
  if (text(values.staffId)) query.staffId = text(values.staffId)
  if (text(values.customerId)) query.customerId = text(values.customerId)
  const from = text(values.from)
  const to = text(values.to)
  if (from) query.from = isDate(from) ? singaporeMidnight(from) : from
  if (to) query.to = isDate(to) ? singaporeMidnight(addDays(to, 1)) : to
  return query
}

/** Every field's messages: a date that is not one, then the contract's rules on the query the form makes. */
export function auditFilterErrors(values: AuditFilterValues): FieldErrors {
  const errors: FieldErrors = {}
  for (const field of ['from', 'to'] as const) {
    const value = values[field].trim()
    if (value && !isDate(value)) errors[field] = [auditFilterMessages.badDate]
  }
  for (const [field, list] of Object.entries(fieldErrors(auditQuerySchema, auditQueryOf(values)))) {
    if (!errors[field] && (filterFields as string[]).includes(field)) errors[field] = list
  }
  return errors
}

export interface AuditTrailInput {
  /** Filters to start with (a link to one record's trail); none by default. */
  filters?: Partial<AuditFilterValues>
}

export interface AuditTrailContext extends FormContext<AuditFilterValues> {
  /** The query the rows shown answer (what "Show older" continues). */
  applied: AuditQueryInput
  events: AuditEvent[]
  /** The `before` of the next, older page; null when the last page is shown. */
  nextBefore: string | null
  /** A failure to load (the first page, or an older one). */
  message: string | null
}

export type AuditTrailEvent =
  | FieldChange<AuditFilterValues>
  | { type: 'field.blurred'; field: keyof AuditFilterValues }
  | { type: 'user.submit' }
  | { type: 'user.clear' }
  | { type: 'user.showOlder' }
  | { type: 'user.retry' }

const outputOf = <T>({ event }: { event: { output: T } }) => event.output

/** The server's field messages (422) for the form's fields. */
const serverFieldErrors = (error: unknown): FieldErrors =>
  Object.fromEntries(
    Object.entries(failure(error).errors ?? {}).filter(
      ([field, list]) => (filterFields as string[]).includes(field) && (list?.length ?? 0) > 0,
    ),
  )

/** Older rows after those shown, each once. */
const appended = (shown: AuditEvent[], older: AuditEvent[]) => {
  const ids = new Set(shown.map((one) => one.id))
  return [...shown, ...older.filter((one) => !ids.has(one.id))]
}

export const auditTrailMachine = setup({
  types: {
    context: {} as AuditTrailContext,
    events: {} as AuditTrailEvent,
    input: {} as AuditTrailInput,
  },
  actors: {
    /** The first page of a query. */
    listEvents: fromPromise<AuditPage, AuditQueryInput>(async () => {
      throw new Error('not provided')
    }),
    /** An older page: the query with `before`. */
    listOlder: fromPromise<AuditPage, AuditQueryInput>(async () => {
      throw new Error('not provided')
    }),
  },
  guards: {
    isValid: ({ context }) => isFormValid(context),
    hasOlder: ({ context }) => context.nextBefore !== null,
    hasFieldErrors: (_, error: unknown) => Object.keys(serverFieldErrors(error)).length > 0,
  },
  actions: {
    change: assign(({ context, event }) => {
      assertEvent(event, 'field.changed')
      return changeField(auditFilterErrors, context, event)
    }),
    show: assign(({ context, event }) => {
      assertEvent(event, 'field.blurred')
      return { shown: showField(context, event.field) }
    }),
    showAll: assign(({ context }) => ({ shown: showAll(context) })),
    /** The filters as typed become the query; its rows start anew. */
    apply: assign(({ context }) => ({
      applied: auditQueryOf(context.values),
      events: [],
      nextBefore: null,
      message: null,
    })),
    clear: assign(() => ({
      ...initialForm(auditFilterErrors, emptyAuditFilters),
      applied: {},
      events: [],
      nextBefore: null,
      message: null,
    })),
    setPage: assign((_, page: AuditPage) => ({
      events: page.events,
      nextBefore: page.nextBefore,
      message: null,
    })),
    appendPage: assign(({ context }, page: AuditPage) => ({
      events: appended(context.events, page.events),
      nextBefore: page.nextBefore,
      message: null,
    })),
    clearMessage: assign({ message: null }),
    loadFailed: assign((_, error: unknown) => ({ message: failureMessage(error, messages.generic) })),
    fieldsRefused: assign(({ context }, error: unknown) => ({
      errors: serverFieldErrors(error),
      shown: showAll(context),
    })),
  },
}).createMachine({
  id: 'auditTrail',
  context: ({ input }) => {
    const values = { ...emptyAuditFilters, ...(input?.filters ?? {}) }
    const form = initialForm(auditFilterErrors, values)
    return {
      ...form,
      // Filters that start invalid are not sent: the trail starts unfiltered and the form says why.
      applied: isFormValid(form) ? auditQueryOf(values) : {},
      shown: isFormValid(form) ? {} : showAll(form),
      events: [],
      nextBefore: null,
      message: null,
    }
  },
  initial: 'loading',
  // The filters can be typed in and applied whatever the page is doing: a new query starts from its first page.
  on: {
    'field.changed': { actions: 'change' },
    'field.blurred': { actions: 'show' },
    'user.submit': [
      { guard: 'isValid', target: '.loading', actions: ['showAll', 'apply'] },
      { actions: 'showAll' },
    ],
    'user.clear': { target: '.loading', actions: 'clear' },
  },
  states: {
    loading: {
      invoke: {
        id: 'listEvents',
        src: 'listEvents',
        input: ({ context }) => context.applied,
        onDone: { target: 'ready', actions: { type: 'setPage', params: outputOf } },
        onError: [
          {
            guard: { type: 'hasFieldErrors', params: actorError },
            target: 'refused',
            actions: { type: 'fieldsRefused', params: actorError },
          },
          { target: 'failed', actions: { type: 'loadFailed', params: actorError } },
        ],
      },
    },
    failed: {
      on: { 'user.retry': { target: 'loading', actions: 'clearMessage' } },
    },
    /** The server refused a filter: its message is under the field, to be corrected and applied again. */
    refused: {},
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: { 'user.showOlder': { guard: 'hasOlder', target: 'loadingOlder' } },
        },
        loadingOlder: {
          invoke: {
            id: 'listOlder',
            src: 'listOlder',
            input: ({ context }) =>
              context.nextBefore === null
                ? context.applied
                : { ...context.applied, before: context.nextBefore },
            onDone: { target: 'idle', actions: { type: 'appendPage', params: outputOf } },
            onError: { target: 'olderFailed', actions: { type: 'loadFailed', params: actorError } },
          },
        },
        /** The rows stay; "Show older" (now "Try again") asks for the older page again. */
        olderFailed: {
          on: { 'user.showOlder': { target: 'loadingOlder', actions: 'clearMessage' } },
        },
      },
    },
  },
})
