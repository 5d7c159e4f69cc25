/**
 * `rateDeskMachine` (the console's pricing desk, /staff/rates, issue 23): two regions side by side.
 * - **browse**: the rate sheets (`listRateSheets`) for the filters applied, a page at a time → ready, or failed
 *   (retry). Filters are typed freely and checked with the contract's `rateSheetQuerySchema` when applied (its
 *   messages under their fields; nothing is sent while one is wrong); applying or clearing them starts again
 *   from the first page, dropping a list on its way.
 * - **upload**: a rate file chosen (its size and text checked with `rateFileSchema`) → its dry run
 *   (`dryRunRateFile`) → the report: refused rows, sheets added, changed, removed → Apply (`applyRateFile`),
 *   offered only when no row is refused → the result, and the list read again. A 422 on apply (the sheets
 *   changed under the report and a row is now refused) shows the refused rows instead of the old report.
 * Effects (API calls) are injected by the page with `machine.provide`.
 */
import { assertEvent, assign, fromPromise, raise, setup } from 'xstate'
import { messages } from '../contract/messages'
import {
  RATE_FILE_MAX_BYTES,
  type RateFileApplied,
  type RateFileReport,
  type RateSheetPage,
  type RateSheetQueryInput,
  type RefusedRow,
  rateFileMessages,
  rateFileSchema,
  rateSheetQuerySchema,
} from '../contract/rate-files'
import { actorError, failure } from './actor-error'
import { failureMessage } from './form'

export interface RateSheetFilters {
  mode: string
  origin: string
  destination: string
  carrier: string
  validity: string
}

export const emptyRateSheetFilters: RateSheetFilters = {
  mode: '',
  origin: '',
  destination: '',
  carrier: '',
  validity: '',
}

/** A file as the page read it: its name, size in bytes and text. */
export interface ChosenRateFile {
  name: string
  bytes: number
  csv: string
}

export interface RateDeskContext {
  filters: RateSheetFilters
  /** The contract's messages for the filters as typed, by field (shown once applied). */
  filterErrors: Record<string, string[]>
  /** What the list shows: the filters last applied, and its page. */
  query: RateSheetQueryInput
  sheets: RateSheetPage | null
  browseMessage: string | null
  file: ChosenRateFile | null
  /** Why the file chosen was not sent (too large, empty). */
  fileError: string | null
  /** The dry run of `file` (its refused rows replaced by an apply's, when it refused some). */
  report: RateFileReport | null
  /** What the apply did. */
  applied: RateFileReport | null
  uploadMessage: string | null
}

export type RateDeskEvent =
  | { type: 'filter.changed'; field: keyof RateSheetFilters; value: string }
  | { type: 'filters.apply' }
  | { type: 'filters.clear' }
  | { type: 'page.go'; page: number }
  | { type: 'browse.retry' }
  | { type: 'file.chosen'; file: ChosenRateFile }
  | { type: 'upload.retry' }
  | { type: 'upload.apply' }
  | { type: 'upload.reset' }
  /** Raised by the upload region once a file is applied: the list is read again. */
  | { type: 'sheets.changed' }

/** The filters as typed, as the list's query: only those given, trimmed. */
export function rateSheetQueryOf(filters: RateSheetFilters, page?: number): RateSheetQueryInput {
  const query: RateSheetQueryInput = {}
  for (const field of Object.keys(emptyRateSheetFilters) as (keyof RateSheetFilters)[]) {
    const value = filters[field].trim()
    if (value) (query as Record<string, string>)[field] = value
  }
  if (page !== undefined && page > 1) query.page = String(page)
  return query
}

/** The contract's messages for the filters as typed, by field. */
export function rateSheetFilterErrors(filters: RateSheetFilters): Record<string, string[]> {
  const parsed = rateSheetQuerySchema.safeParse(rateSheetQueryOf(filters))
  const errors: Record<string, string[]> = {}
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? 'mode')
      errors[field] = [...(errors[field] ?? []), issue.message]
    }
  }
  return errors
}

/** Why a chosen file cannot be sent; null when it can. */
export function rateFileError(file: ChosenRateFile): string | null {
  if (file.bytes > RATE_FILE_MAX_BYTES) return rateFileMessages.tooLarge
  const parsed = rateFileSchema.safeParse({ name: file.name, csv: file.csv })
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? rateFileMessages.noFile)
}

const outputOf = <T>({ event }: { event: { output: T } }) => event.output

/** The rows an apply refused: its 422's body (`RateFileRefusal.refused`), when it says them. */
const refusedOf = (error: unknown): RefusedRow[] | undefined =>
  (failure(error) as { body?: { refused?: RefusedRow[] } }).body?.refused

export const rateDeskMachine = setup({
  types: {
    context: {} as RateDeskContext,
    events: {} as RateDeskEvent,
  },
  actors: {
    listSheets: fromPromise<RateSheetPage, RateSheetQueryInput>(async () => {
      throw new Error('not provided')
    }),
    dryRun: fromPromise<RateFileReport, { name: string; csv: string }>(async () => {
      throw new Error('not provided')
    }),
    applyFile: fromPromise<RateFileApplied, { name: string; csv: string }>(async () => {
      throw new Error('not provided')
    }),
  },
  guards: {
    filtersValid: ({ context }) => Object.keys(rateSheetFilterErrors(context.filters)).length === 0,
    fileSendable: ({ event }) => {
      assertEvent(event, 'file.chosen')
      return rateFileError(event.file) === null
    },
    noneRefused: ({ context }) => context.report !== null && context.report.refused.length === 0,
    refusedRows: (_, error: unknown) => (refusedOf(error)?.length ?? 0) > 0,
  },
  actions: {
    changeFilter: assign(({ context, event }) => {
      assertEvent(event, 'filter.changed')
      const filters = { ...context.filters, [event.field]: event.value }
      // Messages already shown follow the typing; new ones wait for Apply.
      const shown = Object.keys(context.filterErrors).length > 0
      return { filters, filterErrors: shown ? rateSheetFilterErrors(filters) : {} }
    }),
    applyFilters: assign(({ context }) => ({
      query: rateSheetQueryOf(context.filters),
      filterErrors: {},
      browseMessage: null,
    })),
    refuseFilters: assign(({ context }) => ({ filterErrors: rateSheetFilterErrors(context.filters) })),
    clearFilters: assign({
      filters: emptyRateSheetFilters,
      filterErrors: {},
      query: {},
      browseMessage: null,
    }),
    goToPage: assign(({ context, event }) => {
      assertEvent(event, 'page.go')
      return { query: { ...context.query, page: String(event.page) }, browseMessage: null }
    }),
    showSheets: assign((_, page: RateSheetPage) => ({ sheets: page, browseMessage: null })),
    browseFailed: assign((_, error: unknown) => ({ browseMessage: failureMessage(error, messages.generic) })),
    takeFile: assign(({ event }) => {
      assertEvent(event, 'file.chosen')
      return { file: event.file, fileError: null, report: null, applied: null, uploadMessage: null }
    }),
    refuseFile: assign(({ event }) => {
      assertEvent(event, 'file.chosen')
      return { fileError: rateFileError(event.file) }
    }),
    showReport: assign((_, report: RateFileReport) => ({ report, uploadMessage: null })),
    uploadFailed: assign((_, error: unknown) => ({ uploadMessage: failureMessage(error, messages.generic) })),
    showApplied: assign((_, answer: RateFileApplied) => ({ applied: answer.report, uploadMessage: null })),
    showRefused: assign(({ context }, error: unknown) => ({
      report: context.report ? { ...context.report, refused: refusedOf(error) ?? [] } : null,
      uploadMessage: failureMessage(error, messages.generic),
    })),
    clearUploadMessage: assign({ uploadMessage: null }),
    reset: assign({ file: null, fileError: null, report: null, applied: null, uploadMessage: null }),
    reloadSheets: raise({ type: 'sheets.changed' }),
  },
}).createMachine({
  id: 'rateDesk',
  type: 'parallel',
  context: {
    filters: emptyRateSheetFilters,
    filterErrors: {},
    query: {},
    sheets: null,
    browseMessage: null,
    file: null,
    fileError: null,
    report: null,
    applied: null,
    uploadMessage: null,
  },
  states: {
    browse: {
      initial: 'loading',
      on: { 'filter.changed': { actions: 'changeFilter' } },
      states: {
        loading: {
          // A new query drops the list on its way (the state is entered again, its request with it).
          on: {
            'filters.apply': [
              { guard: 'filtersValid', target: 'loading', reenter: true, actions: 'applyFilters' },
              { actions: 'refuseFilters' },
            ],
            'filters.clear': { target: 'loading', reenter: true, actions: 'clearFilters' },
            'sheets.changed': { target: 'loading', reenter: true },
          },
          invoke: {
            id: 'listSheets',
            src: 'listSheets',
            input: ({ context }) => context.query,
            onDone: { target: 'ready', actions: { type: 'showSheets', params: outputOf } },
            onError: { target: 'failed', actions: { type: 'browseFailed', params: actorError } },
          },
        },
        ready: {
          on: {
            'filters.apply': [
              { guard: 'filtersValid', target: 'loading', actions: 'applyFilters' },
              { actions: 'refuseFilters' },
            ],
            'filters.clear': { target: 'loading', actions: 'clearFilters' },
            'sheets.changed': { target: 'loading' },
            'page.go': { target: 'loading', actions: 'goToPage' },
          },
        },
        failed: {
          on: {
            'filters.apply': [
              { guard: 'filtersValid', target: 'loading', actions: 'applyFilters' },
              { actions: 'refuseFilters' },
            ],
            'filters.clear': { target: 'loading', actions: 'clearFilters' },
            'sheets.changed': { target: 'loading' },
            'browse.retry': { target: 'loading' },
          },
        },
      },
    },
    upload: {
      initial: 'empty',
      states: {
        empty: {
          on: {
            'file.chosen': [
              { guard: 'fileSendable', target: 'checking', actions: 'takeFile' },
              { actions: 'refuseFile' },
            ],
          },
        },
        checking: {
          invoke: {
            id: 'dryRun',
            src: 'dryRun',
            input: ({ context }) => ({ name: context.file?.name ?? '', csv: context.file?.csv ?? '' }),
            onDone: { target: 'reported', actions: { type: 'showReport', params: outputOf } },
            onError: { target: 'checkFailed', actions: { type: 'uploadFailed', params: actorError } },
          },
        },
        /** The dry run shown; Apply only when no row is refused. */
        reported: {
          on: {
            'upload.apply': { guard: 'noneRefused', target: 'applying' },
            'upload.reset': { target: 'empty', actions: 'reset' },
            'file.chosen': [
              { guard: 'fileSendable', target: 'checking', actions: 'takeFile' },
              { actions: 'refuseFile' },
            ],
          },
        },
        checkFailed: {
          on: {
            'upload.retry': { target: 'checking', actions: 'clearUploadMessage' },
            'upload.reset': { target: 'empty', actions: 'reset' },
          },
        },
        applying: {
          invoke: {
            id: 'applyFile',
            src: 'applyFile',
            input: ({ context }) => ({ name: context.file?.name ?? '', csv: context.file?.csv ?? '' }),
            onDone: {
              target: 'applied',
              actions: [{ type: 'showApplied', params: outputOf }, 'reloadSheets'],
            },
            onError: [
              {
                guard: { type: 'refusedRows', params: actorError },
                target: 'reported',
                actions: { type: 'showRefused', params: actorError },
              },
              { target: 'applyFailed', actions: { type: 'uploadFailed', params: actorError } },
            ],
          },
        },
        /** Nothing was applied (the server could not be reached, or failed): try again, or start over. */
        applyFailed: {
          on: {
            'upload.apply': { target: 'applying', actions: 'clearUploadMessage' },
            'upload.reset': { target: 'empty', actions: 'reset' },
          },
        },
        applied: {
          on: {
            'upload.reset': { target: 'empty', actions: 'reset' },
            'file.chosen': [
              { guard: 'fileSendable', target: 'checking', actions: 'takeFile' },
              { actions: 'refuseFile' },
            ],
          },
        },
      },
    },
  },
})
