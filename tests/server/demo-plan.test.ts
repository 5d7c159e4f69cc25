import { describe, expect, it } from 'vitest'
import type { BookingStatus } from '../../contract/bookings'
import { demoShipments, type OpsEvent, planShipment } from '../../server/demo/shipments'

const code = (e: OpsEvent) => e.shipmentEventTypeCode ?? e.transportEventTypeCode ?? e.equipmentEventTypeCode
const actual = (events: OpsEvent[], c: string, location?: string) =>
  events.some(
    (e) =>
      e.eventClassifierCode === 'ACT' &&
      code(e) === c &&
      (!location || Object.values(e.eventLocation).includes(location)),
  )

/** What the history of each target status must hold, and what it must not hold yet. */
function reached(status: BookingStatus, events: OpsEvent[], origin: string, destination: string) {
  const cargoIn = actual(events, 'GTIN') || actual(events, 'RECE')
  const departed = actual(events, 'DEPA', origin)
  const arrived = actual(events, 'ARRI', destination)
  const delivered = actual(events, 'DLVR')
  const shape = [cargoIn, departed, arrived, delivered]
  const expected: Partial<Record<BookingStatus, boolean[]>> = {
    'Cargo Received': [true, false, false, false],
    Departed: [true, true, false, false],
    Arrived: [true, true, true, false],
    Delivered: [true, true, true, true],
  }
  return expected[status] ? shape.join() === expected[status]?.join() : true
}

describe('the demo shipments plan', () => {
  it('reaches each target status by now, whatever the minute of the hour, and goes no further', () => {
    const start = Date.parse('2026-11-23T09:00:00Z')
    for (let minutes = 0; minutes < 180; minutes += 7) {
      const now = new Date(start + minutes * 60_000)
      for (const shipment of demoShipments) {
        const plan = planShipment(shipment, { carrier: 'Maersk', transitDays: 14 }, 'ESB-2026000001', now)
        const label = `${shipment.key} at ${now.toISOString()}`
        expect(reached(shipment.target, plan.events, shipment.origin, shipment.destination), label).toBe(true)
        for (const event of plan.events) {
          if (event.eventClassifierCode === 'ACT')
            expect(Date.parse(event.eventDateTime), label).toBeLessThanOrEqual(now.getTime())
        }
        expect(Boolean(plan.confirm), label).toBe(
          !['Booking Received', 'Cancelled'].includes(shipment.target),
        )
      }
    }
  })
})
