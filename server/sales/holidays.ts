import Holidays from 'date-holidays'
import type { WorkingCalendar } from '../../contract/working-hours'

/** Singapore's working day (docs/sales-desk.md): 09:00 to 18:00, Monday to Friday. */
export const WORKING_HOURS = { startHour: 9, endHour: 18 } as const

const byYear = new Map<number, string[]>()

/** Singapore's public holidays of `year` (ISO dates) from the date-holidays package, held once per year. */
function holidaysOf(year: number): string[] {
  let days = byYear.get(year)
  if (!days) {
    days = new Holidays('SG')
      .getHolidays(year)
      .filter((holiday) => holiday.type === 'public')
      .map((holiday) => holiday.date.slice(0, 10))
    byYear.set(year, days)
  }
  return days
}

/**
 * Singapore's public holidays around `at`: its year's, the year before and the next (a due time or a planned
 * sailing may cross a year's end).
 */
export function singaporeHolidays(at: Date): ReadonlySet<string> {
  const year = at.getUTCFullYear()
  return new Set([...holidaysOf(year - 1), ...holidaysOf(year), ...holidaysOf(year + 1)])
}

/** The sales desk's working calendar around `at`: its hours and the public holidays (singaporeHolidays). */
export function singaporeCalendar(at: Date): WorkingCalendar {
  return { ...WORKING_HOURS, holidays: singaporeHolidays(at) }
}
