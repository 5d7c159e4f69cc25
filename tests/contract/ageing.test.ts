/**
 * A statement of account's ageing (contract/finance/ageing.ts, issue 36): the buckets always sum to the
 * balance, the balance is the invoices' balances less the credits, and an invoice moves to the next bucket on
 * the day after each boundary (1, 31, 61, 91 days past due, in Singapore days).
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { addDays } from '../../contract/dates'
import { ageBuckets, ageingOf, bucketOf, type OpenItem } from '../../contract/finance/ageing'

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0)

const itemArb = fc.record({
  kind: fc.constantFrom<OpenItem['kind']>('invoice', 'credit_note', 'payment'),
  reference: fc.string({ maxLength: 8 }),
  day: fc.integer({ min: -400, max: 60 }).map((d) => addDays('2026-06-15', d)),
  amount: fc.integer({ min: 0, max: 50_000_000 }),
})

describe('ageingOf', () => {
  it('sums its buckets to the balance: invoices less credit notes less unallocated payments', () => {
    fc.assert(
      fc.property(fc.array(itemArb, { maxLength: 30 }), (items) => {
        const ageing = ageingOf(items, '2026-06-15')
        expect(sum(ageBuckets.map((b) => ageing.buckets[b]))).toBe(ageing.balance)
        const owed = sum(items.filter((i) => i.kind === 'invoice').map((i) => i.amount))
        const credits = sum(items.filter((i) => i.kind !== 'invoice').map((i) => i.amount))
        expect(ageing.balance).toBe(owed - credits)
        for (const item of ageing.items) expect(item.bucket).toBe(bucketOf(item.days))
      }),
      { numRuns: 300 },
    )
  })

  it('ages an invoice from its due date, by day, at each boundary', () => {
    const due = '2026-03-31'
    const at = (daysLate: number) =>
      ageingOf(
        [{ kind: 'invoice', reference: 'INV-2026-000001', day: due, amount: 100 }],
        addDays(due, daysLate),
      ).items[0]!.bucket
    expect([-5, 0, 1, 30, 31, 60, 61, 90, 91, 400].map(at)).toEqual([
      'current',
      'current',
      'd1to30',
      'd1to30',
      'd31to60',
      'd31to60',
      'd61to90',
      'd61to90',
      'over90',
      'over90',
    ])
  })

  it('shows an unallocated payment as a credit by its age', () => {
    const ageing = ageingOf(
      [
        { kind: 'invoice', reference: 'INV-2026-000002', day: '2026-05-01', amount: 50_000 },
        { kind: 'payment', reference: 'FAST 123', day: '2026-06-10', amount: 20_000 },
        { kind: 'credit_note', reference: 'CN-2026-000001', day: '2026-01-02', amount: 1_000 },
      ],
      '2026-06-15',
    )
    expect(ageing.buckets).toEqual({
      current: 0,
      d1to30: -20_000,
      d31to60: 50_000,
      d61to90: 0,
      over90: -1_000,
    })
    expect(ageing.balance).toBe(29_000)
    expect(ageing.items.map((i) => i.reference)).toEqual(['CN-2026-000001', 'INV-2026-000002', 'FAST 123'])
  })
})
