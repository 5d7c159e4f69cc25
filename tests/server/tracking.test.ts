import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type TrackingView, trackingMessages } from '../../contract/bookings'
import { type Auth, type BookingServer, dcsa, setupBookingServer } from './booking-helpers'

let s: BookingServer
let alice: Auth
let bob: Auth
let number: string
let hbl: string

beforeAll(async () => {
  s = await setupBookingServer()
  alice = await s.login()
  bob = await s.login()
  number = await s.book(alice)
  hbl = await s.confirm(number, {
    etd: '2025-05-25T12:00:00Z',
    eta: '2025-06-06T06:00:00Z',
    vesselName: 'MSC ANNA',
    voyage: '412W',
    transshipment: 'LKCMB',
  })
}, 90_000)

afterAll(async () => {
  await s?.database.close()
})

async function track(auth: Auth, value: string) {
  const res = await s.call(auth, `/api/tracking/${value}`)
  return { status: res.status, body: (await res.json()) as TrackingView & { message?: string } }
}

describe('trackShipment', () => {
  it('shows the planned route, milestones in the places’ time zones and the map before departure', async () => {
    const { status, body } = await track(alice, hbl.toLowerCase())
    expect(status).toBe(200)
    expect(body).toMatchObject({ hbl, bookingNumber: number, mode: 'FCL', status: 'Confirmed' })
    expect(body.eta).toEqual({
      current: '2025-06-06T06:00:00.000Z',
      original: '2025-06-06T06:00:00.000Z',
      movedHours: 0,
    })
    expect(body.milestones.map((m) => m.label)).toEqual([
      'Booking Confirmed',
      'Gate In',
      'Export Customs Cleared',
      'Loaded',
      'Departed',
      'Transshipment',
      'Arrived',
      'Discharged',
      'Import Customs Cleared',
      'Available for Pickup',
      'Delivered',
    ])
    const departed = body.milestones.find((m) => m.key === 'departed')
    expect(departed).toMatchObject({
      planned: '2025-05-25T12:00:00.000Z',
      actual: null,
      vesselName: 'MSC ANNA',
      voyage: '412W',
      location: { code: 'SGSIN', time_zone: 'Asia/Singapore' },
    })
    expect(body.milestones.find((m) => m.key === 'arrived')?.location?.time_zone).toBe('Asia/Calcutta')
    expect(body.map.places.map((p) => [p.code, p.role])).toEqual([
      ['SGSIN', 'origin'],
      ['LKCMB', 'transshipment'],
      ['INNSA', 'destination'],
    ])
    expect(body.map.legs).toHaveLength(2)
    for (const leg of body.map.legs) {
      expect(leg.mode).toBe('SEA')
      expect(leg.points.length).toBeGreaterThan(2)
      expect(leg.points.length).toBeLessThanOrEqual(200)
    }
    // The sea route starts at Singapore and ends at Colombo.
    const first = body.map.legs[0]?.points ?? []
    expect(first[0]?.[0]).toBeCloseTo(body.map.places[0]?.at[0] ?? 0, 0)
    expect(first.at(-1)?.[0]).toBeCloseTo(body.map.places[1]?.at[0] ?? 0, 0)
    // Nothing has moved yet.
    expect(body.map.position).toBeNull()
  })

  it('follows the events: actual times, the transshipment, the moved ETA and the position at sea', async () => {
    const res = await s.postEvents([
      dcsa({ ref: hbl, code: 'GTIN', at: '2025-05-24T01:00:00Z', location: 'SGSIN' }),
      dcsa({ ref: hbl, code: 'CUSE', at: '2025-05-24T05:00:00Z' }),
      dcsa({ ref: hbl, code: 'LOAD', at: '2025-05-25T08:00:00Z', location: 'SGSIN' }),
      dcsa({
        ref: hbl,
        code: 'DEPA',
        at: '2025-05-25T14:00:00Z',
        location: 'SGSIN',
        vessel: 'MSC ANNA',
        voyage: '412W',
      }),
      dcsa({
        ref: hbl,
        code: 'ARRI',
        at: '2025-05-30T02:00:00Z',
        location: 'LKCMB',
        vessel: 'MSC ANNA',
        voyage: '412W',
      }),
      dcsa({
        ref: hbl,
        code: 'DEPA',
        at: '2025-06-01T20:00:00Z',
        location: 'LKCMB',
        vessel: 'MAERSK KOWLOON',
        voyage: '77N',
      }),
      dcsa({
        ref: hbl,
        code: 'ARRI',
        classifier: 'EST',
        at: '2025-06-08T06:00:00Z',
        location: 'INNSA',
        created: '2025-06-01T21:00:00Z',
      }),
    ])
    expect(res.status, JSON.stringify(await res.clone().json())).toBe(200)
    // Now (2025-06-02T09:00Z) the ship is 13 hours out of Colombo on its way to Nhava Sheva.
    const { body } = await track(alice, hbl)
    expect(body.status).toBe('Departed')
    const by = Object.fromEntries(body.milestones.map((m) => [m.key, m]))
    expect(by.gateIn?.actual).toBe('2025-05-24T01:00:00.000Z')
    expect(by.exportCustomsCleared?.actual).toBe('2025-05-24T05:00:00.000Z')
    expect(by.departed).toMatchObject({
      planned: '2025-05-25T12:00:00.000Z',
      actual: '2025-05-25T14:00:00.000Z',
    })
    expect(by.transshipment).toMatchObject({
      location: { code: 'LKCMB' },
      actual: '2025-06-01T20:00:00.000Z',
    })
    expect(by.arrived).toMatchObject({
      planned: '2025-06-06T06:00:00.000Z',
      estimated: '2025-06-08T06:00:00.000Z',
      actual: null,
    })
    expect(body.eta).toEqual({
      current: '2025-06-08T06:00:00.000Z',
      original: '2025-06-06T06:00:00.000Z',
      movedHours: 48,
    })
    expect(body.map.position?.description).toBe('At sea from Colombo to Jawaharlal Nehru (Nhava Sheva)')
    const [lon, lat] = body.map.position?.at ?? [0, 0]
    expect(lon).toBeGreaterThan(72)
    expect(lon).toBeLessThan(80.5)
    expect(lat).toBeGreaterThan(4)
    expect(lat).toBeLessThan(20)
  })

  it("answers 404 for another company's HBL and for none, 422 for a malformed number", async () => {
    for (const value of [hbl, 'ESHBL2099999999']) {
      const { status, body } = await track(bob, value)
      expect(status).toBe(404)
      expect(body.message).toBe(trackingMessages.notFound)
    }
    const bad = await track(alice, 'HBL-12')
    expect(bad.status).toBe(422)
    expect(bad.body.message).toBe(trackingMessages.badNumber)
    expect((await s.app.request(`/api/tracking/${hbl}`)).status).toBe(401)
  })
})
