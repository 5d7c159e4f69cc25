import { authTimingLines } from './auth-timing'
import { loginFloodLines } from './login-flood'
import { memorySection } from './memory'
import type { FullReport } from './report-data'
import {
  budgetSection,
  bundleSection,
  hydrationSection,
  initialJsSection,
  lighthouseSection,
  loadSection,
  machineSection,
  quotesSection,
  serverBudgetSection,
  staticEncodingSection,
} from './report-sections'

// The budgets' verdicts (report-budgets.ts) and the report's shape (report-data.ts), as bench/run.ts takes them.
export {
  type BudgetCheck,
  budgetLines,
  evaluateBudgets,
  evaluateHydrationBudgets,
  evaluateServerBudgets,
  initialJsBudgets,
  type RouteBudget,
} from './report-budgets'
export type { FullReport, MachineFacts } from './report-data'

export function renderMarkdown(r: FullReport): string {
  const phases = Object.entries(r.phaseSeconds)
    .map(([k, v]) => `${k} ${v.toFixed(1)} s`)
    .join(', ')
  return [
    `# Benchmark report — ${r.date}`,
    '',
    `Routes: ${r.options.routes.map((x) => `\`${x}\``).join(', ')}. KB = 1024 bytes. Phases: ${phases}.`,
    '',
    '## Machine',
    '',
    machineSection(r),
    '',
    '## Budgets',
    '',
    budgetSection(r),
    '',
    serverBudgetSection(r),
    '',
    '## Bundle sizes (dist/client, JS + CSS)',
    '',
    bundleSection(r),
    '',
    '## Initial JS per route',
    '',
    'Every script response until `load` + network idle in Chromium, sized from the files in dist/client (gzip level 9).',
    '',
    initialJsSection(r),
    '',
    '## Lighthouse',
    '',
    lighthouseSection(r),
    '',
    '## Time to hydrated',
    '',
    hydrationSection(r),
    '',
    '## API load test',
    '',
    loadSection(r),
    '',
    '## Static files precompressed',
    '',
    staticEncodingSection(r),
    '',
    '## Quote and tracking API load tests',
    '',
    quotesSection(r),
    '',
    '## Server memory',
    '',
    memorySection(r.memory),
    '',
    ...(r.login ? ['## Login under a flood of wrong passwords', '', ...loginFloodLines(r.login), ''] : []),
    ...(r.signInTiming
      ? ['## Sign-in answers for known and unknown emails', '', ...authTimingLines(r.signInTiming), '']
      : []),
  ].join('\n')
}
