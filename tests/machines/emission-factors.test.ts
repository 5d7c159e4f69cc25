/**
 * The Emission factors page's chart (machines/emission-factors.machine.ts): its generated paths with the state
 * checks of states/emission-factors.ts and the form checks; then the form's numbers as typed and as sent.
 */
import { describe, expect, it } from 'vitest'
import type { AnyMachineSnapshot, EventObject } from 'xstate'
import {
  type EmissionFactorsHistory,
  emissionFactorMessages,
  emissionFactorsInputSchema,
  type FactorsVersion,
  factorsDryRun,
  proposedFactors,
} from '../../contract/emission-factors'
import { DEFAULT_EMISSION_FACTORS as defaults } from '../../contract/emissions'
import {
  emissionFactorsMachine,
  factorsFormErrors,
  factorsInputOf,
  formValuesOf,
} from '../../machines/emission-factors.machine'
import { allChecks, formChecks, modelSuite } from './model-suite'
import { emissionFactorsStates } from './states/emission-factors'

const builtIn: FactorsVersion = {
  table: defaults,
  note: null,
  appliedAt: null,
  appliedBy: null,
  builtIn: true,
}
const history: EmissionFactorsHistory = { inForce: builtIn, versions: [builtIn] }

const typed = { ...formValuesOf(defaults), version: 'GLEC v3.2', 'factors.road-truck.wtwGPerTkm': '90' }
const proposed = proposedFactors(defaults, emissionFactorsInputSchema.parse(factorsInputOf(typed)))
const applied: FactorsVersion = {
  table: proposed,
  note: null,
  appliedAt: '2026-12-01T02:00:00.000Z',
  appliedBy: { id: 4, name: 'Priya Nair', email: 'priya@eship.example' },
  builtIn: false,
}
const afterApply: EmissionFactorsHistory = { inForce: applied, versions: [applied, builtIn] }

const names = ['getEmissionFactors', 'dryRunEmissionFactors', 'applyEmissionFactors'] as const

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
    Object.keys(c.errors).sort(),
    Object.keys(c.shown).length > 0,
    c.values.version,
    c.values['factors.road-truck.wtwGPerTkm'],
    c.dryRun !== null,
    c.applied,
    c.message !== null,
    c.history?.inForce.table.version ?? null,
  ])
}

modelSuite('emission factors', emissionFactorsMachine, {
  promises: names,
  events: [
    { type: 'xstate.done.actor.getEmissionFactors', output: history },
    {
      type: 'xstate.error.actor.getEmissionFactors',
      error: { status: 403, message: 'This needs the Pricing role.' },
    },
    { type: 'xstate.error.actor.getEmissionFactors', error: { status: 500 } },
    { type: 'user.retry' },
    { type: 'field.changed', field: 'version', value: 'GLEC v3.2' },
    { type: 'field.changed', field: 'factors.road-truck.wtwGPerTkm', value: '90' },
    { type: 'field.changed', field: 'factors.road-truck.wtwGPerTkm', value: '8.95' },
    { type: 'field.blurred', field: 'version' },
    { type: 'user.check' },
    { type: 'xstate.done.actor.dryRunEmissionFactors', output: factorsDryRun(defaults, proposed) },
    {
      type: 'xstate.error.actor.dryRunEmissionFactors',
      error: { status: 409, message: emissionFactorMessages.versionTaken },
    },
    {
      type: 'xstate.error.actor.dryRunEmissionFactors',
      error: {
        status: 422,
        message: emissionFactorMessages.factorTooHigh,
        errors: { 'factors.road-truck.wtwGPerTkm': [emissionFactorMessages.factorTooHigh] },
      },
    },
    { type: 'xstate.error.actor.dryRunEmissionFactors', error: { status: 0 } },
    { type: 'user.apply' },
    { type: 'xstate.done.actor.applyEmissionFactors', output: afterApply },
    {
      type: 'xstate.error.actor.applyEmissionFactors',
      error: { status: 409, message: emissionFactorMessages.versionTaken },
    },
    {
      type: 'xstate.error.actor.applyEmissionFactors',
      error: {
        status: 422,
        message: emissionFactorMessages.ttwAboveWtw,
        errors: { 'factors.road-truck.ttwGPerTkm': [emissionFactorMessages.ttwAboveWtw] },
      },
    },
    { type: 'xstate.error.actor.applyEmissionFactors', error: { status: 500 } },
  ],
  inputs: [undefined],
  serializeState: serializer,
  states: emissionFactorsStates,
  // Typing only from a form without messages said by the server; the apply's answers once per version.
  filterEvents: (snapshot, event) => {
    const c = snapshot.context
    if (event.type.startsWith('field.')) return c.message === null && c.applied === null
    return true
  },
  check: allChecks(formChecks(['dryRunEmissionFactors', 'applyEmissionFactors'], { submit: 'user.check' })),
})

describe('the new version’s form', () => {
  it('is prefilled from the table in force, and sends what is typed as numbers', () => {
    const values = formValuesOf(defaults)
    expect(values.version).toBe('')
    expect(values['factors.sea-container.wtwGPerTkm']).toBe('8.9')
    expect(factorsFormErrors(values)).toEqual({ version: [emissionFactorMessages.versionRequired] })
    const input = factorsInputOf({ ...typed, note: '  ', 'factors.sea-container.ttwGPerTkm': ' 7.6 ' })
    expect(input).not.toHaveProperty('note')
    expect(input.factors['sea-container']).toEqual({
      wtwGPerTkm: 8.9,
      ttwGPerTkm: 7.6,
      source: defaults.factors['sea-container'].source,
    })
    expect(input.factors['road-truck'].wtwGPerTkm).toBe(90)
  })

  it('says the contract’s message for a number that is not one, or none', () => {
    expect(
      factorsFormErrors({
        ...typed,
        'factors.road-truck.wtwGPerTkm': '1,000',
        'factors.road-truck.ttwGPerTkm': '',
        'factors.air-long-haul.wtwGPerTkm': '1e3',
      }),
    ).toEqual({
      'factors.road-truck.wtwGPerTkm': [emissionFactorMessages.factorRequired],
      'factors.road-truck.ttwGPerTkm': [emissionFactorMessages.factorRequired],
      'factors.air-long-haul.wtwGPerTkm': [emissionFactorMessages.factorRequired],
    })
  })
})
