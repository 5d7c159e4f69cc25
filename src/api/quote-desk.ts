import type { z } from 'zod'
import type { QuotePrice } from '../../contract/pricing/types'
import type {
  assignSchema,
  DeskQueueItem,
  DeskRequestDetail,
  FollowUp,
  OfferInput,
} from '../../contract/quote-desk'
import type { ApiClient } from './client'

/** The sales desk's calls (the console, the Sales role), one per operation of the OpenAPI document. */

const request = (number: string) => `/api/staff/quote-requests/${encodeURIComponent(number)}`

export const quoteDeskPaths = {
  queue: '/api/staff/quote-requests',
  request,
  assign: (number: string) => `${request(number)}/assign`,
  preview: (number: string) => `${request(number)}/preview`,
  offers: (number: string) => `${request(number)}/offers`,
  followUps: '/api/staff/follow-ups',
} as const

export type AssignPayload = z.input<typeof assignSchema>

/** listQuoteRequests: the open requests oldest first, or those answered. */
export const listQuoteRequests = (api: ApiClient, view: 'open' | 'answered') =>
  api<{ requests: DeskQueueItem[] }>(quoteDeskPaths.queue, { query: { view } }).then(
    (answer) => answer.requests,
  )

/** listFollowUps: instant quotes about to expire unbooked. */
export const listFollowUps = (api: ApiClient) =>
  api<{ quotes: FollowUp[] }>(quoteDeskPaths.followUps).then((answer) => answer.quotes)

/** getQuoteRequest: the request with its offers, the lane's sheets and the colleagues it may go to. */
export const getQuoteRequest = (api: ApiClient, number: string) =>
  api<{ request: DeskRequestDetail }>(quoteDeskPaths.request(number)).then((answer) => answer.request)

/** assignQuoteRequest: to `staffId`, or to the caller when it is absent. */
export const assignQuoteRequest = (api: ApiClient, number: string, body: AssignPayload) =>
  api<{ request: DeskQueueItem }>(quoteDeskPaths.assign(number), { method: 'POST', body }).then(
    (answer) => answer.request,
  )

/** previewOffer: the price the customer would see; nothing is stored. */
export const previewOffer = (api: ApiClient, number: string, offer: OfferInput) =>
  api<{ price: QuotePrice; validTo: string }>(quoteDeskPaths.preview(number), { method: 'POST', body: offer })

/** sendOffer: the offer's version (a revision supersedes the one before). */
export const sendOffer = (api: ApiClient, number: string, offer: OfferInput) =>
  api<{ version: number }>(quoteDeskPaths.offers(number), { method: 'POST', body: offer })
