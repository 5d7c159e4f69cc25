import type { AnyMachineSnapshot } from 'xstate'
import { bankLinesMachine } from '../../machines/bank-lines.machine'
import { bankLine, ignoredLine, payment, unsuggestedLine } from '../fixtures/payment-desk'
import { modelSuite } from './model-suite'
import { bankLinesStates } from './states/bank-lines'

const xml = { name: 'statement.xml', size: 10 }
const csv = { name: 'statement.csv', size: 10 }
const matched = { message: 'Payment recorded.', payment }

modelSuite('the bank statements page', bankLinesMachine, {
  promises: ['loadLines', 'loadMore', 'uploadStatement', 'lineAction', 'change'],
  events: [
    {
      type: 'xstate.done.actor.loadLines',
      output: { lines: [bankLine, unsuggestedLine, ignoredLine], next: 'l2' },
    },
    { type: 'xstate.error.actor.loadLines', error: { status: 500 } },
    { type: 'xstate.done.actor.loadMore', output: { lines: [], next: null } },
    { type: 'xstate.error.actor.loadMore', error: { status: 0 } },
    { type: 'status.changed', status: 'ignored' },
    { type: 'file.chosen', file: xml },
    { type: 'file.chosen', file: csv },
    { type: 'account.changed', value: 'SG12DBSS0001234567' },
    {
      type: 'xstate.done.actor.uploadStatement',
      output: {
        message: 'Statement read.',
        statementId: 4,
        format: 'camt053',
        linesInFile: 3,
        linesAdded: 2,
        skipped: 1,
      },
    },
    { type: 'xstate.error.actor.uploadStatement', error: { status: 422, message: 'Entry 2: no amount.' } },
    { type: 'line.confirm', id: bankLine.id },
    { type: 'line.ignore', id: bankLine.id },
    { type: 'line.reopen', id: ignoredLine.id },
    { type: 'line.change', id: bankLine.id },
    { type: 'xstate.done.actor.lineAction', output: matched },
    { type: 'xstate.done.actor.lineAction', output: { ...bankLine, status: 'ignored' } },
    { type: 'xstate.done.actor.lineAction', output: { ...ignoredLine, status: 'open' } },
    {
      type: 'xstate.error.actor.lineAction',
      error: { status: 409, message: 'This line is matched already.' },
    },
    { type: 'xstate.done.actor.change', output: matched },
    { type: 'xstate.done.actor.change', output: null },
  ],
  inputs: [{ today: '2026-11-29' }],
  serializeState: (snapshot: AnyMachineSnapshot, event, previous) =>
    JSON.stringify([
      previous?.value,
      event?.type,
      snapshot.value,
      snapshot.context.lines.length,
      snapshot.context.file?.name ?? null,
      snapshot.context.account !== '',
      snapshot.context.line?.id ?? null,
    ]),
  // The upload and the lines are apart: the lines' paths start from a page read, with no file chosen.
  filterEvents: (snapshot, event) =>
    !(snapshot.context.lines.length > 0 && /^(file|account|upload)\./.test(event.type)) &&
    !(snapshot.context.file !== null && /^(line|status)\./.test(event.type)) &&
    // One line at a time: no tab changed or page read meanwhile.
    !(!snapshot.matches({ act: 'idle' }) && /^(status\.|list\.more)/.test(event.type)),
  states: bankLinesStates,
})
