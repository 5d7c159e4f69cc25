import type { Mode, QuotePrice, QuoteRequest, ServiceSelection } from '../../contract/pricing/types'
import {
  type BookingCreated,
  type CreateQuoteResponse,
  confirmMessages,
  type PriceResponse,
  type QuoteDetail,
  type QuotesResponse,
} from '../../contract/quotes'
import { apiPaths, type PlacesResponse } from '../../contract/wire'
import type { ConfirmBody, QuoteFilters } from '../../machines/quote.machine'
import type { ApiClient } from './client'

const quotePath = (number: string) => `/api/quotes/${encodeURIComponent(number)}`

export const searchPlaces = (api: ApiClient, q: string, mode: Mode) =>
  api<PlacesResponse>(apiPaths.locations, {
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
 * Confirms an option. A 409 "price changed" is passed on with the server's current price (the client's
 * failures carry status and message only, so the price is read again through priceQuoteServices).
 */
export async function confirmQuote(api: ApiClient, number: string, body: ConfirmBody) {
  try {
    return await api<{ booking: BookingCreated }>(`${quotePath(number)}/confirm`, { method: 'POST', body })
  } catch (failure) {
    const { status, message } = failure as { status?: number; message?: string }
    if (status === 409 && message === confirmMessages.priceChanged) {
      const { price } = await priceQuoteServices(api, number, {
        optionId: body.optionId,
        services: body.services,
      })
      throw { ...(failure as object), price } satisfies { price: QuotePrice }
    }
    throw failure
  }
}
