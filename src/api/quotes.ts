import type { Mode, QuoteRequest, ServiceSelection } from '../../contract/pricing/types'
import {
  type BookingCreated,
  type ConfirmBody,
  type CreateQuoteResponse,
  confirmMessages,
  isPriceChanged,
  type PriceResponse,
  type QuoteDetail,
  type QuoteFilters,
  type QuotesResponse,
} from '../../contract/quotes'
import { apiPaths, type PlacesResponse } from '../../contract/wire'
import type { ApiClient, ApiFailureWithBody } from './client'

const quotePath = (number: string) => `/api/quotes/${encodeURIComponent(number)}`

/** The type-ahead's places: the customer's `/api/locations`, or the staff console's `/api/staff/locations`. */
export const searchPlaces = (api: ApiClient, q: string, mode: Mode, path: string = apiPaths.locations) =>
  api<PlacesResponse>(path, {
    query: { q, mode },
    headers: { 'X-Skip-Loader': 'true' },
  }).then((r) => r.locations)

export const createQuote = (api: ApiClient, request: QuoteRequest) =>
  api<CreateQuoteResponse>('/api/quotes', { method: 'POST', body: request })

export const requestManualQuote = (api: ApiClient, request: QuoteRequest) =>
  api<{ quote: QuoteDetail }>('/api/quote-requests', { method: 'POST', body: { request } })

export const listQuotes = (api: ApiClient, filters: QuoteFilters) =>
  api<QuotesResponse>('/api/quotes', {
    query: {
      ...(filters.status ? { status: filters.status } : {}),
      ...(filters.mode ? { mode: filters.mode } : {}),
      ...(filters.q.trim() ? { q: filters.q.trim() } : {}),
      ...(filters.mine ? { mine: 'true' } : {}),
    },
  }).then((r) => r.quotes)

export const getQuote = (api: ApiClient, number: string) =>
  api<{ quote: QuoteDetail }>(quotePath(number)).then((r) => r.quote)

export const priceQuoteServices = (
  api: ApiClient,
  number: string,
  body: { optionId: number; services: ServiceSelection },
) => api<PriceResponse>(`${quotePath(number)}/price`, { method: 'POST', body })

export const requoteQuote = (api: ApiClient, number: string) =>
  api<CreateQuoteResponse>(`${quotePath(number)}/requote`, { method: 'POST' })

/**
 * Confirms an option. A 409 "price changed" is passed on as a PriceChangedFailure with the price from its
 * body (the server's own, priced when it refused): shown at once, and confirmed against next.
 */
export async function confirmQuote(api: ApiClient, number: string, body: ConfirmBody) {
  try {
    return await api<{ booking: BookingCreated }>(`${quotePath(number)}/confirm`, { method: 'POST', body })
  } catch (error) {
    const failure = error as ApiFailureWithBody
    const price = (failure.body as { price?: unknown } | undefined)?.price
    const changed = {
      status: failure.status,
      message: failure.message ?? confirmMessages.priceChanged,
      price,
    }
    if (isPriceChanged(changed)) throw changed
    throw failure
  }
}
