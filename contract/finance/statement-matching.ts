/**
 * The finance desk's suggested match for each credit line of a bank statement (issue 36, docs/payments.md).
 * Finance confirms, changes or ignores each; nothing here allocates.
 *
 * 1. By reference: invoice numbers (INV-2026-000123, also written `INV2026000123` or `inv 2026 000123`, as
 *    banks' reference fields often strip hyphens) in the end-to-end id, then the structured remittance, then
 *    the unstructured: the open invoices of that currency they name, in that order, each paid up to its
 *    balance; what is left over is a credit on the account of the first named invoice's customer.
 * 2. By sum: else one customer's open invoices whose balances add up exactly to the amount (at most
 *    `maxInvoices` of them), when exactly one customer has such a set.
 *
 * Lines are taken in order and each suggestion takes what it suggests: a later line is not offered an invoice
 * an earlier one already pays. The search by sum is bounded: each customer's sets are enumerated once per
 * statement, smallest first, up to a budget (`defaultMatchLimits`), and only the sums some line of the statement
 * has are kept; a line then looks its amount up. A 5,000-line statement against 10,000 open invoices is matched
 * well within two seconds (bench/statement-matching.ts).
 */
import type { StatementLine } from './bank-statements'

export interface OpenInvoice {
  number: string
  customerId: number
  currency: string
  /** What it owes now, minor units, above zero. */
  balance: number
}

export interface MatchSuggestion {
  identity: string
  rule: 'reference' | 'sum'
  customerId: number
  allocations: { invoiceNumber: string; amount: number }[]
  /** What is left of the line: a credit on the customer's account. */
  credit: number
}

export type MatchableLine = Pick<
  StatementLine,
  'identity' | 'amount' | 'currency' | 'endToEndId' | 'structuredReferences' | 'unstructured'
>

export interface MatchLimits {
  /** The most invoices a sum may take. */
  maxInvoices: number
  /**
   * The sets tried (smallest first) in all, shared evenly among the customers with open invoices in a line's
   * currency, and at least `subsetsPerCustomer` for each.
   */
  subsetsInAll: number
  subsetsPerCustomer: number
}

export const defaultMatchLimits: MatchLimits = {
  maxInvoices: 5,
  subsetsInAll: 1_000_000,
  subsetsPerCustomer: 2_000,
}

const invoiceNumberPattern = /\bINV[\s-]?(\d{4})[\s-]?(\d{6})(?!\d)/gi

/** The invoice numbers written in `text`, in order, each once, as `INV-YYYY-NNNNNN`. */
export function invoiceNumbersIn(text: string | null): string[] {
  if (!text) return []
  const found: string[] = []
  for (const m of text.matchAll(invoiceNumberPattern)) {
    const number = `INV-${m[1]}-${m[2]}`
    if (!found.includes(number)) found.push(number)
  }
  return found
}

/** One customer's invoices adding up to a line's amount. */
interface Candidate {
  customerId: number
  invoices: OpenInvoice[]
}

/** Suggests a match for each line, in order (null: no suggestion). */
export function suggestMatches(
  lines: readonly MatchableLine[],
  openInvoices: readonly OpenInvoice[],
  limits: MatchLimits = defaultMatchLimits,
): (MatchSuggestion | null)[] {
  const left = new Map<string, number>()
  const byNumber = new Map<string, OpenInvoice>()
  for (const inv of openInvoices) {
    if (inv.balance <= 0) continue
    byNumber.set(inv.number, inv)
    left.set(inv.number, inv.balance)
  }
  const sums = sumsIndex(lines, [...byNumber.values()], limits)
  return lines.map(
    (line) => byReference(line, byNumber, left) ?? bySum(line, sums.get(sumKey(line)) ?? [], left),
  )
}

const sumKey = (x: { currency: string; amount: number }) => `${x.currency} ${x.amount}`

/** The sets of each customer's invoices (same currency) whose balances are some line's amount, by amount. */
function sumsIndex(
  lines: readonly MatchableLine[],
  invoices: readonly OpenInvoice[],
  limits: MatchLimits,
): Map<string, Candidate[]> {
  const wanted = new Set(lines.map(sumKey))
  const largest = new Map<string, number>()
  for (const line of lines) largest.set(line.currency, Math.max(largest.get(line.currency) ?? 0, line.amount))
  const groups = new Map<string, OpenInvoice[]>()
  for (const inv of invoices) {
    if (!largest.has(inv.currency)) continue
    const key = `${inv.currency} ${inv.customerId}`
    const group = groups.get(key)
    if (group) group.push(inv)
    else groups.set(key, [inv])
  }
  const index = new Map<string, Candidate[]>()
  const keys = [...groups.keys()].sort()
  const perCustomer = Math.max(limits.subsetsPerCustomer, Math.floor(limits.subsetsInAll / keys.length))
  for (const key of keys) {
    // smallest balances first, so a set stops growing once it passes the largest amount
    const group = groups.get(key)!.sort((a, b) => a.balance - b.balance || (a.number < b.number ? -1 : 1))
    const { currency, customerId } = group[0]!
    const most = largest.get(currency)!
    let budget = perCustomer
    const picked: OpenInvoice[] = []
    const visit = (from: number, size: number, sum: number): void => {
      if (picked.length === size) {
        budget--
        if (wanted.has(`${currency} ${sum}`)) {
          const k = `${currency} ${sum}`
          const found = { customerId, invoices: [...picked] }
          const list = index.get(k)
          if (list) list.push(found)
          else index.set(k, [found])
        }
        return
      }
      for (let i = from; i < group.length && budget > 0; i++) {
        const next = sum + group[i]!.balance
        if (next > most) break
        picked.push(group[i]!)
        visit(i + 1, size, next)
        picked.pop()
      }
    }
    for (let size = 1; size <= Math.min(limits.maxInvoices, group.length) && budget > 0; size++)
      visit(0, size, 0)
  }
  return index
}

function byReference(
  line: MatchableLine,
  byNumber: ReadonlyMap<string, OpenInvoice>,
  left: Map<string, number>,
): MatchSuggestion | null {
  const named = [line.endToEndId, ...line.structuredReferences, line.unstructured].flatMap(invoiceNumbersIn)
  const open = [...new Set(named)]
    .map((n) => byNumber.get(n))
    .filter(
      (inv): inv is OpenInvoice => !!inv && inv.currency === line.currency && (left.get(inv.number) ?? 0) > 0,
    )
  const customerId = open[0]?.customerId
  if (customerId === undefined) return null
  let rest = line.amount
  const allocations: MatchSuggestion['allocations'] = []
  for (const inv of open) {
    if (inv.customerId !== customerId || rest === 0) continue
    const amount = Math.min(rest, left.get(inv.number)!)
    allocations.push({ invoiceNumber: inv.number, amount })
    left.set(inv.number, left.get(inv.number)! - amount)
    rest -= amount
  }
  return { identity: line.identity, rule: 'reference', customerId, allocations, credit: rest }
}

function bySum(
  line: MatchableLine,
  candidates: readonly Candidate[],
  left: Map<string, number>,
): MatchSuggestion | null {
  // a set still open in full: none of its invoices taken or part paid by an earlier line
  const open = candidates.filter((c) => c.invoices.every((inv) => left.get(inv.number) === inv.balance))
  const first = open[0]
  if (!first || open.some((c) => c.customerId !== first.customerId)) return null // none, or two customers could have paid
  for (const inv of first.invoices) left.set(inv.number, 0)
  return {
    identity: line.identity,
    rule: 'sum',
    customerId: first.customerId,
    allocations: first.invoices.map((inv) => ({ invoiceNumber: inv.number, amount: inv.balance })),
    credit: 0,
  }
}
