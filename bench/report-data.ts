/** What a bench run collects and writes to bench/report.json, from which report.ts renders report.md. */
import type { AuthTimingReport } from './auth-timing'
import type { BundleReport } from './bundle'
import type { DashboardLoadReport } from './dashboard'
import type { HydrationReport } from './hydration'
import type { InitialJsReport } from './initial-js'
import type { LighthouseReport } from './lighthouse'
import type { LoadReport } from './load'
import type { LoginFloodReport } from './login-flood'
import type { MemoryReport } from './memory'
import type { QuoteLoadReport } from './quotes'
import type { BudgetCheck, RouteBudget } from './report-budgets'
import type { StaticEncodingReport } from './static-encoding'
import type { TrackingLoadReport } from './tracking'

export interface MachineFacts {
  node: string
  platform: string
  cpuCount: number
  cpuModel: string
  totalMemoryGiB: number
  /** os.loadavg() when the bench started: other work on the machine skews Lighthouse and autocannon. */
  loadAverageAtStart: number[]
  /** os.loadavg() when the measurements were over: other engineers' tests may have started meanwhile. */
  loadAverageAtEnd: number[]
  chromium: string | null
  lighthouse: string | null
  gitCommit: string | null
}

export interface FullReport {
  date: string
  machine: MachineFacts
  options: { build: boolean; durationSeconds: number; lighthouseRuns: number; routes: readonly string[] }
  phaseSeconds: Record<string, number>
  bundle: BundleReport
  initialJs: InitialJsReport
  lighthouse: LighthouseReport
  load: LoadReport
  staticEncoding: StaticEncodingReport
  quotes: QuoteLoadReport
  tracking: TrackingLoadReport
  /** Absent from reports written before the dashboard existed. */
  dashboard?: DashboardLoadReport
  /** Absent from reports written before time to hydrated was measured. */
  hydration?: HydrationReport
  /** Absent from reports written before memory was measured. */
  memory?: MemoryReport
  /** Absent from reports written before the login limits (issue 19). */
  login?: LoginFloodReport
  signInTiming?: AuthTimingReport
  budgets: RouteBudget[]
  /** The API and static-serving budgets, which belong to no route. */
  serverBudgets: BudgetCheck[]
}
