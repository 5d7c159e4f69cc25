import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addDays } from '../../contract/dates'
import { AIR_DISTANCE_ADDITION_KM, DEFAULT_EMISSION_FACTORS } from '../../contract/emissions'
import type { CreateQuoteResponse, QuoteDetail } from '../../contract/quotes'
import { apiPaths, type LoginResponse } from '../../contract/wire'
import { carriageThrough, greatCircleKm } from '../../server/emissions/carriage'
import { ensureLocations, PlaceIndex } from '../../server/locations/locations'
import { ensureSeedRates } from '../../server/rates/seed'
import { bearer, createTestUser, postJson, setupAuthServer } from './helpers'

// The main carriage an option's emissions are counted on: its legs and their distances, from the places'
// coordinates in the data packages and the sea-route network.

let server: Awaited<ReturnType<typeof setupAuthServer>>
let places: PlaceIndex
let auth: Record<string, string>

beforeAll(async () => {
  server = await setupAuthServer()
  await ensureLocations(server.db)
  await ensureSeedRates(server.db, server.clock.now())
  places = new PlaceIndex(server.db)
  const user = await createTestUser(server.db)
  const res = await server.app.request(
    apiPaths.login,
    postJson({ email: user.email, password: user.password }),
  )
  auth = bearer(((await res.json()) as LoginResponse).token as string)
}, 60_000)

afterAll(async () => {
  await server?.database.close()
})

const NM = 1.852

describe('distances sailed', () => {
  // Port-to-port distances as the published distance tables give them (nautical miles), within 8 %: the
  // network is a model of the lanes, not a voyage plan.
  it.each([
    ['INNSA', 'Nhava Sheva', 2450],
    ['NLRTM', 'Rotterdam (by Suez)', 8290],
    ['USLAX', 'Los Angeles (across the Pacific)', 7660],
  ])('Singapore to %s (%s) is about %i nm', async (code, _name, nm) => {
    const legs = await carriageThrough(places, 'FCL', ['SGSIN', code])
    expect(legs).toHaveLength(1)
    const km = legs?.[0]?.distanceKm ?? 0
    expect(km / NM).toBeGreaterThan(nm * 0.92)
    expect(km / NM).toBeLessThan(nm * 1.08)
  })

  it('an air leg is the great circle plus 95 km', async () => {
    const [sin, hkg] = await Promise.all([places.get('SIN'), places.get('HKG')])
    const gc = greatCircleKm([sin!.longitude!, sin!.latitude!], [hkg!.longitude!, hkg!.latitude!])
    // Singapore Changi to Hong Kong is about 2,590 km great circle.
    expect(gc).toBeGreaterThan(2500)
    expect(gc).toBeLessThan(2680)
    expect(await carriageThrough(places, 'AIR', ['SIN', 'HKG'])).toEqual([
      { mode: 'AIR', from: 'SIN', to: 'HKG', distanceKm: Math.round(gc) + AIR_DISTANCE_ADDITION_KM },
    ])
  })

  it('a place without coordinates gives no carriage, never a guessed one', async () => {
    expect(await carriageThrough(places, 'FCL', ['SGSIN', 'XXZZZ'])).toBeNull()
  })
})

describe("a quote's options", () => {
  it('carry their carriage, through the port a service names, and the factors in force', async () => {
    const res = await server.app.request(
      '/api/quotes',
      postJson(
        {
          mode: 'FCL',
          origin: 'SGSIN',
          destination: 'NLRTM',
          readyDate: addDays(server.clock.now().toISOString().slice(0, 10), 3),
          commodity: 'Machine parts',
          containers: [{ type: '40HC', count: 1 }],
        },
        auth,
      ),
    )
    const quote = ((await res.json()) as CreateQuoteResponse).quote as QuoteDetail
    expect(res.status).toBe(201)
    expect(quote.emissionFactors).toEqual(DEFAULT_EMISSION_FACTORS)
    expect(quote.options.length).toBeGreaterThan(0)
    // The seed prices this lane direct and through a hub.
    expect(quote.options.some((option) => option.service.startsWith('Via '))).toBe(true)
    for (const option of quote.options) {
      const legs = option.carriage ?? []
      expect(legs[0]?.from).toBe('SGSIN')
      expect(legs.at(-1)?.to).toBe('NLRTM')
      if (option.service.startsWith('Via ')) expect(legs).toHaveLength(2)
      else expect(legs).toHaveLength(1)
      // A call on the way never makes the voyage shorter than the direct one.
      expect(legs.reduce((sum, leg) => sum + leg.distanceKm, 0)).toBeGreaterThan(8290 * NM * 0.92)
    }
  })
})
