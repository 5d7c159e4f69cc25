import { describe, expect, it } from 'vitest'
import { parseQuoteSearch, QUOTE_PLACE_MAX, quoteSearch } from '../../src/app/quote-search'

describe('the quote carried from the home page to /register', () => {
  it('keeps what was typed, trimmed, and leaves out what was not', () => {
    expect(quoteSearch(' Singapore ', 'Jebel Ali, UAE', 'hazardous')).toEqual({
      origin: 'Singapore',
      destination: 'Jebel Ali, UAE',
      cargo: 'hazardous',
    })
    expect(quoteSearch('', '  ', '')).toEqual({})
  })

  it('reads only its own fields from a query, and only cargo types the strip offers', () => {
    expect(parseQuoteSearch({ origin: 'Busan', cargo: 'explosive', utm_source: 'mail' })).toEqual({
      origin: 'Busan',
    })
    expect(parseQuoteSearch({ origin: 42, destination: ['a'], cargo: 'general' })).toEqual({
      cargo: 'general',
    })
  })

  it('cuts a place name at a sane length', () => {
    expect(parseQuoteSearch({ origin: 'x'.repeat(500) }).origin).toHaveLength(QUOTE_PLACE_MAX)
  })
})
