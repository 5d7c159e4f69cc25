/**
 * Calendar dates as YYYY-MM-DD strings, in integer arithmetic: the dashboard and the quote lists compute a
 * few dozen per request, and a Date with toISOString() for each was a tenth of the dashboard's work.
 * Valid for the years 1000 to 9999.
 */

const DAY_MS = 86_400_000
const SINGAPORE_OFFSET_MS = 8 * 3_600_000

/** Days since 1970-01-01 of a civil date (H. Hinnant's days_from_civil). */
function dayNumber(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year
  const era = Math.floor(y / 400)
  const yoe = y - era * 400
  const doy = Math.floor((153 * (month > 2 ? month - 3 : month + 9) + 2) / 5) + day - 1
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy
  return era * 146_097 + doe - 719_468
}

const pad2 = (n: number) => (n < 10 ? `0${n}` : `${n}`)

/** The civil date of a day number, as YYYY-MM-DD (H. Hinnant's civil_from_days). */
function dateOfDay(days: number): string {
  const z = days + 719_468
  const era = Math.floor(z / 146_097)
  const doe = z - era * 146_097
  const yoe = Math.floor(
    (doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365,
  )
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100))
  const mp = Math.floor((5 * doy + 2) / 153)
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1
  const month = mp < 10 ? mp + 3 : mp - 9
  const year = yoe + era * 400 + (month <= 2 ? 1 : 0)
  return `${year}-${pad2(month)}-${pad2(day)}`
}

/** The day number of `date` (YYYY-MM-DD). */
const dayNumberOf = (date: string) =>
  dayNumber(Number(date.slice(0, 4)), Number(date.slice(5, 7)), Number(date.slice(8, 10)))

/** Whole days from `from` to `to` (YYYY-MM-DD); negative when `to` is earlier. */
export const daysBetween = (from: string, to: string) => dayNumberOf(to) - dayNumberOf(from)

/** `date` (YYYY-MM-DD) moved by `days`. */
export function addDays(date: string, days: number): string {
  return dateOfDay(dayNumberOf(date) + days)
}

/** The Singapore date (UTC+8, no daylight saving), YYYY-MM-DD, of an instant. */
export function singaporeDateOf(at: string | Date): string {
  const ms = typeof at === 'string' ? Date.parse(at) : at.getTime()
  return dateOfDay(Math.floor((ms + SINGAPORE_OFFSET_MS) / DAY_MS))
}

/** The ISO weekday (1 Monday … 7 Sunday) of a date (YYYY-MM-DD). 1970-01-01 was a Thursday. */
export function weekdayOf(date: string): number {
  const days = dayNumber(Number(date.slice(0, 4)), Number(date.slice(5, 7)), Number(date.slice(8, 10)))
  return ((((days + 3) % 7) + 7) % 7) + 1
}
