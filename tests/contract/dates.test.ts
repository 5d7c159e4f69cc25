import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { addDays, daysBetween, singaporeDateOf } from '../../contract/dates'

const DAY_MS = 86_400_000
/** What the calendar says, through Date: the reference the integer arithmetic must agree with. */
const byDate = {
  addDays: (date: string, days: number) =>
    new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10),
  daysBetween: (from: string, to: string) =>
    Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS),
  singaporeDateOf: (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 10),
}

// Instants from 1900 to 2200: leap years, the century rules (1900 and 2100 are not leap years, 2000 is).
const instant = fc.integer({ min: Date.UTC(1900, 0, 1), max: Date.UTC(2200, 0, 1) })

describe('calendar dates', () => {
  it('move a date by any number of days as the calendar does', () => {
    fc.assert(
      fc.property(instant, fc.integer({ min: -20_000, max: 20_000 }), (ms, days) => {
        const date = new Date(ms).toISOString().slice(0, 10)
        expect(addDays(date, days)).toBe(byDate.addDays(date, days))
      }),
      { numRuns: 2_000 },
    )
  })

  it('count the days between two dates as the calendar does', () => {
    fc.assert(
      fc.property(instant, instant, (a, b) => {
        const from = new Date(a).toISOString().slice(0, 10)
        const to = new Date(b).toISOString().slice(0, 10)
        expect(daysBetween(from, to)).toBe(byDate.daysBetween(from, to))
      }),
      { numRuns: 2_000 },
    )
  })

  it('give the Singapore date of an instant, from a Date or an ISO string', () => {
    fc.assert(
      fc.property(instant, (ms) => {
        expect(singaporeDateOf(new Date(ms))).toBe(byDate.singaporeDateOf(ms))
        expect(singaporeDateOf(new Date(ms).toISOString())).toBe(byDate.singaporeDateOf(ms))
      }),
      { numRuns: 2_000 },
    )
  })

  it('turn at midnight in Singapore, which is 16:00 UTC the day before', () => {
    expect(singaporeDateOf('2026-02-28T15:59:59.999Z')).toBe('2026-02-28')
    expect(singaporeDateOf('2026-02-28T16:00:00.000Z')).toBe('2026-03-01')
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29')
    expect(addDays('2100-02-28', 1)).toBe('2100-03-01')
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31')
  })
})
