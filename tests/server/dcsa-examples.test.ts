/**
 * postTrackingEvents takes DCSA Track & Trace events as carriers send them: the examples DCSA publishes,
 * posted through the operations API, and what the customer then sees on tracking.
 *
 * The fixtures (tests/fixtures/dcsa/, each naming its source) are the published examples with only the
 * booking, transport document and place references changed to this file's bookings:
 * - v3-bookingExample.json, v3-transportEventListExample.json, v3-retractedTransportEventExample.json and
 *   v3-truckTransportExample.json: dcsaorg/DCSA-OpenAPI, tnt/v3/tnt.yaml at commit
 *   5d0f8337a994e25d4605754339e14eb6bf2d1d08 (T&T 3.0.0-Beta-1), the examples of GET /v3/events and
 *   GET /v3/events/{eventID} of those names;
 * - v2.2-conformance-response.json: dcsaorg/Conformance-Gateway,
 *   tnt/src/main/resources/standards/tnt/messages/tnt-220-response.json at commit
 *   283bf7a1dcbcd9ea8fa6a25230af7c45c136e892 (DCSA's T&T 2.2.0 conformance data; DCSA-OpenAPI's v2.2 spec
 *   has no event examples).
 */
import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TrackingView } from '../../contract/bookings'
import type { Dashboard } from '../../contract/dashboard'
import { type Auth, type BookingServer, dcsa, setupBookingServer } from './booking-helpers'

interface Fixture {
  source: { repository: string; path: string; commit: string; example: string }
  changed: Record<string, string>
  value: Record<string, unknown>[]
}
const fixture = (name: string): Fixture =>
  JSON.parse(readFileSync(new URL(`../fixtures/dcsa/${name}`, import.meta.url), 'utf8')) as Fixture

let s: BookingServer
const customers: Auth[] = []
const numbers: string[] = []
const hbls: string[] = []
const PLANNED_ETA = '2025-06-20T04:30:00.000Z'

beforeAll(async () => {
  s = await setupBookingServer()
  for (let i = 0; i < 3; i += 1) {
    const customer = await s.login()
    customers.push(customer)
    numbers.push(await s.book(customer))
  }
  for (const number of numbers) {
    hbls.push(
      await s.confirm(number, {
        etd: '2025-06-05T08:00:00+08:00',
        eta: '2025-06-20T10:00:00+05:30',
        vesselName: 'MSC ANNA',
        voyage: '412W',
      }),
    )
  }
  // The fixtures name these bookings: the first ones of a new database.
  expect(numbers).toEqual(['ESB-2025000001', 'ESB-2025000002', 'ESB-2025000003'])
  expect(hbls).toEqual(['ESHBL2025000001', 'ESHBL2025000002', 'ESHBL2025000003'])
}, 90_000)

afterAll(async () => {
  await s?.database.close()
})

async function track(customer: Auth, hbl: string): Promise<TrackingView> {
  const res = await s.call(customer, `/api/tracking/${hbl}`)
  expect(res.status).toBe(200)
  return (await res.json()) as TrackingView
}

const milestone = (view: TrackingView, key: string) => view.milestones.find((m) => m.key === key)

async function post(events: unknown[]) {
  const res = await s.postEvents(events)
  return { status: res.status, body: (await res.json()) as Record<string, unknown> }
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

describe('postTrackingEvents takes the examples DCSA publishes', () => {
  it('T&T 3.0 bookingExample: the issued transport document and the estimated loading (place in the transport call)', async () => {
    const { value, source } = fixture('v3-bookingExample.json')
    expect(source).toMatchObject({ repository: 'dcsaorg/DCSA-OpenAPI', example: 'bookingExample' })
    const [customer, number, hbl] = [customers[0] as Auth, numbers[0] as string, hbls[0] as string]
    const before = await eventCount(number)

    const first = await post(value)
    expect(first).toEqual({ status: 200, body: { applied: 2, skipped: 0 } })
    // The EQUIPMENT event has no eventLocation: its place is its transport call's (NLRAM in the example).
    expect(milestone(await track(customer, hbl), 'loaded')).toMatchObject({
      estimated: '2019-11-11T23:11:00.000Z',
      actual: null,
      location: { code: 'SGSIN', time_zone: 'Asia/Singapore' },
      vesselName: 'King of the Seas',
      voyage: '2103S',
    })
    const dashboard = (await (await s.call(customer, '/api/dashboard')).json()) as Dashboard
    expect(dashboard.activity).toContainEqual(
      expect.objectContaining({
        bookingNumber: number,
        label: 'Documents Issued',
        at: '2022-09-19T04:31:00.000Z',
      }),
    )

    // The same eventIDs again: stored once.
    expect(await post(value)).toEqual({ status: 200, body: { applied: 0, skipped: 2 } })
    expect(await eventCount(number)).toBe(before + 2)
  })

  it('T&T 3.0 transportEventListExample: the estimated arrival moves the ETA; retractedTransportEventExample takes it back', async () => {
    const list = fixture('v3-transportEventListExample.json')
    expect(list.source.example).toBe('transportEventListExample')
    const [customer, hbl] = [customers[1] as Auth, hbls[1] as string]
    expect((await track(customer, hbl)).eta.current).toBe(PLANNED_ETA)

    // Its first event retracts an event never stored here: nothing to do.
    expect(await post(list.value)).toEqual({
      status: 200,
      body: {
        applied: 1,
        skipped: 0,
        ignored: {
          'events.0': 'No event 957e4966-dad0-4111-9f8f-fb7216c43907 is stored: nothing to retract.',
        },
      },
    })
    let view = await track(customer, hbl)
    expect(view.eta.current).toBe('2022-11-11T23:11:00.000Z')
    expect(milestone(view, 'arrived')).toMatchObject({
      estimated: '2022-11-11T23:11:00.000Z',
      location: { code: 'INNSA', time_zone: 'Asia/Calcutta' },
      vesselName: 'King of the Seas',
      voyage: '2103N', // an arrival's voyage is the import voyage
    })

    const retraction = fixture('v3-retractedTransportEventExample.json')
    expect(retraction.changed).toEqual({
      '957e4966-dad0-4111-9f8f-fb7216c43907': 'c0ea5971-bd21-4749-a7ce-8f8d1dc562e2',
    })
    expect(await post(retraction.value)).toEqual({ status: 200, body: { applied: 1, skipped: 0 } })
    view = await track(customer, hbl)
    expect(view.eta.current).toBe(PLANNED_ETA)
    expect(milestone(view, 'arrived')?.estimated).toBeNull()
    expect((await post(retraction.value)).body).toEqual({
      applied: 0,
      skipped: 0,
      ignored: { 'events.0': 'No event c0ea5971-bd21-4749-a7ce-8f8d1dc562e2 is stored: nothing to retract.' },
    })
  })

  it('T&T 2.2 (the conformance data): the arrival with its place in transportCall, document drafts ignored', async () => {
    const { value, source } = fixture('v2.2-conformance-response.json')
    expect(source.repository).toBe('dcsaorg/Conformance-Gateway')
    const [customer, number, hbl] = [customers[2] as Auth, numbers[2] as string, hbls[2] as string]
    const departed = await post([
      dcsa({ ref: hbl, code: 'GTIN', at: '2025-06-04T02:00:00Z', location: 'SGSIN' }),
      dcsa({ ref: hbl, code: 'DEPA', at: '2025-06-05T00:30:00Z', location: 'SGSIN' }),
    ])
    expect(departed.status).toBe(200)
    const before = await eventCount(number)

    const drafts = {
      'events.1': 'SHIPMENT DRFT of a SHI document is not kept: ',
      'events.4': 'SHIPMENT DRFT of a BKG document is not kept: ',
      'events.6': 'SHIPMENT DRFT of a TRD document is not kept: ',
    }
    const first = await post(value)
    expect(first.status).toBe(200)
    expect(first.body).toMatchObject({ applied: 4, skipped: 0 })
    const ignored = first.body.ignored as Record<string, string>
    expect(Object.keys(ignored)).toEqual(Object.keys(drafts))
    for (const [key, start] of Object.entries(drafts)) expect(ignored[key]).toContain(start)

    // events.0 has its place in transportCall.UNLocationCode, events.3 in transportCall.location too.
    const view = await track(customer, hbl)
    expect(view.status).toBe('Arrived')
    expect(milestone(view, 'arrived')).toMatchObject({
      actual: '2021-01-09T13:12:56.000Z',
      location: { code: 'INNSA' },
      vesselName: 'King of the Seas',
      voyage: '2103N',
    })
    expect((await s.outbox(customer.email)).at(-1)?.subject).toBe(`Shipment ${hbl} has arrived`)
    expect(await eventCount(number)).toBe(before + 4)

    const again = await post(value)
    expect(again.body).toMatchObject({ applied: 0, skipped: 4 })
    expect(await eventCount(number)).toBe(before + 4)

    // An actual arrival moved the booking: it is not retracted (a newer event corrects it).
    const [retraction] = fixture('v3-retractedTransportEventExample.json').value as {
      metadata: Record<string, unknown>
    }[]
    const refused = await post([
      {
        metadata: {
          ...retraction?.metadata,
          eventID: '0b0e6c2e-3a4b-4a5e-9c1d-2f3e4a5b6c7d',
          retractedEventID: '3cecb101-7a1a-43a4-9d62-e88a131651e2',
        },
      },
    ])
    expect(refused.status).toBe(422)
    expect((refused.body.errors as Record<string, string[]>)['events.0']?.[0]).toMatch(
      /^ARRI ACT at INNSA \(3cecb101-7a1a-43a4-9d62-e88a131651e2\) may have changed the booking's status/,
    )
    expect(await eventCount(number)).toBe(before + 4)
  })
})

describe('postTrackingEvents refuses what the standard does not allow, with a field message', () => {
  it('an event with no place anywhere (the published truckTransportExample), an unknown code, an unknown place', async () => {
    const number = numbers[1] as string
    const before = await eventCount(number)
    const truck = fixture('v3-truckTransportExample.json').value
    const noPlace = await post(truck)
    expect(noPlace).toEqual({
      status: 422,
      body: {
        message: 'A TRANSPORT event needs its place: transportCall.location.UNLocationCode.',
        errors: {
          'events.0.payload.transportCall.location': [
            'A TRANSPORT event needs its place: transportCall.location.UNLocationCode.',
          ],
        },
      },
    })

    const [, load] = fixture('v3-bookingExample.json').value as { metadata: object; payload: object }[]
    const withCode = (code: string, place: string) => ({
      metadata: { ...load?.metadata, eventID: crypto.randomUUID() },
      payload: {
        ...load?.payload,
        equipmentEventTypeCode: code,
        transportCall: {
          modeOfTransport: 'VESSEL',
          location: { locationType: 'UNLO', UNLocationCode: place },
        },
      },
    })
    const unknownCode = await post([withCode('LOAX', 'SGSIN')])
    expect(unknownCode.status).toBe(422)
    expect(
      (unknownCode.body.errors as Record<string, string[]>)['events.0.payload.equipmentEventTypeCode']?.[0],
    ).toMatch(/^equipmentEventTypeCode must be one of LOAD, DISC, /)
    // As published: NLRAM (no such port).
    const unknownPlace = await post([withCode('LOAD', 'NLRAM')])
    expect(unknownPlace.status).toBe(422)
    expect(unknownPlace.body.errors).toEqual({ 'events.0': ['Unknown location NLRAM.'] })

    // T&T 2.2: a transport call without a place.
    const [arrival] = fixture('v2.2-conformance-response.json').value as {
      transportCall: Record<string, unknown>
    }[]
    const { UNLocationCode: _place, ...call } = arrival?.transportCall ?? {}
    const v22 = await post([{ ...arrival, eventID: crypto.randomUUID(), transportCall: call }])
    expect(v22.status).toBe(422)
    expect(Object.keys(v22.body.errors as object)).toEqual(['events.0.transportCall'])

    // A retraction carries no payload.
    const [retraction] = fixture('v3-retractedTransportEventExample.json').value as { metadata: object }[]
    const both = await post([{ ...retraction, payload: load?.payload }])
    expect(both.body.errors).toEqual({
      'events.0.payload': ['A retraction (metadata.retractedEventID) has no payload.'],
    })

    // Text PostgreSQL cannot store (a NUL character, an unpaired surrogate) is a bad field, not a 500.
    for (const value of [`${number}\u0000`, `${number}\ud800`]) {
      const res = await post([
        {
          ...dcsa({ ref: number, code: 'GTIN', at: '2025-06-03T02:00:00Z', location: 'SGSIN' }),
          documentReferences: [{ documentReferenceType: 'BKG', documentReferenceValue: value }],
        },
      ])
      expect(res.status).toBe(422)
    }
    expect(await eventCount(number)).toBe(before)
  })

  it('documents both shapes in the OpenAPI document', async () => {
    const doc = (await (await s.app.request('/api/openapi.json')).json()) as {
      paths: Record<string, Record<string, { requestBody: { content: Record<string, { schema: unknown }> } }>>
      components: { schemas: Record<string, { properties: Record<string, unknown> }> }
    }
    const body = doc.paths['/api/ops/events']?.post?.requestBody.content['application/json']?.schema
    expect(body).toMatchObject({
      properties: {
        events: {
          items: {
            oneOf: [
              { $ref: '#/components/schemas/DcsaEventV3' },
              { $ref: '#/components/schemas/DcsaEventV2' },
            ],
          },
        },
      },
    })
    expect(Object.keys(doc.components.schemas.DcsaEventV3?.properties ?? {})).toEqual(['metadata', 'payload'])
    expect(doc.components.schemas.DcsaEventV2?.properties).toHaveProperty('transportCall')
  })
})
