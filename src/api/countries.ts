import { storageKeys } from '../../contract/constants'
import { apiPaths, type CountriesResponse, type Country } from '../../contract/wire'
import type { ApiClient } from './client'

interface ApiData {
  countries?: Country[]
  countriesAt?: number
}

/** How long the cached list in `apiData` is trusted before it is fetched again. */
const MAX_AGE_MS = 24 * 60 * 60 * 1000

function readApiData(storage: Storage): ApiData {
  try {
    const data = JSON.parse(storage.getItem(storageKeys.apiData) ?? '{}') as ApiData
    return data && typeof data === 'object' ? data : {}
  } catch {
    return {}
  }
}

/** The countries list, cached in localStorage's `apiData` (spec section 3). */
export async function loadCountries(api: ApiClient, storage: Storage, now = Date.now()): Promise<Country[]> {
  const cached = readApiData(storage)
  if (cached.countries?.length && cached.countriesAt && now - cached.countriesAt < MAX_AGE_MS)
    return cached.countries
  const { countries } = await api<CountriesResponse>(apiPaths.countries)
  storage.setItem(
    storageKeys.apiData,
    JSON.stringify({ ...readApiData(storage), countries, countriesAt: now }),
  )
  return countries
}
