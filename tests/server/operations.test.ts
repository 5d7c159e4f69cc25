import { type ServerType, serve } from '@hono/node-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BookingDetail } from '../../contract/bookings'
import { calendarDay, plannedInstant } from '../../contract/times'
import { runOps } from '../../scripts/ops'
import { createApp } from '../../server/app'
import { type Auth, type BookingServer, dcsa, OPS_KEY, setupBookingServer } from './booking-helpers'
import { minimalPdf } from './document-fixtures'
import { postJson } from './helpers'

let s: BookingServer
let alice: Auth

beforeAll(async () => {
  s = await setupBookingServer()
  alice = await s.login()
}, 60_000)

afterAll(async () => {
  await s?.database.close()
})

const HOUR = 3_600_000

async function detail(number: string): Promise<BookingDetail> {
  const res = await s.call(alice, `/api/bookings/${number}`)
  expect(res.status).toBe(200)
  return (await res.json()) as BookingDetail
}

async function eventCount(number: string) {
  const row = await s.db
    .selectFrom('tracking_events as e')
    .innerJoin('bookings as b', 'b.id', 'e.booking_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('b.number', '=', number)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

describe('the operations key', () => {
  it('answers 401 without a key, with a wrong key and with a customer bearer token', async () => {
    const number = await s.book(alice)
    for (const key of [null, '', 'wrong-key', `${OPS_KEY}x`]) {
      const res = await s.ops(`/api/ops/bookings/${number}/confirm`, {}, key)
      expect(res.status, String(key)).toBe(401)
      expect(await res.json()).toEqual({ message: 'A valid X-API-Key is required.' })
      expect(
        (await s.postEvents([dcsa({ ref: number, code: 'CONF', at: '2025-06-02T10:00:00Z' })], key)).status,
      ).toBe(401)
    }
    const { email: _e, ...customer } = alice
    const withToken = await s.app.request('/api/ops/events', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...customer },
      body: JSON.stringify({ events: [dcsa({ ref: number, code: 'CONF', at: '2025-06-02T10:00:00Z' })] }),
    })
    expect(withToken.status).toBe(401)
    expect((await detail(number)).status).toBe('Booking Received')
  })

  it('answers 401 to every request when OPS_API_KEY is unset', async () => {
    const off = createApp({ db: s.db, now: s.clock.now })
    for (const key of [OPS_KEY, '']) {
      const res = await off.request('/api/ops/events', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-API-Key': key },
        body: JSON.stringify({ events: [] }),
      })
      expect(res.status).toBe(401)
    }
  })
})

describe('confirmBooking', () => {
  it('issues the HBL, plans the route from the rate sheet and mails the customer once', async () => {
    const number = await s.book(alice)
    const before = (await s.outbox(alice.email)).length
    const hbl = await s.confirm(number)
    expect(hbl).toMatch(/^ESHBL2025\d{6}$/)
    const booking = await detail(number)
    expect(booking).toMatchObject({ status: 'Confirmed', hbl, canCancel: false })
    expect(booking.legs.length).toBeGreaterThanOrEqual(1)
    expect(booking.legs[0]?.from.code).toBe('SGSIN')
    expect(booking.legs.at(-1)?.to.code).toBe('INNSA')
    // No ETD given: the sailing planned when the booking was made.
    expect(booking.etd).toBe(booking.plannedSailing?.etd)
    expect(Date.parse(booking.eta as string)).toBeGreaterThan(Date.parse(booking.etd as string))
    const confirmed = booking.milestones.find((m) => m.key === 'bookingConfirmed')
    expect(confirmed?.actual).toBe(s.clock.now().toISOString())
    expect(booking.milestones.find((m) => m.key === 'departed')?.planned).toBe(booking.etd)
    const mails = (await s.outbox(alice.email)).slice(before)
    expect(mails.map((m) => m.subject)).toEqual([`Booking ${number} confirmed: ${hbl}`])
    expect(mails[0]?.text).toContain(hbl)

    const again = await s.ops(`/api/ops/bookings/${number}/confirm`, {})
    expect(again.status).toBe(409)
    expect((await s.outbox(alice.email)).length).toBe(before + 1)
  })

  it('takes the vessel, voyage, dates and a transshipment port when given', async () => {
    const number = await s.book(alice)
    await s.confirm(number, {
      etd: '2025-06-05T08:00:00+08:00',
      eta: '2025-06-20T10:00:00+05:30',
      vesselName: 'MAERSK SELETAR',
      voyage: '523W',
      transshipment: 'LKCMB',
    })
    const booking = await detail(number)
    expect(booking.legs.map((l) => [l.from.code, l.to.code])).toEqual([
      ['SGSIN', 'LKCMB'],
      ['LKCMB', 'INNSA'],
    ])
    expect(booking.legs[0]).toMatchObject({ vesselName: 'MAERSK SELETAR', voyage: '523W' })
    expect(booking.etd).toBe('2025-06-05T00:00:00.000Z')
    expect(booking.eta).toBe('2025-06-20T04:30:00.000Z')
    expect(booking.milestones.map((m) => m.key)).toContain('transshipment')
  })

  it('refuses bad fields and an unknown booking', async () => {
    const bad = await s.ops('/api/ops/bookings/ESB-2025000001/confirm', { etd: 'tomorrow' })
    expect(bad.status).toBe(422)
    expect(((await bad.json()) as { errors: Record<string, string[]> }).errors.etd).toBeTruthy()
    expect((await s.ops('/api/ops/bookings/ESB-2099999999/confirm', {})).status).toBe(404)
  })
})

describe('postTrackingEvents', () => {
  it('moves a booking through its lifecycle and mails each step once, idempotent by eventID', async () => {
    const number = await s.book(alice)
    const hbl = await s.confirm(number)
    const start = (await s.outbox(alice.email)).length
    const batch = [
      dcsa({ ref: number, code: 'GTIN', at: '2025-06-03T02:00:00Z', location: 'SGSIN' }),
      dcsa({ ref: hbl, code: 'LOAD', at: '2025-06-04T06:00:00Z', location: 'SGSIN' }),
      dcsa({ ref: hbl, code: 'DEPA', at: '2025-06-04T12:30:00Z', location: 'SGSIN', vessel: 'MSC ANNA' }),
    ]
    const res = await s.postEvents(batch)
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ applied: 3, skipped: 0 })
    expect((await detail(number)).status).toBe('Departed')
    expect((await detail(number)).etd).toBe('2025-06-04T12:30:00.000Z')

    const again = await s.postEvents(batch)
    expect(await again.json()).toEqual({ applied: 0, skipped: 3 })

    const rest = [
      dcsa({ ref: hbl, code: 'ARRI', at: '2025-06-13T08:00:00Z', location: 'INNSA' }),
      dcsa({ ref: hbl, code: 'DISC', at: '2025-06-13T15:00:00Z', location: 'INNSA' }),
      dcsa({ ref: hbl, code: 'DLVR', at: '2025-06-16T09:00:00Z' }),
    ]
    expect((await s.postEvents(rest)).status).toBe(200)
    expect((await s.postEvents(rest)).status).toBe(200)
    const booking = await detail(number)
    expect(booking.status).toBe('Delivered')
    expect(booking.milestones.find((m) => m.key === 'delivered')?.location?.code).toBe('INNSA')
    const subjects = (await s.outbox(alice.email)).slice(start).map((m) => m.subject)
    expect(subjects).toEqual([
      `Shipment ${hbl} has departed`,
      `Shipment ${hbl} has arrived`,
      `Shipment ${hbl} delivered`,
    ])
    expect(await eventCount(number)).toBeGreaterThanOrEqual(6 + 3)
  })

  it('confirms through a CONF event, with the HBL and its mail', async () => {
    const number = await s.book(alice)
    const res = await s.postEvents([dcsa({ ref: number, code: 'CONF', at: '2025-06-02T09:00:00Z' })])
    expect(res.status).toBe(200)
    const booking = await detail(number)
    expect(booking.status).toBe('Confirmed')
    expect(booking.hbl).toMatch(/^ESHBL2025\d{6}$/)
    expect((await s.outbox(alice.email)).at(-1)?.subject).toBe(`Booking ${number} confirmed: ${booking.hbl}`)
  })

  it('applies nothing of a batch naming an unknown booking', async () => {
    const number = await s.book(alice)
    await s.confirm(number)
    const count = await eventCount(number)
    const res = await s.postEvents([
      dcsa({ ref: number, code: 'GTIN', at: '2025-06-03T02:00:00Z', location: 'SGSIN' }),
      dcsa({ ref: 'ESB-2099999999', code: 'GTIN', at: '2025-06-03T02:00:00Z', location: 'SGSIN' }),
    ])
    expect(res.status).toBe(422)
    const body = (await res.json()) as { message: string; errors: Record<string, string[]> }
    expect(Object.keys(body.errors)).toEqual(['events.1'])
    expect(body.errors['events.1']?.[0]).toMatch(/No booking ESB-2099999999/)
    expect((await detail(number)).status).toBe('Confirmed')
    expect(await eventCount(number)).toBe(count)
  })

  it('applies nothing of a batch with an illegal transition, and names it', async () => {
    const number = await s.book(alice)
    const hbl = await s.confirm(number)
    const count = await eventCount(number)
    const mails = (await s.outbox(alice.email)).length
    const res = await s.postEvents([
      dcsa({ ref: hbl, code: 'GTIN', at: '2025-06-03T02:00:00Z', location: 'SGSIN' }),
      dcsa({ ref: hbl, code: 'ARRI', at: '2025-06-04T02:00:00Z', location: 'INNSA' }),
      dcsa({ ref: hbl, code: 'DLVR', at: '2025-06-05T02:00:00Z' }),
    ])
    expect(res.status).toBe(422)
    const body = (await res.json()) as { errors: Record<string, string[]> }
    expect(Object.keys(body.errors).sort()).toEqual(['events.1', 'events.2'])
    expect(body.errors['events.1']?.[0]).toMatch(/ARRI ACT at INNSA is not possible/)
    expect((await detail(number)).status).toBe('Confirmed')
    expect(await eventCount(number)).toBe(count)
    expect((await s.outbox(alice.email)).length).toBe(mails)
  })

  it('refuses recorded events the status makes impossible, and bad fields', async () => {
    const number = await s.book(alice)
    const early = await s.postEvents([
      dcsa({ ref: number, code: 'LOAD', at: '2025-06-03T02:00:00Z', location: 'SGSIN' }),
    ])
    expect(early.status).toBe(422)
    expect(((await early.json()) as { errors: Record<string, string[]> }).errors['events.0']?.[0]).toMatch(
      /must be Confirmed first/,
    )
    const bad = await s.postEvents([
      { ...dcsa({ ref: number, code: 'GTIN', at: 'yesterday' }), eventID: 'x' },
    ])
    expect(bad.status).toBe(422)
    const errors = ((await bad.json()) as { errors: Record<string, string[]> }).errors
    expect(Object.keys(errors)).toEqual(
      expect.arrayContaining(['events.0.eventID', 'events.0.eventDateTime']),
    )
    const customer = await s.postEvents([dcsa({ ref: number, code: 'CANC', at: '2025-06-03T02:00:00Z' })])
    expect(customer.status).toBe(422)
  })

  it('holds and releases a booking back to where it was', async () => {
    const number = await s.book(alice)
    const hbl = await s.confirm(number)
    const hold = await s.postEvents([
      dcsa({ ref: hbl, code: 'HOLD', at: '2025-06-02T12:00:00Z', reason: 'Awaiting payment' }),
    ])
    expect(hold.status).toBe(200)
    expect(await detail(number)).toMatchObject({ status: 'On Hold', statusReason: 'Awaiting payment' })
    const blocked = await s.postEvents([
      dcsa({ ref: hbl, code: 'GTIN', at: '2025-06-03T02:00:00Z', location: 'SGSIN' }),
    ])
    expect(blocked.status).toBe(422)
    await s.postEvents([dcsa({ ref: hbl, code: 'RELS', at: '2025-06-02T13:00:00Z' })])
    expect(await detail(number)).toMatchObject({ status: 'Confirmed', statusReason: null })
  })

  it('mails an ETA moved by 48 hours once, and nothing for a further 2 hours', async () => {
    const number = await s.book(alice)
    const hbl = await s.confirm(number)
    const plannedEta = (await detail(number)).eta as string
    // Planned to the day (no time given), the ETA counts from its recorded instant and is mailed as the day.
    expect(plannedEta).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    const planned = plannedInstant(plannedEta).getTime()
    const start = (await s.outbox(alice.email)).length
    const later = new Date(planned + 48 * HOUR).toISOString()
    const est = dcsa({
      ref: hbl,
      code: 'ARRI',
      classifier: 'EST',
      at: later,
      location: 'INNSA',
      created: '2025-06-02T10:00:00Z',
    })
    expect((await s.postEvents([est])).status).toBe(200)
    expect((await s.postEvents([est])).status).toBe(200)
    let booking = await detail(number)
    expect(booking.eta).toBe(later)
    expect(booking.status).toBe('Confirmed')
    let mails = (await s.outbox(alice.email)).slice(start)
    expect(mails.map((m) => m.subject)).toEqual([`New arrival time for shipment ${hbl}`])
    expect(mails[0]?.text).toMatch(/later by about 48 hours/)
    expect(mails[0]?.text).toContain(`it was ${calendarDay(plannedEta)} at `)

    const more = new Date(planned + 50 * HOUR).toISOString()
    await s.postEvents([
      dcsa({
        ref: hbl,
        code: 'ARRI',
        classifier: 'EST',
        at: more,
        location: 'INNSA',
        created: '2025-06-02T11:00:00Z',
      }),
    ])
    booking = await detail(number)
    expect(booking.eta).toBe(more)
    mails = (await s.outbox(alice.email)).slice(start)
    expect(mails).toHaveLength(1)
  })
})

describe('the notification settings of My Profile', () => {
  it('send no milestone mail for a Departed event and no ETA mail when the user switched them off', async () => {
    const carol = await s.login()
    const off = { milestones: false, etaChanges: false, documents: true, quoteExpiry: true }
    const saved = await s.call(carol, '/api/profile/notifications', { ...postJson(off), method: 'PUT' })
    expect(saved.status).toBe(200)
    const number = await s.book(carol)
    const hbl = await s.confirm(number)
    const start = (await s.outbox(carol.email)).length
    const planned = Date.parse((await (await s.call(carol, `/api/bookings/${number}`)).json()).eta as string)
    const res = await s.postEvents([
      dcsa({ ref: hbl, code: 'GTIN', at: '2025-06-03T02:00:00Z', location: 'SGSIN' }),
      dcsa({ ref: hbl, code: 'DEPA', at: '2025-06-04T12:30:00Z', location: 'SGSIN' }),
      dcsa({
        ref: hbl,
        code: 'ARRI',
        classifier: 'EST',
        at: new Date(planned + 48 * HOUR).toISOString(),
        location: 'INNSA',
        created: '2025-06-05T10:00:00Z',
      }),
    ])
    expect(res.status).toBe(200)
    expect((await (await s.call(carol, `/api/bookings/${number}`)).json()).status).toBe('Departed')
    expect((await s.outbox(carol.email)).slice(start)).toEqual([])
  })
})

describe('npm run ops (scripts/ops.ts) against the server on a socket', () => {
  let server: ServerType
  let url: string
  const lines: { out: string[]; err: string[] } = { out: [], err: [] }
  const run = (args: string[], env: Record<string, string | undefined> = { OPS_API_KEY: OPS_KEY }) => {
    lines.out = []
    lines.err = []
    return runOps([...args, '--url', url], {
      env,
      fetch,
      out: (line) => lines.out.push(line),
      err: (line) => lines.err.push(line),
      now: s.clock.now,
    })
  }

  beforeAll(async () => {
    await new Promise<void>((resolve) => {
      server = serve({ fetch: s.app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
        url = `http://127.0.0.1:${info.port}`
        resolve()
      })
    })
  })
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve))
  })

  it('confirms a booking and records events, and says why the server refuses', async () => {
    const number = await s.book(alice)
    expect(await run(['confirm', number, '--vessel', 'MSC ANNA', '--voyage', '412W'])).toBe(0)
    const booking = await detail(number)
    expect(lines.out).toEqual([`Booking ${number} confirmed: HBL ${booking.hbl}.`])
    expect(booking.legs[0]).toMatchObject({ vesselName: 'MSC ANNA', voyage: '412W' })

    expect(
      await run([
        'event',
        booking.hbl as string,
        'GTIN',
        '--location',
        'SGSIN',
        '--at',
        '2025-06-03T01:00:00Z',
      ]),
    ).toBe(0)
    expect(lines.out).toEqual([`GTIN recorded for ${booking.hbl}.`])
    expect((await detail(number)).status).toBe('Cargo Received')

    expect(await run(['event', number, 'DLVR'])).toBe(1)
    expect(lines.err[0]).toMatch(/^Refused \(422\)/)
    expect(lines.err[1]).toMatch(/events\.0: DLVR ACT at INNSA is not possible/)

    expect(await run(['confirm', number], { OPS_API_KEY: 'not-the-key' })).toBe(1)
    expect(lines.err).toEqual([
      'Refused (401): OPS_API_KEY is not the key the server has (or the server has none).',
    ])
    expect(await run(['confirm', number], {})).toBe(2)
    expect(await run(['launch'])).toBe(2)
    expect(lines.err[0]).toMatch(/^Usage:/)
    expect(lines.err.join('\n')).toMatch(/reject-document BOOKING KIND-or-FILE-ID REASON/)
  })

  it('rejects an uploaded document with its reason (the document commands in the same command line)', async () => {
    const number = await s.book(alice)
    const upload = await s.call(alice, `/api/bookings/${number}/documents/commercial_invoice`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/pdf', 'X-File-Name': 'invoice.pdf' },
      body: new Blob([minimalPdf() as Uint8Array<ArrayBuffer>]),
    })
    expect(upload.status).toBe(201)
    expect(await run(['reject-document', number, 'commercial_invoice', 'Not signed by the shipper'])).toBe(0)
    expect(lines.out).toHaveLength(1)
    const invoice = (await detail(number)).documents.find((d) => d.kind === 'commercial_invoice')
    expect(invoice).toMatchObject({ status: 'Rejected', reason: 'Not signed by the shipper' })
    expect(await run(['reject-document', number, 'commercial_invoice', 'x'], {})).toBe(1)
    expect(lines.err).toEqual(['OPS_API_KEY is not set.'])
  })
})
