/**
 * The pricing desk's rate file at scale (issue 23): a file of 50,000 lines (10,000 FCL sheets of 10 carriers,
 * 5 charge lines each) dry-run and applied on an empty embedded PGlite, then a second file, every tenth
 * sheet 10 % dearer, dry-run and applied against the 10,000 stored. The dry run must take well under 10 s.
 * `node --import tsx bench/rate-files.ts` runs it alone; `npm run bench` with the rest.
 */
import { pathToFileURL } from 'node:url'
import { singaporeDateOf } from '../contract/dates'
import { openPGlite } from '../server/db/client'
import { prepareDatabase } from '../server/prepare'
import { csvColumns } from '../server/rates/csv'
import { applyRateFile, dryRunRateFile } from '../server/rates/rate-files'
import type { BudgetCheck } from './report-budgets'
import { log, round } from './util'

/** The lines of the file, and the budget of its dry run. */
export const RATE_FILE_BENCH = { lines: 50_000, dryRunBudgetSeconds: 10 }

export interface RateFileBenchReport {
  lines: number
  bytes: number
  /** Seconds, each on the file of its row. */
  firstDryRun: number
  firstApply: number
  secondDryRun: number
  secondApply: number
  changed: number
  budgetSeconds: number
  pass: boolean
}

const CARRIERS = 10
const LINES_PER_SHEET = 5

/** The file: `destinations` × CARRIERS sheets from SGSIN, every `dearerEvery`th sheet 10 % dearer (0: none). */
function rateFile(destinations: string[], from: string, to: string, dearerEvery: number): string {
  const rows = [csvColumns.join(',')]
  let sheet = 0
  for (let carrier = 1; carrier <= CARRIERS; carrier += 1) {
    for (const destination of destinations) {
      sheet += 1
      const scale = dearerEvery > 0 && sheet % dearerEvery === 0 ? 1.1 : 1
      const lane = `FCL,SGSIN,${destination},Bench Line ${carrier},Direct,${10 + (sheet % 20)},WED,2,3,14,${from},${to},USD,1;7`
      const amount = (base: number) => (base * scale).toFixed(2)
      rows.push(
        `${lane},BAS,Ocean freight,freight,container,20GP,,${amount(800)},,,`,
        `${lane},BAS,Ocean freight,freight,container,40GP,,${amount(1200)},,,`,
        `${lane},BAS,Ocean freight,freight,container,40HC,,${amount(1300)},,,`,
        `${lane},OTHC,Origin terminal handling,origin,shipment,,SGD,${amount(350)},,,`,
        `${lane},DOC,Documentation,origin,shipment,,,${amount(50)},,,`,
      )
    }
  }
  return rows.join('\n')
}

const seconds = async <T>(work: () => Promise<T>): Promise<[number, T]> => {
  const start = performance.now()
  const result = await work()
  return [round((performance.now() - start) / 1000, 2), result]
}

export async function measureRateFiles(): Promise<RateFileBenchReport> {
  const handle = await openPGlite('memory://')
  try {
    await prepareDatabase(handle.db, { demoSeed: false })
    const ports = await handle.db
      .selectFrom('locations')
      .select('code')
      .where('kind', '=', 'port')
      .where('code', '!=', 'SGSIN')
      .orderBy('code')
      .limit(RATE_FILE_BENCH.lines / LINES_PER_SHEET / CARRIERS)
      .execute()
    const destinations = ports.map((port) => port.code)
    const now = new Date()
    const today = singaporeDateOf(now)
    const to = `${Number(today.slice(0, 4)) + 1}${today.slice(4)}`
    const audit = { actor: { kind: 'system' as const, name: 'bench' }, clientAddress: null }
    const first = { name: 'bench.csv', csv: rateFile(destinations, today, to, 0) }
    const second = { name: 'bench-dearer.csv', csv: rateFile(destinations, today, to, 10) }
    const lines = first.csv.split('\n').length - 1

    const [firstDryRun, report] = await seconds(() => dryRunRateFile(handle.db, first, now))
    if (report.refused.length > 0)
      throw new Error(`the bench file is refused: ${JSON.stringify(report.refused[0])}`)
    const [firstApply] = await seconds(() => applyRateFile(handle.db, first, audit, now))
    const [secondDryRun, again] = await seconds(() => dryRunRateFile(handle.db, second, now))
    const [secondApply] = await seconds(() => applyRateFile(handle.db, second, audit, now))
    const budgetSeconds = RATE_FILE_BENCH.dryRunBudgetSeconds
    return {
      lines,
      bytes: Buffer.byteLength(first.csv),
      firstDryRun,
      firstApply,
      secondDryRun,
      secondApply,
      changed: again.changed.length,
      budgetSeconds,
      pass: Math.max(firstDryRun, secondDryRun) < budgetSeconds && lines >= RATE_FILE_BENCH.lines,
    }
  } finally {
    await handle.close()
  }
}

/** The budget line of the report (with the others of `npm run bench`). */
export function rateFileBudgets(r: RateFileBenchReport): BudgetCheck[] {
  return [
    {
      metric: `Rate file dry run (s), ${r.lines.toLocaleString('en-US')} lines`,
      value: Math.max(r.firstDryRun, r.secondDryRun),
      budget: `< ${r.budgetSeconds} s`,
      pass: r.pass,
    },
  ]
}

export function rateFilesSection(r: RateFileBenchReport): string {
  return [
    '## The pricing desk: a rate file of 50,000 lines',
    '',
    `Embedded PGlite in memory, in process (no HTTP): ${r.lines.toLocaleString('en-US')} lines (${(r.bytes / 1024 / 1024).toFixed(1)} MB), 10,000 FCL sheets of 10 carriers. First on an empty database, then a second file with every tenth sheet 10 % dearer against the 10,000 stored (${r.changed} changed). Parsing and checking the file (server/rates/csv.ts) is about half of a dry run.`,
    '',
    '| file | dry run | apply |',
    '| --- | --- | --- |',
    `| into an empty database | ${r.firstDryRun} s | ${r.firstApply} s |`,
    `| against the sheets stored | ${r.secondDryRun} s | ${r.secondApply} s |`,
    '',
  ].join('\n')
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const report = await measureRateFiles()
  log(
    `rate file of ${report.lines} lines (${(report.bytes / 1024 / 1024).toFixed(1)} MB): dry run ${report.firstDryRun} s and apply ${report.firstApply} s on an empty database; against the 10,000 sheets stored (${report.changed} changed) dry run ${report.secondDryRun} s, apply ${report.secondApply} s`,
  )
  for (const line of rateFileBudgets(report)) {
    log(`${line.metric}: ${line.value} (budget ${line.budget}) ${line.pass ? 'pass' : 'FAIL'}`)
  }
  process.exit(report.pass ? 0 : 1)
}
