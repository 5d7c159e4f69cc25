import { storageKeys } from '../../contract/constants'
import type { CargoType } from '../content/types'

/** What the quote strip hands to /register in its query, so the new account can pick up the quote later. */
export interface QuoteSearch {
  origin?: string
  destination?: string
  cargo?: Exclude<CargoType, ''>
}

/** Longest place name kept from the query: enough for "Port Klang (West Port), Selangor, Malaysia". */
export const QUOTE_PLACE_MAX = 80

const cargoTypes: readonly string[] = ['general', 'hazardous'] satisfies Exclude<CargoType, ''>[]

const place = (value: unknown) =>
  typeof value === 'string' ? value.trim().slice(0, QUOTE_PLACE_MAX) || undefined : undefined

/** The quote from what the strip typed, leaving out what is empty. */
export const quoteSearch = (origin: string, destination: string, cargo: CargoType): QuoteSearch =>
  parseQuoteSearch({ origin, destination, cargo })

/** The quote in a query, whatever else it holds: unknown cargo types and empty places are dropped. */
export function parseQuoteSearch(search: Record<string, unknown>): QuoteSearch {
  const origin = place(search.origin)
  const destination = place(search.destination)
  const cargo =
    typeof search.cargo === 'string' && cargoTypes.includes(search.cargo) ? search.cargo : undefined
  return {
    ...(origin ? { origin } : {}),
    ...(destination ? { destination } : {}),
    ...(cargo ? { cargo: cargo as QuoteSearch['cargo'] } : {}),
  }
}

/**
 * Keeps the strip's quote under the spec's `quoteData` key as well, so it outlives the activation mail's
 * round trip (the query of /register does not): /user/home's form starts from it after login. Nothing is
 * written for an empty strip, so an earlier request stays. The session's end clears it (src/app/storage.ts).
 */
export function rememberQuoteSearch(storage: Pick<Storage, 'setItem'>, search: QuoteSearch) {
  if (Object.keys(search).length === 0) return
  try {
    storage.setItem(storageKeys.quoteData, JSON.stringify(search))
  } catch {
    // Storage full or blocked: the query still carries the quote to /register.
  }
}
