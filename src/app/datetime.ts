/**
 * Times on the screens, in the one convention of contract/times.ts (docs/customer-area.md, "Times"): the
 * account's own actions in Singapore time ("25 Nov, 14:30 (GMT+8)"), what happens at a port or airport in that
 * place's local time, named ("23 Nov, 14:30 at Nhava Sheva (GMT+5:30)"); the year only when it is not this
 * one. Never the browser's zone. "This year" is read from `now` at render: these screens are rendered in
 * the browser only (/user is not prerendered), so no server-rendered text can disagree with it.
 */
import { singaporeDateOf, weekdayOf } from '../../contract/dates'
import { accountTime, calendarDay, placeTime, type TimePlace } from '../../contract/times'

export type { TimePlace } from '../../contract/times'

/** "25 Nov, 14:30 (GMT+8)" (the year when not this one): something the account did, in Singapore time. */
export const formatAccountTime = (iso: string, now: Date = new Date()) => accountTime(iso, now)

/** "23 Nov, 14:30 at Nhava Sheva (GMT+5:30)": an event at a place, in its local time; "(UTC)" without a zone. */
export const formatPlaceTime = (iso: string, place: TimePlace, now: Date = new Date()) =>
  placeTime(iso, place, { now })

/** "23 Nov, 14:30 (GMT+5:30)": the same, where the heading beside it already names the place. */
export const formatTimeThere = (iso: string, place: TimePlace, now: Date = new Date()) =>
  placeTime(iso, place, { now, named: false })

/** "+48 h later than planned", "12 h earlier than planned", "On schedule". */
export function etaMoved(hours: number): string {
  const rounded = Math.round(hours)
  if (rounded === 0) return 'On schedule'
  return rounded > 0 ? `+${rounded} h later than planned` : `${-rounded} h earlier than planned`
}

/** "17 Nov 2026": a calendar date (YYYY-MM-DD) as it is written, whatever the browser's zone. */
export const formatDay = (isoDate: string): string => calendarDay(isoDate)

/**
 * "Wed 2 Dec": a sailing's or cut-off's calendar date (YYYY-MM-DD) with its weekday, as schedules are
 * read; the year when it is not this one (Singapore's), as the other dates here. Whatever the browser's zone.
 */
export function formatScheduleDay(isoDate: string, now: Date = new Date()): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate)
  if (!match) return isoDate
  const weekday = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'][weekdayOf(isoDate) - 1]
  const [day, month, year] = calendarDay(isoDate).split(' ')
  const sameYear = year === singaporeDateOf(now).slice(0, 4)
  return `${weekday} ${day} ${month}${sameYear ? '' : ` ${year}`}`
}
