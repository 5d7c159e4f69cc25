/**
 * How long suggestMatches takes on issue 36's measure: a 5,000-line statement against 10,000 open invoices
 * (goal ≤ 2 s). A script, not a test (no timed tests):
 * `node --import tsx bench/statement-matching.ts` alone, or a section of `npm run bench`.
 * 2,000 customers with 5 open invoices each. A third of the lines name an invoice, a third pay an exact set of
 * one customer's invoices without saying which, a third match nothing. Then the same against 20 customers of
 * 500 invoices each, where each customer's sets are cut at `subsetsPerCustomer`.
 */
import type { MatchableLine, OpenInvoice } from '../contract/finance/statement-matching'
import { suggestMatches } from '../contract/finance/statement-matching'
import type { BudgetCheck } from './report'

let seed = 36
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31
  return seed / 2 ** 31
}
const between = (min: number, max: number) => min + Math.floor(random() * (max - min + 1))

export function timingData(customers = 2_000, invoices = 10_000, lines = 5_000) {
  const open: OpenInvoice[] = Array.from({ length: invoices }, (_, i) => ({
    number: `INV-2026-${String(i + 1).padStart(6, '0')}`,
    customerId: 1 + (i % customers),
    currency: 'SGD',
    balance: between(10_000, 2_000_000),
  }))
  const statement: MatchableLine[] = Array.from({ length: lines }, (_, i) => {
    const base = {
      identity: `L${i}`,
      currency: 'SGD',
      endToEndId: null,
      structuredReferences: [],
      unstructured: null,
    }
    const kind = i % 3
    const paying = Math.min(customers, Math.ceil(lines / 3)) // customers the sum lines pay
    if (kind === 0) {
      // an invoice of a customer no sum line pays, when there are such customers
      const customer = paying < customers ? between(paying, customers - 1) : between(0, customers - 1)
      const named = open[customers * between(0, invoices / customers - 1) + customer]!
      return { ...base, amount: named.balance, unstructured: `Payment ${named.number}` }
    }
    if (kind === 1) {
      // each sum line its own customer's next invoices, so the sets are still open
      const customer = Math.floor(i / 3) % paying
      const from = 3 * Math.floor(Math.floor(i / 3) / paying)
      const own = open.filter((_, n) => n % customers === customer).slice(from, from + between(1, 3))
      return { ...base, amount: own.reduce((sum, inv) => sum + inv.balance, 0) }
    }
    return { ...base, amount: between(1_000, 6_000_000) }
  })
  return { open, statement }
}

export const MATCHING_BUDGET_MS = 2_000

export interface MatchingRun {
  customers: number
  /** Each run's time, ms. */
  ms: number[]
  byRule: { reference: number; sum: number; none: number }
}

/** Three runs for each spread of invoices: 2,000 customers of 5, then 20 customers of 500. */
export function measureStatementMatching(): MatchingRun[] {
  return [2_000, 20].map((customers) => {
    const { open, statement } = timingData(customers)
    const ms: number[] = []
    let byRule = { reference: 0, sum: 0, none: 0 }
    for (let run = 1; run <= 3; run++) {
      const started = performance.now()
      const suggested = suggestMatches(statement, open)
      ms.push(Math.round(performance.now() - started))
      byRule = { reference: 0, sum: 0, none: 0 }
      for (const s of suggested) byRule[s ? s.rule : 'none']++
    }
    return { customers, ms, byRule }
  })
}

export function statementMatchingBudgets(runs: readonly MatchingRun[]): BudgetCheck[] {
  return runs.map((run) => {
    const worst = Math.max(...run.ms)
    return {
      metric: `Bank statement: 5,000 lines matched against 10,000 open invoices of ${run.customers} customers, slowest of 3 (ms)`,
      value: worst,
      budget: `≤ ${MATCHING_BUDGET_MS} ms`,
      pass: worst <= MATCHING_BUDGET_MS,
    }
  })
}

export function statementMatchingSection(runs: readonly MatchingRun[]): string {
  return [
    '## Bank statements: suggesting matches',
    '',
    `A 5,000-line statement against 10,000 open invoices (contract \`suggestMatches\`), three runs; the budget is ≤ ${MATCHING_BUDGET_MS} ms.`,
    '',
    '| customers | runs (ms) | by reference | by sum | none |',
    '| --- | --- | --- | --- | --- |',
    ...runs.map(
      (run) =>
        `| ${run.customers} | ${run.ms.join(', ')} | ${run.byRule.reference} | ${run.byRule.sum} | ${run.byRule.none} |`,
    ),
    '',
  ].join('\n')
}

// Run alone: prints the section.
if (import.meta.url === `file://${process.argv[1]}`) {
  process.stdout.write(statementMatchingSection(measureStatementMatching()))
}
