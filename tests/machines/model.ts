/**
 * Model-based testing of the production statecharts (see ../shared/ARCHITECTURE.md):
 * paths come from the machine itself through xstate/graph, are replayed on a real actor whose
 * invoked actors are controllable promises and whose clock is simulated, and every state and
 * transition a path takes is recorded so a test can fail when one is never reached.
 */
import {
  type AnyActorLogic,
  type AnyActorRef,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type AnyTransitionDefinition,
  createActor,
  type EventObject,
  fromPromise,
  __unsafe_getAllOwnEventDescriptors as getAllOwnEventDescriptors,
  getStateNodes,
  type InspectionEvent,
  SimulatedClock,
  type SnapshotFrom,
} from 'xstate'
import { getShortestPaths, getSimplePaths, type StatePath } from 'xstate/graph'

type Path = StatePath<AnyMachineSnapshot, EventObject>

/** Every state node of a machine, by id. */
function allStateNodes(machine: AnyStateMachine): AnyStateNode[] {
  const nodes: AnyStateNode[] = []
  const walk = (node: AnyStateNode) => {
    nodes.push(node)
    for (const child of Object.values(node.states)) walk(child as AnyStateNode)
  }
  walk(machine.root)
  return nodes
}

function transitionKey(t: AnyTransitionDefinition): string {
  const source = t.source as AnyStateNode
  const list = t.eventType ? (source.transitions.get(t.eventType) ?? []) : (source.always ?? [])
  return `${source.id} --${t.eventType || 'always'}#${list.indexOf(t)}--> ${(t.target ?? []).map((n) => n.id).join(',') || '(self)'}`
}

/** Every transition of a machine, keyed as transitionKey() keys the ones taken. */
export function allTransitionKeys(machine: AnyStateMachine): string[] {
  return allStateNodes(machine).flatMap((node) => [
    ...[...node.transitions.values()].flat().map(transitionKey),
    ...(node.always ?? []).map(transitionKey),
  ])
}

export function allStateIds(machine: AnyStateMachine): string[] {
  return allStateNodes(machine).map((node) => node.id)
}

/** A promise actor whose every run waits until a test resolves or rejects it. */
export function controllablePromises<Name extends string>(
  names: readonly Name[],
): {
  actors: Record<Name, AnyActorLogic>
  pending: Map<
    string,
    { resolve: (value: unknown) => void; reject: (error: unknown) => void; input: unknown }
  >
} {
  const pending = new Map<
    string,
    { resolve: (value: unknown) => void; reject: (error: unknown) => void; input: unknown }
  >()
  const actors = Object.fromEntries(
    names.map((name) => [
      name,
      fromPromise<unknown, unknown>(
        // By the invoke's id (what xstate.done.actor.<id> names), which may differ from the actor's name.
        ({ input, self }) =>
          new Promise((resolve, reject) => pending.set(self.id || name, { resolve, reject, input })),
      ),
    ]),
  ) as Record<Name, AnyActorLogic>
  return { actors, pending }
}

export interface Coverage {
  states: Set<string>
  transitions: Set<string>
  /** The state checks that ran, by the state's key (its path from the root, joined with dots). */
  checked: Set<string>
}

export function newCoverage(): Coverage {
  return { states: new Set(), transitions: new Set(), checked: new Set() }
}

/**
 * What a person or the server notices while a chart rests in one state, after a step of a path: what the
 * view draws from (the snapshot and its context), the requests in flight (the input each invoked actor still
 * awaiting its answer was started with, by name), the named actions the step ran (the app's effects:
 * `startSession`, `goToUserHome`, …; assignments are not reported) and, when the step answered a request,
 * what that request was.
 */
export interface StateView {
  snapshot: AnyMachineSnapshot
  // biome-ignore lint/suspicious/noExplicitAny: a check reads its own chart's context
  context: any
  before: AnyMachineSnapshot
  event: EventObject & Record<string, unknown>
  requests: Record<string, unknown>
  actions: string[]
  answered?: { input: unknown }
}

/** One state's check: throws (an `expect`) when what is noticeable there is wrong. */
export type StateCheck = (view: StateView) => void

/**
 * A chart's state checks: one for every state it can rest in, keyed by the state's path from the root
 * ('editing', 'flow.registered'), and none for a state it does not have (`stateCheckProblems`). Every
 * replay of the chart runs the checks of the states it rests in after each step.
 */
export interface StateChecks {
  machine: AnyStateMachine
  checks: Readonly<Record<string, StateCheck>>
}

export function stateChecks(machine: AnyStateMachine, checks: Record<string, StateCheck>): StateChecks {
  return { machine, checks }
}

const stateKey = (node: AnyStateNode) => node.path.join('.')

/**
 * The states a chart can rest in, by key: its leaf states, less those an unguarded `always` transition
 * leaves at once (nothing can be noticed there).
 */
export function restingStateKeys(machine: AnyStateMachine): string[] {
  return allStateNodes(machine)
    .filter((node) => Object.keys(node.states).length === 0 && node.type !== 'history')
    .filter((node) => !(node.always ?? []).some((t) => !t.guard))
    .map(stateKey)
}

/** States with no check, and checks of states the chart does not have. */
export function stateCheckProblems(table: StateChecks): { missing: string[]; unknown: string[] } {
  const keys = restingStateKeys(table.machine)
  const given = Object.keys(table.checks)
  return {
    missing: keys.filter((key) => !given.includes(key)),
    unknown: given.filter((key) => !keys.includes(key)),
  }
}

const flush = () => new Promise((resolve) => setImmediate(resolve))

function delayOf(
  machine: AnyStateMachine,
  snapshot: SnapshotFrom<AnyStateMachine>,
  eventType: string,
): number {
  const rest = eventType.slice('xstate.after.'.length)
  const name = rest.slice(0, rest.indexOf('.'))
  if (/^\d+$/.test(name)) return Number(name)
  const delay = (machine.implementations.delays as Record<string, unknown>)[name]
  if (typeof delay === 'number') return delay
  if (typeof delay === 'function') return delay({ context: snapshot.context, event: undefined })
  throw new Error(`Unknown delay ${name}`)
}

export interface ReplayOptions {
  /** The machine with its effects provided as stubs; its invoked actors must come from controllablePromises(). */
  machine: AnyStateMachine
  pending: ReturnType<typeof controllablePromises>['pending']
  input?: unknown
  coverage: Coverage
  /** The chart's state checks (the same chart's: `stateChecks(machine, …)`), run after every step. */
  states: StateChecks
  /**
   * Called after every step with the live actor, its snapshot before the step and, when the step settled an
   * invoked actor, the input that actor was started with (the request that was answered); throw to fail.
   */
  check?: (
    actor: AnyActorRef,
    step: Path['steps'][number],
    before: AnyMachineSnapshot,
    answered?: { input: unknown },
  ) => void
}

/**
 * Replays one generated path on a real actor: ordinary events are sent, `xstate.after.*` advances the
 * simulated clock, `xstate.done.actor.X` / `xstate.error.actor.X` settle the pending run of actor X.
 * After every step the actor must be in the state the path says.
 */
export async function replay(path: Path, options: ReplayOptions): Promise<void> {
  const clock = new SimulatedClock()
  const { machine, pending, coverage, states } = options
  if (states.machine.config !== machine.config) {
    throw new Error(`The state checks of ${states.machine.id} were given to a replay of ${machine.id}`)
  }
  const problems = stateCheckProblems(states)
  if (problems.missing.length > 0 || problems.unknown.length > 0) {
    throw new Error(
      `${machine.id}: states with no check ${JSON.stringify(problems.missing)}, checks of no state ${JSON.stringify(problems.unknown)}`,
    )
  }
  let actions: string[] = []
  let own: string | undefined
  const inspect = (event: InspectionEvent) => {
    if (event.type === '@xstate.microstep') {
      for (const t of event._transitions) coverage.transitions.add(transitionKey(t))
    }
    if (
      event.type === '@xstate.action' &&
      event.actorRef.sessionId === own &&
      !event.action.type.startsWith('xstate.')
    ) {
      actions.push(event.action.type)
    }
  }
  const actor = createActor(machine, { clock, input: options.input, inspect })
  own = actor.sessionId
  actor.start()
  const record = () => {
    for (const node of getStateNodes(machine.root, actor.getSnapshot().value)) coverage.states.add(node.id)
    coverage.states.add(machine.root.id)
  }
  const runChecks = (
    event: EventObject,
    before: AnyMachineSnapshot,
    answered: { input: unknown } | undefined,
  ) => {
    const snapshot = actor.getSnapshot() as AnyMachineSnapshot
    const view: StateView = {
      snapshot,
      context: snapshot.context,
      before,
      event: event as StateView['event'],
      // A run the chart stopped without an answer (it left the state) is no longer in flight.
      requests: Object.fromEntries(
        [...pending]
          .filter(([name]) => snapshot.children[name])
          // A request with no input is in flight all the same: null, which `toEqual({})` does not ignore.
          .map(([name, run]) => [name, run.input ?? null]),
      ),
      actions,
      ...(answered ? { answered } : {}),
    }
    const resting = getStateNodes(machine.root, snapshot.value).filter(
      (node) => Object.keys(node.states).length === 0,
    )
    for (const node of resting) {
      const key = stateKey(node)
      const check = states.checks[key]
      if (!check) continue
      try {
        check(view)
      } catch (error) {
        if (error instanceof Error) error.message = `In state ${key} after ${event.type}: ${error.message}`
        throw error
      }
      coverage.checked.add(key)
    }
    actions = []
  }
  record()
  await flush()
  runChecks({ type: 'xstate.init' }, actor.getSnapshot() as AnyMachineSnapshot, undefined)
  for (const step of path.steps) {
    const event = step.event
    if (event.type === 'xstate.init') continue
    const before = actor.getSnapshot() as AnyMachineSnapshot
    let answered: { input: unknown } | undefined
    if (event.type.startsWith('xstate.after.')) {
      clock.increment(delayOf(machine, actor.getSnapshot(), event.type))
    } else if (event.type.startsWith('xstate.done.actor.') || event.type.startsWith('xstate.error.actor.')) {
      const id = event.type.replace(/^xstate\.(done|error)\.actor\./, '')
      const run = pending.get(id)
      if (!run) throw new Error(`No pending run of ${id} for ${event.type}`)
      pending.delete(id)
      answered = { input: run.input }
      if (event.type.startsWith('xstate.done')) run.resolve((event as { output?: unknown }).output)
      else run.reject((event as { error?: unknown }).error ?? new Error('failed'))
    } else {
      actor.send(event)
    }
    await flush()
    const actual = actor.getSnapshot().value
    if (JSON.stringify(actual) !== JSON.stringify(step.state.value)) {
      throw new Error(
        `After ${JSON.stringify(event)} expected ${JSON.stringify(step.state.value)}, got ${JSON.stringify(actual)}`,
      )
    }
    record()
    options.check?.(actor, step, before, answered)
    runChecks(event, before, answered)
  }
  actor.stop()
}

export interface PathOptions {
  /** Events to try, with payloads (done events with outputs, error events, user events with values). */
  events?: EventObject[] | ((snapshot: AnyMachineSnapshot) => EventObject[])
  input?: unknown
  /** Stop exploring beyond a snapshot (keeps simple paths finite). */
  stopWhen?: (snapshot: AnyMachineSnapshot) => boolean
  serializeState?: (
    snapshot: AnyMachineSnapshot,
    event: EventObject | undefined,
    previous: AnyMachineSnapshot | undefined,
  ) => string
  simple?: boolean
  /** Leave out an event in a snapshot, e.g. a long timer while a shorter one would fire first. */
  filterEvents?: (snapshot: AnyMachineSnapshot, event: EventObject) => boolean
  /**
   * Every answer a request can get is replayed from each vertex it can come to (the default); a page replay,
   * which needs one path per screen, sets false.
   */
  answersApart?: boolean
}

/** The machine's paths: shortest to every distinct state, or every simple path. */
export function pathsOf(machine: AnyStateMachine, options: PathOptions = {}): Path[] {
  const generate = options.simple ? getSimplePaths : getShortestPaths
  const traversal: Record<string, unknown> = {}
  // Every event type the snapshot's states name, with the given payload variants where there are any
  // (xstate/graph uses a given list instead of the machine's own events, so merge them here).
  traversal.events = (snapshot: AnyMachineSnapshot) => {
    const given = typeof options.events === 'function' ? options.events(snapshot) : (options.events ?? [])
    return getAllOwnEventDescriptors(snapshot).flatMap((type: string) => {
      const variants = given.filter((event) => event.type === type)
      return variants.length > 0 ? variants : [{ type }]
    })
  }
  if (options.input !== undefined) traversal.input = options.input
  if (options.stopWhen) traversal.stopWhen = options.stopWhen
  // Offer only events some transition takes: the default event list also names events of inactive states.
  traversal.filterEvents = (snapshot: AnyMachineSnapshot, event: EventObject) =>
    snapshot.can(event) && (options.filterEvents?.(snapshot, event) ?? true)
  // A vertex per (previous state, event, state) makes the shortest paths cover every transition, not
  // only every state.
  const serialize =
    options.serializeState ??
    ((
      snapshot: AnyMachineSnapshot,
      event: EventObject | undefined,
      previous: AnyMachineSnapshot | undefined,
    ) => JSON.stringify([previous?.value, event?.type, snapshot.value, snapshot.context]))
  // Every answer a request can get is replayed from where it can come: two answers that the chart takes to the
  // same state (a Customer's sign-in and an Admin's, once a guard is wrong) stay two paths, so a state check
  // written from the rules sees the one that should not have led there.
  traversal.serializeState = (
    snapshot: AnyMachineSnapshot,
    event: EventObject | undefined,
    previous: AnyMachineSnapshot | undefined,
  ) =>
    options.answersApart !== false && event && /^xstate\.(done|error)\.actor\./.test(event.type)
      ? `${serialize(snapshot, event, previous)} ${JSON.stringify(event)}`
      : serialize(snapshot, event, previous)
  return generate(machine, traversal) as Path[]
}

/**
 * The paths a page replay needs (tests/views/*-model.test.tsx), each costing a second or more (what the chart
 * alone does, on every path, is the machine tests' job). A path whose steps begin another path is dropped: replaying the longer one shows
 * every screen on the way. Not when the shorter one ends on a request that the longer one answers at once
 * (`answered` names those answers): only the shorter one shows the request in flight (the disabled button,
 * the spinner), and one such path is kept per state a request is awaited in. A path of no step beyond the
 * start shows nothing to check.
 */
export function withoutPrefixes(paths: Path[], answered: (event: EventObject) => boolean): Path[] {
  const moves = paths.map((path) => path.steps.filter((step) => step.event.type !== 'xstate.init'))
  const keys = moves.map((steps) => steps.map((step) => JSON.stringify(step.event)))
  const begins = (own: string[], other: string[]) =>
    other.length > own.length && own.every((key, step) => key === other[step])
  const inFlight = new Set<string>()
  return paths
    .map((path, index) => ({ path, own: keys[index] ?? [] }))
    .filter(({ own }) => own.length > 0)
    .sort((a, b) => a.own.length - b.own.length)
    .filter(({ path, own }) => {
      const longer = keys.map((other, at) => ({ other, at })).filter(({ other }) => begins(own, other))
      if (longer.length === 0) return true
      const awaited = longer.some(({ at }) => {
        const after = moves[at]?.[own.length]?.event
        return after !== undefined && answered(after)
      })
      const state = JSON.stringify(path.state.value)
      if (!awaited || inFlight.has(state)) return false
      inFlight.add(state)
      return true
    })
    .map(({ path }) => path)
}

const short = (value: unknown) => {
  const text = String(JSON.stringify(value))
  return text.length > 28 ? `${text.slice(0, 27)}…` : text
}

/**
 * One step as QA reads it: what happened, and what it carries that tells it apart from the same event on
 * another path ("field.changed (email = "ops@")", "createQuote answers", "login fails (401)").
 */
export function describeEvent(event: EventObject & Record<string, unknown>): string {
  const settled = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type)
  if (settled?.[1] === 'done') {
    const output = event.output
    const told =
      output === null || typeof output !== 'object'
        ? output === undefined
          ? []
          : [short(output)]
        : Object.entries(output)
            .filter(([key, v]) => key !== 'token' && (v === null || typeof v !== 'object'))
            .slice(0, 2)
            .map(([key, v]) => `${key} = ${short(v)}`)
    return `${settled[2]} answers${told.length > 0 ? ` (${told.join(', ')})` : ''}`
  }
  if (settled) {
    const status = (event.error as { status?: unknown } | undefined)?.status
    return `${settled[2]} fails${status === undefined ? '' : ` (${String(status)})`}`
  }
  const after = /^xstate\.after\.([^.]+)\./.exec(event.type)
  if (after) return `${after[1]} passes`
  const { type, field, value, ...rest } = event
  if (typeof field === 'string') return `${type} (${field}${'value' in event ? ` = ${short(value)}` : ''})`
  const scalars = Object.entries(rest).filter(([, v]) => v === null || typeof v !== 'object')
  return scalars.length > 0 ? `${type} (${scalars.map(([k, v]) => `${k} = ${short(v)}`).join(', ')})` : type
}

export function describePath(path: Path): string {
  return (
    path.steps
      .map((step) => step.event as EventObject & Record<string, unknown>)
      .filter((event) => event.type !== 'xstate.init')
      .map(describeEvent)
      .join(' → ') || '(initial)'
  )
}

/** What the paths never reached: state ids and transition keys, and the state checks that never ran. */
export function uncovered(machine: AnyStateMachine, coverage: Coverage) {
  const left = new Set([...coverage.transitions].map((key) => key.slice(0, key.indexOf(' --'))))
  return {
    // A transient state (one left at once by an `always` transition) is covered when it was left.
    states: allStateIds(machine).filter((id) => !coverage.states.has(id) && !left.has(id)),
    transitions: allTransitionKeys(machine).filter((key) => !coverage.transitions.has(key)),
    checks: restingStateKeys(machine).filter((key) => !coverage.checked.has(key)),
  }
}
