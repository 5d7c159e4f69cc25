/**
 * How long suggestMatches takes on issue 36's measure: a 5,000-line statement against 10,000 open invoices
 * (goal ≤ 2 s). A script, not a test (no timed tests):
 * `node --import tsx bench/statement-matching.ts` (issue 36 joins it to `npm run bench`).
 * 2,000 customers with 5 open invoices each. A third of the lines name an invoice, a third pay an exact set of
 * one customer's invoices without saying which, a third match nothing. Then the same against 20 customers of
 * 500 invoices each, where each customer's sets are cut at `subsetsPerCustomer`.
 */
import type { MatchableLine, OpenInvoice } from '../contract/finance/statement-matching'
import { suggestMatches } from '../contract/finance/statement-matching'

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

for (const customers of [2_000, 20]) {
  const { open, statement } = timingData(customers)
  for (let run = 1; run <= 3; run++) {
    const started = performance.now()
    const suggested = suggestMatches(statement, open)
    const ms = performance.now() - started
    const byRule = { reference: 0, sum: 0, none: 0 }
    for (const s of suggested) byRule[s ? s.rule : 'none']++
    console.log(
      `${customers} customers, run ${run}: ${ms.toFixed(0)} ms for 5,000 lines, 10,000 invoices`,
      byRule,
    )
  }
}
