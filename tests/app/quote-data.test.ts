import { describe, expect, it } from 'vitest'
import { storageKeys } from '../../contract/constants'
import { rememberQuoteSearch } from '../../src/app/quote-search'
import { clearSession } from '../../src/app/storage'
import { formInput, readQuoteData } from '../../src/features/quotes/quote-data'
import { memoryStorage } from '../fixtures/memory-storage'

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

  it('starts from the home strip kept under quoteData, after the query was lost on the way through login', () => {
    const storage = memoryStorage()
    rememberQuoteSearch(storage, { origin: 'Singapore', destination: 'Nhava Sheva', cargo: 'hazardous' })
    expect(JSON.parse(storage.getItem(storageKeys.quoteData) ?? '')).toEqual({
      origin: 'Singapore',
      destination: 'Nhava Sheva',
      cargo: 'hazardous',
    })
    const input = formInput(today, {}, readQuoteData(storage))
    expect(input).toMatchObject({ originText: 'Singapore', destinationText: 'Nhava Sheva' })
    expect(input.prefill).toEqual({ hazardous: true })
    expect(input.places).toBeUndefined()
  })

  it('keeps an earlier request when the strip was sent empty', () => {
    const storage = memoryStorage()
    storage.setItem(storageKeys.quoteData, JSON.stringify({ values: { commodity: 'Teak' } }))
    rememberQuoteSearch(storage, {})
    expect(readQuoteData(storage)).toEqual({ values: { commodity: 'Teak' } })
  })

  it('goes with the session: its end clears quoteData (the 401 flow and every logout share it)', () => {
    const local = memoryStorage()
    rememberQuoteSearch(local, { origin: 'Singapore' })
    clearSession({ local, session: memoryStorage() })
    expect(local.getItem(storageKeys.quoteData)).toBeNull()
  })
})
