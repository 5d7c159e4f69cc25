/**
 * `financeDeskMachine` (the console's finance desk, /staff/finance, issue 35): one of three lists at a time,
 *
 * - `uninvoiced`: bookings with approved charges not invoiced yet (`listUninvoicedBookings`), oldest first;
 * - `waiting`: change requests waiting on customers, with their age (`listWaitingCharges`);
 * - `documents`: invoices and credit notes with their state and balance (`listStaffInvoices`), filtered by kind,
 *   state, issue days and a number; a page at a time, "Show more" adds the next,
 *
 * each loaded → ready, or failed (retry); `desk.changed` reads the shown list again while its rows stay; one that
 * arrives while the list is being read (or its next page) reads it again after, since that read may have been
 * made before the change. Beside
 * the lists, the CSV journal of a period (`journalQuerySchema`, the start not after the end) is downloaded.
 * The filters and the period are checked as typed; only valid ones are sent.
 *
 * Effects (API calls, the file's download) are injected by the page with `machine.provide`.
 */
import { assertEvent, assign, fromPromise, setup } from 'xstate'
import { singaporeDateOf } from '../contract/dates'
import type { InvoiceSummary, UninvoicedBooking, WaitingCharge } from '../contract/finance/invoice-wire'
import {
  documentKinds,
  invoiceListQuerySchema,
  invoiceStates,
  journalQuerySchema,
} from '../contract/finance/invoices'
import { messages } from '../contract/messages'
import type { FieldErrors } from '../contract/rules'
import { actorError } from './actor-error'
import { failureMessage, pathErrors } from './form'

export const financeViews = ['uninvoiced', 'waiting', 'documents'] as const
export type FinanceView = (typeof financeViews)[number]

/** The documents' filters as typed (empty: not filtered). */
export interface DocumentFilters {
  kind: string
  state: string
  from: string
  to: string
  q: string
}

export interface JournalPeriod {
  from: string
  to: string
}

/** What a list's load answers: the view's rows (and the documents' next page's cursor). */
export interface FinanceDeskData {
  uninvoiced?: UninvoicedBooking[]
  waiting?: WaitingCharge[]
  documents?: InvoiceSummary[]
  next?: string | null
}

export interface LoadInput {
  view: FinanceView
  filters: DocumentFilters
  /** The documents' next page: its cursor. */
  after?: string
}

export interface FinanceDeskContext {
  view: FinanceView
  uninvoiced: UninvoicedBooking[]
  waiting: WaitingCharge[]
  documents: InvoiceSummary[]
  next: string | null
  /** The filters as typed, and as the shown documents were asked with. */
  filters: DocumentFilters
  applied: DocumentFilters
  filterErrors: FieldErrors
  journal: JournalPeriod
  journalErrors: FieldErrors
  /** What went well (the journal downloaded), for the page's status line. */
  notice: string | null
  /** A list's failure to load (or to refresh, above the rows still shown). */
  message: string | null
  journalMessage: string | null
  /** The desk changed while the list was being read: read it again once that read is done. */
  stale: boolean
}

export type FinanceDeskEvent =
  | { type: 'view.changed'; view: FinanceView }
  | { type: 'desk.changed' }
  | { type: 'user.retry' }
  | { type: 'filter.changed'; field: keyof DocumentFilters; value: string }
  | { type: 'filters.applied' }
  | { type: 'filters.cleared' }
  | { type: 'page.more' }
  | { type: 'journal.changed'; field: keyof JournalPeriod; value: string }
  | { type: 'journal.download' }

export interface FinanceDeskInput {
  view?: FinanceView
  /** Now, for the journal's default period (this month so far, in Singapore). */
  now?: Date
}

export const periodMessages = {
  order: 'The start must not be after the end.',
  kind: 'Choose invoices or credit notes.',
  state: 'Choose a state from the list.',
} as const

const noFilters: DocumentFilters = { kind: '', state: '', from: '', to: '', q: '' }

/** The filters as the API takes them: the empty ones left out. */
export const filterQuery = (filters: DocumentFilters): Partial<DocumentFilters> =>
  Object.fromEntries(
    Object.entries(filters).flatMap(([key, value]) => (value.trim() === '' ? [] : [[key, value.trim()]])),
  )

/** The filters' messages by field (the list's schema, the start not after the end); empty when they can be sent. */
export function filterErrors(filters: DocumentFilters): FieldErrors {
  const errors = pathErrors(invoiceListQuerySchema.safeParse(filterQuery(filters)))
  if (filters.kind !== '' && !(documentKinds as readonly string[]).includes(filters.kind))
    errors.kind = [periodMessages.kind]
  if (filters.state !== '' && !(invoiceStates as readonly string[]).includes(filters.state))
    errors.state = [periodMessages.state]
  if (filters.from && filters.to && filters.from > filters.to && !errors.from)
    errors.to = [periodMessages.order]
  return errors
}

export function journalErrors(period: JournalPeriod): FieldErrors {
  const errors = pathErrors(journalQuerySchema.safeParse(period))
  if (Object.keys(errors).length === 0 && period.from > period.to) errors.to = [periodMessages.order]
  return errors
}

/** This month so far, in Singapore. */
export function defaultPeriod(now: Date): JournalPeriod {
  const today = singaporeDateOf(now)
  return { from: `${today.slice(0, 8)}01`, to: today }
}

const outputOf = <T>({ event }: { event: { output: T } }) => event.output

const setData = { type: 'setData' as const, params: outputOf<FinanceDeskData> }

/** A read of the shown list; done, it goes to `target`, or reads again (`ready.refreshing`) when the desk changed meanwhile. */
const loadInvoke = (target: string) => ({
  id: 'loadView',
  src: 'loadView' as const,
  input: ({ context }: { context: FinanceDeskContext }): LoadInput => ({
    view: context.view,
    filters: context.applied,
  }),
  onDone: [
    {
      guard: 'isStale' as const,
      target: '#financeDesk.list.ready.refreshing',
      reenter: true,
      actions: setData,
    },
    { target, actions: setData },
  ],
})

/** While a list is read, a change on the desk is kept for after the read. */
const whileReading = {
  entry: 'clearStale' as const,
  on: { 'desk.changed': { actions: 'markStale' as const } },
}

export const financeDeskMachine = setup({
  types: {
    context: {} as FinanceDeskContext,
    events: {} as FinanceDeskEvent,
    input: {} as FinanceDeskInput,
  },
  actors: {
    loadView: fromPromise<FinanceDeskData, LoadInput>(async () => {
      throw new Error('not provided')
    }),
    downloadJournal: fromPromise<void, JournalPeriod>(async () => {
      throw new Error('not provided')
    }),
  },
  guards: {
    isOtherView: ({ context, event }) => event.type === 'view.changed' && event.view !== context.view,
    filtersValid: ({ context }) => Object.keys(context.filterErrors).length === 0,
    hasMore: ({ context }) => context.view === 'documents' && context.next !== null,
    journalValid: ({ context }) => Object.keys(context.journalErrors).length === 0,
    isStale: ({ context }) => context.stale,
  },
  actions: {
    setView: assign(({ event }) => {
      assertEvent(event, 'view.changed')
      return { view: event.view, message: null, notice: null }
    }),
    setData: assign((_, data: FinanceDeskData) => ({ ...data, message: null })),
    addPage: assign(({ context }, data: FinanceDeskData) => ({
      documents: [...context.documents, ...(data.documents ?? [])],
      next: data.next ?? null,
      message: null,
    })),
    loadFailed: assign((_, error: unknown) => ({ message: failureMessage(error, messages.generic) })),
    clearMessage: assign({ message: null }),
    markStale: assign({ stale: true }),
    clearStale: assign({ stale: false }),
    changeFilter: assign(({ context, event }) => {
      assertEvent(event, 'filter.changed')
      const filters = { ...context.filters, [event.field]: event.value }
      return { filters, filterErrors: filterErrors(filters) }
    }),
    applyFilters: assign(({ context }) => ({ applied: context.filters, documents: [], next: null })),
    clearFilters: assign({
      filters: noFilters,
      applied: noFilters,
      filterErrors: {},
      documents: [],
      next: null,
    }),
    changePeriod: assign(({ context, event }) => {
      assertEvent(event, 'journal.changed')
      const journal = { ...context.journal, [event.field]: event.value }
      return { journal, journalErrors: journalErrors(journal), journalMessage: null }
    }),
    startJournal: assign({ notice: null, journalMessage: null }),
    journalDone: assign(({ context }) => ({
      notice: `The journal from ${context.journal.from} to ${context.journal.to} is downloaded.`,
    })),
    journalFailed: assign((_, error: unknown) => ({
      journalMessage: failureMessage(error, messages.generic),
    })),
  },
}).createMachine({
  id: 'financeDesk',
  context: ({ input }) => {
    const journal = defaultPeriod(input.now ?? new Date())
    return {
      view: input.view ?? 'uninvoiced',
      uninvoiced: [],
      waiting: [],
      documents: [],
      next: null,
      filters: noFilters,
      applied: noFilters,
      filterErrors: {},
      journal,
      journalErrors: journalErrors(journal),
      notice: null,
      message: null,
      journalMessage: null,
      stale: false,
    }
  },
  type: 'parallel',
  states: {
    list: {
      initial: 'loading',
      on: {
        'view.changed': { guard: 'isOtherView', target: '.loading', actions: 'setView' },
        'filter.changed': { actions: 'changeFilter' },
        'filters.applied': { guard: 'filtersValid', target: '.loading', actions: 'applyFilters' },
        'filters.cleared': { target: '.loading', actions: 'clearFilters' },
      },
      states: {
        loading: {
          ...whileReading,
          invoke: {
            ...loadInvoke('ready'),
            onError: { target: 'failed', actions: { type: 'loadFailed', params: actorError } },
          },
        },
        failed: {
          on: {
            'user.retry': { target: 'loading', actions: 'clearMessage' },
            'desk.changed': { target: 'loading', actions: 'clearMessage' },
          },
        },
        ready: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'desk.changed': 'refreshing',
                'page.more': { guard: 'hasMore', target: 'more' },
              },
            },
            // The rows stay shown while the list is read again.
            refreshing: {
              ...whileReading,
              invoke: {
                ...loadInvoke('idle'),
                onError: { target: 'idle', actions: { type: 'loadFailed', params: actorError } },
              },
            },
            more: {
              ...whileReading,
              invoke: {
                id: 'loadMore',
                src: 'loadView',
                input: ({ context }) => ({
                  view: context.view,
                  filters: context.applied,
                  after: context.next ?? '',
                }),
                onDone: [
                  { guard: 'isStale', target: 'refreshing', actions: { type: 'addPage', params: outputOf } },
                  { target: 'idle', actions: { type: 'addPage', params: outputOf } },
                ],
                onError: { target: 'idle', actions: { type: 'loadFailed', params: actorError } },
              },
            },
          },
        },
      },
    },
    journal: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'journal.changed': { actions: 'changePeriod' },
            'journal.download': { guard: 'journalValid', target: 'downloading', actions: 'startJournal' },
          },
        },
        downloading: {
          invoke: {
            id: 'downloadJournal',
            src: 'downloadJournal',
            input: ({ context }) => context.journal,
            onDone: { target: 'idle', actions: 'journalDone' },
            onError: { target: 'idle', actions: { type: 'journalFailed', params: actorError } },
          },
        },
      },
    },
  },
})
