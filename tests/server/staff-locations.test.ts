import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PlacesResponse } from '../../contract/wire'
import { type BookingServer, setupBookingServer } from './booking-helpers'
import { bearer } from './helpers'
import { createTestStaff, staffToken } from './staff-helpers'

/** GET /api/staff/locations (searchStaffLocations): the quote form's type-ahead for the staff console. */
let server: BookingServer

beforeAll(async () => {
  server = await setupBookingServer()
}, 60_000)

afterAll(async () => {
  await server?.database.close()
})

const search = (query: string, headers: Record<string, string> = {}) =>
  server.app.request(`/api/staff/locations?${query}`, { headers })

describe('the staff location search', () => {
  it('answers any signed-in staff member with the places the customer search finds', async () => {
    const staff = await createTestStaff(server.db, ['pricing'], server.clock.now())
    const token = await staffToken(server.app, staff, server.clock.now())
    const res = await search('q=nhava&mode=FCL', bearer(token))
    expect(res.status).toBe(200)
    const body = (await res.json()) as PlacesResponse
    expect(body.locations[0]).toMatchObject({
      code: 'INNSA',
      kind: 'port',
      time_zone: expect.stringMatching(/^Asia\//),
    })
    // Air searches airports by IATA code.
    const air = (await (await search('q=SIN&mode=AIR', bearer(token))).json()) as PlacesResponse
    expect(air.locations[0]).toMatchObject({ code: 'SIN', kind: 'airport' })
    // A bad query is a field message, not a failure.
    const empty = await search('q=&mode=FCL', bearer(token))
    expect(empty.status).toBe(422)
    expect(JSON.stringify(await empty.json())).toContain('Type a code, port, airport, city or country.')
  })

  it("refuses a customer's token and no token with 401", async () => {
    const customer = await server.login()
    const { email: _email, ...headers } = customer
    expect((await search('q=nhava&mode=FCL', headers)).status).toBe(401)
    expect((await search('q=nhava&mode=FCL')).status).toBe(401)
  })
})
