import { describe, expect, it } from 'vitest'
import type { PlaceRef, RouteLeg, TrackingEvent } from '../../contract/bookings'
import { eventEffect } from '../../server/tracking/dcsa'
import {
  bestTime,
  deriveMilestones,
  etaOf,
  legsWithTimes,
  milestoneOf,
} from '../../server/tracking/milestones'
import { along, greatCircle, thin } from '../../server/tracking/route-map'

const place = (code: string, name = code, time_zone: string | null = null): PlaceRef => ({
  code,
  name,
  country_code: code.slice(0, 2),
  time_zone,
})
const sgsin = place('SGSIN', 'Singapore', 'Asia/Singapore')
const lkcmb = place('LKCMB', 'Colombo', 'Asia/Colombo')
const innsa = place('INNSA', 'Nhava Sheva', 'Asia/Calcutta')
const legs: RouteLeg[] = [
  { mode: 'SEA', from: sgsin, to: lkcmb, vesselName: 'MSC ANNA', voyage: '1W', etd: null, eta: null },
  { mode: 'SEA', from: lkcmb, to: innsa, vesselName: 'MSC BETTY', voyage: '2W', etd: null, eta: null },
]
const route = { origin: sgsin, destination: innsa, legs }
const places = new Map([sgsin, lkcmb, innsa].map((p) => [p.code, p]))
const ref = (code: string) => places.get(code) ?? place(code)

let n = 0
function ev(
  code: string,
  location: string,
  at: string,
  classifier: 'PLN' | 'EST' | 'ACT' = 'ACT',
  created = at,
  extra: Partial<TrackingEvent> = {},
): TrackingEvent {
  n += 1
  const type = ['DEPA', 'ARRI'].includes(code)
    ? 'TRANSPORT'
    : ['CONF', 'RECE', 'DLVR', 'CUSE', 'CUSI', 'HOLD', 'RELS', 'CANC'].includes(code)
      ? 'SHIPMENT'
      : 'EQUIPMENT'
  return {
    eventID: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    eventType: type,
    eventClassifierCode: classifier,
    eventDateTime: at,
    eventCreatedDateTime: created,
    ...(type === 'SHIPMENT' ? { shipmentEventTypeCode: code as never } : {}),
    ...(type === 'TRANSPORT' ? { transportEventTypeCode: code as never } : {}),
    ...(type === 'EQUIPMENT' ? { equipmentEventTypeCode: code as never } : {}),
    location,
    ...extra,
  }
}

describe('milestoneOf', () => {
  it('places each event by its code and where it happens', () => {
    expect(milestoneOf(ev('GTIN', 'SGSIN', '2025-01-01T00:00:00Z'), route)).toBe('gateIn')
    expect(milestoneOf(ev('GTIN', 'LKCMB', '2025-01-01T00:00:00Z'), route)).toBeNull()
    expect(milestoneOf(ev('RECE', 'SGSIN', '2025-01-01T00:00:00Z'), route)).toBe('gateIn')
    expect(milestoneOf(ev('DEPA', 'SGSIN', '2025-01-01T00:00:00Z'), route)).toBe('departed')
    expect(milestoneOf(ev('DEPA', 'LKCMB', '2025-01-01T00:00:00Z'), route)).toBe('transshipment')
    expect(milestoneOf(ev('ARRI', 'LKCMB', '2025-01-01T00:00:00Z'), route)).toBe('transshipment')
    expect(milestoneOf(ev('ARRI', 'INNSA', '2025-01-01T00:00:00Z'), route)).toBe('arrived')
    expect(milestoneOf(ev('DISC', 'INNSA', '2025-01-01T00:00:00Z'), route)).toBe('discharged')
    expect(milestoneOf(ev('CUSI', 'INNSA', '2025-01-01T00:00:00Z'), route)).toBe('importCustomsCleared')
    expect(milestoneOf(ev('AVPU', 'INNSA', '2025-01-01T00:00:00Z'), route)).toBe('availableForPickup')
    expect(milestoneOf(ev('STUF', 'SGSIN', '2025-01-01T00:00:00Z'), route)).toBeNull()
  })
})

describe('legsWithTimes', () => {
  it('gives a leg booked without its vessel the one its departure was reported on, and keeps a booked one', () => {
    const booked: RouteLeg[] = [
      legs[0] as RouteLeg,
      { ...(legs[1] as RouteLeg), vesselName: undefined, voyage: undefined },
    ]
    const events = [
      ev('DEPA', 'SGSIN', '2025-01-01T00:00:00Z', 'ACT', undefined, { vesselName: 'OTHER', voyage: '9W' }),
      ev('DEPA', 'LKCMB', '2025-01-05T00:00:00Z', 'ACT', undefined, {
        vesselName: 'KOTA LUMBA',
        voyage: '3E',
      }),
    ]
    const [first, second] = legsWithTimes(booked, events)
    expect(first).toMatchObject({ vesselName: 'MSC ANNA', voyage: '1W', etd: '2025-01-01T00:00:00Z' })
    expect(second).toMatchObject({ vesselName: 'KOTA LUMBA', voyage: '3E', etd: '2025-01-05T00:00:00Z' })
    expect(legsWithTimes(booked, [])[1]?.vesselName).toBeUndefined()
  })
})

describe('bestTime and etaOf', () => {
  const events = [
    ev('ARRI', 'INNSA', '2025-02-01T00:00:00Z', 'PLN', '2025-01-01T00:00:00Z'),
    ev('ARRI', 'INNSA', '2025-02-03T00:00:00Z', 'EST', '2025-01-10T00:00:00Z'),
    ev('ARRI', 'INNSA', '2025-02-02T00:00:00Z', 'EST', '2025-01-20T00:00:00Z'),
  ]
  it('takes the newest estimate over the plan, the actual over both', () => {
    expect(bestTime(events, 'ARRI', 'INNSA')).toBe('2025-02-02T00:00:00Z')
    const arrived = [...events, ev('ARRI', 'INNSA', '2025-02-02T06:00:00Z')]
    expect(bestTime(arrived, 'ARRI', 'INNSA')).toBe('2025-02-02T06:00:00Z')
    expect(bestTime(events, 'DEPA', 'SGSIN')).toBeNull()
  })
  it('measures how far the ETA moved from the first plan', () => {
    expect(etaOf(events, 'INNSA', { eta: null, originalEta: null })).toEqual({
      current: '2025-02-02T00:00:00Z',
      original: '2025-02-01T00:00:00Z',
      movedHours: 24,
    })
    expect(etaOf([], 'INNSA', { eta: null, originalEta: null })).toEqual({
      current: null,
      original: null,
      movedHours: 0,
    })
  })
})

describe('deriveMilestones', () => {
  it('lists every milestone with its latest planned, estimated and actual times, place and carriage', () => {
    const milestones = deriveMilestones(
      [
        ev('DEPA', 'SGSIN', '2025-01-05T00:00:00Z', 'PLN', '2025-01-01T00:00:00Z'),
        ev('DEPA', 'SGSIN', '2025-01-06T00:00:00Z', 'EST', '2025-01-02T00:00:00Z'),
        ev('DEPA', 'SGSIN', '2025-01-06T02:00:00Z', 'ACT', '2025-01-06T02:10:00Z', {
          vesselName: 'MSC ANNA',
          voyage: '1W',
        }),
        ev('ARRI', 'LKCMB', '2025-01-10T00:00:00Z'),
      ],
      route,
      ref,
    )
    expect(milestones).toHaveLength(11)
    const departed = milestones.find((m) => m.key === 'departed')
    expect(departed).toEqual({
      key: 'departed',
      label: 'Departed',
      location: sgsin,
      planned: '2025-01-05T00:00:00Z',
      estimated: '2025-01-06T00:00:00Z',
      actual: '2025-01-06T02:00:00Z',
      vesselName: 'MSC ANNA',
      voyage: '1W',
    })
    expect(milestones.find((m) => m.key === 'transshipment')).toMatchObject({
      location: lkcmb,
      actual: '2025-01-10T00:00:00Z',
      vesselName: 'MSC BETTY',
    })
    expect(milestones.find((m) => m.key === 'delivered')).toMatchObject({ location: innsa, actual: null })
  })
  it('leaves transshipment out of a direct route with no transshipment events', () => {
    const direct = { ...route, legs: [{ ...(legs[0] as RouteLeg), to: innsa }] }
    expect(deriveMilestones([], direct, ref).map((m) => m.key)).not.toContain('transshipment')
  })
})

describe('eventEffect (the DCSA table)', () => {
  const at = (status: string, heldFrom: string | null = null) => ({
    status: status as never,
    heldFrom,
    origin: 'SGSIN',
    destination: 'INNSA',
  })
  const t = '2025-01-01T00:00:00Z'
  it('maps the progress events to the chart', () => {
    expect(eventEffect(ev('CONF', 'SGSIN', t), at('Booking Received'))).toMatchObject({
      kind: 'transition',
      event: { type: 'ops.confirm' },
    })
    expect(eventEffect(ev('GTIN', 'SGSIN', t), at('Confirmed'))).toMatchObject({
      to: { status: 'Cargo Received' },
    })
    expect(eventEffect(ev('RECE', 'SGSIN', t), at('Confirmed'))).toMatchObject({
      to: { status: 'Cargo Received' },
    })
    expect(eventEffect(ev('DEPA', 'SGSIN', t), at('Cargo Received'))).toMatchObject({
      to: { status: 'Departed' },
    })
    expect(eventEffect(ev('ARRI', 'INNSA', t), at('Departed'))).toMatchObject({ to: { status: 'Arrived' } })
    expect(eventEffect(ev('DLVR', 'INNSA', t), at('Arrived'))).toMatchObject({ to: { status: 'Delivered' } })
    expect(eventEffect(ev('HOLD', 'SGSIN', t, 'ACT', t, { reason: 'x' }), at('Departed'))).toMatchObject({
      to: { status: 'On Hold', heldFrom: 'Departed' },
    })
    expect(eventEffect(ev('RELS', 'SGSIN', t), at('On Hold', 'Departed'))).toMatchObject({
      to: { status: 'Departed' },
    })
  })
  it('records repeats, plans and estimates, and refuses the impossible', () => {
    expect(eventEffect(ev('GTIN', 'SGSIN', t), at('Departed'))).toEqual({ kind: 'record' })
    expect(eventEffect(ev('ARRI', 'INNSA', t, 'EST'), at('Booking Received'))).toEqual({ kind: 'record' })
    expect(eventEffect(ev('LOAD', 'SGSIN', t), at('Confirmed'))).toEqual({ kind: 'record' })
    expect(eventEffect(ev('LOAD', 'SGSIN', t), at('Booking Received'))).toHaveProperty('refused')
    expect(eventEffect(ev('DISC', 'LKCMB', t), at('Cargo Received'))).toHaveProperty('refused')
    expect(eventEffect(ev('ARRI', 'LKCMB', t), at('Cargo Received'))).toHaveProperty('refused')
    expect(eventEffect(ev('ARRI', 'LKCMB', t), at('Departed'))).toEqual({ kind: 'record' })
    expect(eventEffect(ev('DEPA', 'SGSIN', t), at('Confirmed'))).toHaveProperty('refused')
    expect(eventEffect(ev('DEPA', 'SGSIN', t), at('On Hold', 'Cargo Received'))).toHaveProperty('refused')
    expect(eventEffect(ev('CANC', 'SGSIN', t), at('Departed'))).toHaveProperty('refused')
    expect(eventEffect(ev('ARRI', 'INNSA', t, 'EST'), at('Delivered'))).toHaveProperty('refused')
    expect(eventEffect(ev('STUF', 'SGSIN', t), at('Cancelled'))).toHaveProperty('refused')
  })
})

describe('route map geometry', () => {
  it('keeps lines short, ends included, and walks along them by distance', () => {
    const line = Array.from({ length: 1000 }, (_, i) => [i / 10, 0] as [number, number])
    const thinned = thin(line, 200)
    expect(thinned).toHaveLength(200)
    expect(thinned[0]).toEqual([0, 0])
    expect(thinned.at(-1)).toEqual([99.9, 0])
    const arc = greatCircle([103.99, 1.36], [-0.45, 51.47])
    expect(arc).toHaveLength(65)
    // A great circle from Singapore to London bends north of the straight line (midpoint latitude 26.4).
    expect(arc[32]?.[1]).toBeGreaterThan(35)
    expect(
      along(
        [
          [0, 0],
          [10, 0],
        ],
        0.5,
      )[0],
    ).toBeCloseTo(5, 1)
  })
})
