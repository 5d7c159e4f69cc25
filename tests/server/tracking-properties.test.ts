/**
 * The tracking record never contradicts itself, whatever a carrier sends: property tests over generated
 * event histories (any order and mix of PLN, EST and ACT events at the origin, a transshipment port and
 * the destination, created in any order), through the same derivation the tracking page, the booking page
 * and the dashboard read (server/tracking/milestones.ts, contract/milestones.ts).
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  type BookingStatus,
  bookingStatuses,
  type PlaceRef,
  type RouteLeg,
  type TrackingEvent,
} from '../../contract/bookings'
import { legCarriage, milestoneStates, nextMilestone } from '../../contract/milestones'
import { deriveMilestones, etaOf } from '../../server/tracking/milestones'

const place = (code: string): PlaceRef => ({
  code,
  name: code,
  country_code: code.slice(0, 2),
  time_zone: null,
})
const [sgsin, mypkg, innsa] = [place('SGSIN'), place('MYPKG'), place('INNSA')] as [
  PlaceRef,
  PlaceRef,
  PlaceRef,
]
const legs: RouteLeg[] = [
  { mode: 'SEA', from: sgsin, to: mypkg, vesselName: 'MSC ANNA', voyage: '1W', etd: null, eta: null },
  { mode: 'SEA', from: mypkg, to: innsa, vesselName: 'MSC BETTY', voyage: '2W', etd: null, eta: null },
]
const route = { origin: sgsin, destination: innsa, legs }
const byCode = (code: string) => [sgsin, mypkg, innsa].find((p) => p.code === code) ?? place(code)

const kinds = {
  SHIPMENT: ['CONF', 'RECE', 'CUSE', 'CUSI', 'DLVR'],
  TRANSPORT: ['DEPA', 'ARRI'],
  EQUIPMENT: ['GTIN', 'LOAD', 'DISC', 'AVPU', 'GTOT'],
} as const

const start = Date.parse('2026-11-01T00:00:00Z')
const day = 86_400_000
const iso = (offset: number) => new Date(start + offset).toISOString()

const event = fc
  .record({
    type: fc.constantFrom('SHIPMENT', 'TRANSPORT', 'EQUIPMENT') as fc.Arbitrary<keyof typeof kinds>,
    pick: fc.nat(4),
    location: fc.constantFrom('SGSIN', 'MYPKG', 'INNSA'),
    classifier: fc.constantFrom('PLN', 'EST', 'ACT') as fc.Arbitrary<TrackingEvent['eventClassifierCode']>,
    at: fc.integer({ min: 0, max: 40 * day }),
    created: fc.integer({ min: 0, max: 40 * day }),
    id: fc.nat(999_999),
  })
  .map(({ type, pick, location, classifier, at, created, id }): TrackingEvent => {
    const code = kinds[type][pick % kinds[type].length] as string
    return {
      eventID: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
      eventType: type,
      eventClassifierCode: classifier,
      eventDateTime: iso(at),
      eventCreatedDateTime: iso(created),
      ...(type === 'SHIPMENT' ? { shipmentEventTypeCode: code as never } : {}),
      ...(type === 'TRANSPORT' ? { transportEventTypeCode: code as never } : {}),
      ...(type === 'EQUIPMENT' ? { equipmentEventTypeCode: code as never } : {}),
      location,
    }
  })

const history = fc.array(event, { maxLength: 30 })
const status = fc.constantFrom(...bookingStatuses)
const underWay = (s: BookingStatus) => s !== 'Delivered' && s !== 'Cancelled'

describe('tracking reads as the truth, whatever arrives', () => {
  it('shows no milestone as planned or estimated once a later one actually happened', () => {
    fc.assert(
      fc.property(history, status, (events, s) => {
        const milestones = deriveMilestones(events, route, byCode)
        const states = milestoneStates(milestones, s)
        const lastDone = states.lastIndexOf('done')
        states.slice(0, Math.max(0, lastDone)).forEach((state, index) => {
          expect(state, milestones[index]?.key).toMatch(/^(done|unreported)$/)
        })
        // At most one milestone is next up, and only right after the last one done.
        expect(states.filter((state) => state === 'current').length).toBeLessThanOrEqual(1)
        if (states.includes('current')) expect(states.indexOf('current')).toBe(lastDone + 1)
      }),
    )
  })

  it('has nothing next for a delivered or cancelled booking', () => {
    fc.assert(
      fc.property(history, fc.constantFrom<BookingStatus>('Delivered', 'Cancelled'), (events, s) => {
        const milestones = deriveMilestones(events, route, byCode)
        expect(nextMilestone(milestones, s)).toBeNull()
        expect(milestoneStates(milestones, s)).not.toContain('next')
      }),
    )
  })

  it('has a next milestone while under way, until every one is done', () => {
    fc.assert(
      fc.property(history, status.filter(underWay), (events, s) => {
        const milestones = deriveMilestones(events, route, byCode)
        const allDone = milestones.at(-1)?.actual != null
        expect(nextMilestone(milestones, s) === null).toBe(allDone)
      }),
    )
  })

  it('never shows an ETA before the cargo last actually departed', () => {
    fc.assert(
      fc.property(history, fc.option(fc.integer({ min: 0, max: 40 * day })), (events, stored) => {
        const eta = etaOf(events, innsa.code, {
          eta: stored === null ? null : iso(stored),
          originalEta: null,
        })
        const departures = events
          .filter((e) => e.transportEventTypeCode === 'DEPA' && e.eventClassifierCode === 'ACT')
          .map((e) => Date.parse(e.eventDateTime))
        if (eta.current !== null && departures.length > 0) {
          expect(Date.parse(eta.current)).toBeGreaterThanOrEqual(Math.max(...departures))
        }
      }),
    )
  })
})

describe('what carries a leg', () => {
  const unassigned = { mode: 'SEA' as const, flight: undefined, vesselName: undefined, voyage: undefined }
  it('is to be assigned only while it still can be', () => {
    expect(legCarriage(unassigned, 'Departed')).toBe('Vessel to be assigned')
    expect(legCarriage(unassigned, 'Delivered')).toBe('Vessel not reported')
    expect(legCarriage({ ...unassigned, mode: 'AIR' }, 'On Hold', 'Arrived')).toBe('Flight not reported')
    expect(legCarriage(unassigned, 'Cancelled')).toBe('Not shipped: the booking was cancelled')
    expect(legCarriage({ ...unassigned, vesselName: 'MSC ANNA', voyage: '1W' }, 'Delivered')).toBe(
      'MSC ANNA, voyage 1W',
    )
  })
})
