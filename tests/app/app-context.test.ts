import { describe, expect, it, vi } from 'vitest'
import { createActor } from 'xstate'
import { storageKeys } from '../../contract/constants'
import { sessionMachine } from '../../machines/session.machine'
import type { AppActors } from '../../src/app/actors'
import { createAppContext, isSignedInHere, readyAppContext } from '../../src/app/app-context'
import { readSessionInput } from '../../src/app/storage'
import { memoryStorage } from '../fixtures/memory-storage'

const fakeActors = { api: {} } as AppActors

describe('the router context’s actors', () => {
  it('are not created until something asks for them', () => {
    const create = vi.fn(async () => fakeActors)
    const app = createAppContext(create)
    expect(create).not.toHaveBeenCalled()
    expect(app.current()).toBeUndefined()
  })

  it('are created once, however many ask at the same time, and told to subscribers', async () => {
    const create = vi.fn(async () => fakeActors)
    const app = createAppContext(create)
    const listener = vi.fn()
    const unsubscribe = app.subscribe(listener)
    const [first, second] = await Promise.all([app.ready(), app.ready()])
    expect(first).toBe(fakeActors)
    expect(second).toBe(fakeActors)
    expect(create).toHaveBeenCalledTimes(1)
    expect(app.current()).toBe(fakeActors)
    expect(listener).toHaveBeenCalledTimes(1)
    unsubscribe()
    await app.ready()
    expect(create).toHaveBeenCalledTimes(1)
  })
})

describe('whether this browser is signed in, for a guard of a page that hydrates without the actors', () => {
  const user = JSON.stringify({ esus_name: 'Tan Wei Ming', mcou_code: 'SG' })
  const cases: Record<string, string>[] = [
    {},
    { [storageKeys.authToken]: '' },
    { [storageKeys.currentUser]: user },
    { [storageKeys.authToken]: 'token', [storageKeys.currentUser]: user },
    // Idle for longer than the timeout: the chart starts expiring, which still counts as signed in.
    { [storageKeys.authToken]: 'token', [storageKeys.lastActivityTimestamp]: '1' },
  ]

  it.each(cases)('agrees with the session chart started from the same storage (%o)', (items) => {
    const local = memoryStorage(items)
    const before = isSignedInHere(
      createAppContext(async () => fakeActors),
      () => local,
    )
    const input = readSessionInput({ local, session: memoryStorage({}) }, Date.now())
    const session = createActor(sessionMachine, { input }).start()
    const after = isSignedInHere(readyAppContext({ session } as unknown as AppActors))
    session.stop()
    expect(before).toBe(after)
  })
})
