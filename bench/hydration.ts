// Time to hydrated: how long after navigation a prerendered page is marked html[data-hydrated] (its content
// committed and what was typed before handed over), in a fresh browser context each run, with the CPU
// throttled 4x through CDP (a mid-range phone) and the network unthrottled (loopback).
// Alone: node --import tsx bench/hydration.ts [origin] (default: starts the built server).
import { launchBenchBrowser } from './browser'
import { HYDRATION } from './config'
import { log, median, round } from './util'

export interface HydrationRoute {
  route: string
  /** Milliseconds from navigation start to the mark, one per run. */
  runsMs: number[]
  medianMs: number
  maxMs: number
}

export interface HydrationReport {
  cpuThrottling: number
  routes: HydrationRoute[]
}

/**
 * Reports, through the console, performance.now() when html[data-hydrated] appears. The bench waits for that
 * message rather than polling the page: Playwright's waitForFunction first evaluates its injected script
 * (some 300 KB) in the page and then runs the predicate every frame, which took 250 to 340 ms of the
 * throttled main thread from the hydration it measured. A string, not a function: tsx wraps functions in a
 * helper the page does not have.
 */
const HYDRATED = 'eship-hydrated-at '
const watchHydration = `new MutationObserver((_, observer) => {
  if (!document.documentElement.hasAttribute('data-hydrated')) return
  observer.disconnect()
  console.debug('${HYDRATED}' + performance.now())
}).observe(document, { attributes: true, subtree: true })`

export async function measureHydration(origin: string, runs = HYDRATION.runs): Promise<HydrationReport> {
  const { browser, close } = await launchBenchBrowser()
  try {
    const routes: HydrationRoute[] = []
    for (const route of HYDRATION.routes) {
      const runsMs: number[] = []
      // One run first, not counted: the server's own first answers of each file.
      for (let run = 0; run <= runs; run++) {
        const context = await browser.newContext()
        const page = await context.newPage()
        const cdp = await context.newCDPSession(page)
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: HYDRATION.cpuThrottling })
        await page.addInitScript({ content: watchHydration })
        const hydrated = page.waitForEvent('console', {
          predicate: (message) => message.text().startsWith(HYDRATED),
          timeout: 30_000,
        })
        await page.goto(`${origin}${route}`, { waitUntil: 'domcontentloaded' })
        const at = Number((await hydrated).text().slice(HYDRATED.length))
        if (run > 0) runsMs.push(round(at, 0))
        await context.close()
      }
      const result = { route, runsMs, medianMs: median(runsMs), maxMs: Math.max(...runsMs) }
      log(`hydrated ${route}: median ${result.medianMs} ms, max ${result.maxMs} ms`)
      routes.push(result)
    }
    return { cpuThrottling: HYDRATION.cpuThrottling, routes }
  } finally {
    await close()
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { startServer } = await import('./server')
  const given = process.argv[2]
  const server = given ? undefined : await startServer()
  try {
    const report = await measureHydration(given ?? (server?.origin as string))
    console.log(JSON.stringify(report, null, 2))
  } finally {
    await server?.stop()
  }
}
