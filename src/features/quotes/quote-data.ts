import { storageKeys } from '../../../contract/constants'
import type { Place } from '../../../contract/wire'
import type { QuoteFormValues } from '../../../machines/quote-form'
import type { QuoteFormInput } from '../../../machines/quote-form.machine'
import type { QuoteSearch } from '../../app/quote-search'

/** What `quoteData` keeps: the home strip's search, or a whole request with its places (duplicate, last quote). */
export interface QuoteData extends QuoteSearch {
  values?: Partial<QuoteFormValues>
  places?: { origin?: Place; destination?: Place }
}

export function readQuoteData(storage: Storage): QuoteData {
  try {
    const data = JSON.parse(storage.getItem(storageKeys.quoteData) ?? 'null') as unknown
    return data && typeof data === 'object' ? (data as QuoteData) : {}
  } catch {
    return {}
  }
}

export function writeQuoteData(storage: Storage, data: QuoteData) {
  storage.setItem(storageKeys.quoteData, JSON.stringify(data))
}

/** The form's start: the query (the strip through /register and /login) wins over what was stored. */
export function formInput(today: string, search: QuoteSearch, stored: QuoteData): QuoteFormInput {
  const fromQuery = Boolean(search.origin || search.destination || search.cargo)
  const data: QuoteData = fromQuery ? search : stored
  const hazardous = data.cargo === 'hazardous' ? { hazardous: true } : {}
  const values = fromQuery ? {} : { ...(data.values ?? {}) }
  // A stored request from another day keeps its cargo but not a ready date in the past.
  if (!values.readyDate || values.readyDate < today) delete values.readyDate
  return {
    today,
    prefill: { ...values, ...hazardous },
    originText: data.origin,
    destinationText: data.destination,
    places: fromQuery ? undefined : data.places,
  }
}
