/**
 * The change request's chart (machines/charge-request.machine.ts): model-based replays of every path, and the
 * server's reading of it (nextChargeStatus, canDecide, isBillable) answering exactly what the chart does.
 */
import { afterAll, describe, expect, it } from 'vitest'
import { type ChargeStatus, chargeStatuses } from '../../contract/finance/charges'
import {
  type ChargeEvent,
  canDecide,
  chargeRequestMachine,
  isBillable,
  nextChargeStatus,
} from '../../machines/charge-request.machine'
import { controllablePromises, describePath, newCoverage, pathsOf, replay, uncovered } from './model'
import { chargeRequestStates } from './states/charge-request'

const events: ChargeEvent[] = [
  { type: 'customer.approve' },
  { type: 'customer.decline', reason: 'We did not ask for it.' },
  { type: 'staff.withdraw', reason: 'Added by mistake.' },
]

describe('change request chart, model-based', () => {
  const coverage = newCoverage()
  const paths = pathsOf(chargeRequestMachine, { events })
  it.each(paths.map((path) => [describePath(path), path] as const))('%s', async (_title, path) => {
    const { pending } = controllablePromises([])
    await replay(path, { machine: chargeRequestMachine, pending, coverage, states: chargeRequestStates })
  })
  it('reaches every status', () => {
    expect(new Set(paths.map((path) => path.state.value))).toEqual(new Set(chargeStatuses))
  })
  afterAll(() => {
    expect(uncovered(chargeRequestMachine, coverage)).toEqual({ states: [], transitions: [], checks: [] })
  })
})

describe('nextChargeStatus', () => {
  const all: ChargeEvent[] = [
    ...events,
    { type: 'customer.decline', reason: '  ' },
    { type: 'staff.withdraw', reason: '' },
  ]

  it('answers exactly what the chart does for every status and event', () => {
    for (const status of chargeStatuses) {
      const snapshot = chargeRequestMachine.resolveState({ value: status, context: {} })
      for (const event of all) {
        const next = nextChargeStatus(status, event)
        if (snapshot.can(event)) expect(next, `${status} ${event.type}`).not.toBeNull()
        else expect(next, `${status} ${event.type}`).toBeNull()
      }
    }
  })

  it('ends a pending request by approval, a decline with its reason, or a withdrawal with its reason', () => {
    expect(nextChargeStatus('pending', { type: 'customer.approve' })).toBe('approved')
    expect(nextChargeStatus('pending', { type: 'customer.decline', reason: 'Too dear.' })).toBe('declined')
    expect(nextChargeStatus('pending', { type: 'staff.withdraw', reason: 'Wrong booking.' })).toBe(
      'withdrawn',
    )
    expect(nextChargeStatus('pending', { type: 'customer.decline', reason: ' ' })).toBeNull()
    expect(nextChargeStatus('pending', { type: 'staff.withdraw', reason: '' })).toBeNull()
  })

  it('refuses every decision once decided: the server answers 409', () => {
    for (const status of ['approved', 'declined', 'withdrawn'] as ChargeStatus[]) {
      for (const event of events)
        expect(nextChargeStatus(status, event), `${status} ${event.type}`).toBeNull()
      expect(canDecide(status)).toBe(false)
    }
    expect(canDecide('pending')).toBe(true)
  })

  it('bills only an approved charge', () => {
    expect(chargeStatuses.filter(isBillable)).toEqual(['approved'])
  })
})
