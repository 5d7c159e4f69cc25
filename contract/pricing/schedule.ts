/**
 * The sailing or flight a quote option offers: a rate sheet's weekly schedule read against the cargo-ready
 * date. The server stores it with the booking; the quote pages show it; the same function for both.
 *
 * A sheet departs on fixed weekdays (`departureDays`); cargo must reach the terminal, CFS or airline
 * warehouse by the cargo cut-off and the shipping instructions and documents must reach the carrier by the
 * documents cut-off, each a number of days before departure. The sailing offered is the first departure on
 * or after the ready date whose two cut-offs both fall on or after the ready date. Arrival is departure plus
 * the sheet's transit days. Dates only (YYYY-MM-DD, the origin's calendar): a quote promises a day, the
 * carrier's confirmation gives the hour.
 */
import { addDays, weekdayOf } from '../dates'
import type { Mode, RateLane } from './types'

export const weekdays = ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'] as const
export type Weekday = (typeof weekdays)[number]

/** What a rate sheet says of its schedule and free time. */
export type LaneSchedule = Pick<
  RateLane,
  'mode' | 'transitDays' | 'departureDays' | 'cargoCutoffDays' | 'docCutoffDays' | 'freeDays'
>

export interface Sailing {
  /** Planned departure from the origin. */
  etd: string
  /** Planned arrival at the destination: `etd` plus the sheet's transit days. */
  eta: string
  /** The last day cargo is received at the terminal, CFS or airline warehouse. */
  cargoCutoff: string
  /** The last day for shipping instructions and documents. */
  docCutoff: string
  transitDays: number
  /** Free days at the destination (see `freeTimeText`); null when the sheet does not say. */
  freeDays: number | null
}

/** The first sailing for cargo ready on `readyDate`; null when the sheet publishes no schedule. */
export function sailingFor(lane: LaneSchedule, readyDate: string): Sailing | null {
  const days = new Set(lane.departureDays)
  if (days.size === 0) return null
  const lead = Math.max(lane.cargoCutoffDays, lane.docCutoffDays, 0)
  const earliest = addDays(readyDate, lead)
  // Some departure day falls within any seven consecutive days.
  for (let offset = 0; offset < 7; offset++) {
    const etd = addDays(earliest, offset)
    if (!days.has(weekdayOf(etd))) continue
    return {
      etd,
      eta: addDays(etd, lane.transitDays),
      cargoCutoff: addDays(etd, -lane.cargoCutoffDays),
      docCutoff: addDays(etd, -lane.docCutoffDays),
      transitDays: lane.transitDays,
      freeDays: lane.freeDays,
    }
  }
  return null
}

/** What the free days cover in each mode, as the quote pages and the booking confirmation say it. */
export function freeTimeText(mode: Mode, freeDays: number | null): string | null {
  if (freeDays === null) return null
  const days = `${freeDays} free ${freeDays === 1 ? 'day' : 'days'}`
  if (mode === 'FCL') return `${days} at destination (demurrage and detention combined)`
  if (mode === 'LCL') return `${days} of storage at the destination CFS`
  return `${days} of storage at the destination airport`
}

/** "WED", "MON;THU", "daily": a schedule as the rate file writes it. */
export function departureDaysText(departureDays: readonly number[]): string {
  const sorted = [...new Set(departureDays)].sort((a, b) => a - b)
  if (sorted.length === 7) return 'daily'
  return sorted.map((day) => weekdays[day - 1]).join(';')
}

/** The rate file's `departure_days` read back: ISO weekdays, or null when the text is not a schedule. */
export function parseDepartureDays(text: string): number[] | null {
  const trimmed = text.trim().toUpperCase()
  if (trimmed === '') return []
  if (trimmed === 'DAILY') return [1, 2, 3, 4, 5, 6, 7]
  const days: number[] = []
  for (const part of trimmed.split(';')) {
    const index = weekdays.indexOf(part.trim() as Weekday)
    if (index < 0) return null
    if (!days.includes(index + 1)) days.push(index + 1)
  }
  return days.sort((a, b) => a - b)
}
