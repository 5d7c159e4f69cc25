/**
 * The model-based suite every chart's test runs (kept apart from model.ts, which the page replays of
 * tests/views also import): the chart's own generated paths, each replayed on a real actor
 * with controllable promises for its invoked actors and a simulated clock, and after them the coverage gate
 * (every state and every transition reached by some path, every state check run).
 */

import { afterAll, describe, expect, it } from 'vitest'
import type { AnyActorRef, AnyMachineSnapshot, AnyStateMachine, EventObject } from 'xstate'
import {
  controllablePromises,
  describePath,
  newCoverage,
  type PathOptions,
  pathsOf,
  type ReplayOptions,
  replay,
  type StateChecks,
  uncovered,
} from './model'

export interface ModelSuiteOptions {
  /** The invoked actors the replay settles by hand (xstate.done.actor.X / xstate.error.actor.X). */
  promises: readonly string[]
  /** Events to try, with payloads. */
  events: ({ type: string } & Record<string, unknown>)[]
  /** The chart's inputs: the paths from each are generated and replayed. */
  inputs: unknown[]
  /** What makes two snapshots different vertices of the graph. */
  serializeState: NonNullable<PathOptions['serializeState']>
  filterEvents?: PathOptions['filterEvents']
  /** Further starting points, each with its own stop condition and event filter. */
  starts?: {
    input: unknown
    stopWhen: (snapshot: AnyMachineSnapshot) => boolean
    filterEvents: (snapshot: AnyMachineSnapshot, event: EventObject) => boolean
  }[]
  /** Effects the paths need besides the controllable promises (an upload's report to its parent). */
  provide?: { actors?: Record<string, unknown>; actions?: Record<string, unknown> }
  /** The chart's state checks (tests/machines/states/): what is noticeable in each state it rests in. */
  states: StateChecks
  /** Checked after every step of every path, whatever the state. */
  check?: ReplayOptions['check']
}

export function modelSuite(name: string, machine: AnyStateMachine, options: ModelSuiteOptions) {
  describe(`${name}, model-based`, () => {
    const coverage = newCoverage()
    // Paths come from the production chart with the replay's own stub effects, where it has any.
    const provided = options.provide ? machine.provide(options.provide as never) : machine
    const common = {
      events: options.events,
      serializeState: options.serializeState,
      ...(options.filterEvents ? { filterEvents: options.filterEvents } : {}),
    }
    const paths = [
      ...options.inputs.flatMap((input) =>
        pathsOf(provided, { ...common, input }).map((path) => ({ path, input })),
      ),
      ...(options.starts ?? []).flatMap(({ input, ...start }) =>
        pathsOf(provided, { ...common, input, ...start }).map((path) => ({ path, input })),
      ),
    ]
    it.each(paths.map(({ path, input }) => [describePath(path), path, input] as const))(
      '%s',
      async (_title, path, input) => {
        const { actors, pending } = controllablePromises(options.promises)
        const stubs = {
          ...(options.provide ?? {}),
          actors: { ...actors, ...(options.provide?.actors ?? {}) },
        }
        await replay(path, {
          machine: machine.provide(stubs as never),
          pending,
          input,
          coverage,
          states: options.states,
          ...(options.check ? { check: options.check } : {}),
        })
      },
    )
    it('has paths', () => expect(paths.length).toBeGreaterThan(0))
    afterAll(() => {
      expect(uncovered(machine, coverage)).toEqual({ states: [], transitions: [], checks: [] })
    })
  })
}

/**
 * What a user of any form notices, checked after every step of every path of its chart (`submits` are the
 * requests the form sends):
 * - nothing invalid is sent: the request starts only from a form with no field message;
 * - a failed request keeps what was typed;
 * - a submit that sends nothing says why: every field with a message shows it, or a message says it.
 */
export function formChecks(
  submits: string[],
  {
    resets = () => false,
    submit = 'user.submit',
    form = (context) => context,
  }: {
    /** A failure the spec answers by clearing the form. */ resets?: (event: EventObject) => boolean
    /** The event of the form's submit button. */
    submit?: string
    /** Where the form's values, errors and shown fields are in the context (a page may hold two forms). */
    form?: (context: AnyMachineSnapshot['context']) => { values: unknown; errors: object; shown: object }
  } = {},
) {
  return (actor: AnyActorRef, step: { event: EventObject }, before: AnyMachineSnapshot) => {
    const after = actor.getSnapshot() as AnyMachineSnapshot
    const started = submits.some(
      (id) => after.children[id] !== undefined && before.children[id] === undefined,
    )
    if (started) expect(form(after.context).errors).toEqual({})
    if (submits.some((id) => step.event.type === `xstate.error.actor.${id}`) && !resets(step.event)) {
      expect(form(after.context).values).toEqual(form(before.context).values)
    }
    const sending = submits.some((id) => after.children[id] !== undefined)
    if (step.event.type === submit && !sending) {
      const { errors, shown } = form(after.context) as { errors: object; shown: Record<string, unknown> }
      const unshown = Object.keys(errors).filter((field) => !shown[field])
      // Or one message says it (the Get In Touch form's toast names what is missing, as the spec has it).
      const { toast, dialogMessage, message } = after.context
      const told = [toast, dialogMessage, message].some((text) => typeof text === 'string' && text !== '')
      if (!told) expect(unshown).toEqual([])
    }
  }
}

/** Every check, in order, after each step. */
export function allChecks(
  ...checks: NonNullable<ReplayOptions['check']>[]
): NonNullable<ReplayOptions['check']> {
  return (...args) => {
    for (const check of checks) check(...args)
  }
}
