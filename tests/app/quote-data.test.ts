import { describe, expect, it } from 'vitest'
import { formInput } from '../../src/features/quotes/quote-data'

describe('quote form start', () => {
  const today = '2026-11-23'
  it('takes the home strip from the query, hazardous included, before what was stored', () => {
    const input = formInput(
      today,
      { origin: 'Singapore', destination: 'Nhava Sheva', cargo: 'hazardous' },
      { values: { commodity: 'Old' } },
    )
    expect(input).toMatchObject({ originText: 'Singapore', destinationText: 'Nhava Sheva' })
    expect(input.prefill).toEqual({ hazardous: true })
  })

  it('restores a stored request but not a ready date in the past', () => {
    const input = formInput(
      today,
      {},
      { values: { commodity: 'Teak', readyDate: '2026-11-01', mode: 'LCL' } },
    )
    expect(input.prefill).toEqual({ commodity: 'Teak', mode: 'LCL' })
    expect(formInput(today, {}, { values: { readyDate: '2026-12-01' } }).prefill).toEqual({
      readyDate: '2026-12-01',
    })
  })
})
