import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { amountInputText, minorUnitsOf } from '../../contract/finance/amount-text'

/** How a person may write an amount of `cents`: with or without thousands commas, trailing zeros, decimals. */
function written(cents: number, commas: boolean, decimals: 0 | 1 | 2): string | null {
  const whole = Math.floor(cents / 100)
  const fraction = cents % 100
  if (decimals === 0 && fraction !== 0) return null
  if (decimals === 1 && fraction % 10 !== 0) return null
  const wholeText = commas ? whole.toLocaleString('en-US') : String(whole)
  if (decimals === 0) return wholeText
  return `${wholeText}.${String(fraction).padStart(2, '0').slice(0, decimals)}`
}

describe('amounts typed by a person', () => {
  it('read every way of writing an amount as its exact cents', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000_000_000 }),
        fc.boolean(),
        fc.constantFrom(0 as const, 1 as const, 2 as const),
        (cents, commas, decimals) => {
          const text = written(cents, commas, decimals)
          if (text === null) return
          expect(minorUnitsOf(text)).toBe(cents)
          expect(minorUnitsOf(` ${text} `)).toBe(cents)
        },
      ),
      { numRuns: 2_000 },
    )
  })

  it('give back what the form starts with', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000_000 }), (cents) => {
        expect(minorUnitsOf(amountInputText(cents))).toBe(cents)
      }),
    )
    expect(amountInputText(5)).toBe('0.05')
    expect(amountInputText(123450)).toBe('1234.50')
  })

  it('are exact where floating point is not', () => {
    // 0.29 * 100 is 28.999999999999996 and 1.005 * 100 is 100.49999999999999 in floating point.
    expect(minorUnitsOf('0.29')).toBe(29)
    expect(minorUnitsOf('4.35')).toBe(435)
    expect(minorUnitsOf('1,234,567.89')).toBe(123456789)
    expect(minorUnitsOf('9999999999999.99')).toBe(999999999999999)
  })

  it('refuse what is not an amount of at most two decimals', () => {
    for (const text of [
      '',
      ' ',
      '1.005',
      '-5',
      '+5',
      '1e3',
      '12,34',
      '1,2345',
      ',123',
      '.5',
      '5.',
      '1 000',
      'SGD 5',
      '0x10',
      'Infinity',
      '12345678901234',
    ]) {
      expect(minorUnitsOf(text), text).toBeNull()
    }
  })
})
