import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  addWorkingTime,
  serviceLevel,
  type WorkingCalendar,
  workingMsBetween,
} from '../../contract/working-hours'
import { singaporeCalendar } from '../../server/sales/holidays'

const HOUR = 3_600_000
const calendar: WorkingCalendar = { startHour: 9, endHour: 18, holidays: new Set(['2026-12-25']) }
/** A Singapore wall time as a Date. */
const sgt = (local: string) => new Date(`${local}+08:00`)

describe('Singapore working hours', () => {
  it('counts only 09:00 to 18:00 on working days', () => {
    // Friday 17:00 + 2 working hours: Monday 10:00.
    expect(addWorkingTime(sgt('2026-11-27T17:00'), 2 * HOUR, calendar)).toEqual(sgt('2026-11-30T10:00'))
    // Before opening: the clock starts at 09:00.
    expect(addWorkingTime(sgt('2026-11-30T07:30'), 2 * HOUR, calendar)).toEqual(sgt('2026-11-30T11:00'))
    // Christmas (a Friday) is skipped.
    expect(addWorkingTime(sgt('2026-12-24T17:30'), HOUR, calendar)).toEqual(sgt('2026-12-28T09:30'))
    expect(workingMsBetween(sgt('2026-11-27T17:00'), sgt('2026-11-30T10:00'), calendar)).toBe(2 * HOUR)
  })

  it('reads the public holidays from the data package', () => {
    const holidays = singaporeCalendar(sgt('2026-06-01T12:00')).holidays
    expect(holidays.has('2026-08-09')).toBe(true) // National Day
    expect(holidays.has('2026-12-25')).toBe(true)
    expect(holidays.has('2026-08-11')).toBe(false)
  })

  it('adds and measures the same working time (property)', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('2026-01-01T00:00:00Z'),
          max: new Date('2027-12-31T00:00:00Z'),
          noInvalidDate: true,
        }),
        fc.integer({ min: 1, max: 40 * HOUR }),
        (from, ms) => {
          const due = addWorkingTime(from, ms, calendar)
          expect(workingMsBetween(from, due, calendar)).toBe(ms)
          // It ends inside working hours, on a working day.
          const local = new Date(due.getTime() + 8 * HOUR)
          const minutes = local.getUTCHours() * 60 + local.getUTCMinutes()
          expect(minutes).toBeGreaterThanOrEqual(9 * 60)
          expect(minutes).toBeLessThanOrEqual(18 * 60)
          expect([0, 6]).not.toContain(local.getUTCDay())
        },
      ),
    )
  })

  it('says on time, due soon in the last quarter, overdue past the due time, answered once an offer went out', () => {
    const requestedAt = sgt('2026-11-30T10:00')
    const level = (now: string, answeredAt: Date | null = null) =>
      serviceLevel({ requestedAt, answeredAt, targetMs: 2 * HOUR, now: sgt(now) }, calendar).level
    expect(level('2026-11-30T10:30')).toBe('on time')
    expect(level('2026-11-30T11:40')).toBe('due soon')
    expect(level('2026-11-30T12:00')).toBe('overdue')
    expect(level('2026-12-01T09:00', sgt('2026-11-30T11:00'))).toBe('answered')
  })
})
