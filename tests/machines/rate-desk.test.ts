import { describe, expect, it } from 'vitest'
import { type AnyMachineSnapshot, createActor, type EventObject, fromPromise, waitFor } from 'xstate'
import { messages } from '../../contract/messages'
import {
  RATE_FILE_MAX_BYTES,
  type RateFileReport,
  type RateSheetDetail,
  type RateSheetPage,
  rateFileMessages,
} from '../../contract/rate-files'
import {
  type ChosenRateFile,
  emptyRateSheetFilters,
  rateDeskMachine,
  rateFileError,
  rateSheetFilterErrors,
  rateSheetQueryOf,
} from '../../machines/rate-desk.machine'
import { rateSheetMachine } from '../../machines/rate-sheet.machine'
import { modelSuite } from './model-suite'
import { rateDeskStates } from './states/rate-desk'
import { rateSheetStates } from './states/rate-sheet'

const names = ['listSheets', 'dryRun', 'applyFile'] as const

const sheetPage: RateSheetPage = {
  sheets: [
    {
      id: 1,
      mode: 'FCL',
      origin: 'SGSIN',
      destination: 'INNSA',
      carrier: 'Maersk',
      service: 'Direct',
      validFrom: '2026-12-01',
      validTo: '2026-12-05',
      currency: 'USD',
      transitDays: 9,
      charges: 3,
      status: 'current',
      reference: { label: '1 × 40GP', totalUsd: 105_000 },
      laneExpiring: true,
    },
  ],
  total: 1,
  page: 1,
  pageSize: 50,
  today: '2026-12-01',
}

const lane = {
  mode: 'FCL' as const,
  origin: 'SGSIN',
  destination: 'INNSA',
  carrier: 'Maersk',
  service: 'Direct',
  validFrom: '2026-12-01',
  validTo: '2026-12-14',
}
const report = (refused: RateFileReport['refused'] = []): RateFileReport => ({
  file: { name: 'maersk.csv', bytes: 120, sha256: 'a'.repeat(64) },
  today: '2026-12-01',
  tariffs: [{ mode: 'FCL', carrier: 'Maersk' }],
  refused,
  added: [],
  changed: [
    {
      ...lane,
      previousValidTo: '2026-12-14',
      referenceLabel: '1 × 40GP',
      beforeUsd: 105_000,
      afterUsd: 115_500,
      changePercent: 10,
    },
  ],
  removed: [],
  unchanged: 4,
  sheets: 5,
  charges: 15,
})
const refusedRow = {
  row: 7,
  reason: 'container_type must be one of 20GP, 40GP, 40HC, 45HC, 20RF, 40RF, got "40XX"',
}

const goodFile: ChosenRateFile = { name: 'maersk.csv', bytes: 120, csv: 'mode,origin\nFCL,SGSIN' }
const emptyFile: ChosenRateFile = { name: 'empty.csv', bytes: 0, csv: '' }
const hugeFile: ChosenRateFile = { name: 'huge.csv', bytes: RATE_FILE_MAX_BYTES + 1, csv: 'x' }

const serializer = (
  snapshot: AnyMachineSnapshot,
  event: EventObject | undefined,
  previous?: AnyMachineSnapshot,
) => {
  const c = snapshot.context
  return JSON.stringify([
    previous?.value,
    event?.type,
    snapshot.value,
    Object.keys(c.filterErrors).sort(),
    c.filters.origin,
    c.query,
    c.sheets !== null,
    c.file?.name ?? null,
    c.fileError !== null,
    c.report?.refused.length ?? null,
    c.applied !== null,
  ])
}

modelSuite('rate desk', rateDeskMachine, {
  promises: names,
  events: [
    { type: 'xstate.done.actor.listSheets', output: sheetPage },
    { type: 'xstate.error.actor.listSheets', error: { status: 500 } },
    { type: 'filter.changed', field: 'origin', value: 'innsa' },
    { type: 'filter.changed', field: 'origin', value: 'x' },
    { type: 'filters.apply' },
    { type: 'filters.clear' },
    { type: 'page.go', page: 2 },
    { type: 'browse.retry' },
    { type: 'file.chosen', file: goodFile },
    { type: 'file.chosen', file: emptyFile },
    { type: 'file.chosen', file: hugeFile },
    { type: 'xstate.done.actor.dryRun', output: report() },
    { type: 'xstate.done.actor.dryRun', output: report([refusedRow]) },
    { type: 'xstate.error.actor.dryRun', error: { status: 0 } },
    { type: 'upload.retry' },
    { type: 'upload.apply' },
    { type: 'upload.reset' },
    { type: 'xstate.done.actor.applyFile', output: { report: report(), applied: true } },
    {
      type: 'xstate.error.actor.applyFile',
      error: {
        status: 422,
        message: 'Nothing applied: 1 row refused.',
        body: { refused: [refusedRow] },
      },
    },
    { type: 'xstate.error.actor.applyFile', error: { status: 500 } },
  ],
  inputs: [undefined],
  serializeState: serializer,
  states: rateDeskStates,
  // The list's events where the upload has not begun (or is being applied), the upload's where the list is
  // settled (their answers at any time): the two regions are independent, and their product would only repeat
  // paths.
  filterEvents: (snapshot, event) => {
    if (event.type === 'sheets.changed') return false
    const browsing = [
      'filter.',
      'filters.',
      'page.',
      'browse.',
      'xstate.done.actor.listSheets',
      'xstate.error.actor.listSheets',
    ]
    if (browsing.some((prefix) => event.type.startsWith(prefix))) {
      return (
        snapshot.matches({ upload: 'empty' }) ||
        snapshot.matches({ upload: 'applying' }) ||
        event.type.endsWith('listSheets')
      )
    }
    return snapshot.matches({ browse: 'ready' }) || event.type.startsWith('xstate.')
  },
  check: (actor, step, before, answered) => {
    const after = actor.getSnapshot() as AnyMachineSnapshot
    const e = step.event as EventObject & Record<string, unknown>
    // One list at a time, and never a dry run and an apply together.
    expect(after.children.dryRun !== undefined && after.children.applyFile !== undefined).toBe(false)
    // Nothing is applied while a row is refused, and only the file the report is of.
    if (after.children.applyFile && !before.children.applyFile) {
      expect(before.context.report?.refused).toEqual([])
      expect(after.matches({ upload: 'applying' })).toBe(true)
    }
    switch (e.type) {
      case 'filters.apply':
        if (Object.keys(rateSheetFilterErrors(before.context.filters)).length > 0) {
          // A wrong filter is said under its field and not sent.
          expect(after.context.filterErrors.origin).toEqual([rateFileMessages.badPlace])
          expect(after.context.query).toEqual(before.context.query)
        } else {
          expect(after.context.query).toEqual(rateSheetQueryOf(before.context.filters))
          expect(after.matches({ browse: 'loading' })).toBe(true)
        }
        break
      case 'xstate.done.actor.listSheets':
        expect(answered?.input).toEqual(before.context.query)
        expect(after.context.sheets).toEqual(sheetPage)
        break
      case 'xstate.error.actor.listSheets':
        expect(after.context.browseMessage).toBe(messages.generic)
        break
      case 'page.go':
        if (before.matches({ browse: 'ready' })) expect(after.context.query.page).toBe('2')
        break
      case 'file.chosen': {
        const file = e.file as ChosenRateFile
        const error = rateFileError(file)
        if (error) {
          expect(after.context.fileError).toBe(error)
          expect(after.children.dryRun).toBeUndefined()
        } else if (after.children.dryRun) {
          expect(after.context.file).toEqual(file)
          expect(after.context.report).toBeNull()
        }
        break
      }
      case 'xstate.done.actor.dryRun':
        expect(answered?.input).toEqual({ name: goodFile.name, csv: goodFile.csv })
        expect(after.matches({ upload: 'reported' })).toBe(true)
        break
      case 'xstate.done.actor.applyFile':
        // The result is said, and the list is read again.
        expect(answered?.input).toEqual({ name: goodFile.name, csv: goodFile.csv })
        expect(after.matches({ upload: 'applied' })).toBe(true)
        expect(after.matches({ browse: 'loading' })).toBe(true)
        break
      case 'xstate.error.actor.applyFile': {
        const status = (e.error as { status: number }).status
        if (status === 422) {
          expect(after.matches({ upload: 'reported' })).toBe(true)
          expect(after.context.report?.refused).toEqual([refusedRow])
          expect(after.context.uploadMessage).toBe('Nothing applied: 1 row refused.')
        } else {
          expect(after.matches({ upload: 'applyFailed' })).toBe(true)
          expect(after.context.uploadMessage).toBe(messages.generic)
        }
        break
      }
      case 'upload.reset':
        expect(after.context.file).toBeNull()
        expect(after.matches({ upload: 'empty' })).toBe(true)
        break
    }
  },
})

describe('the rate desk’s filters and file', () => {
  it('sends only the filters given, trimmed, with the page past the first', () => {
    expect(rateSheetQueryOf(emptyRateSheetFilters)).toEqual({})
    expect(
      rateSheetQueryOf({ ...emptyRateSheetFilters, mode: 'FCL', origin: ' sgsin ', carrier: 'Maersk' }, 3),
    ).toEqual({ mode: 'FCL', origin: 'sgsin', carrier: 'Maersk', page: '3' })
    expect(rateSheetQueryOf(emptyRateSheetFilters, 1)).toEqual({})
  })

  it('says the contract’s messages for a wrong filter and a file it cannot send', () => {
    expect(
      rateSheetFilterErrors({ ...emptyRateSheetFilters, destination: 'IN-NSA', validity: 'soon' }),
    ).toEqual({
      destination: [rateFileMessages.badPlace],
      validity: [rateFileMessages.badValidity],
    })
    expect(rateFileError(goodFile)).toBeNull()
    expect(rateFileError(emptyFile)).toBe(rateFileMessages.csvRequired)
    expect(rateFileError(hugeFile)).toBe(rateFileMessages.tooLarge)
  })
})

/* ---------------------------------------------------------------- a sheet opened */

const opened: RateSheetDetail = {
  sheet: sheetPage.sheets[0] as RateSheetDetail['sheet'],
  schedule: { departureDays: [3], cargoCutoffDays: 2, docCutoffDays: 3, freeDays: 14 },
  refusedDgClasses: ['1', '7'],
  charges: [
    {
      code: 'BAS',
      name: 'Ocean freight',
      side: 'freight',
      basis: 'container',
      containerType: '40GP',
      currency: 'USD',
      amount: 100_000,
      minimum: 0,
    },
  ],
  laneSheets: [],
  today: '2026-12-01',
}

modelSuite('rate sheet', rateSheetMachine, {
  promises: ['loadSheet'],
  events: [
    { type: 'xstate.done.actor.loadSheet', output: opened },
    { type: 'xstate.error.actor.loadSheet', error: { status: 404, message: rateFileMessages.sheetNotFound } },
    { type: 'xstate.error.actor.loadSheet', error: { status: 422, message: rateFileMessages.badSheetId } },
    { type: 'xstate.error.actor.loadSheet', error: { status: 0 } },
    { type: 'xstate.error.actor.loadSheet', error: { status: 500, message: 'Server down.' } },
    { type: 'user.retry' },
  ],
  inputs: [{ id: '12' }],
  serializeState: (snapshot, event) =>
    JSON.stringify([event?.type, snapshot.value, snapshot.context.message, snapshot.context.detail !== null]),
  states: rateSheetStates,
})

describe('a rate sheet opened', () => {
  it('reads the sheet of the address, shows it, and says a sheet that is not there', async () => {
    const asked: string[] = []
    let answer: () => Promise<RateSheetDetail> = async () => opened
    const actor = createActor(
      rateSheetMachine.provide({
        actors: {
          loadSheet: fromPromise(async ({ input }) => {
            asked.push(input.id)
            return answer()
          }),
        },
      }),
      { input: { id: '12' } },
    ).start()
    await waitFor(actor, (s) => s.matches('ready'))
    expect(asked).toEqual(['12'])
    expect(actor.getSnapshot().context.detail).toEqual(opened)

    answer = async () => {
      throw { status: 404, message: rateFileMessages.sheetNotFound }
    }
    const missing = createActor(
      rateSheetMachine.provide({ actors: { loadSheet: fromPromise(async () => answer()) } }),
      { input: { id: '99' } },
    ).start()
    await waitFor(missing, (s) => s.matches('notFound'))
  })
})
