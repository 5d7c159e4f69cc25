// Benchmark: bundle sizes, initial JS, Lighthouse, precompressed static files, an API load test beside a
// bare Hono server, and the server's resident memory on PGlite and PostgreSQL (bench/memory.ts).
// Usage: npm run bench [-- --no-build] [--duration <s>] [--runs <n>]
import { execFileSync, spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { writeFile } from 'node:fs/promises'
import { cpus, loadavg, platform, release, totalmem } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { measureAuthTiming } from './auth-timing'
import { measureBundle } from './bundle'
import {
  BENCH_DIR,
  DIST_DIR,
  INITIAL_JS_ROUTES,
  LIGHTHOUSE_RUNS,
  LOAD_TEST,
  ROOT_DIR,
  ROUTES,
} from './config'
import { conversationBudgets, conversationsSection, measureConversations } from './conversations'
import { measureDashboard } from './dashboard'
import { measureHydration } from './hydration'
import { measureInitialJs } from './initial-js'
import { invoiceBudgets, invoicesSection, measureInvoices } from './invoices'
import { measureLighthouse } from './lighthouse'
import { measureLoad } from './load'
import { measureLoginFlood } from './login-flood'
import { measureMemory } from './memory'
import { measureOpsDesk, opsDeskBudgets, opsDeskSection } from './operations-desk'
import { startBenchPostgres } from './postgres'
import { benchLogin, measureQuotes, prepareQuoteDatabase } from './quotes'
import { measureRateFiles, rateFileBudgets, rateFilesSection } from './rate-files'
import {
  budgetLines,
  evaluateBudgets,
  evaluateHydrationBudgets,
  evaluateServerBudgets,
  type FullReport,
  initialJsBudgets,
  type MachineFacts,
  renderMarkdown,
} from './report'
import { startServer } from './server'
import { measureStatement, statementBudgets, statementSection } from './statement'
import {
  measureStatementMatching,
  statementMatchingBudgets,
  statementMatchingSection,
} from './statement-matching'
import { measureStaticEncoding } from './static-encoding'
import { measureTracking, prepareTrackingData } from './tracking'
import { errorMessage, log, runCleanups } from './util'

const USAGE = `Usage: npm run bench -- [--no-build] [--duration <seconds>] [--runs <lighthouse runs per route>]`

class UsageError extends Error {}

interface Options {
  build: boolean
  durationSeconds: number
  lighthouseRuns: number
}

function positiveInt(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined) return fallback
  const n = Number(raw)
  if (!Number.isInteger(n) || n < 1)
    throw new UsageError(`--${name} must be a positive integer, got '${raw}'\n${USAGE}`)
  return n
}

function parseOptions(): Options {
  let values: { 'no-build'?: boolean; duration?: string; runs?: string; help?: boolean }
  try {
    ;({ values } = parseArgs({
      options: {
        'no-build': { type: 'boolean', default: false },
        duration: { type: 'string' },
        runs: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
      strict: true,
    }))
  } catch (err) {
    throw new UsageError(`${err instanceof Error ? err.message : String(err)}\n${USAGE}`)
  }
  if (values.help) {
    process.stdout.write(`${USAGE}\n`)
    process.exit(0)
  }
  return {
    build: !values['no-build'],
    durationSeconds: positiveInt('duration', values.duration, LOAD_TEST.durationSeconds),
    lighthouseRuns: positiveInt('runs', values.runs, LIGHTHOUSE_RUNS),
  }
}

function runBuild(): Promise<void> {
  log('npm run build')
  return new Promise((resolve, reject) => {
    // Build output goes to stderr so stdout carries only the report.
    const child = spawn('npm', ['run', 'build'], { cwd: ROOT_DIR, stdio: ['ignore', 2, 2] })
    child.once('error', reject)
    child.once('exit', (code, signal) => {
      if (code === 0) resolve()
      else reject(new Error(`npm run build failed (code ${code ?? 'null'}, signal ${signal ?? 'null'})`))
    })
  })
}

function gitCommit(): string | null {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      cwd: ROOT_DIR,
      stdio: ['ignore', 'pipe', 'ignore'],
    })
      .toString()
      .trim()
  } catch {
    return null
  }
}

function machineFacts(
  chromium: string | null,
  lighthouse: string | null,
  loadAverageAtStart: number[],
  loadAverageAtEnd: number[],
): MachineFacts {
  const cpuList = cpus()
  return {
    node: process.version,
    platform: `${platform()} ${release()}`,
    cpuCount: cpuList.length,
    cpuModel: cpuList[0]?.model.trim() ?? 'unknown',
    totalMemoryGiB: totalmem() / 1024 ** 3,
    loadAverageAtStart,
    loadAverageAtEnd,
    chromium,
    lighthouse,
    gitCommit: gitCommit(),
  }
}

/** Write the JSON report (biome.json leaves it out of lint and format, so it is written as it is). */
async function writeJson(path: string, data: unknown): Promise<void> {
  await writeFile(path, `${JSON.stringify(data, null, 2)}\n`)
}

async function timed<T>(phases: Record<string, number>, name: string, fn: () => Promise<T>): Promise<T> {
  const started = performance.now()
  try {
    return await fn()
  } finally {
    phases[name] = (performance.now() - started) / 1000
  }
}

async function main(): Promise<void> {
  const options = parseOptions()
  const phases: Record<string, number> = {}
  const date = new Date()
  const loadAtStart = loadavg()

  if (options.build) await timed(phases, 'build', runBuild)
  if (!existsSync(join(DIST_DIR, 'index.html'))) {
    throw new Error(
      `${DIST_DIR}/index.html not found — run without --no-build or run \`npm run build\` first`,
    )
  }

  log('measuring bundle sizes')
  const bundle = await timed(phases, 'bundle', () => measureBundle(DIST_DIR))

  const server = await timed(phases, 'server start', startServer)
  const origin = server.origin
  const initialJs = await timed(phases, 'initial JS', () =>
    measureInitialJs(origin, INITIAL_JS_ROUTES, DIST_DIR),
  )
  const lighthouse = await timed(phases, 'lighthouse', () =>
    measureLighthouse(origin, ROUTES, options.lighthouseRuns),
  )
  const hydration = await timed(phases, 'time to hydrated', () => measureHydration(origin))
  const staticEncoding = await timed(phases, 'static encoding', () =>
    measureStaticEncoding(origin, ROUTES, DIST_DIR),
  )
  const bare = await startServer({ script: 'bench/hello-server.ts', healthPath: '/', name: 'hello-server' })
  const load = await timed(phases, 'load test', () =>
    measureLoad(origin, bare.origin, options.durationSeconds),
  )
  await bare.stop()
  await server.stop()

  const postgres = await startBenchPostgres()
  const quoteDatabase = await timed(phases, 'quote database', () => prepareQuoteDatabase(postgres?.url))
  const quoteServer = await startServer({ name: 'quote-server', env: quoteDatabase.env })
  const token = await benchLogin(quoteServer.origin)
  const quotes = await timed(phases, 'quote load test', () =>
    measureQuotes(quoteServer.origin, quoteDatabase, token, options.durationSeconds),
  )
  await quoteServer.stop()
  const trackingData = await timed(phases, 'tracking data', () => prepareTrackingData(postgres?.url))
  const trackingServer = await startServer({ name: 'tracking-server', env: quoteDatabase.env })
  const tracking = await timed(phases, 'tracking load test', () =>
    measureTracking(trackingServer.origin, quoteDatabase, trackingData, token, options.durationSeconds),
  )
  const dashboard = await timed(phases, 'dashboard load test', () =>
    measureDashboard(trackingServer.origin, options.durationSeconds),
  )
  await trackingServer.stop()
  const memory = await timed(phases, 'memory', () => measureMemory(postgres?.url))
  const login = await timed(phases, 'login flood', () =>
    measureLoginFlood(postgres?.url, options.durationSeconds),
  )
  const signInTiming = await timed(phases, 'sign-in timing', () => measureAuthTiming(postgres?.url))
  const conversations = await timed(phases, 'conversations', () => measureConversations(postgres?.url))
  const opsDesk = await timed(phases, 'operations desk', () =>
    measureOpsDesk(postgres?.url, options.durationSeconds),
  )
  const rateFiles = await timed(phases, 'rate files', () => measureRateFiles())
  const invoices = await timed(phases, 'invoices', () =>
    measureInvoices(postgres?.url, options.durationSeconds),
  )
  const statement = await timed(phases, 'statement of account', () =>
    measureStatement(postgres?.url, options.durationSeconds),
  )
  postgres?.stop()
  const matching = await timed(phases, 'statement matching', async () => measureStatementMatching())

  const budgets = evaluateBudgets(initialJs, lighthouse)
  const serverBudgets = [
    ...initialJsBudgets(initialJs, ROUTES),
    ...evaluateHydrationBudgets(hydration),
    ...evaluateServerBudgets(load, staticEncoding, quotes, tracking, dashboard, {
      login,
      signInTiming,
    }),
    ...conversationBudgets(conversations),
    ...opsDeskBudgets(opsDesk),
    ...rateFileBudgets(rateFiles),
    ...invoiceBudgets(invoices),
    ...statementBudgets(statement),
    ...statementMatchingBudgets(matching),
  ]
  const report: FullReport & {
    conversations: typeof conversations
    opsDesk: typeof opsDesk
    rateFiles: typeof rateFiles
    invoices: typeof invoices
    statement: typeof statement
    matching: typeof matching
  } = {
    date: date.toISOString(),
    machine: machineFacts(initialJs.browserVersion, lighthouse.lighthouseVersion, loadAtStart, loadavg()),
    options: { ...options, routes: ROUTES },
    phaseSeconds: phases,
    bundle,
    initialJs,
    lighthouse,
    load,
    staticEncoding,
    quotes,
    tracking,
    dashboard,
    hydration,
    memory,
    login,
    signInTiming,
    conversations,
    opsDesk,
    rateFiles,
    invoices,
    statement,
    matching,
    budgets,
    serverBudgets,
  }

  const markdown = `${renderMarkdown(report)}\n${conversationsSection(conversations)}\n${opsDeskSection(opsDesk)}\n${rateFilesSection(rateFiles)}\n${invoicesSection(invoices)}\n${statementSection(statement)}\n${statementMatchingSection(matching)}`
  await writeFile(join(BENCH_DIR, 'report.md'), markdown)
  await writeJson(join(BENCH_DIR, 'report.json'), report)
  process.stdout.write(markdown)
  process.stdout.write(`\n${budgetLines(budgets, serverBudgets).join('\n')}\n`)
  log(`wrote ${join(BENCH_DIR, 'report.md')} and report.json`)
}

let interrupted = false
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.once(signal, () => {
    interrupted = true
    log(`received ${signal}, cleaning up`)
    void runCleanups().finally(() => process.exit(130))
  })
}

try {
  await main()
} catch (err) {
  // After a signal, errors are just the browsers/server going away under a running phase.
  if (!interrupted) log(err instanceof UsageError ? err.message : `FAILED: ${errorMessage(err)}`)
  process.exitCode = 1
} finally {
  // Stops the server (and any browser) if a phase threw before doing so itself.
  await runCleanups()
}
// Lighthouse/Chromium helpers can leave handles open; do not hang after the report.
process.exit(process.exitCode ?? 0)
