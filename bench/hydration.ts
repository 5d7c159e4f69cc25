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
 * Records, in the page, performance.now() when html[data-hydrated] appears. A string, not a function: tsx
 * wraps functions in a helper the page does not have.
 */
const watchHydration = `new MutationObserver(() => {
  if (document.documentElement.hasAttribute('data-hydrated')) window.__hydratedAt ??= performance.now()
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
        await page.goto(`${origin}${route}`, { waitUntil: 'domcontentloaded' })
        await page.waitForFunction(() => '__hydratedAt' in window, undefined, { timeout: 30_000 })
        const at = await page.evaluate(() => (window as unknown as { __hydratedAt: number }).__hydratedAt)
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
