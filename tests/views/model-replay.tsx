import { act, cleanup } from '@testing-library/react'
import { expect, vi } from 'vitest'
import type { AnyMachineSnapshot, EventObject } from 'xstate'
import type { ApiClient, ApiFailureWithBody } from '../../src/api/client'
import type { describePath } from '../machines/model'

/**
 * Replaying one generated path of a chart through its view in jsdom (the counterpart of the browser replays
 * these tests replaced): each user event becomes what a person does on the screen, each answer of an invoked
 * actor is the fake API's answer to the request the view made, held until the path answers it, and the
 * timers are fake, so model time passes only on `xstate.after` steps. Each state is checked on screen.
 */

type Path = Parameters<typeof describePath>[0]
export type Event = EventObject & Record<string, unknown>

export interface Request {
  path: string
  method: string
  body: unknown
}

export interface ViewReplay {
  /** The invoked actor a request of the view is, or null for a request the path does not replay. */
  actorOf: (request: Request) => string | null
  /** The body a request answered by a done step resolves with (the server's JSON). */
  answer: (event: Event, request: Request) => unknown
  /** The body of a failed answer, beyond its message (a 409's new price). */
  failureBody?: (event: Event) => Record<string, unknown>
  /** The answer to a request no step answers (the address book, a page opened by the path). */
  other?: (request: Request) => unknown
  /** The chart's named delays, in ms, for its `xstate.after` steps. */
  delays: Record<string, number>
  render: () => void
  /** What a person does for an event of the chart. */
  perform: (event: Event) => void | Promise<void>
  /** Checks the screen in a state; returns false when the view has left (the path ends there). */
  expectScreen: (
    snapshot: AnyMachineSnapshot,
    reachedBy: Event,
  ) => boolean | undefined | Promise<boolean | undefined>
}

/** The navigations the views asked for, in order (the router is not there: see each test's mock). */
export const navigations: unknown[] = []
export const navigate = (to: unknown) => {
  navigations.push(to)
  return Promise.resolve()
}

let replaying: ViewReplay | undefined
const held = new Map<
  string,
  { request: Request; resolve: (body: unknown) => void; reject: (e: unknown) => void }
>()
const unexpected: Request[] = []

/** The API client the views get: a request the path replays waits for its step; others answer at once. */
export const api = (async (path: string, options: { method?: string; body?: unknown } = {}) => {
  const request = { path, method: options.method ?? 'GET', body: options.body }
  const actor = replaying?.actorOf(request) ?? null
  if (actor !== null) {
    return new Promise((resolve, reject) => held.set(actor, { request, resolve, reject }))
  }
  if (replaying?.other) return replaying.other(request)
  unexpected.push(request)
  throw failure(500, { message: 'No answer for this request in the test.' })
}) as unknown as ApiClient

/** What the real client throws for an answer that is not 2xx (src/api/client.ts, toFailure). */
export function failure(status: number, body: Record<string, unknown>): ApiFailureWithBody {
  return {
    status,
    body,
    ...(typeof body.message === 'string' ? { message: body.message } : {}),
  }
}

/** Lets the promises settle and React render what they changed. */
export const settle = () =>
  act(async () => {
    for (let i = 0; i < 10; i++) await Promise.resolve()
  })

const settles = /^xstate\.(done|error)\.actor\.(.+)$/

export async function replayInView(path: Path, replay: ViewReplay) {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: false })
  window.localStorage.clear()
  navigations.length = 0
  unexpected.length = 0
  held.clear()
  replaying = replay
  try {
    replay.render()
    await settle()
    const steps = path.steps.filter((step) => step.event.type !== 'xstate.init')
    for (const [index, step] of steps.entries()) {
      const event = step.event as Event
      const answered = settles.exec(event.type)
      if (answered) {
        const name = answered[2] ?? ''
        const run = held.get(name)
        if (!run) throw new Error(`${event.type}: the view has no ${name} request in flight`)
        held.delete(name)
        if (answered[1] === 'done') run.resolve(replay.answer(event, run.request))
        else {
          const error = (event.error ?? { status: 500, message: 'down' }) as {
            status: number
            message?: string
          }
          run.reject(failure(error.status, { message: error.message, ...replay.failureBody?.(event) }))
        }
        await settle()
      } else if (event.type.startsWith('xstate.after.')) {
        const name = event.type.split('.')[2] ?? ''
        const delay = replay.delays[name]
        if (delay === undefined) throw new Error(`No delay named ${name}`)
        await act(async () => {
          vi.advanceTimersByTime(delay)
        })
        await settle()
      } else {
        await replay.perform(event)
        await settle()
      }
      // A request answered by the next step is answered at once, as a server would: its screen is the answer's.
      const next = steps[index + 1]
      if (next && settles.test(next.event.type)) continue
      if ((await replay.expectScreen(step.state, event)) === false) break
    }
    expect(unexpected).toEqual([])
  } finally {
    replaying = undefined
    cleanup()
    vi.useRealTimers()
  }
}
