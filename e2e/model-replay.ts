import { expect, type Page, type Route } from '@playwright/test'
import type { AnyMachineSnapshot, EventObject } from 'xstate'
import type { describePath } from '../tests/machines/model'

type Path = Parameters<typeof describePath>[0]
type Event = EventObject & Record<string, unknown>

export interface PageReplay {
  /** The page the chart runs on. */
  url: string
  /** The invoked actor whose answers come from the server, and the endpoint it calls. */
  actor: string
  endpoint: string
  /** The chart's named delays, in ms, for its `xstate.after` steps. */
  delays: Record<string, number>
  /** What a user does for an event of the chart. */
  perform: (page: Page, event: Event) => Promise<void>
  /** What the screen shows in a state; returns false when the page has left (the path ends there). */
  expectScreen: (page: Page, snapshot: AnyMachineSnapshot, reachedBy: Event) => Promise<boolean | undefined>
}

/**
 * Replays one generated path of a form chart through its page. The server's answer to a submit is the
 * path's next step, served through a route; the countries list fails when the path says so; the page's
 * clock is paused so model time passes only on `xstate.after` steps.
 */
export async function replayOnPage(page: Page, path: Path, replay: PageReplay) {
  await page.clock.install()
  const steps = path.steps.filter((step) => step.event.type !== 'xstate.init')
  const response = new RegExp(`^xstate\\.(done|error)\\.actor\\.${replay.actor}$`)
  // A held response keeps the chart submitting until a test step answers it.
  let answer: ((route: Route) => Promise<void>) | undefined
  await page.route(replay.endpoint, async (route) => {
    if (answer) await answer(route)
  })
  if (steps[0]?.event.type === 'xstate.error.actor.loadCountries') {
    await page.route('**/api/countries', (route) => route.fulfill({ status: 500, json: { message: 'down' } }))
  }
  await page.goto(replay.url)
  await page.getByRole('heading', { level: 1 }).waitFor()
  // A jump of a few seconds (pending page timers run) leaves room for the page's own clock to move meanwhile.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 5000)
  for (const [index, step] of steps.entries()) {
    const event = step.event as Event
    const next = steps[index + 1]
    if (event.type.startsWith('xstate.after.')) {
      const name = event.type.split('.')[2] ?? ''
      const delay = replay.delays[name]
      if (delay === undefined) throw new Error(`No delay named ${name}`)
      await page.clock.fastForward(delay)
    } else if (!/^xstate\.(done|error)\.actor\./.test(event.type)) {
      if (next && response.test(next.event.type)) {
        const reply = next.event as Event & { output?: unknown; error?: { status: number; message: string } }
        answer = reply.error
          ? (route) =>
              route.fulfill({ status: reply.error?.status ?? 500, json: { message: reply.error?.message } })
          : (route) => route.fulfill({ json: reply.output })
      } else {
        answer = undefined
      }
      await replay.perform(page, event)
    }
    if (/^xstate\.(done|error)\.actor\.loadCountries$/.test(event.type)) {
      await expect(page.getByTestId('loader')).toHaveCount(0)
    }
    const answered = next !== undefined && response.test(next.event.type)
    const shown = answered ? next : step
    if ((await replay.expectScreen(page, shown.state, shown.event as Event)) === false) return
  }
}
