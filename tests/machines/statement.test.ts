import { describe, expect, it } from 'vitest'
import type { AnyMachineSnapshot } from 'xstate'
import { statementMessages } from '../../contract/finance/statement-account'
import { statementMachine, statementRequest } from '../../machines/statement.machine'
import { statementOfAccount } from '../fixtures/statement'
import { modelSuite } from './model-suite'
import { statementStates } from './states/statement'

const today = '2026-03-10'

modelSuite('a statement of account', statementMachine, {
  promises: ['getStatement', 'downloadPdf'],
  events: [
    { type: 'xstate.done.actor.getStatement', output: statementOfAccount },
    { type: 'xstate.error.actor.getStatement', error: { status: 404, message: statementMessages.notFound } },
    { type: 'xstate.error.actor.getStatement', error: { status: 500 } },
    { type: 'xstate.done.actor.downloadPdf', output: undefined },
    { type: 'xstate.error.actor.downloadPdf', error: { status: 0 } },
    { type: 'period.changed', period: '30d' },
    { type: 'currency.changed', currency: 'USD' },
  ],
  inputs: [{ today }],
  serializeState: (snapshot: AnyMachineSnapshot, event, previous) =>
    JSON.stringify([
      previous?.value,
      event?.type,
      snapshot.value,
      Boolean(snapshot.context.dialog),
      snapshot.context.statement !== null,
    ]),
  states: statementStates,
})

describe('a statement of account', () => {
  it('asks for the period counted from today, and the currency once there is one', () => {
    expect(statementRequest({ today, period: '90d', currency: null })).toEqual({
      from: '2025-12-11',
      to: today,
    })
    expect(statementRequest({ today, period: '30d', currency: 'USD' })).toEqual({
      currency: 'USD',
      from: '2026-02-09',
      to: today,
    })
  })
})
