/**
 * Times of shipments, shown where they happen: a departure from Singapore in Singapore time, an arrival in
 * Nhava Sheva in India time, each with its zone's abbreviation or UTC offset ("20 Nov 2026, 18:00 SGT",
 * "29 Nov 2026, 09:30 GMT+5:30"). A place without a known zone is shown in UTC.
 */
const formats = new Map<string, Intl.DateTimeFormat>()

function formatFor(timeZone: string, withTime: boolean) {
  const key = `${timeZone}|${withTime}`
  let format = formats.get(key)
  if (!format) {
    format = new Intl.DateTimeFormat('en-SG', {
      timeZone,
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      ...(withTime ? { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZoneName: 'short' } : {}),
    } as Intl.DateTimeFormatOptions)
    formats.set(key, format)
  }
  return format
}

const validZone = (timeZone: string | null | undefined) => {
  if (!timeZone) return 'UTC'
  try {
    new Intl.DateTimeFormat('en-SG', { timeZone })
    return timeZone
  } catch {
    return 'UTC'
  }
}

/** "20 Nov 2026, 18:00 SGT": an ISO date-time in a place's time zone (UTC when it has none). */
export function formatDateTime(iso: string, timeZone: string | null | undefined): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return iso
  return formatFor(validZone(timeZone), true).format(date)
}

/** "17 Nov 2026": a calendar date (YYYY-MM-DD) as it is written, whatever the browser's zone. */
export function formatDay(isoDate: string): string {
  const date = new Date(`${isoDate.slice(0, 10)}T00:00:00Z`)
  if (Number.isNaN(date.getTime())) return isoDate
  return formatFor('UTC', false).format(date)
}

/** "+48 h later than planned", "12 h earlier than planned", "On schedule". */
export function etaMoved(hours: number): string {
  const rounded = Math.round(hours)
  if (rounded === 0) return 'On schedule'
  return rounded > 0 ? `+${rounded} h later than planned` : `${-rounded} h earlier than planned`
}

/** The browser's own time zone (UTC when it names none). */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'
  } catch {
    return 'UTC'
  }
}

/**
 * "20 Nov 2026, 18:00 SGT" in the reader's own time zone: for lists mixing places whose zones the answer
 * does not carry (the dashboard).
 */
export const formatLocalDateTime = (iso: string) => formatDateTime(iso, browserTimeZone())
