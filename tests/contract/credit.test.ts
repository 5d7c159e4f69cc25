/**
 * The credit rule of contract/finance/credit.ts (issue 36 part 4, docs/payments.md "Credit control") as
 * properties: a booking that leaves the open balance at or under the limit, with nothing overdue past the days,
 * goes ahead; one that takes it over waits; an invoice overdue past the days holds whatever the balance.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { creditHoldMessages, creditHoldReason, creditLimitOf } from '../../contract/finance/credit'

const money = fc.integer({ min: 0, max: 100_000_000 })
const days = fc.integer({ min: 0, max: 365 })

describe('creditHoldReason', () => {
  it('never holds a booking that stays at or under the limit with nothing overdue past the days', () => {
    fc.assert(
      fc.property(money, money, money, days, days, (balance, value, headroom, overdue, allowed) => {
        const limit = balance + value + headroom
        const oldestOverdueDays = Math.min(overdue, allowed)
        expect(
          creditHoldReason({
            limit,
            openBalance: balance,
            bookingValue: value,
            oldestOverdueDays,
            overdueDaysBeforeHold: allowed,
          }),
        ).toBeNull()
      }),
    )
  })

  it('always holds one that takes the balance over the limit, for the limit', () => {
    fc.assert(
      fc.property(
        money,
        money,
        fc.integer({ min: 1, max: 1_000_000 }),
        days,
        (balance, value, over, allowed) => {
          const limit = Math.max(0, balance + value - over)
          fc.pre(balance + value > limit)
          expect(
            creditHoldReason({
              limit,
              openBalance: balance,
              bookingValue: value,
              oldestOverdueDays: allowed,
              overdueDaysBeforeHold: allowed,
            }),
          ).toEqual({ kind: 'limit', message: creditHoldMessages.limit })
        },
      ),
    )
  })

  it('holds whatever the balance while an invoice is overdue by more than the days', () => {
    fc.assert(
      fc.property(
        money,
        money,
        money,
        days,
        fc.integer({ min: 1, max: 400 }),
        (balance, value, limit, allowed, more) => {
          expect(
            creditHoldReason({
              limit,
              openBalance: balance,
              bookingValue: value,
              oldestOverdueDays: allowed + more,
              overdueDaysBeforeHold: allowed,
            }),
          ).toEqual({ kind: 'overdue', message: creditHoldMessages.overdue })
        },
      ),
    )
  })

  it('tells the customer why without figures', () => {
    for (const message of Object.values(creditHoldMessages)) {
      expect(message).not.toMatch(/\d/)
      expect(message).toMatch(/finance/)
    }
  })

  it('takes the default limit when finance set none', () => {
    expect(creditLimitOf(null, 5_000_000)).toBe(5_000_000)
    expect(creditLimitOf(0, 5_000_000)).toBe(0)
    expect(creditLimitOf(120_000, 5_000_000)).toBe(120_000)
  })
})
