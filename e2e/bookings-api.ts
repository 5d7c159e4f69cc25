import { randomUUID } from 'node:crypto'
import type { APIRequestContext, Page } from '@playwright/test'
import { containersOf, type PriceResponse, type QuoteDetail } from '../contract/quotes'
import { expect, OPS_API_KEY, quoteThroughApi } from './fixtures'

/**
 * Bookings made and moved through the API, for the specs that start from a booking: confirmed with the page's
 * own token (one session per account), then moved by the operations API as the operations team's tools do.
 */

const noServices = {
  exportCustoms: false,
  importCustoms: false,
  insurance: false,
  pickup: null,
  delivery: null,
}

/** An FCL quote Singapore → Nhava Sheva confirmed to a booking through the API; its ESB number. */
export async function bookThroughApi(page: Page, request: APIRequestContext): Promise<string> {
  const token = await page.evaluate(() => window.localStorage.getItem('authToken'))
  expect(token).toBeTruthy()
  const headers = { Authorization: `Bearer ${token}` }
  const quote = await quoteThroughApi(request, token as string)
  const option = quote.options[0] as QuoteDetail['options'][number]
  const priced = await request.post(`/api/quotes/${quote.number}/price`, {
    headers,
    data: { optionId: option.id, services: noServices },
  })
  expect(priced.status()).toBe(200)
  const { price } = (await priced.json()) as PriceResponse
  const confirmed = await request.post(`/api/quotes/${quote.number}/confirm`, {
    headers,
    data: {
      optionId: option.id,
      services: noServices,
      shipper: { name: 'Lion City Exports Pte Ltd', address: '10 Anson Road, #20-01, Singapore 079903' },
      consignee: { name: 'Mumbai Imports Pvt Ltd', address: 'Plot 4, JNPT Road, Navi Mumbai 400707' },
      cargoDescription: 'Teak furniture, 40 cartons',
      containerWeightsKg: containersOf(quote.request).map(() => 18_400),
      acceptTerms: true,
      shownTotalUsd: price.totalUsd,
    },
  })
  expect(confirmed.ok()).toBe(true)
  const { booking } = (await confirmed.json()) as { booking: { number: string } }
  expect(booking.number).toMatch(/^ESB-\d{10}$/)
  return booking.number
}

export const HOUR = 3_600_000
export const DAY = 24 * HOUR

/** The operations API, as the operations team's tools call it. */
export const ops = (request: APIRequestContext, path: string, data: unknown) =>
  request.post(path, { headers: { 'X-API-Key': OPS_API_KEY }, data })

export function opsEvent(
  hbl: string,
  eventType: 'EQUIPMENT' | 'TRANSPORT',
  code: string,
  at: number,
  location: string,
  classifier: 'ACT' | 'EST' = 'ACT',
) {
  return {
    eventID: randomUUID(),
    eventType,
    eventClassifierCode: classifier,
    eventDateTime: new Date(at).toISOString(),
    eventCreatedDateTime: new Date().toISOString(),
    [eventType === 'EQUIPMENT' ? 'equipmentEventTypeCode' : 'transportEventTypeCode']: code,
    eventLocation: { UNLocationCode: location },
    documentReferences: [{ documentReferenceType: 'TRD', documentReferenceValue: hbl }],
  }
}
