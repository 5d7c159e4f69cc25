import { expect } from 'vitest'
import {
  type EmissionFactorsHistory,
  emissionFactorMessages,
  emissionFactorsInputSchema,
  type FactorsDryRun,
} from '../../../contract/emission-factors'
import { emissionFactorKeys } from '../../../contract/emissions'
import { messages } from '../../../contract/messages'
import { emissionFactorsMachine } from '../../../machines/emission-factors.machine'
import { type StateView, stateChecks } from '../model'

const failedWith = ({ event }: StateView) =>
  event.error as { status: number; message?: string; errors?: Record<string, string[]> }
const told = (view: StateView) => failedWith(view).message || messages.generic

/** The form prefilled from the table in force (docs/emissions.md "Updating the factors"): no name, no note. */
function prefilled(values: Record<string, string>, history: EmissionFactorsHistory) {
  const { table } = history.inForce
  expect([values.version, values.note, values.source]).toEqual(['', '', table.source])
  for (const key of emissionFactorKeys) {
    expect(Number(values[`factors.${key}.wtwGPerTkm`])).toBe(table.factors[key].wtwGPerTkm)
    expect(Number(values[`factors.${key}.ttwGPerTkm`])).toBe(table.factors[key].ttwGPerTkm)
    expect(values[`factors.${key}.source`]).toBe(table.factors[key].source)
  }
}

/** What is sent is the form as typed, and only a version the contract takes. */
function sends(view: StateView, request: unknown) {
  const parsed = emissionFactorsInputSchema.safeParse(request)
  expect(parsed.success).toBe(true)
  const body = request as { version: string; factors: Record<string, { wtwGPerTkm: number }> }
  expect(body.version).toBe(view.context.values.version)
  expect(body.factors['road-truck']?.wtwGPerTkm).toBe(
    Number(view.context.values['factors.road-truck.wtwGPerTkm']),
  )
  expect(view.context.errors).toEqual({})
}

/** A refused check or apply keeps what was typed and says why where it belongs. */
function refused(view: StateView) {
  const { context, before } = view
  expect(context.values).toEqual(before.context.values)
  const failure = failedWith(view)
  if (failure.status === 409) expect(context.errors.version).toEqual([emissionFactorMessages.versionTaken])
  else if (failure.errors)
    for (const [field, said] of Object.entries(failure.errors)) expect(context.errors[field]).toEqual(said)
  else expect(context.message).toBe(told(view))
}

/** docs/emissions.md "Updating the factors": /staff/rates/emissions, the Pricing role, one request at a time. */
export const emissionFactorsStates = stateChecks(emissionFactorsMachine, {
  // The versions are asked for; nothing shown yet.
  loading: ({ context, requests }) => {
    expect(requests).toEqual({ getEmissionFactors: null })
    expect([context.history, context.dryRun, context.message]).toEqual([null, null, null])
  },
  // They could not be loaded: the server's message or the generic one, and Try again.
  failed: (view) => {
    expect(view.requests).toEqual({})
    expect(failedWith(view).status).not.toBe(403)
    expect(view.context.message).toBe(told(view))
  },
  // Not the Pricing role: the server's message, and nothing to try again.
  forbidden: (view) => {
    expect(view.requests).toEqual({})
    expect(failedWith(view).status).toBe(403)
    expect(view.context.message).toBe(told(view))
    expect(view.snapshot.can({ type: 'user.retry' })).toBe(false)
  },
  // The table in force, the versions and the form; no dry run (none yet, or typed in since).
  'ready.editing': (view) => {
    const { context, event, before } = view
    expect(view.requests).toEqual({})
    expect(context.dryRun).toBeNull()
    expect(context.history).not.toBeNull()
    if (event.type === 'xstate.done.actor.getEmissionFactors')
      prefilled(context.values, event.output as never)
    if (event.type === 'xstate.done.actor.applyEmissionFactors') {
      // Applied: the versions with it in force, said, and the form starts again from it.
      const history = event.output as EmissionFactorsHistory
      expect(context.history).toEqual(history)
      expect(context.applied).toBe(history.inForce.table.version)
      prefilled(context.values, history)
    }
    if (event.type === 'xstate.error.actor.dryRunEmissionFactors') refused(view)
    if (event.type === 'xstate.error.actor.applyEmissionFactors') refused(view)
    if (event.type === 'user.check') expect(before.context.errors).not.toEqual({})
  },
  // The form as typed is checked in a dry run; nothing applied.
  'ready.checking': (view) => {
    expect(Object.keys(view.requests)).toEqual(['dryRunEmissionFactors'])
    sends(view, view.requests.dryRunEmissionFactors)
    expect([view.context.dryRun, view.context.applied]).toEqual([null, null])
  },
  // The dry run of the form as it is, with Apply; an apply that failed without an answer keeps it (Apply again).
  'ready.checked': (view) => {
    const { context, event } = view
    expect(view.requests).toEqual({})
    expect(context.dryRun).not.toBeNull()
    if (event.type === 'xstate.done.actor.dryRunEmissionFactors') {
      expect(context.dryRun).toEqual(event.output as FactorsDryRun)
      expect(view.answered?.input).toMatchObject({ version: context.values.version })
    }
    if (event.type === 'xstate.error.actor.applyEmissionFactors') {
      expect(context.message).toBe(told(view))
      expect(context.dryRun).toEqual(view.before.context.dryRun)
    }
  },
  // Apply: the very version the dry run shows.
  'ready.applying': (view) => {
    expect(Object.keys(view.requests)).toEqual(['applyEmissionFactors'])
    sends(view, view.requests.applyEmissionFactors)
    expect(view.context.dryRun.proposed.version).toBe(view.context.values.version.trim())
    if (view.event.type === 'user.apply') expect(view.before.matches({ ready: 'checked' })).toBe(true)
  },
})
