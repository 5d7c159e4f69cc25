/**
 * Working time in Singapore (UTC+8 all year): Monday to Friday, 09:00 to 18:00, public holidays off. The sales
 * desk's service level ("answered within 2 working hours") is measured in it. Pure: the holidays are given
 * (the server reads them from the date-holidays package, server/sales/holidays.ts).
 */

export interface WorkingCalendar {
  /** Hour of day the working day starts and ends, Singapore time. */
  startHour: number
  endHour: number
  /** ISO dates (YYYY-MM-DD, Singapore) that are public holidays. */
  holidays: ReadonlySet<string>
}

const SGT_OFFSET_MS = 8 * 3_600_000
const DAY_MS = 86_400_000
const HOUR_MS = 3_600_000

/** The working window of the Singapore day that contains `at` (ms since the epoch), or null on a day off. */
function windowOfDay(dayStartUtc: number, calendar: WorkingCalendar): [number, number] | null {
  const local = new Date(dayStartUtc + SGT_OFFSET_MS)
  const weekday = local.getUTCDay()
  const iso = local.toISOString().slice(0, 10)
  if (weekday === 0 || weekday === 6 || calendar.holidays.has(iso)) return null
  return [dayStartUtc + calendar.startHour * HOUR_MS, dayStartUtc + calendar.endHour * HOUR_MS]
}

/** Midnight (Singapore) of the day of `at`, as ms since the epoch. */
const dayStart = (at: number) => Math.floor((at + SGT_OFFSET_MS) / DAY_MS) * DAY_MS - SGT_OFFSET_MS

/** Working milliseconds from `from` to `to` (0 when `to` is not after `from`). */
export function workingMsBetween(from: Date, to: Date, calendar: WorkingCalendar): number {
  let total = 0
  const end = to.getTime()
  for (let day = dayStart(from.getTime()); day < end; day += DAY_MS) {
    const window = windowOfDay(day, calendar)
    if (!window) continue
    const start = Math.max(window[0], from.getTime())
    const stop = Math.min(window[1], end)
    if (stop > start) total += stop - start
  }
  return total
}

/** The moment `ms` of working time after `from` has passed. */
export function addWorkingTime(from: Date, ms: number, calendar: WorkingCalendar): Date {
  let left = ms
  // A year of days off in a row cannot happen; the bound keeps a bad calendar from looping forever.
  for (let day = dayStart(from.getTime()), n = 0; n < 400; day += DAY_MS, n += 1) {
    const window = windowOfDay(day, calendar)
    if (!window) continue
    const start = Math.max(window[0], from.getTime())
    if (start >= window[1]) continue
    if (start + left <= window[1]) return new Date(start + left)
    left -= window[1] - start
  }
  throw new Error('addWorkingTime: no working day within 400 days')
}

/** Where a request stands against its service level. */
export type ServiceLevel = 'on time' | 'due soon' | 'overdue' | 'answered'

/**
 * A request's standing: answered once an offer went out; overdue past its due time; due soon in the last
 * quarter of its working time; on time before.
 */
export function serviceLevel(
  input: { requestedAt: Date; answeredAt: Date | null; targetMs: number; now: Date },
  calendar: WorkingCalendar,
): { level: ServiceLevel; dueAt: Date } {
  const dueAt = addWorkingTime(input.requestedAt, input.targetMs, calendar)
  if (input.answeredAt) return { level: 'answered', dueAt }
  if (input.now.getTime() >= dueAt.getTime()) return { level: 'overdue', dueAt }
  const left = workingMsBetween(input.now, dueAt, calendar)
  return { level: left <= input.targetMs / 4 ? 'due soon' : 'on time', dueAt }
}
