// Time to hydrated: how long after navigation a prerendered page is marked html[data-hydrated] (its content
// committed and what was typed before handed over), in a fresh browser context each run, with the CPU
// throttled through CDP and the network unthrottled (loopback).
//
// CDP throttling slows the machine it runs on, so "4x" is a different phone on different machines. Lighthouse
// tunes its 4x for a high-end desktop (its benchmarkIndex 1500 to 2000) and asks slower machines to calibrate
// (its docs/throttling.md). Each run therefore measures, in the same browser:
// - the machine's benchmarkIndex (Lighthouse's own page function, unthrottled);
// - every route at 4x, as written in the issue, and at the calibrated rate: 4x scaled by benchmarkIndex over
//   the middle of Lighthouse's high-end desktop bracket, so the page meets the phone 4x meant;
// - the control: React alone hydrating a three-control form (bench/react-floor), at both rates. No page of
//   this product can hydrate sooner than it. Beside it, the same form as the one route of a TanStack Router
//   app (bench/router-floor): what every page of this product pays before its own code, reported.
// The customer area (issue 37) is measured the same way, signed in through storage at a phone's width, until
// its heading shows and it is hydrated; the staff console's first load is reported unthrottled on a desktop.
// Alone: node --import tsx bench/hydration.ts [origin] (default: starts the built server).
import { readFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { extname, join, normalize } from 'node:path'
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js'
import type { Browser } from 'playwright-core'
import { build } from 'vite'
import { launchBenchBrowser } from './browser'
import { HYDRATION, TMP_DIR } from './config'
import { startServer } from './server'
import { customerSession, type StoredSession, staffSession, storeScript } from './sessions'
import { log, median, round } from './util'

export interface HydrationRoute {
  route: string
  /** Milliseconds from navigation start to the mark, one per run. */
  runsMs: number[]
  medianMs: number
  maxMs: number
}

export interface HydrationAtRate {
  cpuThrottling: number
  routes: HydrationRoute[]
  /** The customer area's cold loads, signed in, at HYDRATION.phone (heading shown and hydrated). */
  customerRoutes: HydrationRoute[]
  /** React alone (bench/react-floor) at the same rate. */
  reactAlone: HydrationRoute
  /** React and TanStack Router, one route, the same form (bench/router-floor); absent in older reports. */
  routerAlone?: HydrationRoute
}

export interface HydrationReport {
  /** Lighthouse's benchmarkIndex of this machine, unthrottled (median of three). */
  benchmarkIndex: number
  /** The rate written in the issue. */
  fixed: HydrationAtRate
  /** The rate that makes this machine the phone `fixed` means on Lighthouse's reference desktop. */
  calibrated: HydrationAtRate
  /** The staff console's first load, signed in, on a desktop, unthrottled (heading shown and hydrated). */
  console: HydrationRoute
}

/** The CPU slowdown that gives this machine the speed HYDRATION.cpuThrottling gives the reference desktop. */
export function calibratedRate(benchmarkIndex: number): number {
  return Math.max(1, round((HYDRATION.cpuThrottling * benchmarkIndex) / HYDRATION.referenceBenchmarkIndex, 1))
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
/** The same, for a page rendered in the browser: hydrated and its heading shown, whichever comes last. */
const watchHeadingAndHydration = `new MutationObserver((_, observer) => {
  if (!document.documentElement.hasAttribute('data-hydrated') || !document.querySelector('h1')?.textContent) return
  observer.disconnect()
  console.debug('${HYDRATED}' + performance.now())
}).observe(document, { attributes: true, childList: true, subtree: true })`

interface RouteOptions {
  /** Stored before the page's scripts run: a signed-in visitor. */
  session?: StoredSession
  viewport?: { width: number; height: number }
}

async function measureBenchmarkIndex(browser: Browser): Promise<number> {
  const indexes: number[] = []
  for (let run = 0; run < 3; run++) {
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto('about:blank')
    // Lighthouse passes its page functions to the page as source, as here.
    indexes.push(await page.evaluate(`(${pageFunctions.computeBenchmarkIndex})()`))
    await context.close()
  }
  return round(median(indexes), 0)
}

async function measureRoute(
  browser: Browser,
  url: string,
  rate: number,
  runs: number,
  options: RouteOptions = {},
): Promise<number[]> {
  const runsMs: number[] = []
  // One run first, not counted: the server's own first answers of each file.
  for (let run = 0; run <= runs; run++) {
    const context = await browser.newContext(options.viewport ? { viewport: options.viewport } : {})
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    if (rate !== 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate })
    if (options.session) await page.addInitScript({ content: storeScript(options.session.items) })
    await page.addInitScript({ content: options.session ? watchHeadingAndHydration : watchHydration })
    const hydrated = page.waitForEvent('console', {
      predicate: (message) => message.text().startsWith(HYDRATED),
      timeout: 30_000,
    })
    await page.goto(url, { waitUntil: 'domcontentloaded' })
    const at = Number((await hydrated).text().slice(HYDRATED.length))
    if (run > 0) runsMs.push(round(at, 0))
    await context.close()
  }
  return runsMs
}

function summary(route: string, runsMs: number[]): HydrationRoute {
  return { route, runsMs, medianMs: median(runsMs), maxMs: Math.max(...runsMs) }
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
}

/** Builds a control (bench/react-floor or bench/router-floor) with Vite and serves it over loopback HTTP. */
async function serveControl(name: string): Promise<{ origin: string; close: () => Promise<void> }> {
  const outDir = join(TMP_DIR, name)
  await build({
    root: new URL(`./${name}`, import.meta.url).pathname,
    configFile: false,
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true, target: 'es2022' },
  })
  const server = createServer((request, response) => {
    const path = normalize(new URL(request.url ?? '/', 'http://x').pathname).replace(/^\/+/, '')
    readFile(join(outDir, path === '' ? 'index.html' : path)).then(
      (body) => {
        response.writeHead(200, { 'content-type': CONTENT_TYPES[extname(path) || '.html'] ?? 'text/plain' })
        response.end(body)
      },
      () => {
        response.writeHead(404).end()
      },
    )
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}

export async function measureHydration(
  origin: string,
  runs: number = HYDRATION.runs,
  { calibrate = true }: { calibrate?: boolean } = {},
): Promise<HydrationReport> {
  const { browser, close } = await launchBenchBrowser()
  const floor = await serveControl('react-floor')
  const routerFloor = await serveControl('router-floor')
  // The signed-in pages need the demo customer's shipments and the demo staff: a server of the same build
  // with its demo data (NODE_ENV development changes nothing else of what a browser is sent).
  const demo = await startServer({ name: 'demo-server', env: { NODE_ENV: 'development' } })
  const customer = await customerSession(demo.origin)
  const staff = await staffSession(demo.origin)
  try {
    const benchmarkIndex = await measureBenchmarkIndex(browser)
    const rates = { fixed: HYDRATION.cpuThrottling, calibrated: calibratedRate(benchmarkIndex) }
    log(`benchmarkIndex ${benchmarkIndex}: ${rates.fixed}x here is ${rates.calibrated}x calibrated`)
    const atRate = async (rate: number): Promise<HydrationAtRate> => {
      const reactAlone = summary('React alone', await measureRoute(browser, `${floor.origin}/`, rate, runs))
      log(`hydrated React alone at ${rate}x: median ${reactAlone.medianMs} ms`)
      const routerAlone = summary(
        'React and TanStack Router',
        await measureRoute(browser, `${routerFloor.origin}/`, rate, runs),
      )
      log(`hydrated React and TanStack Router at ${rate}x: median ${routerAlone.medianMs} ms`)
      const routes: HydrationRoute[] = []
      for (const route of HYDRATION.routes) {
        const result = summary(route, await measureRoute(browser, `${origin}${route}`, rate, runs))
        log(`hydrated ${route} at ${rate}x: median ${result.medianMs} ms, max ${result.maxMs} ms`)
        routes.push(result)
      }
      const customerRoutes: HydrationRoute[] = []
      for (const route of HYDRATION.customerRoutes) {
        const result = summary(
          route,
          await measureRoute(browser, `${demo.origin}${route}`, rate, runs, {
            session: customer,
            viewport: HYDRATION.phone,
          }),
        )
        log(`shown and hydrated ${route} at ${rate}x: median ${result.medianMs} ms, max ${result.maxMs} ms`)
        customerRoutes.push(result)
      }
      return { cpuThrottling: rate, routes, customerRoutes, reactAlone, routerAlone }
    }
    const fixed = await atRate(rates.fixed)
    const calibrated = rates.calibrated === rates.fixed || !calibrate ? fixed : await atRate(rates.calibrated)
    const staffConsole = summary(
      HYDRATION.consoleRoute,
      await measureRoute(browser, `${demo.origin}${HYDRATION.consoleRoute}`, 1, runs, {
        session: staff,
        viewport: HYDRATION.desktop,
      }),
    )
    log(`shown and hydrated ${HYDRATION.consoleRoute} unthrottled: median ${staffConsole.medianMs} ms`)
    return { benchmarkIndex, fixed, calibrated, console: staffConsole }
  } finally {
    await Promise.allSettled([customer.end(), staff.end()])
    await demo.stop()
    await Promise.all([floor.close(), routerFloor.close()])
    await close()
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const given = process.argv[2]
  const server = given ? undefined : await startServer()
  try {
    // HYDRATION_RUNS: fewer runs per route while trying a change (the report's default is HYDRATION.runs).
    // HYDRATION_FIXED_ONLY=1: the rate only, not the calibrated one too.
    const runs = Number(process.env.HYDRATION_RUNS) || HYDRATION.runs
    const report = await measureHydration(given ?? (server?.origin as string), runs, {
      calibrate: !process.env.HYDRATION_FIXED_ONLY,
    })
    console.log(JSON.stringify(report, null, 2))
  } finally {
    await server?.stop()
  }
}
