import { describe, expect, it } from 'vitest'
import type { AnyMachineSnapshot } from 'xstate'
import { createActor } from 'xstate'
import { emissionsReport } from '../../contract/emissions-report'
import { emissionsReportMachine } from '../../machines/emissions-report.machine'
import { modelSuite } from './model-suite'
import { emissionsReportStates } from './states/emissions-report'

const today = '2026-03-10'
const report = emissionsReport(
  { id: 7, name: 'Lion City Trading Pte Ltd' },
  { from: '2026-01', to: '2026-03' },
  [],
  today,
)

modelSuite('the emissions report', emissionsReportMachine, {
  promises: ['getReport', 'download'],
  events: [
    { type: 'xstate.done.actor.getReport', output: report },
    { type: 'xstate.error.actor.getReport', error: { status: 500 } },
    {
      type: 'xstate.error.actor.getReport',
      error: { status: 422, message: 'A report covers at most 24 months.' },
    },
    { type: 'xstate.done.actor.download', output: undefined },
    { type: 'xstate.error.actor.download', error: { status: 0 } },
    { type: 'field.changed', field: 'from', value: '2025-04' },
    { type: 'field.changed', field: 'to', value: '2025-02' },
    { type: 'field.left', field: 'to' },
    { type: 'report.requested' },
    { type: 'user.retry' },
    { type: 'report.download', format: 'csv' },
    { type: 'report.download', format: 'pdf' },
    { type: 'dialog.acknowledged' },
  ],
  inputs: [{ today }],
  serializeState: (snapshot: AnyMachineSnapshot, event, previous) =>
    JSON.stringify([
      previous?.value,
      event?.type,
      snapshot.value,
      snapshot.context.values,
      Object.keys(snapshot.context.shown),
      Boolean(snapshot.context.dialog),
      snapshot.context.report !== null,
    ]),
  states: emissionsReportStates,
})

describe('the emissions report', () => {
  it('opens on the calendar year to date (Singapore), and asks for a period typed only when valid', () => {
    const actor = createActor(emissionsReportMachine, { input: { today } }).start()
    expect(actor.getSnapshot().context.period).toEqual({ from: '2026-01', to: '2026-03' })
    actor.send({ type: 'field.changed', field: 'from', value: '2026-04' })
    actor.send({ type: 'report.requested' })
    expect(actor.getSnapshot().context.period).toEqual({ from: '2026-01', to: '2026-03' })
    actor.send({ type: 'field.changed', field: 'to', value: '2026-06' })
    actor.send({ type: 'report.requested' })
    expect(actor.getSnapshot().context.period).toEqual({ from: '2026-04', to: '2026-06' })
    actor.stop()
  })
})
