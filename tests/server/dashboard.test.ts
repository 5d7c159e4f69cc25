import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BookingDetail, Milestone, TrackingView } from '../../contract/bookings'
import type { Dashboard } from '../../contract/dashboard'
import type { CreateQuoteResponse, QuoteDetail } from '../../contract/quotes'
import { dashboardWindow, periodStarts } from '../../server/dashboard/dashboard'
import { dashboardRows, eventsOfBookings } from '../../server/dashboard/queries'
import { isInTransit, TransitSummaries } from '../../server/dashboard/transit'
import { type Auth, type BookingServer, dcsa, setupBookingServer } from './booking-helpers'
import { minimalPdf } from './document-fixtures'
import { postJson } from './helpers'

// The clock stands at 2025-06-02T09:00Z (17:00 in Singapore).
let s: BookingServer
let alice: Auth
let bob: Auth
const numbers: Record<string, string> = {}
let expiringQuote: string

const dashboard = async (auth: Auth) => {
  const res = await s.call(auth, '/api/dashboard')
  expect(res.status).toBe(200)
  return (await res.json()) as Dashboard
}
const detail = async (auth: Auth, number: string) =>
  (await (await s.call(auth, `/api/bookings/${number}`)).json()) as BookingDetail
const posted = async (events: unknown[]) => {
  const res = await s.postEvents(events)
  expect(res.status, await res.clone().text()).toBe(200)
}

beforeAll(async () => {
  s = await setupBookingServer()
  alice = await s.login()
  bob = await s.login()

  // Two open quotes: one whose options end tomorrow (Expiring soon), one valid for two weeks. Each its own
  // cargo: the same search again would reopen the first (issue 34).
  const quote = async (auth: Auth, commodity: string) => {
    const res = await s.call(auth, '/api/quotes', postJson(s.fcl({ commodity })))
    return ((await res.json()) as CreateQuoteResponse).quote as QuoteDetail
  }
  const soon = await quote(alice, 'Ceramic tiles')
  expiringQuote = soon.number
  await s.db
    .updateTable('quote_options')
    .set({ valid_to: '2025-06-03' })
    .where('quote_id', '=', s.db.selectFrom('quotes').select('id').where('number', '=', soon.number))
    .execute()
  await quote(alice, 'Cotton yarn')

  // Documents: its ETD is in two days, so the invoice and packing list were due yesterday.
  numbers.documents = await s.book(alice)
  await s.confirm(numbers.documents, { etd: '2025-06-04T10:00:00Z', eta: '2025-06-20T10:00:00Z' })
  const uploadRes = await s.call(alice, `/api/bookings/${numbers.documents}/documents/commercial_invoice`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/pdf', 'X-File-Name': 'invoice.pdf' },
    body: minimalPdf() as BodyInit,
  })
  const { document } = (await uploadRes.json()) as { document: { id: string } }
  const review = await s.app.request(
    `/api/ops/documents/${document.id}/review`,
    postJson(
      { status: 'Rejected', reason: 'The invoice is not signed.' },
      { 'X-API-Key': 'test-ops-key-5d1f0b2a9c' },
    ),
  )
  expect(review.status).toBe(200)

  // Under way: departed yesterday, the carrier now expects it two days later than planned.
  numbers.sailing = await s.book(alice)
  const hbl = await s.confirm(numbers.sailing, { etd: '2025-06-01T12:00:00Z', eta: '2025-06-12T06:00:00Z' })
  await posted([
    dcsa({ ref: hbl, code: 'GTIN', at: '2025-06-01T02:00:00Z', location: 'SGSIN' }),
    dcsa({ ref: hbl, code: 'LOAD', at: '2025-06-01T10:00:00Z', location: 'SGSIN' }),
    dcsa({ ref: hbl, code: 'DEPA', at: '2025-06-01T12:30:00Z', location: 'SGSIN', vessel: 'MAERSK SELETAR' }),
    dcsa({
      ref: hbl,
      code: 'ARRI',
      classifier: 'EST',
      at: '2025-06-14T06:00:00Z',
      created: '2025-06-02T08:00:00Z',
      location: 'INNSA',
    }),
  ])

  numbers.held = await s.book(alice)
  const heldHbl = await s.confirm(numbers.held)
  await posted([
    dcsa({ ref: heldHbl, code: 'HOLD', at: '2025-06-02T08:30:00Z', reason: 'Awaiting the export permit.' }),
  ])

  numbers.delivered = await s.book(alice)
  const deliveredHbl = await s.confirm(numbers.delivered, {
    etd: '2025-05-20T12:00:00Z',
    eta: '2025-05-30T06:00:00Z',
  })
  await posted([
    dcsa({ ref: deliveredHbl, code: 'GTIN', at: '2025-05-20T02:00:00Z', location: 'SGSIN' }),
    dcsa({ ref: deliveredHbl, code: 'DEPA', at: '2025-05-20T12:00:00Z', location: 'SGSIN' }),
    dcsa({ ref: deliveredHbl, code: 'ARRI', at: '2025-05-30T06:00:00Z', location: 'INNSA' }),
    // Each of its two containers leaves the port at the same time: one gate out for each box.
    dcsa({ ref: deliveredHbl, code: 'GTOT', at: '2025-06-02T07:00:00Z', location: 'INNSA' }),
    {
      ...dcsa({ ref: deliveredHbl, code: 'GTOT', at: '2025-06-02T07:00:00Z', location: 'INNSA' }),
      equipmentReference: 'CSQU3054383',
    },
    dcsa({ ref: deliveredHbl, code: 'DLVR', at: '2025-06-02T08:00:00Z', location: 'INNSA' }),
  ])

  // An LCL booking cancelled by the customer: it neither costs nor uses up the first-LCL offer.
  numbers.cancelled = await s.book(
    alice,
    s.fcl({
      mode: 'LCL',
      containers: undefined,
      cargo: { kind: 'totals', pieces: 4, volumeCbm: 3, weightKg: 800 },
    }),
  )
  expect((await s.call(alice, `/api/bookings/${numbers.cancelled}/cancel`, { method: 'POST' })).status).toBe(
    200,
  )

  // Bob's company books an LCL shipment that stands.
  await s.book(
    bob,
    s.fcl({
      mode: 'LCL',
      containers: undefined,
      cargo: { kind: 'totals', pieces: 2, volumeCbm: 2, weightKg: 500 },
    }),
  )
}, 120_000)

afterAll(async () => {
  await s?.database.close()
})

describe('getDashboard', () => {
  it('answers 401 without a session', async () => {
    expect((await s.app.request('/api/dashboard')).status).toBe(401)
  })

  it("greets the user with the company's name", async () => {
    const d = await dashboard(alice)
    const user = await s.db
      .selectFrom('users')
      .select(['esus_name', 'esus_company_name'])
      .where('esus_email_id', '=', alice.email)
      .executeTakeFirstOrThrow()
    expect(d.user).toEqual({ name: user.esus_name, company: user.esus_company_name, returning: false })
  })

  it('welcomes back a user who has logged in before, and only them', async () => {
    expect((await dashboard(bob)).user.returning).toBe(false)
    const { id } = await s.db
      .selectFrom('users')
      .select('id')
      .where('esus_email_id', '=', bob.email)
      .executeTakeFirstOrThrow()
    const earlier = new Date('2025-05-01T00:00:00Z')
    await s.db
      .insertInto('sessions')
      .values({
        user_id: id,
        token_hash: 'e'.repeat(64),
        created_at: earlier,
        last_seen_at: earlier,
        ended_at: earlier,
      })
      .execute()
    expect((await dashboard(bob)).user.returning).toBe(true)
    expect((await dashboard(alice)).user.returning).toBe(false)
  })

  it('lists the quote ending tomorrow under Needs attention, not the one valid for two weeks', async () => {
    const { expiringQuotes } = (await dashboard(alice)).attention
    expect(expiringQuotes.map((q) => q.number)).toEqual([expiringQuote])
    expect(expiringQuotes[0]).toMatchObject({
      mode: 'FCL',
      validTo: '2025-06-03',
      origin: { code: 'SGSIN', name: 'Singapore' },
      destination: { code: 'INNSA' },
    })
    expect(expiringQuotes[0]?.totalUsd).toBeGreaterThan(0)
  })

  it('lists overdue and rejected documents, the held booking and the moved ETA', async () => {
    const { documents, onHold, etaMoved } = (await dashboard(alice)).attention
    const ofBooking = documents.filter((d) => d.bookingNumber === numbers.documents)
    expect(ofBooking).toEqual([
      {
        bookingNumber: numbers.documents,
        kind: 'commercial_invoice',
        name: 'Commercial invoice',
        status: 'Rejected',
        dueDate: '2025-06-01',
        overdue: true,
        reason: 'The invoice is not signed.',
      },
      expect.objectContaining({
        kind: 'packing_list',
        status: 'Required',
        dueDate: '2025-06-01',
        overdue: true,
      }),
    ])
    expect(documents.some((d) => d.bookingNumber === numbers.delivered)).toBe(false)
    expect(onHold).toEqual([{ bookingNumber: numbers.held, reason: 'Awaiting the export permit.' }])
    expect(etaMoved).toEqual([
      expect.objectContaining({
        bookingNumber: numbers.sailing,
        eta: '2025-06-14T06:00:00.000Z',
        movedHours: 48,
        // The ETA's place, so it is shown in Nhava Sheva's time, never the reader's.
        destination: { code: 'INNSA', name: expect.any(String), time_zone: 'Asia/Calcutta' },
      }),
    ])
  })

  it('shows the shipment under way with the next milestone its tracking shows, and the ETA', async () => {
    const { inTransit } = await dashboard(alice)
    const hbl = inTransit[0]?.hbl as string
    const view = (await (await s.call(alice, `/api/tracking/${hbl}`)).json()) as TrackingView
    const departed = view.milestones.findIndex((m) => m.key === 'departed')
    const next = view.milestones.slice(departed + 1).find((m) => !m.actual) as Milestone
    expect(inTransit).toEqual([
      expect.objectContaining({
        bookingNumber: numbers.sailing,
        status: 'Departed',
        // The next milestone's place as tracking names it, with its zone: its time is shown there.
        next: {
          key: next.key,
          label: next.label,
          at: next.estimated ?? next.planned,
          place: {
            code: next.location?.code,
            name: next.location?.name,
            time_zone: next.location?.time_zone,
          },
        },
        eta: '2025-06-14T06:00:00.000Z',
        destination: expect.objectContaining({ code: 'INNSA', time_zone: 'Asia/Calcutta' }),
      }),
    ])
    expect(next.location?.time_zone).toBeTruthy()
    // Next is the transshipment port: its times are not made up (no planned minute nobody planned).
    expect(next).toMatchObject({ key: 'transshipment', planned: null, estimated: null })
  })

  it("lists the company's last 10 events that happened, newest first", async () => {
    const { activity } = await dashboard(alice)
    expect(activity).toHaveLength(10)
    const times = activity.map((a) => Date.parse(a.at))
    expect([...times].sort((a, b) => b - a)).toEqual(times)
    expect(times.every((t) => t <= s.clock.now().getTime())).toBe(true)
    expect(activity.every((a) => a.classifier === 'ACT')).toBe(true)
    expect(activity).toContainEqual(
      expect.objectContaining({
        bookingNumber: numbers.delivered,
        label: 'Delivered',
        location: expect.any(String),
        time_zone: 'Asia/Calcutta',
        kind: 'place',
      }),
    )
    expect(activity).toContainEqual(
      // A change the office made to the booking: shown in Singapore time, not at a port's.
      expect.objectContaining({ bookingNumber: numbers.held, label: 'On Hold', kind: 'status' }),
    )
    // What happened to each container at one time and place is listed once, not once per box.
    const gateOut = activity.filter((a) => a.bookingNumber === numbers.delivered && a.label === 'Gate Out')
    expect(gateOut).toHaveLength(1)
  })

  it('counts the figures of this month and year; spend is by mode without the cancelled booking', async () => {
    const { figures } = await dashboard(alice)
    expect(figures.quotesThisMonth).toBe(7) // two open quotes and the five behind bookings
    expect(figures.bookingsInProgress).toBe(3) // documents, sailing, held
    expect(figures.deliveredThisYear).toBe(1)
    const totals = await Promise.all(
      [numbers.documents, numbers.sailing, numbers.held, numbers.delivered].map(
        async (n) => (await detail(alice, n as string)).price.totalUsd,
      ),
    )
    expect(figures.spendThisYear).toEqual([
      { mode: 'FCL', totalUsd: totals.reduce((a, b) => a + b, 0) },
      { mode: 'LCL', totalUsd: 0 },
      { mode: 'AIR', totalUsd: 0 },
    ])
  })

  it('offers the first-LCL discount while no LCL booking of the company stands', async () => {
    expect((await dashboard(alice)).firstLclEligible).toBe(true)
    expect((await dashboard(bob)).firstLclEligible).toBe(false)
  })

  it("shows a company nothing of another's", async () => {
    const d = await dashboard(bob)
    expect(d.attention.expiringQuotes).toEqual([])
    expect(d.attention.onHold).toEqual([])
    expect(d.attention.etaMoved).toEqual([])
    expect(d.inTransit).toEqual([])
    expect(d.activity).toEqual([])
    expect(d.figures).toMatchObject({ quotesThisMonth: 1, bookingsInProgress: 1, deliveredThisYear: 0 })
    expect(d.attention.documents.every((doc) => !Object.values(numbers).includes(doc.bookingNumber))).toBe(
      true,
    )
  })
})

describe('a shipment under way', () => {
  it('shows a new event at once: import customs cleared before arrival makes Available for Pickup next', async () => {
    const before = (await dashboard(alice)).inTransit[0]
    expect(before?.next?.key).toBe('transshipment')
    const hbl = before?.hbl as string
    await posted([dcsa({ ref: hbl, code: 'CUSI', at: '2025-06-02T08:40:00Z', location: 'INNSA' })])
    const after = (await dashboard(alice)).inTransit[0]
    const view = (await (await s.call(alice, `/api/tracking/${hbl}`)).json()) as TrackingView
    const cleared = view.milestones.findIndex((m) => m.key === 'importCustomsCleared')
    const next = view.milestones.slice(cleared + 1).find((m) => !m.actual) as Milestone
    expect(next.key).toBe('availableForPickup')
    expect(after).toMatchObject({
      bookingNumber: numbers.sailing,
      next: { key: next.key, label: next.label, at: next.estimated ?? next.planned },
      eta: before?.eta,
    })
  })

  it("reads a shipment's events once for each set of events, route and ETA it has", async () => {
    const reads: number[][] = []
    const transit = new TransitSummaries(async (ids) => {
      reads.push(ids)
      return eventsOfBookings(s.db, ids)
    })
    const customer = await s.db
      .selectFrom('bookings')
      .select(['id', 'customer_id'])
      .where('number', '=', numbers.sailing as string)
      .executeTakeFirstOrThrow()
    const read = async () => {
      const rows = await dashboardRows(s.db, dashboardWindow(customer.customer_id, s.clock.now()))
      return { live: rows.live.filter(isInTransit), versions: rows.event_versions }
    }

    const { live, versions } = await read()
    expect(live.map((b) => b.id)).toEqual([customer.id])
    const first = (await transit.of(live, versions)).get(customer.id)
    const again = (await transit.of(live, versions)).get(customer.id)
    expect(reads).toEqual([[customer.id]])
    expect(again).toBe(first)

    // The stored ETA is part of what the summary is derived from.
    const moved = live.map((b) => ({ ...b, eta: '2025-06-30T00:00:00+00:00' }))
    await transit.of(moved, versions)
    expect(reads).toHaveLength(2)

    // A new event: the versions the dashboard reads change, and the summary is derived again from the events.
    const hbl = live[0]?.hbl as string
    await posted([
      dcsa({
        ref: hbl,
        code: 'ARRI',
        classifier: 'EST',
        at: '2025-06-16T06:00:00Z',
        created: '2025-06-02T08:50:00Z',
        location: 'INNSA',
      }),
    ])
    const later = await read()
    expect(later.versions).not.toEqual(versions)
    const fresh = (await transit.of(later.live, later.versions)).get(customer.id)
    expect(reads).toHaveLength(3)
    expect(fresh?.eta).toBe('2025-06-16T06:00:00.000Z')
    expect(fresh).not.toEqual(first)
    await transit.of(later.live, later.versions)
    expect(reads).toHaveLength(3)
  })
})

describe('a booking operations have not confirmed yet', () => {
  it('lists its documents due by its planned sailing, as its own page does', async () => {
    const carol = await s.login()
    const number = await s.book(carol)
    const booking = await detail(carol, number)
    const etd = booking.plannedSailing?.etd
    expect(etd, 'the option offered a sailing').toBeTruthy()
    const due = booking.documents.find((d) => d.kind === 'commercial_invoice')?.dueDate
    expect(due).toBeTruthy()
    const { documents } = (await dashboard(carol)).attention
    expect(documents).toEqual([
      expect.objectContaining({ bookingNumber: number, kind: 'commercial_invoice', dueDate: due }),
      expect.objectContaining({ bookingNumber: number, kind: 'packing_list', dueDate: due }),
    ])
  })
})

describe('periodStarts', () => {
  it('starts the month and year at midnight in Singapore', () => {
    expect(periodStarts(new Date('2025-12-31T16:30:00Z'))).toEqual({
      monthStart: new Date('2025-12-31T16:00:00Z'),
      yearStart: new Date('2025-12-31T16:00:00Z'),
    })
    expect(periodStarts(new Date('2025-06-02T09:00:00Z'))).toEqual({
      monthStart: new Date('2025-05-31T16:00:00Z'),
      yearStart: new Date('2024-12-31T16:00:00Z'),
    })
  })
})
