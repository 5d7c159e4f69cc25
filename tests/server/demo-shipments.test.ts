import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type BookingDetail,
  type BookingsResponse,
  bookingStatuses,
  type TrackingView,
} from '../../contract/bookings'
import type { Dashboard } from '../../contract/dashboard'
import { milestoneStates } from '../../contract/milestones'
import { apiPaths, type LoginResponse } from '../../contract/wire'
import { createApp } from '../../server/app'
import { demoCustomer } from '../../server/demo/customer'
import { creditStanding } from '../../server/finance/credit'
import { prepareDatabase } from '../../server/prepare'
import { bearer, openTestDatabase, postJson, type TestDatabase } from './helpers'

let database: TestDatabase
let headers: Record<string, string>
let app: ReturnType<typeof createApp>

beforeAll(async () => {
  database = await openTestDatabase()
  const prepared = await prepareDatabase(database.db, { demoSeed: true })
  expect(prepared.demoShipments).toBe(9)
  app = createApp({ db: database.db, logger: { ...console, error: () => {} } })
  const login = await app.request(
    apiPaths.login,
    postJson({ email: demoCustomer.email, password: demoCustomer.password }),
  )
  headers = bearer(((await login.json()) as LoginResponse).token as string)
}, 120_000)

afterAll(async () => {
  await database?.close()
})

describe('the demo customer', () => {
  it('books without waiting for finance: what its company owes leaves room under its credit limit', async () => {
    const { customer_id } = await database.db
      .selectFrom('users')
      .select('customer_id')
      .where('esus_email_id', '=', demoCustomer.email)
      .executeTakeFirstOrThrow()
    const standing = await creditStanding(database.db, customer_id, new Date())
    expect(standing.openBalance).toBeGreaterThan(0)
    // Room for two more bookings the size of the demo's largest.
    const largest = await database.db
      .selectFrom('booking_charges')
      .select((eb) => eb.fn.sum<number>('amount').as('total'))
      .where('customer_id', '=', customer_id)
      .groupBy('booking_id')
      .orderBy('total', 'desc')
      .executeTakeFirstOrThrow()
    expect(standing.openBalance + 2 * Number(largest.total)).toBeLessThan(standing.creditLimit)
    expect(standing.oldestOverdueDays).toBe(0)
  })

  it('has a booking in every status, booked and moved there through the operations code', async () => {
    const { bookings } = (await (await app.request('/api/bookings', { headers })).json()) as BookingsResponse
    expect(new Set(bookings.map((b) => b.status))).toEqual(new Set(bookingStatuses))
    for (const booking of bookings) {
      const confirmed = !['Booking Received', 'Cancelled'].includes(booking.status)
      expect(Boolean(booking.hbl), booking.number).toBe(confirmed)
    }
  })

  it('tracks a shipment under way with its history, the ETA moved and the route on the map', async () => {
    const { bookings } = (await (
      await app.request('/api/bookings?status=Departed', { headers })
    ).json()) as BookingsResponse
    const moved = await Promise.all(
      bookings.map(
        async (b) =>
          (await (await app.request(`/api/tracking/${b.hbl}`, { headers })).json()) as TrackingView,
      ),
    )
    const losAngeles = moved.find((view) => view.destination.code === 'USLAX')
    expect(losAngeles?.eta.movedHours).toBe(48)
    expect(losAngeles?.milestones.find((m) => m.key === 'departed')?.actual).not.toBeNull()
    expect(losAngeles?.map.position).not.toBeNull()
    const viaColombo = moved.find((view) => view.destination.code === 'PKKHI')
    expect(viaColombo?.map.places.map((p) => p.role)).toEqual(['origin', 'transshipment', 'destination'])
  })

  it('reads as the truth: what has departed has its documents accepted, every leg carried and every milestone reported', async () => {
    const { bookings } = (await (await app.request('/api/bookings', { headers })).json()) as BookingsResponse
    const departed = bookings.filter((b) => ['Departed', 'Arrived', 'Delivered'].includes(b.status))
    expect(departed.length).toBeGreaterThanOrEqual(4)
    for (const summary of departed) {
      const booking = (await (
        await app.request(`/api/bookings/${summary.number}`, { headers })
      ).json()) as BookingDetail
      const required = booking.documents.filter((d) => d.required)
      expect(required.length, booking.number).toBeGreaterThan(0)
      expect(new Set(required.map((d) => d.status)), booking.number).toEqual(new Set(['Accepted']))
      const states = milestoneStates(booking.milestones, booking.status)
      expect(states, booking.number).not.toContain('unreported')
      if (booking.status !== 'Departed') {
        expect(
          booking.legs.every((leg) => leg.vesselName || leg.flight),
          booking.number,
        ).toBe(true)
      }
    }
  })

  it("fills the dashboard: attention, shipments in transit, recent activity and this year's figures", async () => {
    const res = await app.request('/api/dashboard', { headers })
    const dashboard = (await res.json()) as Dashboard
    expect(dashboard.attention.onHold).toHaveLength(1)
    expect(dashboard.attention.etaMoved.map((e) => e.movedHours)).toContain(48)
    expect(dashboard.attention.documents.length).toBeGreaterThan(0)
    expect(dashboard.inTransit.length).toBeGreaterThanOrEqual(3)
    expect(dashboard.activity).toHaveLength(10)
    expect(dashboard.figures.bookingsInProgress).toBeGreaterThan(0)
  })

  it('is seeded once, and without mail', async () => {
    expect((await prepareDatabase(database.db, { demoSeed: true })).demoShipments).toBe(0)
    const mails = await database.db.selectFrom('outbox').select('id').execute()
    expect(mails).toEqual([])
  })
})
