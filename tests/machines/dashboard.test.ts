import { afterAll, describe, expect, it } from 'vitest'
import { type AnyMachineSnapshot, createActor, type EventObject } from 'xstate'
import { messages } from '../../contract/messages'
import { dashboardMachine } from '../../machines/dashboard.machine'
import { dashboard, emptyDashboard } from '../fixtures/dashboard'
import { controllablePromises, describePath, newCoverage, pathsOf, replay, uncovered } from './model'
import { dashboardStates } from './states/dashboard'

const flush = () => new Promise((resolve) => setImmediate(resolve))
const names = ['getDashboard'] as const

function start() {
  const { actors, pending } = controllablePromises(names)
  const actor = createActor(dashboardMachine.provide({ actors })).start()
  const settle = async (outcome: { output?: unknown; error?: unknown }) => {
    const run = pending.get('getDashboard')
    if (!run) throw new Error('no pending getDashboard')
    pending.delete('getDashboard')
    if ('error' in outcome) run.reject(outcome.error)
    else run.resolve(outcome.output)
    await flush()
  }
  return { actor, pending, settle }
}

describe('dashboard, model-based', () => {
  const coverage = newCoverage()
  const events: ({ type: string } & Record<string, unknown>)[] = [
    { type: 'xstate.done.actor.getDashboard', output: dashboard },
    { type: 'xstate.done.actor.getDashboard', output: emptyDashboard },
    { type: 'xstate.error.actor.getDashboard', error: { status: 500 } },
    { type: 'xstate.error.actor.getDashboard', error: { status: 503, message: 'Down for maintenance.' } },
  ]
  // A vertex per (previous state, event, state) and what the view reads: whether there is a dashboard to
  // show and whether a message is up.
  const serializeState = (
    snapshot: AnyMachineSnapshot,
    event: EventObject | undefined,
    previous?: AnyMachineSnapshot,
  ) =>
    JSON.stringify([
      previous?.value,
      event?.type,
      snapshot.value,
      snapshot.context.dashboard?.user.name ?? null,
      snapshot.context.message,
    ])
  const paths = pathsOf(dashboardMachine, { events, serializeState })

  // Checked at every step of every path: what the page shows follows from the state.
  const check = (actor: { getSnapshot: () => AnyMachineSnapshot }) => {
    const snapshot = actor.getSnapshot()
    if (snapshot.matches('loading')) expect(snapshot.context.message).toBeNull()
    if (snapshot.matches('failed')) expect(snapshot.context.message).toEqual(expect.any(String))
    if (snapshot.matches('ready')) expect(snapshot.context.dashboard).not.toBeNull()
    if (snapshot.matches({ ready: 'refreshing' })) expect(snapshot.context.message).toBeNull()
  }

  it('generates paths', () => {
    expect(paths.length).toBeGreaterThan(5)
  })

  it.each(paths.map((path) => [describePath(path), path] as const))('%s', async (_title, path) => {
    const { actors, pending } = controllablePromises(names)
    await replay(path, {
      machine: dashboardMachine.provide({ actors }),
      pending,
      coverage,
      states: dashboardStates,
      check,
    })
  })

  afterAll(() => {
    expect(uncovered(dashboardMachine, coverage)).toEqual({ states: [], transitions: [], checks: [] })
  })
})

describe('dashboard', () => {
  it('asks once on start and shows the answer', async () => {
    const { actor, pending, settle } = start()
    expect(actor.getSnapshot().value).toBe('loading')
    expect(pending.size).toBe(1)
    await settle({ output: dashboard })
    expect(actor.getSnapshot().matches({ ready: 'shown' })).toBe(true)
    expect(actor.getSnapshot().context.dashboard).toBe(dashboard)
  })

  it("shows the server's message of a failed load, else the generic one, and Try again asks again", async () => {
    const { actor, pending, settle } = start()
    await settle({ error: { status: 503, message: 'Down for maintenance.' } })
    expect(actor.getSnapshot().value).toBe('failed')
    expect(actor.getSnapshot().context.message).toBe('Down for maintenance.')
    actor.send({ type: 'user.retry' })
    expect(actor.getSnapshot().value).toBe('loading')
    expect(actor.getSnapshot().context.message).toBeNull()
    await settle({ error: { status: 0 } })
    expect(actor.getSnapshot().context.message).toBe(messages.generic)
    actor.send({ type: 'user.retry' })
    await settle({ output: emptyDashboard })
    expect(actor.getSnapshot().context.dashboard).toBe(emptyDashboard)
    expect(pending.size).toBe(0)
  })

  it('keeps the dashboard on screen while refreshing and after a failed refresh', async () => {
    const { actor, pending, settle } = start()
    await settle({ output: emptyDashboard })
    actor.send({ type: 'user.refresh' })
    expect(actor.getSnapshot().matches({ ready: 'refreshing' })).toBe(true)
    expect(actor.getSnapshot().context.dashboard).toBe(emptyDashboard)
    // A second press while one is under way sends nothing more.
    actor.send({ type: 'user.refresh' })
    expect(pending.size).toBe(1)
    await settle({ error: { status: 500 } })
    expect(actor.getSnapshot().matches({ ready: 'shown' })).toBe(true)
    expect(actor.getSnapshot().context.dashboard).toBe(emptyDashboard)
    expect(actor.getSnapshot().context.message).toBe(messages.generic)
    actor.send({ type: 'user.refresh' })
    expect(actor.getSnapshot().context.message).toBeNull()
    await settle({ output: dashboard })
    expect(actor.getSnapshot().context.dashboard).toBe(dashboard)
  })

  it('ignores Try again and Refresh where they do not apply', () => {
    const { actor, pending } = start()
    actor.send({ type: 'user.retry' })
    actor.send({ type: 'user.refresh' })
    expect(actor.getSnapshot().value).toBe('loading')
    expect(pending.size).toBe(1)
  })
})
