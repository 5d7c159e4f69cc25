import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { addDays, weekdayOf } from '../../contract/dates'
import {
  departureDaysText,
  freeTimeText,
  type LaneSchedule,
  parseDepartureDays,
  sailingFor,
  weekdays,
} from '../../contract/pricing/schedule'
import { modes } from '../../contract/pricing/types'

const DAY_MS = 86_400_000
const daysBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / DAY_MS

// Ready dates from 2000 to 2100 (leap days, year ends).
const dateArb = fc
  .integer({ min: 0, max: 36_500 })
  .map((n) => new Date(Date.UTC(2000, 0, 1) + n * DAY_MS).toISOString().slice(0, 10))
const daysArb = fc.subarray([1, 2, 3, 4, 5, 6, 7], { minLength: 1 })
const laneArb: fc.Arbitrary<LaneSchedule> = fc.record({
  mode: fc.constantFrom(...modes),
  transitDays: fc.integer({ min: 0, max: 120 }),
  departureDays: daysArb,
  cargoCutoffDays: fc.integer({ min: 0, max: 14 }),
  docCutoffDays: fc.integer({ min: 0, max: 14 }),
  freeDays: fc.option(fc.integer({ min: 0, max: 90 }), { nil: null }),
})

/** Wednesdays, cargo 2 and documents 3 days before, 9 days to Nhava Sheva, 14 free days. */
const weeklyFcl: LaneSchedule = {
  mode: 'FCL',
  transitDays: 9,
  departureDays: [3],
  cargoCutoffDays: 2,
  docCutoffDays: 3,
  freeDays: 14,
}

describe('the weekday of a date', () => {
  it('is the ISO weekday the calendar gives (1 Monday … 7 Sunday)', () => {
    fc.assert(
      fc.property(dateArb, (date) => {
        expect(weekdayOf(date)).toBe(((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7) + 1)
      }),
      { numRuns: 1_000 },
    )
  })
})

describe('the sailing for a ready date', () => {
  it('departs on a departure day, with both cut-offs on or after the ready date', () => {
    fc.assert(
      fc.property(laneArb, dateArb, (lane, ready) => {
        const sailing = sailingFor(lane, ready)
        expect(sailing).not.toBeNull()
        if (!sailing) return
        expect(lane.departureDays).toContain(weekdayOf(sailing.etd))
        expect(sailing.cargoCutoff >= ready).toBe(true)
        expect(sailing.docCutoff >= ready).toBe(true)
        expect(daysBetween(sailing.cargoCutoff, sailing.etd)).toBe(lane.cargoCutoffDays)
        expect(daysBetween(sailing.docCutoff, sailing.etd)).toBe(lane.docCutoffDays)
      }),
      { numRuns: 1_000 },
    )
  })

  it('is the first such departure: no earlier departure day leaves time for both cut-offs', () => {
    fc.assert(
      fc.property(laneArb, dateArb, (lane, ready) => {
        const sailing = sailingFor(lane, ready)
        if (!sailing) throw new Error('no sailing')
        for (let day = ready; day < sailing.etd; day = addDays(day, 1)) {
          const possible =
            lane.departureDays.includes(weekdayOf(day)) &&
            addDays(day, -lane.cargoCutoffDays) >= ready &&
            addDays(day, -lane.docCutoffDays) >= ready
          expect(possible, `${day} would do`).toBe(false)
        }
        // And it is never more than a week after the earliest day the cut-offs allow.
        const lead = Math.max(lane.cargoCutoffDays, lane.docCutoffDays)
        expect(daysBetween(ready, sailing.etd)).toBeLessThan(lead + 7)
      }),
      { numRuns: 1_000 },
    )
  })

  it('arrives the transit days after it departs, with the sheet’s free days', () => {
    fc.assert(
      fc.property(laneArb, dateArb, (lane, ready) => {
        const sailing = sailingFor(lane, ready)
        if (!sailing) throw new Error('no sailing')
        expect(daysBetween(sailing.etd, sailing.eta)).toBe(lane.transitDays)
        expect(sailing.transitDays).toBe(lane.transitDays)
        expect(sailing.freeDays).toBe(lane.freeDays)
      }),
    )
  })

  it('is none when the sheet publishes no schedule', () => {
    fc.assert(
      fc.property(laneArb, dateArb, (lane, ready) => {
        expect(sailingFor({ ...lane, departureDays: [] }, ready)).toBeNull()
      }),
      { numRuns: 100 },
    )
  })

  it('gives the Wednesday sailing whose cut-offs are still ahead', () => {
    // Ready Thursday 26 Nov 2026: Wednesday 2 Dec, cargo by Monday 30 Nov, documents by Sunday 29 Nov.
    expect(sailingFor(weeklyFcl, '2026-11-26')).toEqual({
      etd: '2026-12-02',
      eta: '2026-12-11',
      cargoCutoff: '2026-11-30',
      docCutoff: '2026-11-29',
      transitDays: 9,
      freeDays: 14,
    })
    // Ready Sunday 22 Nov: the documents cut-off of Wednesday 25 Nov is that very day, so it is still made.
    expect(sailingFor(weeklyFcl, '2026-11-22')?.etd).toBe('2026-11-25')
    // Ready Monday 23 Nov: too late for the documents of the 25th; the next Wednesday.
    expect(sailingFor(weeklyFcl, '2026-11-23')?.etd).toBe('2026-12-02')
    // A daily flight with cargo the day before: the day after the ready date.
    const daily = {
      ...weeklyFcl,
      mode: 'AIR' as const,
      departureDays: [1, 2, 3, 4, 5, 6, 7],
      cargoCutoffDays: 1,
      docCutoffDays: 1,
    }
    expect(sailingFor(daily, '2026-11-23')?.etd).toBe('2026-11-24')
  })
})

describe('the schedule as the rate file writes it', () => {
  it('reads back what it writes', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 7 }), { maxLength: 10 }), (days) => {
        const expected = [...new Set(days)].sort((a, b) => a - b)
        expect(parseDepartureDays(departureDaysText(days))).toEqual(expected)
      }),
    )
  })

  it('writes one canonical text for any spelling it reads', () => {
    const spelling = fc
      .subarray([...weekdays], { minLength: 1 })
      .chain((names) => fc.shuffledSubarray(names, { minLength: names.length }))
      .chain((names) =>
        fc
          .array(fc.constantFrom(' ', ''), { minLength: names.length, maxLength: names.length })
          .map((spaces) =>
            names.map((name, i) => `${spaces[i]}${i % 2 ? name.toLowerCase() : name}`).join(';'),
          ),
      )
    fc.assert(
      fc.property(spelling, (text) => {
        const days = parseDepartureDays(text)
        expect(days).not.toBeNull()
        const canonical = departureDaysText(days ?? [])
        expect(parseDepartureDays(canonical)).toEqual(days)
        expect(departureDaysText(parseDepartureDays(canonical) ?? [])).toBe(canonical)
      }),
    )
  })

  it('says daily for every day, nothing for no schedule, and refuses what is not a weekday', () => {
    expect(departureDaysText([7, 1, 2, 3, 4, 5, 6])).toBe('daily')
    expect(parseDepartureDays('Daily')).toEqual([1, 2, 3, 4, 5, 6, 7])
    expect(departureDaysText([4, 1])).toBe('MON;THU')
    expect(departureDaysText([])).toBe('')
    expect(parseDepartureDays('  ')).toEqual([])
    for (const bad of ['MONDAY', 'MON,THU', 'MON;', '1', 'weekly']) expect(parseDepartureDays(bad)).toBeNull()
  })
})

describe('the free time', () => {
  it('says what the free days cover in each mode, and nothing when the sheet does not say', () => {
    expect(freeTimeText('FCL', 14)).toBe('14 free days at destination (demurrage and detention combined)')
    expect(freeTimeText('LCL', 1)).toBe('1 free day of storage at the destination CFS')
    expect(freeTimeText('AIR', 2)).toBe('2 free days of storage at the destination airport')
    expect(freeTimeText('FCL', null)).toBeNull()
  })
})
