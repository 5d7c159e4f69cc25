/**
 * The operations desk's API (server/routes/staff-bookings.ts, docs/operations-desk.md) over HTTP against the
 * database: the queues and their search, confirming with local times and containers, milestones by form,
 * retractions, hold, release and cancel, documents, who may call it, the audit trail and the customer's live
 * `booking` events.
 */
import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BookingDetail, TrackingView } from '../../contract/bookings'
import { addDays } from '../../contract/dates'
import type { OpsBookingDetail, OpsQueue, OpsQueueResponse } from '../../contract/operations-desk'
import {
  compareQueueOrder,
  confirmMessages,
  containerMessages,
  opsDeskPaths as paths,
  queueOrderKey,
} from '../../contract/operations-desk'
import type { StaffRole } from '../../contract/permissions'
import type { ErrorBody } from '../../contract/wire'
import { createApp } from '../../server/app'
import { hashToken, newToken } from '../../server/auth/tokens'
import { openStaffSession } from '../../server/staff/sessions'
import { type Auth, type BookingServer, dcsa, setupBookingServer } from './booking-helpers'
import { minimalPdf, minimalXlsx } from './document-fixtures'
import { bearer, postJson, waitFor } from './helpers'
import { createTestStaff } from './staff-helpers'

let s: BookingServer
let alice: Auth
let ops: Awaited<ReturnType<typeof staffAuth>>
let sales: Awaited<ReturnType<typeof staffAuth>>

beforeAll(async () => {
  s = await setupBookingServer()
  alice = await s.login()
  ops = await staffAuth(['operations'])
  sales = await staffAuth(['sales'])
}, 60_000)

afterAll(async () => {
  await s?.database.close()
})

/** A staff member with `roles` and a live session: the Authorization header. */
async function staffAuth(roles: StaffRole[]) {
  const member = await createTestStaff(s.db, roles, s.clock.now())
  const token = newToken()
  await openStaffSession(s.db, member.id, hashToken(token), s.clock.now())
  const row = await s.db
    .selectFrom('staff_members')
    .select('name')
    .where('id', '=', member.id)
    .executeTakeFirstOrThrow()
  return { ...bearer(token), id: member.id, email: member.email, name: row.name }
}

const headersOf = (auth: Record<string, unknown>): Record<string, string> =>
  typeof auth.Authorization === 'string' ? { Authorization: auth.Authorization } : {}
const get = (path: string, auth: Record<string, unknown> = ops) =>
  s.app.request(path, { headers: headersOf(auth) })
const post = (path: string, body: unknown, auth: Record<string, unknown> = ops) =>
  s.app.request(path, postJson(body, headersOf(auth)))

async function queue(name: OpsQueue, query: Record<string, string> = {}) {
  const res = await get(`${paths.queue}?${new URLSearchParams({ queue: name, ...query })}`)
  const body = (await res.json()) as OpsQueueResponse
  expect(res.status, JSON.stringify(body)).toBe(200)
  return body
}
const numbersIn = async (name: OpsQueue, query: Record<string, string> = {}) =>
  (await queue(name, query)).items.map((item) => item.number)

async function deskDetail(number: string) {
  const res = await get(paths.booking(number))
  expect(res.status).toBe(200)
  return (await res.json()) as OpsBookingDetail
}
const today = () => s.clock.now().toISOString().slice(0, 10)
const customerDetail = async (number: string, auth: Auth = alice) =>
  (await (await s.call(auth, `/api/bookings/${number}`)).json()) as BookingDetail

const confirmBody = (overrides: Record<string, unknown> = {}) => ({
  carrier: 'Maersk',
  carrierBookingRef: `MAEU${Math.floor(Math.random() * 1e8)}`,
  vesselName: 'MAERSK SELETAR',
  voyage: '245W',
  etd: '2025-06-10T18:00',
  eta: '2025-06-20T14:00',
  ...overrides,
})

async function deskConfirmed(overrides: Record<string, unknown> = {}, auth: Auth = alice) {
  const number = await s.book(auth)
  const res = await post(paths.confirm(number), confirmBody(overrides))
  const body = (await res.json()) as { hbl: string }
  expect(res.status, JSON.stringify(body)).toBe(200)
  return { number, hbl: body.hbl }
}

async function upload(
  number: string,
  kind = 'commercial_invoice',
  file = minimalPdf(),
  name = 'invoice.pdf',
) {
  const res = await s.call(alice, `/api/bookings/${number}/documents/${kind}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/octet-stream', 'X-File-Name': name },
    body: file as Uint8Array<ArrayBuffer>,
  })
  expect(res.status).toBe(201)
  return ((await res.json()) as { document: { id: string } }).document.id
}

const milestone = (overrides: Record<string, unknown> = {}) => ({
  eventID: randomUUID(),
  eventType: 'TRANSPORT',
  code: 'ARRI',
  classifier: 'EST',
  location: 'INNSA',
  localTime: '2025-06-22T14:00',
  ...overrides,
})

describe('the queues', () => {
  it('list bookings waiting for confirmation by the nearest planned cut-off, then oldest first, and drop one once confirmed', async () => {
    // Booked first, for cargo ready in two weeks: a later sailing, so a later cut-off.
    const later = await s.book(alice, s.fcl({ readyDate: addDays(today(), 14) }))
    s.clock.advance(60_000)
    const first = await s.book(alice)
    s.clock.advance(60_000)
    const second = await s.book(alice)
    const page = await queue('received', { limit: '100' })
    const mine = page.items.filter((i) => [first, second, later].includes(i.number))
    // The same sailing: the older first; the later sailing after both, though booked before them.
    expect(mine.map((i) => i.number)).toEqual([first, second, later])
    expect(mine[0]).toMatchObject({ status: 'Booking Received', mode: 'FCL', company: expect.any(String) })
    expect(mine[0]?.origin).toMatchObject({ code: 'SGSIN', time_zone: 'Asia/Singapore' })
    // Until confirmed, the nearest cut-off is the planned sailing's earlier day, marked planned.
    for (const item of mine) {
      const plan = item.plannedSailing
      expect(plan).not.toBeNull()
      const earlier = [plan?.cargoCutoff, plan?.docCutoff].sort()[0]
      expect(item.cutoff).toMatchObject({ at: earlier, planned: true })
      expect(item.etd).toBeNull()
    }
    // The whole page is in the contract's order.
    const keys = page.items.map((i) => queueOrderKey(i, i.origin.time_zone))
    expect([...keys].sort(compareQueueOrder)).toEqual(keys)
    const before = page.counts.received
    expect((await post(paths.confirm(first), confirmBody())).status).toBe(200)
    const after = await queue('received', { limit: '100' })
    expect(after.items.map((i) => i.number)).not.toContain(first)
    expect(after.counts.received).toBe(before - 1)
  })

  it('order a confirmed booking by the cut-offs operations gave, not the planned ones', async () => {
    const { number } = await deskConfirmed({
      etd: '2025-06-10T18:00',
      cargoCutoff: '2025-06-08T17:00',
      documentsCutoff: '2025-06-07T12:00',
    })
    await upload(number)
    const item = (await queue('documents', { q: number })).items[0]
    expect(item?.cutoff).toEqual({ kind: 'documents', at: '2025-06-07T04:00:00.000Z', planned: false })
  })

  it('pages by a cursor without repeating or skipping a booking', async () => {
    for (let i = 0; i < 3; i += 1) await s.book(alice)
    const all = await numbersIn('received', { limit: '100' })
    const first = await queue('received', { limit: '2' })
    expect(first.next).not.toBeNull()
    const second = await queue('received', { limit: '2', after: first.next as string })
    expect([...first.items, ...second.items].map((i) => i.number)).toEqual(all.slice(0, 4))
  })

  it('list bookings with an unreviewed upload, aged from the oldest, until it is reviewed', async () => {
    const { number } = await deskConfirmed()
    const uploadedAt = s.clock.now().toISOString()
    const file = await upload(number)
    s.clock.advance(60_000)
    await upload(number, 'packing_list')
    const item = (await queue('documents', { q: number })).items[0]
    expect(item).toMatchObject({ number, documentsToReview: 2, since: uploadedAt })
    expect((await post(paths.review(number, file), { status: 'Accepted' })).status).toBe(200)
    expect((await queue('documents', { q: number })).items[0]?.documentsToReview).toBe(1)
  })

  it('list a live shipment whose ETA moved from the one at confirmation, until it comes back', async () => {
    const { number } = await deskConfirmed()
    const original = (await deskDetail(number)).originalEta as string
    expect(await numbersIn('eta', { q: number })).toEqual([])
    const movedAt = s.clock.now().toISOString()
    const later = await post(paths.events(number), milestone({ localTime: '2025-06-22T14:00' }))
    expect(later.status).toBe(200)
    const item = (await queue('eta', { q: number })).items[0]
    expect(item).toMatchObject({ number, originalEta: original, since: movedAt })
    expect(item?.eta).toBe('2025-06-22T08:30:00.000Z')
    s.clock.advance(60_000)
    await post(paths.events(number), milestone({ localTime: '2025-06-20T14:00' }))
    expect(await numbersIn('eta', { q: number })).toEqual([])
  })

  it('list held bookings with the reason, until released', async () => {
    const { number } = await deskConfirmed()
    await post(paths.hold(number), { reason: 'Awaiting the export permit.' })
    expect((await queue('hold', { q: number })).items[0]).toMatchObject({
      number,
      status: 'On Hold',
      heldFrom: 'Confirmed',
      statusReason: 'Awaiting the export permit.',
    })
    await post(paths.release(number), {})
    expect(await numbersIn('hold', { q: number })).toEqual([])
  })

  it('filter by mode, place, carrier and ETD, and count every queue with the filters', async () => {
    const { number } = await deskConfirmed({ carrier: 'Evergreen Test Line', etd: '2025-06-11T09:00' })
    const filtered = await queue('documents', { carrier: 'evergreen test', mode: 'FCL' })
    expect(filtered.counts).toMatchObject({ received: 0, eta: 0, hold: 0 })
    await post(paths.hold(number), { reason: 'Awaiting payment.' })
    const held = await queue('hold', { carrier: 'Evergreen Test', origin: 'SGSIN', destination: 'INNSA' })
    expect(held.items.map((i) => i.number)).toEqual([number])
    expect(held.counts.hold).toBe(1)
    // ETD 11 Jun 09:00 in Singapore: the Singapore day 11 Jun, not 10 or 12.
    expect(
      (await queue('hold', { carrier: 'Evergreen Test', etdFrom: '2025-06-11', etdTo: '2025-06-11' })).items,
    ).toHaveLength(1)
    expect((await queue('hold', { carrier: 'Evergreen Test', etdFrom: '2025-06-12' })).items).toHaveLength(0)
    expect((await queue('hold', { carrier: 'Evergreen Test', mode: 'AIR' })).counts.hold).toBe(0)
  })

  it('search by booking number, HBL, carrier reference and container, whole or its start', async () => {
    const { number, hbl } = await deskConfirmed({
      carrierBookingRef: 'ZZSEARCH42',
      containers: ['CSQU3054383'],
    })
    await post(paths.hold(number), { reason: 'Awaiting payment.' })
    for (const q of [
      number,
      number.slice(0, 12),
      hbl,
      'zzsearch',
      'ZZSEARCH42',
      'CSQU3054383',
      'csqu 305',
      'CSQU',
    ]) {
      expect(await numbersIn('hold', { q }), q).toContain(number)
    }
    expect(await numbersIn('hold', { q: 'SEARCH42' })).not.toContain(number)
    // The counts are the queues' without the search.
    const searched = await queue('hold', { q: 'nothing-like-it' })
    expect(searched.items).toEqual([])
    expect(searched.counts.hold).toBeGreaterThan(0)
  })

  it('refuse a bad query with the field', async () => {
    const res = await get(`${paths.queue}?queue=late&etdFrom=tomorrow`)
    expect(res.status).toBe(422)
    expect(Object.keys(((await res.json()) as { errors: object }).errors).sort()).toEqual([
      'etdFrom',
      'queue',
    ])
  })
})

describe('confirming from the desk', () => {
  it('issues the HBL, mails the customer once, and stores the carrier’s booking, containers and cut-offs', async () => {
    const number = await s.book(alice)
    const start = (await s.outbox(alice.email)).length
    const res = await post(
      paths.confirm(number),
      confirmBody({
        carrierBookingRef: 'maeu240011',
        containers: ['csqu3054383'],
        cargoCutoff: '2025-06-08T12:00',
        documentsCutoff: '2025-06-07T17:00',
        vgmCutoff: '2025-06-08T09:00',
      }),
    )
    const body = (await res.json()) as { hbl: string; status: string }
    expect(res.status).toBe(200)
    expect(body.hbl).toMatch(/^ESHBL\d{10}$/)
    const mails = (await s.outbox(alice.email)).slice(start)
    expect(mails.map((m) => m.subject)).toEqual([`Booking ${number} confirmed: ${body.hbl}`])
    const detail = await deskDetail(number)
    expect(detail).toMatchObject({
      carrierBookingRef: 'MAEU240011',
      containers: ['CSQU3054383'],
      containersBooked: 2,
      // Singapore is GMT+8: the cut-offs at the origin.
      cutoffs: {
        cargo: '2025-06-08T04:00:00.000Z',
        documents: '2025-06-07T09:00:00.000Z',
        vgm: '2025-06-08T01:00:00.000Z',
      },
    })
    expect(detail.booking).toMatchObject({ status: 'Confirmed', hbl: body.hbl, carrier: 'Maersk' })
    // The customer's own page shows the same booking.
    expect((await customerDetail(number)).hbl).toBe(body.hbl)
    // A second confirmation is refused by the chart, and mails nothing.
    const again = await post(paths.confirm(number), confirmBody())
    expect(again.status).toBe(409)
    expect((await s.outbox(alice.email)).length).toBe(start + 1)
  })

  it('reads the local times in the places’ zones: 14:00 at Nhava Sheva is 08:30Z', async () => {
    const { number } = await deskConfirmed({ etd: '2025-06-10T18:00', eta: '2025-06-20T14:00' })
    const booking = await customerDetail(number)
    expect(booking.eta).toBe('2025-06-20T08:30:00.000Z')
    expect(booking.etd).toBe('2025-06-10T10:00:00.000Z')
    expect((await deskDetail(number)).originalEta).toBe('2025-06-20T08:30:00.000Z')
  })

  it('compares the ETA with the ETD as instants: earlier on the clock at Nhava Sheva may still be later', async () => {
    // 18:00 at Singapore is 10:00Z; 15:00 at Nhava Sheva is 09:30Z (before it), 16:00 is 10:30Z (after it).
    const number = await s.book(alice)
    const before = await post(
      paths.confirm(number),
      confirmBody({ etd: '2025-06-10T18:00', eta: '2025-06-10T15:00' }),
    )
    expect(before.status).toBe(422)
    expect(((await before.json()) as ErrorBody).errors?.eta).toEqual([confirmMessages.etaAfterEtd])
    const after = await post(
      paths.confirm(number),
      confirmBody({ etd: '2025-06-10T18:00', eta: '2025-06-10T16:00' }),
    )
    expect(after.status).toBe(200)
    expect((await customerDetail(number)).eta).toBe('2025-06-10T10:30:00.000Z')
  })

  it('refuses a container number failing ISO 6346, more containers than booked, and containers for LCL', async () => {
    const number = await s.book(alice)
    const bad = await post(paths.confirm(number), confirmBody({ containers: ['CSQU3054384'] }))
    expect(bad.status).toBe(422)
    expect(((await bad.json()) as { errors: Record<string, string[]> }).errors['containers.0']).toEqual([
      containerMessages.checkDigit('CSQU3054384', 3),
    ])
    const many = await post(
      paths.confirm(number),
      confirmBody({ containers: ['CSQU3054383', 'MSCU1234566', 'CSQU3054378'] }),
    )
    expect(many.status).toBe(422)
    const manyBody = (await many.json()) as { errors: Record<string, string[]> }
    expect(manyBody.errors.containers).toEqual([containerMessages.tooMany(2)])
    const lcl = await s.book(
      alice,
      s.fcl({
        mode: 'LCL',
        containers: undefined,
        cargo: { kind: 'totals', pieces: 2, volumeCbm: 2, weightKg: 500 },
      }),
    )
    const lclRes = await post(paths.confirm(lcl), confirmBody({ containers: ['CSQU3054383'] }))
    expect(lclRes.status).toBe(422)
    expect(Object.keys(((await lclRes.json()) as { errors: object }).errors)).toEqual(['containers'])
    // Nothing was confirmed.
    expect((await customerDetail(number)).status).toBe('Booking Received')
  })

  it('refuses a flight for a sea booking and a vessel for an air one', async () => {
    const number = await s.book(alice)
    const flight = await post(paths.confirm(number), confirmBody({ flight: 'SQ7372' }))
    expect(flight.status).toBe(422)
    expect(Object.keys(((await flight.json()) as { errors: object }).errors)).toEqual(['flight'])
    const air = await s.book(
      alice,
      s.fcl({
        mode: 'AIR',
        origin: 'SIN',
        destination: 'LHR',
        containers: undefined,
        cargo: { kind: 'totals', pieces: 3, volumeCbm: 2.4, weightKg: 800 },
      }),
    )
    const vessel = await post(paths.confirm(air), confirmBody())
    expect(vessel.status).toBe(422)
    expect(Object.keys(((await vessel.json()) as { errors: object }).errors)).toContain('vesselName')
    const flown = await post(
      paths.confirm(air),
      confirmBody({
        vesselName: undefined,
        voyage: undefined,
        flight: 'sq322',
        etd: '2025-06-10T23:30',
        eta: '2025-06-11T06:00',
      }),
    )
    expect(flown.status).toBe(200)
    // 23:30 in Singapore and 06:00 in London (BST, GMT+1).
    expect(await customerDetail(air)).toMatchObject({
      etd: '2025-06-10T15:30:00.000Z',
      eta: '2025-06-11T05:00:00.000Z',
    })
  })

  it('gives the form the quoted plan: the planned sailing and the transshipment port the service names', async () => {
    const number = await s.book(alice)
    await sql`update bookings set details = jsonb_set(details, '{service}', '"Via Colombo"') where number = ${number}`.execute(
      s.db,
    )
    const detail = await deskDetail(number)
    expect(detail.booking.plannedSailing).not.toBeNull()
    expect(detail.quotedTransshipment).toMatchObject({
      code: 'LKCMB',
      kind: 'port',
      time_zone: 'Asia/Colombo',
    })
  })

  it('answers 404 for no such booking', async () => {
    expect((await post(paths.confirm('ESB-2099999999'), confirmBody())).status).toBe(404)
    expect((await get(paths.booking('ESB-2099999999'))).status).toBe(404)
  })
})

describe('milestones by form', () => {
  it('stores the event at the place’s time with who posted it, once however often it is sent', async () => {
    const { number } = await deskConfirmed({ containers: ['CSQU3054383'] })
    const form = milestone({
      eventType: 'EQUIPMENT',
      code: 'GTIN',
      classifier: 'ACT',
      location: 'SGSIN',
      localTime: '2025-06-05T09:15',
      container: 'CSQU3054383',
      emptyIndicatorCode: 'LADEN',
    })
    const first = await post(paths.events(number), form)
    expect(await first.json()).toEqual({ applied: 1, skipped: 0 })
    const again = await post(paths.events(number), form)
    expect(await again.json()).toEqual({ applied: 0, skipped: 1 })
    const events = (await deskDetail(number)).events.filter((e) => e.eventID === form.eventID)
    expect(events).toEqual([
      expect.objectContaining({
        code: 'GTIN',
        classifier: 'ACT',
        eventDateTime: '2025-06-05T01:15:00.000Z',
        container: 'CSQU3054383',
        postedBy: ops.name,
      }),
    ])
    // A gate-in at the origin: the booking moved through the chart as the feed's would.
    expect((await customerDetail(number)).status).toBe('Cargo Received')
  })

  it('refuses a code of another type and an event the booking cannot have, under the form’s fields', async () => {
    const number = await s.book(alice)
    const wrong = await post(paths.events(number), milestone({ code: 'GTIN' }))
    expect(wrong.status).toBe(422)
    expect(((await wrong.json()) as { errors: Record<string, string[]> }).errors.code).toEqual([
      'Not a transport event code.',
    ])
    const early = await post(
      paths.events(number),
      milestone({ eventType: 'EQUIPMENT', code: 'LOAD', classifier: 'ACT', location: 'SGSIN' }),
    )
    expect(early.status).toBe(422)
    expect(((await early.json()) as { errors: Record<string, string[]> }).errors.code?.[0]).toMatch(
      /must be Confirmed first/,
    )
    const nowhere = await post(paths.events(number), milestone({ location: 'NLRAM' }))
    expect(nowhere.status).toBe(422)
    expect(((await nowhere.json()) as { errors: Record<string, string[]> }).errors.location).toEqual([
      'Unknown location NLRAM.',
    ])
  })
})

describe('retracting an event', () => {
  it('removes it from the customer’s booking and tracking, keeping the reason in the audit trail', async () => {
    const { number, hbl } = await deskConfirmed()
    const form = milestone({ localTime: '2025-06-25T14:00' })
    await post(paths.events(number), form)
    expect((await customerDetail(number)).eta).toBe('2025-06-25T08:30:00.000Z')
    const res = await post(paths.retract(number, form.eventID), { reason: 'Posted for the wrong booking.' })
    expect(res.status).toBe(200)
    expect((await customerDetail(number)).eta).toBe('2025-06-20T08:30:00.000Z')
    const tracking = (await (await s.call(alice, `/api/tracking/${hbl}`)).json()) as TrackingView
    const arrived = tracking.milestones.find((m) => m.key === 'arrived')
    expect(JSON.stringify(arrived)).not.toContain('2025-06-25T08:30')
    expect((await deskDetail(number)).events.map((e) => e.eventID)).not.toContain(form.eventID)
    const row = await s.db
      .selectFrom('audit_events')
      .selectAll()
      .where('action', '=', 'event.retracted')
      .where('record_id', '=', number)
      .executeTakeFirstOrThrow()
    expect(row).toMatchObject({ actor_kind: 'staff', actor_staff_id: ops.id, actor_label: ops.email })
    expect(row.changes).toMatchObject({
      reason: { before: null, after: 'Posted for the wrong booking.' },
      event: { before: form.eventID, after: null },
    })
    // Gone: a second retraction finds nothing.
    expect((await post(paths.retract(number, form.eventID), { reason: 'Again.' })).status).toBe(404)
  })

  it('refuses an event that moved the status (409) and needs a reason (422)', async () => {
    const { number } = await deskConfirmed()
    const gateIn = milestone({ eventType: 'EQUIPMENT', code: 'GTIN', classifier: 'ACT', location: 'SGSIN' })
    await post(paths.events(number), gateIn)
    expect((await post(paths.retract(number, gateIn.eventID), { reason: 'Wrong.' })).status).toBe(409)
    expect((await post(paths.retract(number, gateIn.eventID), { reason: '' })).status).toBe(422)
    // Another booking's event is not this booking's.
    const other = await deskConfirmed()
    expect((await post(paths.retract(other.number, gateIn.eventID), { reason: 'Wrong.' })).status).toBe(404)
  })
})

describe('hold, release and cancel', () => {
  it('hold with the reason the customer reads and is mailed, release back, refusing what the chart refuses', async () => {
    const { number } = await deskConfirmed()
    const start = (await s.outbox(alice.email)).length
    const held = await post(paths.hold(number), { reason: 'Awaiting the export permit.' })
    expect(await held.json()).toEqual({ status: 'On Hold', statusReason: 'Awaiting the export permit.' })
    expect(await customerDetail(number)).toMatchObject({
      status: 'On Hold',
      heldFrom: 'Confirmed',
      statusReason: 'Awaiting the export permit.',
    })
    const again = await post(paths.hold(number), { reason: 'Twice.' })
    expect(again.status).toBe(409)
    expect(((await again.json()) as { message: string }).message).toBe(
      `Booking ${number} is On Hold: it cannot be put on hold.`,
    )
    expect((await post(paths.release(number), {})).status).toBe(200)
    expect(await customerDetail(number)).toMatchObject({ status: 'Confirmed', statusReason: null })
    expect((await post(paths.release(number), {})).status).toBe(409)
    const mails = (await s.outbox(alice.email)).slice(start)
    expect(mails.map((m) => m.subject)).toEqual([
      `Booking ${number} is on hold`,
      `Booking ${number} is no longer on hold`,
    ])
    expect(mails[0]?.text).toContain('Awaiting the export permit.')
  })

  it('cancel with the reason until the departure, mailed and shown; a departed booking cannot be', async () => {
    const { number } = await deskConfirmed()
    const start = (await s.outbox(alice.email)).length
    expect((await post(paths.cancel(number), { reason: 'x' })).status).toBe(422)
    const res = await post(paths.cancel(number), { reason: 'The shipper withdrew the cargo.' })
    expect(res.status).toBe(200)
    expect(await customerDetail(number)).toMatchObject({
      status: 'Cancelled',
      statusReason: 'The shipper withdrew the cargo.',
    })
    const mails = (await s.outbox(alice.email)).slice(start)
    expect(mails.map((m) => m.subject)).toEqual([`Booking ${number} has been cancelled`])
    expect(mails[0]?.text).toContain('The shipper withdrew the cargo.')
    expect((await post(paths.cancel(number), { reason: 'Again, please.' })).status).toBe(409)

    const { number: gone, hbl } = await deskConfirmed()
    await s.postEvents([
      dcsa({ ref: hbl, code: 'GTIN', at: '2025-06-05T02:00:00Z', location: 'SGSIN' }),
      dcsa({ ref: hbl, code: 'DEPA', at: '2025-06-06T02:00:00Z', location: 'SGSIN' }),
    ])
    const late = await post(paths.cancel(gone), { reason: 'Too late now.' })
    expect(late.status).toBe(409)
    expect((await customerDetail(gone)).status).toBe('Departed')
  })
})

describe('documents on the desk', () => {
  it('previews a PDF inline and a spreadsheet as an attachment, sandboxed and never sniffed', async () => {
    const { number } = await deskConfirmed()
    const pdf = await upload(number)
    const res = await get(paths.document(number, pdf))
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/pdf')
    expect(res.headers.get('content-disposition')).toMatch(/^inline; filename="invoice.pdf"/)
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(res.headers.get('content-security-policy')).toMatch(/^sandbox/)
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(minimalPdf())
    const sheet = await upload(number, 'packing_list', minimalXlsx(), 'packing.xlsx')
    const xlsx = await get(paths.document(number, sheet))
    expect(xlsx.headers.get('content-disposition')).toMatch(/^attachment; filename="packing.xlsx"/)
    // The issued house bill, and a file of another booking.
    expect((await get(paths.document(number, 'hbl'))).headers.get('content-type')).toBe('application/pdf')
    const other = await deskConfirmed()
    expect((await get(paths.document(other.number, pdf))).status).toBe(404)
  })

  it('accepts and rejects a file (the customer is mailed the reason once), and asks for a document', async () => {
    const { number } = await deskConfirmed()
    const file = await upload(number)
    const start = (await s.outbox(alice.email)).length
    const rejected = await post(paths.review(number, file), { status: 'Rejected', reason: 'Not signed.' })
    expect(rejected.status).toBe(200)
    expect(((await rejected.json()) as { document: { status: string } }).document.status).toBe('Rejected')
    await post(paths.review(number, file), { status: 'Rejected', reason: 'Not signed.' })
    const mails = (await s.outbox(alice.email)).slice(start)
    expect(mails).toHaveLength(1)
    expect(mails[0]?.text).toContain('Not signed.')
    expect((await post(paths.review(number, file), { status: 'Rejected' })).status).toBe(422)
    // By the documents cut-off: three days before the 10 June departure.
    const asked = await post(paths.requestDocument(number, 'certificate_of_origin'), {
      dueDate: '2025-06-06',
      note: 'The chamber copy.',
    })
    expect(asked.status).toBe(200)
    const item = (await customerDetail(number)).documents.find((d) => d.kind === 'certificate_of_origin')
    expect(item).toMatchObject({
      required: true,
      dueDate: '2025-06-06',
      requested: { note: 'The chamber copy.' },
    })
    const past = await post(paths.requestDocument(number, 'packing_list'), { dueDate: '2025-06-01' })
    expect(past.status).toBe(422)
  })
})

describe('who may use the desk', () => {
  it('refuses a sales person (403), a customer’s token and no token (401) on every operation', async () => {
    const number = await s.book(alice)
    const calls: [string, string, unknown?][] = [
      ['GET', paths.queue],
      ['GET', paths.booking(number)],
      ['POST', paths.confirm(number), confirmBody()],
      ['POST', paths.events(number), milestone()],
      ['POST', paths.retract(number, randomUUID()), { reason: 'Wrong one.' }],
      ['POST', paths.hold(number), { reason: 'Awaiting payment.' }],
      ['POST', paths.release(number), {}],
      ['POST', paths.cancel(number), { reason: 'Withdrawn.' }],
      ['GET', paths.document(number, randomUUID())],
      ['POST', paths.review(number, randomUUID()), { status: 'Accepted' }],
      ['POST', paths.requestDocument(number, 'packing_list'), { dueDate: '2025-06-20' }],
    ]
    for (const [method, path, body] of calls) {
      const send = (auth: Record<string, unknown>) =>
        method === 'GET' ? get(path, auth) : post(path, body, auth)
      const forbidden = await send(sales)
      expect(forbidden.status, path).toBe(403)
      expect(((await forbidden.json()) as { message: string }).message).toBe(
        'This needs the Operations role.',
      )
      expect((await send(alice)).status, path).toBe(401)
      expect((await send({})).status, path).toBe(401)
    }
    expect((await customerDetail(number)).status).toBe('Booking Received')
  })

  it('records each action with the person and the role it needed', async () => {
    const { number } = await deskConfirmed()
    await post(paths.hold(number), { reason: 'Awaiting payment.' })
    const rows = await s.db
      .selectFrom('audit_events')
      .select(['action', 'actor_staff_id', 'actor_label', 'actor_role', 'changes'])
      .where('record_id', '=', number)
      .where('actor_kind', '=', 'staff')
      .orderBy('id')
      .execute()
    expect(rows.map((r) => r.action)).toEqual(['booking.confirmed', 'booking.held'])
    for (const row of rows) {
      expect(row).toMatchObject({ actor_staff_id: ops.id, actor_label: ops.email, actor_role: 'operations' })
    }
    expect(rows[0]?.changes).toMatchObject({ status: { after: 'Confirmed' }, carrier: { after: 'Maersk' } })
    expect(rows[1]?.changes).toMatchObject({ status: { before: 'Confirmed', after: 'On Hold' } })
  })
})

// ---- Live updates ----------------------------------------------------------------------------------------

interface StreamEvent {
  event: string
  data: string
}

async function openStream(
  app: { request: typeof s.app.request },
  path: string,
  auth: Record<string, unknown>,
) {
  const res = await app.request(path, { headers: headersOf(auth) })
  expect(res.status).toBe(200)
  const reader = (res.body as ReadableStream<Uint8Array>).getReader()
  const decoder = new TextDecoder()
  const events: StreamEvent[] = []
  let buffer = ''
  void (async () => {
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true as const }))
      if (done) return
      buffer += decoder.decode(value, { stream: true })
      let end = buffer.indexOf('\n\n')
      while (end >= 0) {
        const block = buffer.slice(0, end)
        buffer = buffer.slice(end + 2)
        const event: StreamEvent = { event: 'message', data: '' }
        for (const line of block.split('\n')) {
          if (line.startsWith('event: ')) event.event = line.slice(7)
          if (line.startsWith('data: ')) event.data = line.slice(6)
        }
        if (!block.startsWith(':')) events.push(event)
        end = buffer.indexOf('\n\n')
      }
    }
  })()
  const bookings = () => events.filter((e) => e.event === 'booking').map((e) => JSON.parse(e.data) as object)
  return { events, bookings, close: () => reader.cancel().catch(() => {}) }
}

describe('live updates', () => {
  it('tell the company’s open streams and the operations and finance consoles that a booking changed, and no other company', async () => {
    const bob = await s.login()
    const number = await s.book(alice)
    const mine = await openStream(s.app, '/api/events', alice)
    const theirs = await openStream(s.app, '/api/events', bob)
    const desk = await openStream(s.app, '/api/staff/events', ops)
    const finance = await openStream(s.app, '/api/staff/events', await staffAuth(['finance']))
    await waitFor(() => expect(mine.events[0]?.event).toBe('ready'))
    expect((await post(paths.confirm(number), confirmBody())).status).toBe(200)
    // (The booking's creation may reach the streams too, when its notification comes after they opened.)
    await waitFor(() => expect(mine.bookings()).toContainEqual({ number }))
    await waitFor(() => expect(desk.bookings()).toContainEqual({ number }))
    await waitFor(() => expect(finance.bookings()).toContainEqual({ number }))
    const confirmed = mine.bookings().length
    await post(paths.hold(number), { reason: 'Awaiting payment.' })
    await waitFor(() => expect(mine.bookings().length).toBeGreaterThan(confirmed))
    expect(mine.bookings().every((b) => JSON.stringify(b) === JSON.stringify({ number }))).toBe(true)
    expect(theirs.bookings()).toEqual([])
    await Promise.all([mine.close(), theirs.close(), desk.close(), finance.close()])
  })

  it('reach a stream held by another process once, through the database’s notification', async () => {
    const { database, clock } = s
    const processA = createApp({ db: database.db, now: clock.now, trustProxy: 1, listen: database.listen })
    const processB = createApp({ db: database.db, now: clock.now, trustProxy: 1, listen: database.listen })
    const bob = await s.login()
    const stream = await openStream(processB, '/api/events', alice)
    const theirs = await openStream(processB, '/api/events', bob)
    // Wait until B listens: a change now reaches B's stream. Each try makes a new change (a booking made),
    // since a change made before B listened is never told again.
    await waitFor(
      async () => {
        await s.book(alice)
        expect(stream.bookings().length).toBeGreaterThan(0)
      },
      { interval: 200 },
    )
    const number = await s.book(alice)
    // The booking's creation is a change too: its event comes first (NOTIFY is delivered after the commit,
    // maybe after the booking call answered), and only then is the confirmation's counted.
    await waitFor(() => expect(stream.bookings()).toContainEqual({ number }))
    await new Promise((resolve) => setTimeout(resolve, 100))
    const before = stream.bookings().length
    const res = await processA.request(paths.confirm(number), postJson(confirmBody(), headersOf(ops)))
    expect(res.status).toBe(200)
    await waitFor(() => expect(stream.bookings().slice(before)).toContainEqual({ number }))
    await new Promise((resolve) => setTimeout(resolve, 100))
    // One event for the one transaction that confirmed it.
    expect(
      stream
        .bookings()
        .slice(before)
        .filter((b) => JSON.stringify(b) === JSON.stringify({ number })),
    ).toHaveLength(1)
    expect(theirs.bookings()).toEqual([])
    await Promise.all([stream.close(), theirs.close()])
  })
})
