import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { countText, groupedNumber } from '../../contract/text'

describe('numbers with thousands separators', () => {
  it('are written as en-US writes them, without Intl for whole numbers', () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer(), fc.maxSafeInteger(), fc.double({ noNaN: true })), (n) => {
        expect(groupedNumber(n)).toBe(n.toLocaleString('en-US'))
      }),
      { numRuns: 2_000 },
    )
    expect(groupedNumber(29_000)).toBe('29,000')
    expect(groupedNumber(-1_234_567)).toBe('-1,234,567')
    expect(groupedNumber(999)).toBe('999')
    expect(countText(4_000, 'character')).toBe('4,000 characters')
  })
})
