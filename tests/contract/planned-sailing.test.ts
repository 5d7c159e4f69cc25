/**
 * Planned sailings a customer can make (issue 34): whatever the moment a booking is made and whatever the
 * sheet's schedule, the planned sailing's cut-offs leave the operations desk its confirmation time and the
 * customer its preparation time after that, and no document is due after the documents cut-off it serves.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { addDays, singaporeDateOf, weekdayOf } from '../../contract/dates'
import {
  documentChecklist,
  documentsCutoff,
  documentsDeparture,
  requestDueDateRefusal,
  requestMessages,
} from '../../contract/documents'
import {
  confirmationDeadline,
  customerReadyAt,
  plannedSailingFor,
  type SailingPlanRules,
  sailingPlanRules,
  singaporeDayStart,
} from '../../contract/pricing/planned-sailing'
import { type LaneSchedule, sailingFor } from '../../contract/pricing/schedule'
import { modes } from '../../contract/pricing/types'
import { workingMsBetween } from '../../contract/working-hours'
import { sailingPlanAt } from '../../server/bookings/sailing-plan'
import { siteConfig } from '../../site.config'

const HOUR_MS = 3_600_000
const DAY_MS = 86_400_000
const startOf = (date: string) => singaporeDayStart(date).getTime()

// Booking moments from 2000 to 2099, to the minute.
const instantArb = fc
  .integer({ min: 0, max: 100 * 365 * 24 * 60 })
  .map((minutes) => new Date(Date.UTC(2000, 0, 1) + minutes * 60_000))
const laneArb: fc.Arbitrary<LaneSchedule> = fc.record({
  mode: fc.constantFrom(...modes),
  transitDays: fc.integer({ min: 0, max: 60 }),
  departureDays: fc.subarray([1, 2, 3, 4, 5, 6, 7], { minLength: 1 }),
  cargoCutoffDays: fc.integer({ min: 0, max: 14 }),
  docCutoffDays: fc.integer({ min: 0, max: 14 }),
  freeDays: fc.option(fc.integer({ min: 0, max: 30 }), { nil: null }),
})
/** A desk's hours, its confirmation and preparation times, and holidays in the weeks after the booking. */
const rulesArb = (bookedAt: Date): fc.Arbitrary<SailingPlanRules> =>
  fc
    .record({
      startHour: fc.integer({ min: 0, max: 12 }),
      length: fc.integer({ min: 1, max: 12 }),
      confirmWorkingHours: fc.integer({ min: 0, max: 30 }),
      preparationWorkingHours: fc.integer({ min: 0, max: 30 }),
      holidays: fc.uniqueArray(fc.integer({ min: 0, max: 40 }), { maxLength: 8 }),
    })
    .map(({ startHour, length, confirmWorkingHours, preparationWorkingHours, holidays }) =>
      sailingPlanRules(
        {
          workingHours: { startHour, endHour: startHour + length },
          confirmWorkingHours,
          preparationWorkingHours,
        },
        new Set(holidays.map((n) => addDays(singaporeDateOf(bookedAt), n))),
      ),
    )
const caseArb = instantArb.chain((bookedAt) =>
  fc.record({
    bookedAt: fc.constant(bookedAt),
    rules: rulesArb(bookedAt),
    lane: laneArb,
    // The cargo-ready date: from a week before the booking (a quote confirmed late) to a month after.
    readyDate: fc.integer({ min: -7, max: 30 }).map((n) => addDays(singaporeDateOf(bookedAt), n)),
  }),
)

/** Whether a departure on `etd` leaves the customer its time: both cut-offs' days start once they are ready. */
function makeable(lane: LaneSchedule, etd: string, readyDate: string, ready: Date): boolean {
  return [addDays(etd, -lane.cargoCutoffDays), addDays(etd, -lane.docCutoffDays)].every(
    (cutoff) => cutoff >= readyDate && startOf(cutoff) >= ready.getTime(),
  )
}

describe('the planned sailing', () => {
  it("leaves the desk's confirmation time and the customer's preparation time before both cut-offs", () => {
    fc.assert(
      fc.property(caseArb, ({ bookedAt, rules, lane, readyDate }) => {
        const sailing = plannedSailingFor(lane, readyDate, bookedAt, rules)
        if (!sailing) throw new Error('a sheet with departure days always has a sailing')
        const deadline = confirmationDeadline(bookedAt, rules)
        const ready = customerReadyAt(bookedAt, rules)
        // The desk's deadline is its working hours after the booking, the customer's after that.
        expect(workingMsBetween(bookedAt, deadline, rules.calendar)).toBe(rules.confirmWorkingHours * HOUR_MS)
        expect(workingMsBetween(deadline, ready, rules.calendar)).toBe(
          rules.preparationWorkingHours * HOUR_MS,
        )
        for (const cutoff of [sailing.cargoCutoff, sailing.docCutoff]) {
          expect(startOf(cutoff)).toBeGreaterThanOrEqual(ready.getTime())
          expect(startOf(cutoff)).toBeGreaterThanOrEqual(deadline.getTime())
          expect(cutoff >= readyDate).toBe(true)
        }
        expect(lane.departureDays).toContain(weekdayOf(sailing.etd))
        expect(sailing.cargoCutoff).toBe(addDays(sailing.etd, -lane.cargoCutoffDays))
        expect(sailing.docCutoff).toBe(addDays(sailing.etd, -lane.docCutoffDays))
        expect(sailing.eta).toBe(addDays(sailing.etd, lane.transitDays))
        // And it is the first such: no earlier departure of the sheet leaves that time.
        for (let back = 1; back <= 7; back++) {
          const earlier = addDays(sailing.etd, -back)
          if (lane.departureDays.includes(weekdayOf(earlier))) {
            expect(makeable(lane, earlier, readyDate, ready)).toBe(false)
          }
        }
      }),
      { numRuns: 2_000 },
    )
  })

  it('is never an earlier sailing for a booking made later', () => {
    fc.assert(
      fc.property(caseArb, fc.integer({ min: 1, max: 14 * 24 * 60 }), (c, minutes) => {
        const later = new Date(c.bookedAt.getTime() + minutes * 60_000)
        const first = plannedSailingFor(c.lane, c.readyDate, c.bookedAt, c.rules)
        const second = plannedSailingFor(c.lane, c.readyDate, later, c.rules)
        expect((second?.etd ?? '') >= (first?.etd ?? '')).toBe(true)
      }),
      { numRuns: 500 },
    )
  })

  it('is null for a sheet without a schedule', () => {
    const rules = sailingPlanAt(new Date('2026-11-10T02:00:00Z'))
    const at = new Date('2026-11-10T02:00:00Z')
    expect(plannedSailingFor({ mode: 'AIR', transitDays: 2 }, '2026-11-12', at, rules)).toBeNull()
  })
})

describe('the shipped operations desk', () => {
  it('confirms within one working day of its hours and leaves the customer one more', () => {
    const desk = siteConfig.operationsDesk
    const day = desk.workingHours.endHour - desk.workingHours.startHour
    expect(desk.confirmWithin).toBe('one working day')
    expect(desk.hours).toBe(
      `Monday to Friday, ${desk.workingHours.startHour}:00 to ${desk.workingHours.endHour}:00 Singapore time`,
    )
    expect(desk.confirmWorkingHours).toBe(day)
    expect(desk.preparationWorkingHours).toBe(day)
  })
})

describe('a booking made on a Saturday at 22:56 in Singapore (issue 34)', () => {
  // Tuesdays from Singapore to Nhava Sheva: cargo 2 and documents 3 days before, 11 days' transit.
  const lane: LaneSchedule = {
    mode: 'FCL',
    transitDays: 11,
    departureDays: [2],
    cargoCutoffDays: 2,
    docCutoffDays: 3,
    freeDays: 14,
  }
  const bookedAt = new Date('2026-11-28T22:56:00+08:00')
  const rules = sailingPlanAt(bookedAt)

  it('plans the sailing whose cut-offs fall after Monday’s confirmation and a working day to prepare', () => {
    // What was planned: the documents cut-off that same night, the cargo cut-off on Sunday.
    expect(sailingFor(lane, '2026-11-28')).toMatchObject({
      etd: '2026-12-01',
      docCutoff: '2026-11-28',
      cargoCutoff: '2026-11-29',
    })
    expect(confirmationDeadline(bookedAt, rules)).toEqual(new Date('2026-11-30T18:00:00+08:00'))
    expect(customerReadyAt(bookedAt, rules)).toEqual(new Date('2026-12-01T18:00:00+08:00'))
    const sailing = plannedSailingFor(lane, '2026-11-28', bookedAt, rules)
    expect(sailing).toEqual({
      etd: '2026-12-08',
      eta: '2026-12-19',
      cargoCutoff: '2026-12-06',
      docCutoff: '2026-12-05',
      transitDays: 11,
      freeDays: 14,
    })
  })

  it('asks for the certificate of origin by the documents cut-off, not after it', () => {
    const sailing = plannedSailingFor(lane, '2026-11-28', bookedAt, rules)
    const departure = documentsDeparture({ etd: null, documentsCutoff: null }, sailing)
    expect(departure).toEqual({ etd: '2026-12-08', docCutoff: '2026-12-05' })
    expect(
      documentChecklist({ mode: 'FCL', hazardous: false, ...departure }).map((e) => [e.kind, e.dueDate]),
    ).toEqual([
      ['commercial_invoice', '2026-12-05'],
      ['packing_list', '2026-12-05'],
      // ETD − 1 would be 7 Dec, after the 5 Dec documents cut-off.
      ['certificate_of_origin', '2026-12-05'],
    ])
  })
})

const dateArb = fc
  .integer({ min: 0, max: 36_500 })
  .map((n) => new Date(Date.UTC(2000, 0, 1) + n * DAY_MS).toISOString().slice(0, 10))

describe('document due dates', () => {
  it('never fall after the documents cut-off they serve', () => {
    fc.assert(
      fc.property(
        dateArb,
        fc.integer({ min: -5, max: 20 }),
        fc.boolean(),
        fc.constantFrom(...modes),
        (etd, lead, hazardous, mode) => {
          const docCutoff = addDays(etd, -lead)
          for (const entry of documentChecklist({ mode, hazardous, etd, docCutoff })) {
            expect(entry.dueDate).not.toBeNull()
            expect((entry.dueDate as string) <= docCutoff).toBe(true)
          }
        },
      ),
      { numRuns: 1_000 },
    )
  })

  it('serve the cut-off operations confirmed, else the planned one, moved with a confirmed departure', () => {
    const planned = { etd: '2026-12-08', docCutoff: '2026-12-05' }
    expect(documentsCutoff({ etd: null, documentsCutoff: null }, planned)).toBe('2026-12-05')
    // Confirmed a week later without a documents cut-off: three days before that departure.
    expect(documentsCutoff({ etd: '2026-12-15T04:00:00Z', documentsCutoff: null }, planned)).toBe(
      '2026-12-12',
    )
    // 11 Dec 17:00 UTC is 12 Dec 01:00 in Singapore.
    expect(
      documentsCutoff({ etd: '2026-12-15T04:00:00Z', documentsCutoff: '2026-12-11T17:00:00Z' }, planned),
    ).toBe('2026-12-12')
    expect(documentsCutoff({ etd: '2026-12-15T04:00:00Z', documentsCutoff: null }, null)).toBeNull()
  })

  it('asked for by operations are refused after a documents cut-off still ahead', () => {
    fc.assert(
      fc.property(
        dateArb,
        fc.integer({ min: -10, max: 10 }),
        fc.option(fc.integer({ min: -10, max: 10 })),
        (today, due, cut) => {
          const dueDate = addDays(today, due)
          const cutoff = cut === null ? null : addDays(today, cut)
          const refusal = requestDueDateRefusal(dueDate, today, cutoff)
          const servesCutoff = cutoff !== null && cutoff >= today
          expect(refusal === null).toBe(dueDate >= today && (!servesCutoff || dueDate <= (cutoff as string)))
          if (dueDate < today) expect(refusal).toBe(requestMessages.pastDate)
        },
      ),
      { numRuns: 1_000 },
    )
  })
})
