import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type BookingDetail, type BookingsResponse, bookingMessages } from '../../contract/bookings'
import { type Auth, type BookingServer, dcsa, setupBookingServer } from './booking-helpers'

let s: BookingServer
let alice: Auth
let bob: Auth
let received: string
let confirmed: string
let air: string
let hbl: string
/** The confirmed booking's ETD: operations gave none, so its planned sailing's day (no time nobody gave). */
let plannedEtd: string

beforeAll(async () => {
  s = await setupBookingServer()
  alice = await s.login()
  bob = await s.login()
  received = await s.book(alice)
  confirmed = await s.book(alice, s.fcl({ containers: [{ type: '20GP', count: 1 }] }))
  hbl = await s.confirm(confirmed, { vesselName: 'MAERSK SELETAR', voyage: '523W' })
  const planned = (await (await s.call(alice, `/api/bookings/${confirmed}`)).json()) as BookingDetail
  plannedEtd = planned.plannedSailing?.etd as string
  air = await s.book(
    alice,
    s.fcl({
      mode: 'AIR',
      origin: 'SIN',
      destination: 'LHR',
      containers: undefined,
      cargo: { kind: 'totals', pieces: 3, volumeCbm: 2.4, weightKg: 800 },
    }),
  )
  await s.book(bob)
}, 90_000)

afterAll(async () => {
  await s?.database.close()
})

async function list(auth: Auth, query = '') {
  const res = await s.call(auth, `/api/bookings${query}`)
  expect(res.status).toBe(200)
  return ((await res.json()) as BookingsResponse).bookings
}

describe('listBookings', () => {
  it("lists the company's bookings, newest first, with lane, carrier, dates and status", async () => {
    const bookings = await list(alice)
    expect(bookings.map((b) => b.number)).toEqual([air, confirmed, received])
    const sea = bookings.find((b) => b.number === confirmed)
    expect(sea).toMatchObject({
      hbl,
      mode: 'FCL',
      status: 'Confirmed',
      origin: { code: 'SGSIN', country_code: 'SG', time_zone: 'Asia/Singapore' },
      destination: { code: 'INNSA' },
      // The commercial invoice and the packing list, not uploaded yet.
      documentsOutstanding: 2,
    })
    expect(sea?.carrier).toBeTruthy()
    expect(sea?.etd).toBe(plannedEtd)
    expect(sea?.quoteNumber).toMatch(/^ESQ-2025\d{6}$/)
    // Not confirmed yet: the planned sailing's ETD, marked planned.
    expect(bookings.find((b) => b.number === received)).toMatchObject({
      hbl: null,
      etd: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      plannedTimes: true,
      status: 'Booking Received',
    })
    expect((await list(bob)).map((b) => b.number)).not.toContain(received)
  })

  it('filters by status and mode and searches booking and HBL numbers in any case', async () => {
    expect((await list(alice, '?status=Confirmed')).map((b) => b.number)).toEqual([confirmed])
    expect((await list(alice, '?mode=AIR')).map((b) => b.number)).toEqual([air])
    expect((await list(alice, `?q=${hbl.toLowerCase()}`)).map((b) => b.number)).toEqual([confirmed])
    expect((await list(alice, `?q=${received.slice(-4)}`)).map((b) => b.number)).toContain(received)
    expect(await list(alice, '?q=ESHBL1999')).toEqual([])
    expect((await s.call(alice, '/api/bookings?status=Lost')).status).toBe(422)
  })

  it('needs a session', async () => {
    expect((await s.app.request('/api/bookings')).status).toBe(401)
  })
})

describe('getBooking', () => {
  it('shows parties, cargo, route with vessel and voyage, the charges and the milestones', async () => {
    const res = await s.call(alice, `/api/bookings/${confirmed}`)
    expect(res.status).toBe(200)
    const booking = (await res.json()) as BookingDetail
    expect(booking).toMatchObject({
      number: confirmed,
      hbl,
      status: 'Confirmed',
      shipper: { name: 'Alice Exports Pte Ltd' },
      consignee: { name: 'Mumbai Imports Pvt Ltd' },
      notifyParty: null,
      cargoDescription: 'Machine parts in crates',
      cargoSummary: '1 × 20GP',
      hazardous: null,
      canCancel: false,
      statusReason: null,
    })
    // The checklist of a confirmed sea booking, with the issued house bill to download.
    expect(booking.documents.map((d) => [d.kind, d.status])).toEqual([
      ['commercial_invoice', 'Required'],
      ['packing_list', 'Required'],
      ['certificate_of_origin', 'Optional'],
      ['hbl', 'Issued'],
    ])
    expect(booking.price.totalUsd).toBeGreaterThan(0)
    expect(booking.legs[0]).toMatchObject({ vesselName: 'MAERSK SELETAR', voyage: '523W' })
    expect(booking.milestones[0]).toMatchObject({ key: 'bookingConfirmed', label: 'Booking Confirmed' })
    expect(booking.milestones.find((m) => m.key === 'departed')).toMatchObject({
      planned: plannedEtd,
      actual: null,
      vesselName: 'MAERSK SELETAR',
    })
    const airBooking = (await (await s.call(alice, `/api/bookings/${air}`)).json()) as BookingDetail
    expect(airBooking).toMatchObject({
      mode: 'AIR',
      cargoSummary: '3 packages, 2.4 CBM, 800 kg',
      canCancel: true,
    })
  })

  it("answers 404 for another company's booking, exactly as for none", async () => {
    for (const number of [confirmed, 'ESB-2099999999', 'nonsense']) {
      const res = await s.call(bob, `/api/bookings/${number}`)
      expect(res.status).toBe(404)
      expect(await res.json()).toEqual({ message: bookingMessages.notFound })
    }
  })
})

describe('cancelBooking', () => {
  it('cancels a booking still Booking Received, and again answers the same', async () => {
    const number = await s.book(alice)
    const res = await s.call(alice, `/api/bookings/${number}/cancel`, { method: 'POST' })
    expect(res.status).toBe(200)
    const booking = (await res.json()) as BookingDetail
    expect(booking).toMatchObject({ status: 'Cancelled', canCancel: false })
    const again = await s.call(alice, `/api/bookings/${number}/cancel`, { method: 'POST' })
    expect(again.status).toBe(200)
    expect(((await again.json()) as BookingDetail).status).toBe('Cancelled')
    // Nothing happens to a cancelled booking any more.
    const late = await s.postEvents([dcsa({ ref: number, code: 'CONF', at: '2025-06-02T10:00:00Z' })])
    expect(late.status).toBe(422)
  })

  it('refuses once the booking is confirmed, and for another company answers 404', async () => {
    const res = await s.call(alice, `/api/bookings/${confirmed}/cancel`, { method: 'POST' })
    expect(res.status).toBe(409)
    expect(await res.json()).toEqual({ message: bookingMessages.cannotCancel })
    const other = await s.call(bob, `/api/bookings/${received}/cancel`, { method: 'POST' })
    expect(other.status).toBe(404)
    expect(((await (await s.call(alice, `/api/bookings/${received}`)).json()) as BookingDetail).status).toBe(
      'Booking Received',
    )
  })
})
