import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { launch } from 'chrome-launcher'
import lighthouse, { type Flags, type Result } from 'lighthouse'
import { type CategoryId, CHROME_FLAGS, CHROMIUM_PATH, LIGHTHOUSE_CATEGORIES, TMP_DIR } from './config'
import { log, median, onCleanup, round } from './util'

export interface LighthouseRun {
  scores: Record<CategoryId, number | null>
  lcpSeconds: number | null
  tbtMs: number | null
  cls: number | null
  fcpSeconds: number | null
  speedIndexSeconds: number | null
  warnings: string[]
  runtimeError: string | null
  /** Audits of the measured categories that did not pass (score < 0.9), for quick triage. */
  failedAudits: FailedAudit[]
}

export interface FailedAudit {
  category: CategoryId
  id: string
  title: string
  score: number
  displayValue: string | null
}

export interface LighthouseMedians {
  scores: Record<CategoryId, number | null>
  lcpSeconds: number | null
  tbtMs: number | null
  cls: number | null
  fcpSeconds: number | null
  speedIndexSeconds: number | null
}

export interface LighthouseRouteResult {
  route: string
  url: string
  runs: LighthouseRun[]
  median: LighthouseMedians
}

export interface LighthouseReport {
  lighthouseVersion: string | null
  userAgent: string | null
  benchmarkIndex: number | null
  formFactor: string | null
  throttlingMethod: string | null
  routes: LighthouseRouteResult[]
}

function numeric(lhr: Result, id: string): number | null {
  const value = lhr.audits[id]?.numericValue
  return typeof value === 'number' && Number.isFinite(value) ? value : null
}

const UNSCORED = new Set(['informative', 'notApplicable', 'manual', 'error'])

function failedAudits(lhr: Result): FailedAudit[] {
  const failed: FailedAudit[] = []
  for (const category of LIGHTHOUSE_CATEGORIES) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id]
      if (!audit || audit.score === null || audit.score >= 0.9 || UNSCORED.has(audit.scoreDisplayMode))
        continue
      failed.push({
        category,
        id: audit.id,
        title: audit.title,
        score: audit.score,
        displayValue: audit.displayValue ?? null,
      })
    }
  }
  return failed
}

function toRun(lhr: Result): LighthouseRun {
  const scores = {} as Record<CategoryId, number | null>
  for (const id of LIGHTHOUSE_CATEGORIES) {
    const score = lhr.categories[id]?.score
    scores[id] = typeof score === 'number' ? Math.round(score * 100) : null
  }
  const ms = (id: string) => numeric(lhr, id)
  const seconds = (id: string) => {
    const v = ms(id)
    return v === null ? null : v / 1000
  }
  return {
    scores,
    lcpSeconds: seconds('largest-contentful-paint'),
    tbtMs: ms('total-blocking-time'),
    cls: ms('cumulative-layout-shift'),
    fcpSeconds: seconds('first-contentful-paint'),
    speedIndexSeconds: seconds('speed-index'),
    warnings: lhr.runWarnings.map(String),
    runtimeError: lhr.runtimeError ? `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` : null,
    failedAudits: failedAudits(lhr),
  }
}

function medianOf(values: (number | null)[], digits: number): number | null {
  const present = values.filter((v): v is number => v !== null)
  return present.length === 0 ? null : round(median(present), digits)
}

function medians(runs: LighthouseRun[]): LighthouseMedians {
  const scores = {} as Record<CategoryId, number | null>
  for (const id of LIGHTHOUSE_CATEGORIES)
    scores[id] = medianOf(
      runs.map((r) => r.scores[id]),
      0,
    )
  return {
    scores,
    lcpSeconds: medianOf(
      runs.map((r) => r.lcpSeconds),
      2,
    ),
    tbtMs: medianOf(
      runs.map((r) => r.tbtMs),
      0,
    ),
    cls: medianOf(
      runs.map((r) => r.cls),
      3,
    ),
    fcpSeconds: medianOf(
      runs.map((r) => r.fcpSeconds),
      2,
    ),
    speedIndexSeconds: medianOf(
      runs.map((r) => r.speedIndexSeconds),
      2,
    ),
  }
}

/** One Lighthouse run in a fresh Chromium (fresh temp profile from chrome-launcher). */
async function runOnce(url: string): Promise<Result> {
  // handleSIGINT: false, or chrome-launcher exits the process on Ctrl-C before the server is stopped.
  const chrome = await launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: [...CHROME_FLAGS],
    logLevel: 'error',
    handleSIGINT: false,
  })
  const kill = async (): Promise<void> => {
    const exited = new Promise<void>((resolve) => {
      if (chrome.process.exitCode !== null || chrome.process.signalCode !== null) resolve()
      else chrome.process.once('exit', () => resolve())
      setTimeout(resolve, 5_000).unref()
    })
    chrome.kill()
    await exited
  }
  const unregister = onCleanup(kill)
  try {
    const flags: Flags = {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...LIGHTHOUSE_CATEGORIES],
    }
    const result = await lighthouse(url, flags)
    if (result === undefined) throw new Error(`Lighthouse returned no result for ${url}`)
    return result.lhr
  } finally {
    unregister()
    await kill()
  }
}

export async function measureLighthouse(
  origin: string,
  routes: readonly string[],
  runsPerRoute: number,
): Promise<LighthouseReport> {
  const report: LighthouseReport = {
    lighthouseVersion: null,
    userAgent: null,
    benchmarkIndex: null,
    formFactor: null,
    throttlingMethod: null,
    routes: [],
  }
  for (const route of routes) {
    const url = `${origin}${route}`
    const runs: LighthouseRun[] = []
    for (let i = 1; i <= runsPerRoute; i++) {
      const started = Date.now()
      let lhr = await runOnce(url)
      // A run whose trace failed (NO_NAVSTART and the like) has no numbers; Lighthouse says to run it again.
      if (lhr.runtimeError) {
        log(`  lighthouse runtime error, running ${route} ${i} again: ${lhr.runtimeError.code}`)
        lhr = await runOnce(url)
      }
      // The whole result, to read what the numbers come from (LCP element, request chains); not committed.
      mkdirSync(TMP_DIR, { recursive: true })
      writeFileSync(join(TMP_DIR, `lighthouse${route.replaceAll('/', '-')}-${i}.json`), JSON.stringify(lhr))
      const run = toRun(lhr)
      runs.push(run)
      report.lighthouseVersion = lhr.lighthouseVersion
      report.userAgent = lhr.environment.hostUserAgent
      report.benchmarkIndex = lhr.environment.benchmarkIndex
      report.formFactor = lhr.configSettings.formFactor
      report.throttlingMethod = lhr.configSettings.throttlingMethod
      const s = run.scores
      log(
        `lighthouse ${route} run ${i}/${runsPerRoute} (${((Date.now() - started) / 1000).toFixed(1)} s): ` +
          `perf ${s.performance} a11y ${s.accessibility} bp ${s['best-practices']} seo ${s.seo} ` +
          `LCP ${run.lcpSeconds?.toFixed(2)} s TBT ${run.tbtMs?.toFixed(0)} ms CLS ${run.cls?.toFixed(3)}`,
      )
      for (const w of run.warnings) log(`  lighthouse warning: ${w}`)
      if (run.runtimeError) log(`  lighthouse runtime error: ${run.runtimeError}`)
    }
    report.routes.push({ route, url, runs, median: medians(runs) })
  }
  return report
}
