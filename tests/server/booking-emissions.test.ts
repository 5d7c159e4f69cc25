/**
 * A booking's emissions (docs/emissions.md): counted when booked on the route its option quoted, with the gross
 * weights declared; counted again when operations confirm a route through another port, the figure before
 * kept; never rewritten when new factors are applied; and counted at start-up for a booking that has none.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BookingDetail } from '../../contract/bookings'
import { DEFAULT_EMISSION_FACTORS, shipmentEmissions } from '../../contract/emissions'
import type { CreateQuoteResponse, QuoteDetail } from '../../contract/quotes'
import { ensureBookingEmissions } from '../../server/emissions/bookings'
import { PlaceIndex } from '../../server/locations/locations'
import { type Auth, type BookingServer, setupBookingServer } from './booking-helpers'

let server: BookingServer
let auth: Auth
let places: PlaceIndex

beforeAll(async () => {
  server = await setupBookingServer()
  auth = await server.login()
  places = new PlaceIndex(server.db)
}, 60_000)

afterAll(async () => {
  await server?.database.close()
})

const read = async (number: string) =>
  (await (await server.call(auth, `/api/bookings/${number}`)).json()) as BookingDetail

describe("a booking's emissions", () => {
  it('are counted when booked, on the quoted route with the declared gross weights', async () => {
    const number = await server.book(auth)
    const { emissions, containerWeightsKg } = await read(number)
    expect(emissions?.reason).toBe('booked')
    expect(emissions?.figure.mass).toEqual({ kg: 36_800, basis: 'declared' })
    expect(containerWeightsKg).toEqual([18_400, 18_400])
    // The route of the option booked, as its quote showed it (the seed's first option may call at a hub).
    const quote = (await (
      await server.call(auth, `/api/quotes/${(await read(number)).quoteNumber}`)
    ).json()) as {
      quote: QuoteDetail
    }
    const option = quote.quote.options.find((o) => o.id === quote.quote.chosenOptionId)
    expect(emissions?.figure.legs.map((leg) => [leg.from, leg.to, leg.distanceKm])).toEqual(
      option?.carriage?.map((leg) => [leg.from, leg.to, leg.distanceKm]),
    )
    expect(emissions?.figure).toEqual(
      shipmentEmissions({
        request: { mode: 'FCL', containers: [{ type: '40HC', count: 2 }] },
        carriage: option?.carriage ?? [],
        services: { pickup: null, delivery: null },
        factors: DEFAULT_EMISSION_FACTORS,
        containerWeightsKg: [18_400, 18_400],
      }),
    )
    expect(emissions?.earlier).toEqual([])
  })

  it('are counted again when operations confirm a route through another port, the figure before kept', async () => {
    const number = await server.book(auth)
    const booked = (await read(number)).emissions
    // Confirmed on the quoted route: nothing to count again.
    const same = await server.book(auth)
    await server.confirm(same)
    expect((await read(same)).emissions?.earlier).toEqual([])

    await server.confirm(number, { transshipment: 'LKCMB' })
    const { emissions } = await read(number)
    expect(emissions?.reason).toBe('route confirmed')
    expect(emissions?.figure.legs.map((leg) => [leg.from, leg.to])).toEqual([
      ['SGSIN', 'LKCMB'],
      ['LKCMB', 'INNSA'],
    ])
    expect(emissions?.figure.wtwGrams).not.toBe(booked?.figure.wtwGrams)
    expect(emissions?.earlier).toEqual([
      {
        reason: 'booked',
        countedAt: booked?.countedAt,
        wtwGrams: booked?.figure.wtwGrams,
        factorsVersion: DEFAULT_EMISSION_FACTORS.version,
      },
    ])
  })

  it('keep the factors they were counted with when new ones are applied; a new quote takes the new ones', async () => {
    const number = await server.book(auth)
    const before = (await read(number)).emissions
    const doubled = Object.fromEntries(
      Object.entries(DEFAULT_EMISSION_FACTORS.factors).map(([key, f]) => [
        key,
        { ...f, wtwGPerTkm: f.wtwGPerTkm * 2, ttwGPerTkm: f.ttwGPerTkm * 2 },
      ]),
    )
    await server.db
      .insertInto('emission_factor_versions')
      .values({
        version: 'test doubled',
        source: 'test',
        factors: JSON.stringify(doubled),
        applied_at: server.clock.now(),
      })
      .execute()
    try {
      expect((await read(number)).emissions).toEqual(before)
      const created = await server.call(auth, '/api/quotes', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(server.fcl()),
      })
      const { quote } = (await created.json()) as CreateQuoteResponse
      expect(quote?.emissionFactors.version).toBe('test doubled')
    } finally {
      await server.db.deleteFrom('emission_factor_versions').where('version', '=', 'test doubled').execute()
    }
  })

  it('are counted once at start-up for a booking that has none', async () => {
    const number = await server.book(auth)
    const { id } = await server.db
      .selectFrom('bookings')
      .select('id')
      .where('number', '=', number)
      .executeTakeFirstOrThrow()
    await server.db.deleteFrom('booking_emissions').where('booking_id', '=', id).execute()
    expect((await read(number)).emissions).toBeNull()
    expect(await ensureBookingEmissions(server.db, places, server.clock.now())).toBeGreaterThanOrEqual(1)
    expect((await read(number)).emissions?.reason).toBe('counted later')
    expect(await ensureBookingEmissions(server.db, places, server.clock.now())).toBe(0)
  })
})
