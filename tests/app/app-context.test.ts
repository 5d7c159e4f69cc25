import { describe, expect, it, vi } from 'vitest'
import type { AppActors } from '../../src/app/actors'
import { createAppContext } from '../../src/app/app-context'

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
