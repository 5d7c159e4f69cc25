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

/** The working calendar around `at`: its year's holidays and the next year's (a due time may cross it). */
export function singaporeCalendar(at: Date): WorkingCalendar {
  const year = at.getUTCFullYear()
  return {
    ...WORKING_HOURS,
    holidays: new Set([...holidaysOf(year - 1), ...holidaysOf(year), ...holidaysOf(year + 1)]),
  }
}
