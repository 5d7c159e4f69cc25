import { expect } from 'vitest'
import { messages } from '../../../contract/messages'
import {
  RATE_FILE_MAX_BYTES,
  type RateFileApplied,
  type RefusedRow,
  rateFileMessages,
  rateSheetQuerySchema,
} from '../../../contract/rate-files'
import {
  type ChosenRateFile,
  type RateSheetFilters,
  rateDeskMachine,
} from '../../../machines/rate-desk.machine'
import { type StateView, stateChecks } from '../model'

const failedWith = ({ event }: StateView) =>
  event.error as { message?: string; body?: { refused?: RefusedRow[] } }
const errorText = (view: StateView) => failedWith(view).message || messages.generic

/** The filters typed, as the list's query: only those given, trimmed (docs/pricing.md "The list"). */
const typedQuery = (filters: RateSheetFilters) =>
  Object.fromEntries(
    Object.entries(filters)
      .map(([field, value]) => [field, value.trim()])
      .filter(([, value]) => value !== ''),
  )

/** The filters the contract refuses, as typed. */
const refused = (filters: RateSheetFilters) =>
  Object.entries(typedQuery(filters))
    .filter(
      ([field, value]) =>
        !rateSheetQuerySchema.shape[field as keyof RateSheetFilters].safeParse(value).success,
    )
    .map(([field]) => field)

/** The filter form, whatever the list does: a refused filter is said under its field and nothing is sent. */
function filterForm({ context, event, before }: StateView) {
  if (event.type !== 'filters.apply') return
  const wrong = refused(context.filters)
  for (const field of wrong) expect(context.filterErrors[field]?.length).toBeGreaterThan(0)
  expect(context.query).toEqual(wrong.length > 0 ? before.context.query : typedQuery(context.filters))
}

/** Why a file is not sent: over 20 MB, empty, or nameless (the contract's `rateFileSchema`). */
const fileRefusal = (file: ChosenRateFile) =>
  file.bytes > RATE_FILE_MAX_BYTES
    ? rateFileMessages.tooLarge
    : file.name.trim() === ''
      ? rateFileMessages.nameRequired
      : file.csv === ''
        ? rateFileMessages.csvRequired
        : null

/** A chosen file that cannot be sent is said, and nothing else changes. */
function fileRefused({ context, event, before }: StateView) {
  if (event.type !== 'file.chosen') return
  expect(context.fileError).toBe(fileRefusal(event.file as ChosenRateFile))
  expect([context.file, context.report]).toEqual([before.context.file, before.context.report])
}

/** docs/pricing.md "The console": the rate sheets' list with its filters, and the rate file's dry run and apply. */
export const rateDeskStates = stateChecks(rateDeskMachine, {
  // The list of the query applied (one the contract takes): filters typed, cleared, another page, or read
  // again after a file was applied.
  'browse.loading': (view) => {
    const { context, event } = view
    filterForm(view)
    expect(view.requests.listSheets).toEqual(context.query)
    expect(rateSheetQuerySchema.safeParse(context.query).success).toBe(true)
    if (event.type === 'filters.clear') expect(typedQuery(context.filters)).toEqual({})
    if (event.type === 'page.go') expect(context.query.page).toBe(String(event.page))
  },
  // The sheets the answer gave, for the query shown.
  'browse.ready': (view) => {
    const { context, event, answered } = view
    filterForm(view)
    expect(view.requests.listSheets).toBeUndefined()
    if (event.type === 'xstate.done.actor.listSheets')
      expect([context.sheets, answered?.input]).toEqual([event.output, context.query])
  },
  // The list failed: the server's message (or the generic one) and Retry.
  'browse.failed': (view) => {
    filterForm(view)
    expect(view.requests.listSheets).toBeUndefined()
    if (view.event.type === 'xstate.error.actor.listSheets')
      expect(view.context.browseMessage).toBe(errorText(view))
    expect(view.context.browseMessage).toBeTruthy()
  },
  // No file: nothing checked or applied; a file that cannot be sent says why.
  'upload.empty': (view) => {
    const { context } = view
    fileRefused(view)
    expect([view.requests.dryRun, view.requests.applyFile]).toEqual([undefined, undefined])
    expect([context.file, context.report, context.applied]).toEqual([null, null, null])
  },
  // The file chosen (one that can be sent) is checked: its name and text, nothing applied.
  'upload.checking': (view) => {
    const { context } = view
    expect(fileRefusal(context.file)).toBeNull()
    expect(view.requests.dryRun).toEqual({ name: context.file.name, csv: context.file.csv })
    expect([view.requests.applyFile, context.report, context.applied, context.uploadMessage]).toEqual([
      undefined,
      null,
      null,
      null,
    ])
  },
  // The report of the file: its dry run, or the rows an apply refused (the apply's own message); Apply that
  // stayed here was refused because a row is.
  'upload.reported': (view) => {
    const { context, event } = view
    fileRefused(view)
    expect([view.requests.dryRun, view.requests.applyFile]).toEqual([undefined, undefined])
    if (event.type === 'xstate.done.actor.dryRun') expect(context.report).toEqual(event.output)
    if (event.type === 'xstate.error.actor.applyFile') {
      expect(context.report.refused).toEqual(failedWith(view).body?.refused)
      expect(context.uploadMessage).toBe(errorText(view))
    }
    if (event.type === 'upload.apply') expect(context.report.refused.length).toBeGreaterThan(0)
    expect(context.report).not.toBeNull()
  },
  // The dry run failed: the server's message (or the generic one), no report.
  'upload.checkFailed': (view) => {
    if (view.event.type === 'xstate.error.actor.dryRun')
      expect(view.context.uploadMessage).toBe(errorText(view))
    expect([view.requests.dryRun, view.context.report]).toEqual([undefined, null])
    expect(view.context.uploadMessage).toBeTruthy()
  },
  // Apply: the very file reported, and only with no row refused.
  'upload.applying': (view) => {
    const { context } = view
    expect(view.requests.applyFile).toEqual({ name: context.file.name, csv: context.file.csv })
    expect(context.report.file.name).toBe(context.file.name)
    expect(context.report.refused).toEqual([])
  },
  // Nothing was applied (the server failed or could not be reached, no row refused): its message, Apply again.
  'upload.applyFailed': (view) => {
    if (view.event.type === 'xstate.error.actor.applyFile') {
      expect(failedWith(view).body?.refused ?? []).toEqual([])
      expect(view.context.uploadMessage).toBe(errorText(view))
    }
    expect([view.requests.applyFile, view.context.applied]).toEqual([undefined, null])
    expect(view.context.uploadMessage).toBeTruthy()
  },
  // What the apply did is shown, and the list is read again.
  'upload.applied': (view) => {
    const { context, event, snapshot } = view
    fileRefused(view)
    expect(view.requests.applyFile).toBeUndefined()
    if (event.type === 'xstate.done.actor.applyFile') {
      expect(context.applied).toEqual((event.output as RateFileApplied).report)
      expect([snapshot.matches({ browse: 'loading' }), view.requests.listSheets]).toEqual([
        true,
        context.query,
      ])
    }
    expect(context.applied).not.toBeNull()
  },
})
