import { afterAll, describe, expect, it } from 'vitest'
import { createActor, SimulatedClock } from 'xstate'
import { loaderMessages } from '../../contract/messages'
import { loaderMachine, loaderMessage } from '../../machines/loader.machine'
import { controllablePromises, describePath, newCoverage, pathsOf, replay, uncovered } from './model'
import { loaderStates } from './states/loader'

function start() {
  const clock = new SimulatedClock()
  const actor = createActor(loaderMachine, { clock }).start()
  return { actor, clock, message: () => loaderMessage(actor.getSnapshot()) }
}

describe('loader', () => {
  it('shows while any request is pending and hides when the last one ends', () => {
    const { actor, message } = start()
    expect(message()).toBeUndefined()
    actor.send({ type: 'request.started' })
    actor.send({ type: 'request.started' })
    expect(message()).toBe(loaderMessages.loading)
    actor.send({ type: 'request.finished' })
    expect(message()).toBe(loaderMessages.loading)
    expect(actor.getSnapshot().context.pending).toBe(1)
    actor.send({ type: 'request.finished' })
    expect(message()).toBeUndefined()
  })

  it('changes its message after 3 s and again after 6 s', () => {
    const { actor, clock, message } = start()
    actor.send({ type: 'request.started' })
    clock.increment(2999)
    expect(message()).toBe('Please wait while loading . . .')
    clock.increment(1)
    expect(message()).toBe("We're preparing your content . . .")
    clock.increment(2999)
    expect(message()).toBe("We're preparing your content . . .")
    clock.increment(1)
    expect(message()).toBe('Almost there, thanks for your patience !')
  })

  it('starts again from the first message for the next burst of requests', () => {
    const { actor, clock, message } = start()
    actor.send({ type: 'request.started' })
    clock.increment(7000)
    actor.send({ type: 'request.finished' })
    actor.send({ type: 'request.started' })
    expect(message()).toBe(loaderMessages.loading)
  })

  it('never counts below zero', () => {
    const { actor } = start()
    actor.send({ type: 'request.finished' })
    expect(actor.getSnapshot().context.pending).toBe(0)
  })
})

describe('loader, model-based', () => {
  const coverage = newCoverage()
  const paths = pathsOf(loaderMachine, {
    // Pending counts up to 2 are enough to reach every branch.
    stopWhen: (snapshot) => snapshot.context.pending > 2,
  })

  it.each(paths.map((path) => [describePath(path), path] as const))('%s', async (_name, path) => {
    const { pending } = controllablePromises([])
    await replay(path, {
      machine: loaderMachine,
      pending,
      coverage,
      states: loaderStates,
      // The overlay shows exactly while a request is in flight, and counts each one once.
      check: (actor, step, before) => {
        const after = actor.getSnapshot()
        const change = { 'request.started': 1, 'request.finished': -1 }[step.event.type] ?? 0
        expect(after.context.pending).toBe(Math.max(0, before.context.pending + change))
        expect(loaderMessage(after) !== undefined).toBe(after.context.pending > 0)
      },
    })
  })

  afterAll(() => {
    expect(uncovered(loaderMachine, coverage)).toEqual({ states: [], transitions: [], checks: [] })
  })
})
