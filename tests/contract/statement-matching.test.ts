/**
 * Suggested matches of bank lines (contract/finance/statement-matching.ts, issue 36): an invoice number in the
 * references first (end-to-end id, structured, unstructured), else one customer's open invoices summing exactly
 * to the amount; a suggestion never pays an invoice beyond its balance nor a line beyond its amount.
 */
import { readFileSync } from 'node:fs'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { parseCamt053 } from '../../contract/finance/bank-statements'
import {
  invoiceNumbersIn,
  type MatchableLine,
  type OpenInvoice,
  suggestMatches,
} from '../../contract/finance/statement-matching'

const inv = (n: number, customerId: number, balance: number, currency = 'SGD'): OpenInvoice => ({
  number: `INV-2026-${String(n).padStart(6, '0')}`,
  customerId,
  currency,
  balance,
})
const line = (amount: number, refs: Partial<MatchableLine> = {}, currency = 'SGD'): MatchableLine => ({
  identity: `line-${amount}-${Math.random()}`,
  amount,
  currency,
  endToEndId: null,
  structuredReferences: [],
  unstructured: null,
  ...refs,
})

describe('invoiceNumbersIn', () => {
  it('finds invoice numbers as banks write them', () => {
    expect(
      invoiceNumbersIn('pay inv 2026 000003, INV2026000004 and INV-2026-000003; INV-2026-0000051'),
    ).toEqual(['INV-2026-000003', 'INV-2026-000004'])
  })
})

describe('suggestMatches', () => {
  it('matches the camt.053 fixture by the references it carries', () => {
    const parsed = parseCamt053(
      readFileSync(new URL('../fixtures/camt053/statement-001-08.xml', import.meta.url), 'utf8'),
    )
    if (!parsed.ok) throw new Error(parsed.message)
    const open = [
      inv(1, 7, 107_000),
      inv(2, 8, 150_000),
      inv(3, 9, 200_050),
      inv(4, 10, 81_240, 'USD'),
      inv(5, 11, 49_950),
    ]
    const suggested = suggestMatches(parsed.lines, open)
    expect(
      suggested.map(
        (s) => s && [s.rule, s.customerId, s.allocations.map((a) => [a.invoiceNumber, a.amount]), s.credit],
      ),
    ).toEqual([
      ['reference', 7, [['INV-2026-000001', 107_000]], 0],
      ['reference', 8, [['INV-2026-000002', 100_000]], 0],
      ['reference', 9, [['INV-2026-000003', 200_050]], 0],
      ['sum', 11, [['INV-2026-000005', 49_950]], 0],
      ['reference', 10, [['INV-2026-000004', 81_240]], 0],
    ])
  })

  it('prefers the end-to-end id, leaves an over-payment as credit and never pays an invoice twice', () => {
    const open = [inv(1, 1, 10_000), inv(2, 1, 5_000)]
    const [first, second] = suggestMatches(
      [
        line(12_000, { endToEndId: 'INV-2026-000001', unstructured: 'INV-2026-000002' }),
        line(3_000, { unstructured: 'again INV-2026-000001' }),
      ],
      open,
    )
    expect(first).toMatchObject({
      rule: 'reference',
      allocations: [
        { invoiceNumber: 'INV-2026-000001', amount: 10_000 },
        { invoiceNumber: 'INV-2026-000002', amount: 2_000 },
      ],
      credit: 0,
    })
    expect(second).toBeNull() // INV-2026-000001 is paid by the first line; 3,000 is no set of what is left (3,000 of INV-2026-000002)
  })

  it("finds one customer's invoices that add up, and says nothing when two customers could have paid", () => {
    const open = [
      inv(1, 1, 10_000),
      inv(2, 1, 2_500),
      inv(3, 1, 7_125),
      inv(4, 2, 4_000),
      inv(5, 2, 6_000),
      inv(6, 3, 99_999, 'USD'),
    ]
    const [ambiguous, sum, otherCurrency] = suggestMatches([line(10_000), line(19_625), line(99_999)], open)
    expect(sum).toMatchObject({ rule: 'sum', customerId: 1 })
    expect(sum!.allocations.map((a) => a.invoiceNumber).sort()).toEqual([
      'INV-2026-000001',
      'INV-2026-000002',
      'INV-2026-000003',
    ])
    expect(ambiguous).toBeNull() // customer 1's 10,000 or customer 2's 4,000 + 6,000
    expect(otherCurrency).toBeNull()
  })

  it('never suggests more than a line pays or an invoice owes', () => {
    const invoiceArb = fc.record({
      customerId: fc.integer({ min: 1, max: 4 }),
      balance: fc.integer({ min: 1, max: 3_000 }),
      currency: fc.constantFrom('SGD', 'USD'),
    })
    const lineArb = fc.record({
      amount: fc.integer({ min: 1, max: 8_000 }),
      ref: fc.option(fc.nat({ max: 30 })),
      currency: fc.constantFrom('SGD', 'USD'),
    })
    fc.assert(
      fc.property(
        fc.array(invoiceArb, { maxLength: 25 }),
        fc.array(lineArb, { maxLength: 15 }),
        (invoices, lines) => {
          const open = invoices.map((i, n) => inv(n + 1, i.customerId, i.balance, i.currency))
          const suggested = suggestMatches(
            lines.map((l, n) => ({
              ...line(
                l.amount,
                { unstructured: l.ref === null ? null : `INV-2026-${String(l.ref).padStart(6, '0')}` },
                l.currency,
              ),
              identity: String(n),
            })),
            open,
          )
          const paid = new Map<string, number>()
          suggested.forEach((s, n) => {
            if (!s) return
            const total = s.allocations.reduce((a, b) => a + b.amount, 0)
            expect(total + s.credit).toBe(lines[n]!.amount)
            if (s.rule === 'sum') expect(s.credit).toBe(0)
            for (const a of s.allocations) {
              const invoice = open.find((o) => o.number === a.invoiceNumber)!
              expect([invoice.currency, invoice.customerId]).toEqual([lines[n]!.currency, s.customerId])
              expect(a.amount).toBeGreaterThan(0)
              paid.set(a.invoiceNumber, (paid.get(a.invoiceNumber) ?? 0) + a.amount)
            }
          })
          for (const o of open) expect(paid.get(o.number) ?? 0).toBeLessThanOrEqual(o.balance)
        },
      ),
      { numRuns: 300 },
    )
  })
})
