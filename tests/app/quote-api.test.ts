import { describe, expect, it, vi } from 'vitest'
import { noServices } from '../../contract/pricing/types'
import type { ConfirmBody } from '../../contract/quotes'
import { confirmMessages } from '../../contract/quotes'
import { createApiClient } from '../../src/api/client'
import { confirmQuote } from '../../src/api/quotes'

// ofetch keeps the fetch it found when loaded: the stand-in server is in place before the client loads.
const server = vi.hoisted(() => {
  const state: { answer: (request: Request) => Promise<Response> } = {
    answer: async () => new Response(null, { status: 500 }),
  }
  const base = 'http://localhost'
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) =>
    state.answer(new Request(typeof input === 'string' ? new URL(input, base) : input, init))) as typeof fetch
  return state
})

const body: ConfirmBody = {
  optionId: 1,
  services: noServices,
  shipper: { name: 'Lion City Exports', address: '10 Anson Road, Singapore' },
  consignee: { name: 'Mumbai Imports', address: 'Plot 4, JNPT Road, Navi Mumbai' },
  cargoDescription: 'Teak furniture',
  acceptTerms: true,
  shownTotalUsd: 150_000,
}

const serverPrice = { totalUsd: 161_234, lines: [], included: [], excluded: [], estimates: [] }

function client() {
  return createApiClient({
    token: () => 'token',
    requestStarted: () => {},
    requestFinished: () => {},
    tokenReceived: () => {},
    unauthenticated: () => {},
  })
}

function answering(...responses: [number, unknown][]) {
  const calls: string[] = []
  server.answer = async (request) => {
    calls.push(`${request.method} ${new URL(request.url).pathname}`)
    const [status, json] = responses.shift() ?? [500, { message: 'unexpected' }]
    return new Response(JSON.stringify(json), { status, headers: { 'Content-Type': 'application/json' } })
  }
  return calls
}

describe('confirmQuote', () => {
  it('passes on the 409 with the price of its body, and asks nothing more', async () => {
    const calls = answering([409, { message: confirmMessages.priceChanged, price: serverPrice }])
    await expect(confirmQuote(client(), 'ESQ-2026000001', body)).rejects.toEqual({
      status: 409,
      message: confirmMessages.priceChanged,
      price: serverPrice,
    })
    expect(calls).toEqual(['POST /api/quotes/ESQ-2026000001/confirm'])
  })

  it('passes on a 409 without a price (a requested quote) as it came', async () => {
    answering([409, { message: confirmMessages.requested }])
    const failure = await confirmQuote(client(), 'ESQ-2026000001', body).catch((error: unknown) => error)
    expect(failure).toMatchObject({ status: 409, message: confirmMessages.requested })
    expect(failure).not.toHaveProperty('price')
  })

  it('answers the booking when confirmed', async () => {
    answering([201, { booking: { number: 'ESB-2026000001', status: 'RECEIVED' } }])
    await expect(confirmQuote(client(), 'ESQ-2026000001', body)).resolves.toEqual({
      booking: { number: 'ESB-2026000001', status: 'RECEIVED' },
    })
  })
})
