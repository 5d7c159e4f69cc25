import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { QuoteRequest, ServiceSelection } from '../../contract/pricing/types'
import {
  type CreateQuoteResponse,
  containersOf,
  type QuoteDetail,
  type QuotesResponse,
} from '../../contract/quotes'
import { apiPaths, type LoginResponse } from '../../contract/wire'
import { ensureLocations } from '../../server/locations/locations'
import { ensureSeedRates } from '../../server/rates/seed'
import { bearer, createTestUser, postJson, setupAuthServer } from './helpers'

const DAY = 86_400_000
let server: Awaited<ReturnType<typeof setupAuthServer>>
let alice: Record<string, string>
let bob: Record<string, string>

async function login(server: Awaited<ReturnType<typeof setupAuthServer>>) {
  const user = await createTestUser(server.db)
  const res = await server.app.request(
    apiPaths.login,
    postJson({ email: user.email, password: user.password }),
  )
  return { ...bearer(((await res.json()) as LoginResponse).token as string), email: user.email }
}

beforeAll(async () => {
  server = await setupAuthServer({ salesEmail: 'sales@eship.test' })
  await ensureLocations(server.db)
  await ensureSeedRates(server.db, server.clock.now())
  alice = await login(server)
  bob = await login(server)
}, 60_000)

afterAll(async () => {
  await server?.database.close()
})

const today = () => server.clock.now().toISOString().slice(0, 10)
const none: ServiceSelection = {
  exportCustoms: false,
  importCustoms: false,
  insurance: false,
  pickup: null,
  delivery: null,
}

function fcl(overrides: Partial<QuoteRequest> = {}): QuoteRequest {
  return {
    mode: 'FCL',
    origin: 'SGSIN',
    destination: 'INNSA',
    readyDate: today(),
    commodity: 'Machine parts',
    containers: [{ type: '40HC', count: 2 }],
    cargoValue: 5_000_000,
    ...overrides,
  }
}

function lcl(overrides: Partial<QuoteRequest> = {}): QuoteRequest {
  return {
    mode: 'LCL',
    origin: 'SGSIN',
    destination: 'INNSA',
    readyDate: today(),
    commodity: 'Garments',
    cargo: {
      kind: 'packages',
      packages: [{ count: 4, lengthCm: 120, widthCm: 100, heightCm: 110, weightKg: 350 }],
    },
    ...overrides,
  }
}

const call = (auth: Record<string, string>, path: string, init: RequestInit = {}) =>
  server.app.request(path, { ...init, headers: { ...(init.headers as Record<string, string>), ...auth } })

async function createQuote(auth: Record<string, string>, request: QuoteRequest) {
  const res = await call(auth, '/api/quotes', postJson(request))
  return {
    status: res.status,
    body: (await res.json()) as CreateQuoteResponse & { errors?: Record<string, string[]> },
  }
}

async function quoted(auth: Record<string, string>, request: QuoteRequest): Promise<QuoteDetail> {
  const { status, body } = await createQuote(auth, request)
  expect(status, JSON.stringify(body)).toBe(201)
  return body.quote as QuoteDetail
}

const price = (auth: Record<string, string>, number: string, optionId: number, services = none) =>
  call(auth, `/api/quotes/${number}/price`, postJson({ optionId, services }))

const party = (name: string) => ({ name, address: '10 Anson Road, #20-01, Singapore 079903' })

function confirm(auth: Record<string, string>, quote: QuoteDetail, shownTotalUsd: number, services = none) {
  return call(
    auth,
    `/api/quotes/${quote.number}/confirm`,
    postJson({
      optionId: quote.options[0]?.id,
      services,
      shipper: party('Alice Exports Pte Ltd'),
      consignee: party('Mumbai Imports Pvt Ltd'),
      cargoDescription: 'Machine parts in crates',
      // FCL: each container's gross weight (the VGM).
      containerWeightsKg: containersOf(quote.request).map(() => 18_400),
      acceptTerms: true,
      shownTotalUsd,
    }),
  )
}

describe('createQuote', () => {
  it('prices every carrier in force on the lane, cheapest first, and stores the quote', async () => {
    const quote = await quoted(alice, fcl())
    expect(quote.number).toMatch(/^ESQ-2025\d{6}$/)
    expect(quote).toMatchObject({ status: 'Active', kind: 'priced', mode: 'FCL', booking: null })
    expect(quote.origin).toMatchObject({ code: 'SGSIN', country_code: 'SG' })
    expect(quote.destination).toMatchObject({ code: 'INNSA', name: 'Jawaharlal Nehru (Nhava Sheva)' })
    expect(quote.options.length).toBeGreaterThanOrEqual(2)
    const totals = quote.options.map((o) => o.totalUsd)
    expect([...totals].sort((a, b) => a - b)).toEqual(totals)
    expect(new Set(quote.options.map((o) => o.carrier)).size).toBe(quote.options.length)
    expect(quote.fx).toMatchObject({ USD: 1_000_000, SGD: 1_300_000 })
    // The answer is built from what was stored, and is what reading the quote back gives.
    const again = await call(alice, `/api/quotes/${quote.number}`)
    expect(((await again.json()) as { quote: QuoteDetail }).quote).toEqual(quote)
  })

  it('refuses hazardous cargo without its UN number, class and packing group, with messages', async () => {
    const { status, body } = await createQuote(
      alice,
      fcl({ hazardous: { unNumber: '12', dgClass: '', packingGroup: 'IV' } as never }),
    )
    expect(status).toBe(422)
    expect(Object.keys(body.errors ?? {}).join(' ')).toMatch(/unNumber/)
  })

  it('refuses places that are not ports or airports of the mode, and a past ready date', async () => {
    const { status, body } = await createQuote(alice, fcl({ destination: 'BOM', readyDate: '2025-01-01' }))
    expect(status).toBe(422)
    expect(body.errors).toMatchObject({
      destination: ['Choose a port from the list.'],
      readyDate: ['The ready date cannot be in the past.'],
    })
  })

  it('answers no quote when no sheet has an instant rate; a manual request is mailed to sales and listed', async () => {
    const request = fcl({ destination: 'NZAKL' })
    expect(await createQuote(alice, request)).toEqual({ status: 200, body: { quote: null } })
    const res = await call(alice, '/api/quote-requests', postJson({ request, notes: 'Weekly, 4 x 40HC' }))
    expect(res.status).toBe(201)
    const { quote } = (await res.json()) as { quote: QuoteDetail }
    expect(quote).toMatchObject({
      status: 'Requested',
      kind: 'requested',
      options: [],
      validTo: null,
      notes: 'Weekly, 4 x 40HC',
    })
    const mail = await server.db
      .selectFrom('outbox')
      .selectAll()
      .where('subject', 'like', `Quote request ${quote.number}%`)
      .executeTakeFirstOrThrow()
    expect(mail.to).toBe('sales@eship.test')
    expect(mail.reply_to).toBe(alice.email)
    expect(mail.text).toContain('Weekly, 4 x 40HC')
    const list = (await (await call(alice, '/api/quotes?status=Requested')).json()) as QuotesResponse
    expect(list.quotes.map((q) => q.number)).toContain(quote.number)
  })

  it('needs a session', async () => {
    expect((await server.app.request('/api/quotes', postJson(fcl()))).status).toBe(401)
  })
})

describe("another company's quote", () => {
  it('answers 404 to every call', async () => {
    const quote = await quoted(alice, fcl({ commodity: 'Spare parts' }))
    const optionId = quote.options[0]?.id ?? 0
    expect((await call(bob, `/api/quotes/${quote.number}`)).status).toBe(404)
    expect((await price(bob, quote.number, optionId)).status).toBe(404)
    expect((await confirm(bob, quote, quote.options[0]?.totalUsd ?? 0)).status).toBe(404)
    expect((await call(bob, `/api/quotes/${quote.number}/requote`, { method: 'POST' })).status).toBe(404)
    const list = (await (await call(bob, '/api/quotes')).json()) as QuotesResponse
    expect(list.quotes.map((q) => q.number)).not.toContain(quote.number)
  })
})

describe('priceQuoteServices', () => {
  it('prices services line by line, the total the sum of the lines, and keeps the choice', async () => {
    const quote = await quoted(alice, fcl({ origin: 'INNSA', destination: 'SGSIN' }))
    const option = quote.options[0]
    if (!option) throw new Error('no option')
    const plain = (await (await price(alice, quote.number, option.id)).json()) as {
      price: { totalUsd: number; lines: { amountUsd: number }[] }
    }
    expect(plain.price.totalUsd).toBe(option.totalUsd)
    const services: ServiceSelection = { ...none, importCustoms: true, insurance: true, delivery: 'A' }
    const res = await price(alice, quote.number, option.id, services)
    expect(res.status).toBe(200)
    const withServices = (await res.json()) as {
      price: {
        totalUsd: number
        lines: { kind: string; amountUsd: number }[]
        estimates: { payableTo: string }[]
      }
    }
    expect(withServices.price.totalUsd).toBeGreaterThan(plain.price.totalUsd)
    expect(withServices.price.totalUsd).toBe(
      withServices.price.lines.reduce((sum, l) => sum + l.amountUsd, 0),
    )
    expect(withServices.price.lines.filter((l) => l.kind === 'service').length).toBeGreaterThanOrEqual(3)
    expect(withServices.price.estimates.map((e) => e.payableTo)).toContain('Singapore Customs')
    const stored = (
      (await (await call(alice, `/api/quotes/${quote.number}`)).json()) as { quote: QuoteDetail }
    ).quote
    expect(stored).toMatchObject({ chosenOptionId: option.id, services })
  })
})

describe('confirmQuote', () => {
  it('books once at the price the server makes: a stale total is refused, a double confirm makes one booking', async () => {
    // Each test quotes its own cargo: the same search again would reopen an earlier test's quote.
    const quote = await quoted(alice, fcl({ commodity: 'Pumps' }))
    const total = quote.options[0]?.totalUsd ?? 0
    const stale = await confirm(alice, quote, total - 1)
    expect(stale.status).toBe(409)
    expect(await stale.json()).toMatchObject({
      message: 'The price has changed since you saw it. Please check the new total before confirming.',
      price: { totalUsd: total },
    })
    const [first, second] = await Promise.all([confirm(alice, quote, total), confirm(alice, quote, total)])
    const statuses = [first.status, second.status].sort()
    expect(statuses).toEqual([200, 201])
    const bodies = [await first.json(), await second.json()] as {
      booking: { number: string; status: string }
    }[]
    expect(bodies[0]?.booking).toEqual(bodies[1]?.booking)
    expect(bodies[0]?.booking).toMatchObject({
      number: expect.stringMatching(/^ESB-2025\d{6}$/),
      status: 'Booking Received',
    })
    const bookings = await server.db
      .selectFrom('bookings')
      .selectAll()
      .where('total_usd', '=', total)
      .execute()
    expect(bookings.filter((b) => b.number === bodies[0]?.booking.number)).toHaveLength(1)
    const mail = await server.db
      .selectFrom('outbox')
      .selectAll()
      .where('to', '=', alice.email as string)
      .where('subject', 'like', `Booking ${bodies[0]?.booking.number}%`)
      .execute()
    expect(mail).toHaveLength(1)
    const list = (await (await call(alice, '/api/quotes?status=Booked')).json()) as QuotesResponse
    expect(list.quotes.find((q) => q.number === quote.number)).toMatchObject({
      bookingNumber: bodies[0]?.booking.number,
    })
  })

  it('refuses the form without its parties, cargo description and terms, with messages', async () => {
    const quote = await quoted(alice, fcl({ commodity: 'Valves' }))
    const res = await call(
      alice,
      `/api/quotes/${quote.number}/confirm`,
      postJson({
        optionId: quote.options[0]?.id,
        services: { ...none, pickup: 'B' },
        shipper: { name: '', address: 'short' },
        consignee: party('X Ltd'),
        cargoDescription: '',
        acceptTerms: false,
        shownTotalUsd: 1,
      }),
    )
    expect(res.status).toBe(422)
    const body = (await res.json()) as { errors: Record<string, string[]> }
    expect(body.errors).toMatchObject({
      'shipper.name': ['Enter the company name.'],
      'shipper.address': ['Enter the full address (at least 10 characters).'],
      pickupAddress: ['Enter the pickup address (at least 10 characters).'],
      cargoDescription: ['Describe the cargo (at least 3 characters).'],
      acceptTerms: ['Accept the terms and conditions to confirm.'],
    })
  })

  it('refuses an expired quote, which is requoted at current rates', async () => {
    const quote = await quoted(alice, fcl({ commodity: 'Gearboxes' }))
    const option = quote.options[0]
    if (!option) throw new Error('no option')
    // The sheets the quote was priced on ran out yesterday.
    const yesterday = new Date(server.clock.now().getTime() - DAY).toISOString().slice(0, 10)
    await server.db
      .updateTable('quote_options')
      .set({ valid_to: yesterday })
      .where(
        'id',
        'in',
        quote.options.map((o) => o.id),
      )
      .execute()
    const listed = (
      (await (await call(alice, `/api/quotes/${quote.number}`)).json()) as { quote: QuoteDetail }
    ).quote
    expect(listed).toMatchObject({ status: 'Expired', validTo: yesterday })
    const res = await confirm(alice, quote, option.totalUsd)
    expect(res.status).toBe(410)
    expect(await res.json()).toEqual({ message: 'This quote has expired. Requote it at current rates.' })
    const requote = await call(alice, `/api/quotes/${quote.number}/requote`, { method: 'POST' })
    expect(requote.status).toBe(201)
    const fresh = ((await requote.json()) as { quote: QuoteDetail }).quote
    expect(fresh).toMatchObject({ status: 'Active', requotedFrom: quote.number })
    expect(fresh.number).not.toBe(quote.number)
    expect(fresh.request.readyDate).toBe(today())
    const stored = (await call(alice, `/api/quotes/${fresh.number}`)).json() as Promise<{
      quote: QuoteDetail
    }>
    expect((await stored).quote).toEqual(fresh)
  })
})

describe('the first LCL shipment', () => {
  it('is 10% off the freight lines while the company has no LCL booking, once', async () => {
    const carol = await login(server)
    const first = await quoted(carol, lcl())
    const option = first.options[0]
    if (!option) throw new Error('no option')
    const priced = (await (await price(carol, first.number, option.id)).json()) as {
      price: { totalUsd: number; lines: { kind: string; side: string; amountUsd: number }[] }
    }
    const freight = priced.price.lines
      .filter((l) => l.kind === 'charge' && l.side === 'freight')
      .reduce((s, l) => s + l.amountUsd, 0)
    const discount = priced.price.lines.filter((l) => l.kind === 'discount')
    expect(discount).toHaveLength(1)
    expect(Math.abs((discount[0]?.amountUsd ?? 0) + freight / 10)).toBeLessThanOrEqual(1)
    expect((await confirm(carol, first, priced.price.totalUsd)).status).toBe(201)

    const second = await quoted(carol, lcl())
    const again = (await (await price(carol, second.number, second.options[0]?.id ?? 0)).json()) as {
      price: { lines: { kind: string }[] }
    }
    expect(again.price.lines.filter((l) => l.kind === 'discount')).toEqual([])
    expect(second.firstLclEligible).toBe(false)
  })
})

describe('listQuotes', () => {
  it('filters by status and mode and searches by number or place', async () => {
    const dave = await login(server)
    const sea = await quoted(dave, fcl())
    const air = await quoted(dave, {
      mode: 'AIR',
      origin: 'SIN',
      destination: 'LHR',
      readyDate: today(),
      commodity: 'Electronics',
      cargo: {
        kind: 'packages',
        packages: [{ count: 10, lengthCm: 60, widthCm: 50, heightCm: 40, weightKg: 8 }],
      },
    })
    const numbers = async (query: string) =>
      ((await (await call(dave, `/api/quotes${query}`)).json()) as QuotesResponse).quotes.map((q) => q.number)
    expect(await numbers('')).toEqual([air.number, sea.number])
    expect(await numbers('?mode=AIR')).toEqual([air.number])
    expect(await numbers('?q=nhava')).toEqual([sea.number])
    expect(await numbers(`?q=${air.number.toLowerCase()}`)).toEqual([air.number])
    expect(await numbers('?status=Active')).toEqual([air.number, sea.number])
    expect(await numbers('?status=Expired')).toEqual([])
  })
})
