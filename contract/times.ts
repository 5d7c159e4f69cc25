/**
 * Times as the customer reads them, in one convention for the screens, the mails and the house bill
 * (docs/customer-area.md, "Times"). Intl only, no DOM: the browser and the server import it alike.
 *
 * - A time zone is written one way everywhere: as its GMT offset at that instant, "(GMT+8)", "(GMT+5:30)".
 * - What the account did (a quote created, a booking made, a document uploaded): Singapore time, with its
 *   offset: "25 Nov 2026, 14:30 (GMT+8)".
 * - What happens at a port or airport (milestones, ETD and ETA): the place's local time with its name and
 *   GMT offset: "23 Nov 2026, 14:30 at Nhava Sheva (GMT+5:30)". A place without a known time zone is shown
 *   in UTC: "… at Somewhere (UTC)".
 * - A planned time nobody gave to the minute (a sailing's day from the carrier's schedule) is a calendar day,
 *   `YYYY-MM-DD` where an ISO date-time would be: it is written as the day, "1 Dec 2026 at Singapore", never
 *   with a time of day (`isDay`, `plannedDayInstant`).
 * - Given `now` (screens), a time in now's year leaves the year out: "23 Nov, 14:30 at Nhava Sheva
 *   (GMT+5:30)". Mails and documents are kept and read later: they pass no `now` and always carry the year.
 *
 * The offset is computed from the instant and the zone's rules, never taken from the reader's machine:
 * `process.env.TZ` and the browser's zone change nothing.
 */

/** The zone of the account's own actions: the company is in Singapore. */
export const ACCOUNT_TIME_ZONE = 'Asia/Singapore'

/** A place a time happens at: its name and IANA time zone (null when not known: shown in UTC). */
export interface TimePlace {
  name: string
  time_zone: string | null
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const

interface LocalTime {
  year: number
  month: number
  day: number
  hour: number
  minute: number
  /** Local time minus UTC, in minutes. */
  offsetMinutes: number
}

const partFormats = new Map<string, Intl.DateTimeFormat | null>()

/** The formatter of a zone's wall-clock parts; null when the zone is not one Intl knows. */
function partsFormat(timeZone: string): Intl.DateTimeFormat | null {
  let format = partFormats.get(timeZone)
  if (format === undefined) {
    try {
      format = new Intl.DateTimeFormat('en-US', {
        timeZone,
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
        hourCycle: 'h23',
      })
    } catch {
      format = null
    }
    partFormats.set(timeZone, format)
  }
  return format
}

/** A zone Intl knows, else null (then UTC is used and said). */
export function knownZone(timeZone: string | null | undefined): string | null {
  return timeZone && partsFormat(timeZone) ? timeZone : null
}

function localTime(ms: number, timeZone: string): LocalTime {
  const parts: Record<string, number> = {}
  for (const part of (partsFormat(timeZone) as Intl.DateTimeFormat).formatToParts(ms)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value)
  }
  const { year = 1970, month = 1, day = 1, minute = 0, second = 0 } = parts
  const hour = (parts.hour ?? 0) % 24 // some engines write midnight as 24 even with h23
  const wall = Date.UTC(year, month - 1, day, hour, minute, second)
  const instant = Math.floor(ms / 1000) * 1000
  return { year, month, day, hour, minute, offsetMinutes: Math.round((wall - instant) / 60_000) }
}

const pad2 = (n: number) => (n < 10 ? `0${n}` : `${n}`)

/** "GMT+8", "GMT+5:30", "GMT-3:30", "GMT" (no offset). */
export function offsetText(offsetMinutes: number): string {
  if (offsetMinutes === 0) return 'GMT'
  const sign = offsetMinutes > 0 ? '+' : '-'
  const abs = Math.abs(offsetMinutes)
  const hours = Math.floor(abs / 60)
  const minutes = abs % 60
  return `GMT${sign}${hours}${minutes ? `:${pad2(minutes)}` : ''}`
}

const msOf = (at: string | Date) => (typeof at === 'string' ? Date.parse(at) : at.getTime())

/** "23 Nov, 14:30" in `now`'s year (in the same zone), else "23 Nov 2025, 14:30". */
function dayAndTime(local: LocalTime, now: Date | undefined, timeZone: string): string {
  const sameYear =
    now !== undefined &&
    !Number.isNaN(now.getTime()) &&
    localTime(now.getTime(), timeZone).year === local.year
  return `${local.day} ${MONTHS[local.month - 1]}${sameYear ? '' : ` ${local.year}`}, ${pad2(local.hour)}:${pad2(local.minute)}`
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/

/** Whether a planned time is a calendar day (YYYY-MM-DD: planned to the day, not to the minute). */
export const isDay = (at: string | Date | null | undefined): at is string =>
  typeof at === 'string' && DAY.test(at)

/**
 * The instant a planned day is recorded as where an instant must be stored (a DCSA event's time, the
 * bookings' etd and eta columns): noon UTC of the day. `plannedDays` (server/tracking) reads it back as the day.
 */
export const plannedDayInstant = (day: string) => `${day}T12:00:00.000Z`

/** A planned time as an instant: an ISO date-time as it is, a day as its plannedDayInstant. */
export const plannedInstant = (time: string) => new Date(isDay(time) ? plannedDayInstant(time) : time)

/** `time` as the day `day` when it is that day's recorded instant (plannedDayInstant), else `time` unchanged. */
export function asPlannedDay(time: string | null, day: string | null | undefined): string | null {
  return time && isDay(day) && Date.parse(time) === Date.parse(plannedDayInstant(day)) ? day : time
}

/** "1 Dec 2026", "1 Dec" in `now`'s year there: a planned day. */
function dayText(day: string, now: Date | undefined, timeZone: string): string {
  const text = calendarDay(day)
  if (now === undefined || Number.isNaN(now.getTime())) return text
  const year = localTime(now.getTime(), timeZone).year
  return text.endsWith(` ${year}`) ? text.slice(0, -5) : text
}

/**
 * An action of the account, in Singapore time: "25 Nov 2026, 14:30 (GMT+8)" ("25 Nov, 14:30 (GMT+8)" in
 * `now`'s year). A text that is no date-time is answered as it is.
 */
export function accountTime(at: string | Date, now?: Date): string {
  const ms = msOf(at)
  if (Number.isNaN(ms)) return String(at)
  const local = localTime(ms, ACCOUNT_TIME_ZONE)
  return `${dayAndTime(local, now, ACCOUNT_TIME_ZONE)} (${offsetText(local.offsetMinutes)})`
}

/**
 * A time at a place, in its local time with its GMT offset: "23 Nov 2025, 14:30 at Nhava Sheva (GMT+5:30)"
 * ("23 Nov, 14:30 …" in `now`'s year there); in UTC, "(UTC)", for a place without a known zone.
 * `named: false` leaves the name out where the heading beside the time already names the place:
 * "23 Nov, 14:30 (GMT+5:30)". A planned day (`isDay`) is the day alone: "1 Dec 2026 at Singapore", "1 Dec".
 */
export function placeTime(
  at: string | Date,
  place: TimePlace,
  options: { now?: Date | undefined; named?: boolean } = {},
): string {
  if (isDay(at)) {
    const where = options.named === false || !place.name ? '' : ` at ${place.name}`
    return `${dayText(at, options.now, knownZone(place.time_zone) ?? 'UTC')}${where}`
  }
  const ms = msOf(at)
  if (Number.isNaN(ms)) return String(at)
  const zone = knownZone(place.time_zone)
  const local = localTime(ms, zone ?? 'UTC')
  const where = options.named === false || !place.name ? '' : ` at ${place.name}`
  return `${dayAndTime(local, options.now, zone ?? 'UTC')}${where} (${zone ? offsetText(local.offsetMinutes) : 'UTC'})`
}

/**
 * The calendar day of an instant in a zone, always with its year: "5 Nov 2026" (a document's date of
 * departure at its port, its date of issue in Singapore). UTC for a zone not known.
 */
export function dayIn(at: string | Date, timeZone: string | null | undefined): string {
  if (isDay(at)) return calendarDay(at)
  const ms = msOf(at)
  if (Number.isNaN(ms)) return String(at)
  const local = localTime(ms, knownZone(timeZone) ?? 'UTC')
  return `${local.day} ${MONTHS[local.month - 1]} ${local.year}`
}

/** "17 Nov 2026": a calendar date (YYYY-MM-DD, a due date, a quote's last valid day) as it is written. */
export function calendarDay(isoDate: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate)
  const month = match ? MONTHS[Number(match[2]) - 1] : undefined
  if (!match || !month) return isoDate
  return `${Number(match[3])} ${month} ${match[1]}`
}

const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/

/**
 * A wall-clock time at a place ("2026-12-03T14:00", as `<input type="datetime-local">` writes it) in its IANA
 * zone, as the ISO instant ("2026-12-03T08:30:00.000Z" for Asia/Kolkata). A zone Intl does not know, or none,
 * reads the time as UTC. Around a daylight-saving change it does what a person means (Temporal's
 * "compatible"): a time that happens twice (the clocks go back) is the first of the two, and a time that never
 * happens (the clocks go forward over it) is read with the offset before the change, so it lands that much
 * later (02:30 on a spring-forward night in New York is 03:30 EDT). Throws on text that is not such a time.
 */
export function zonedInstant(local: string, timeZone: string | null | undefined): string {
  const match = LOCAL_DATE_TIME.exec(local)
  if (!match) throw new RangeError(`Not a local date and time: ${local}`)
  const [, y, mo, d, h, mi] = match.map(Number) as [number, number, number, number, number, number]
  // setUTCFullYear, not Date.UTC, which reads the years 0–99 as 1900–1999.
  const date = new Date(Date.UTC(2000, mo - 1, d, h, mi))
  date.setUTCFullYear(y, mo - 1, d)
  const wall = date.getTime()
  if (date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d || h > 23 || mi > 59) {
    throw new RangeError(`Not a local date and time: ${local}`)
  }
  const zone = knownZone(timeZone)
  if (!zone) return new Date(wall).toISOString()
  const offsetAt = (ms: number) => localTime(ms, zone).offsetMinutes * 60_000
  // The offsets a day either side cover any one change; a candidate is right when it reads back as `wall`.
  const before = offsetAt(wall - 86_400_000)
  const after = offsetAt(wall + 86_400_000)
  const candidates = [...new Set([before, offsetAt(wall), after])]
    .map((offset) => wall - offset)
    .filter((ms) => wall - ms === offsetAt(ms))
    .sort((a, b) => a - b)
  const first = candidates[0]
  // None: a time the clocks skip; read with the offset before the change.
  return new Date(first ?? wall - before).toISOString()
}

/** Whether `text` is a wall-clock time zonedInstant reads: YYYY-MM-DDTHH:MM of a day that exists. */
export function isLocalDateTime(text: string): boolean {
  try {
    zonedInstant(text, null)
    return true
  } catch {
    return false
  }
}

/** An instant as a wall-clock time in a zone ("2026-12-03T14:00"), what zonedInstant reads back; UTC for none. */
export function localDateTimeIn(at: string | Date, timeZone: string | null | undefined): string {
  const local = localTime(msOf(at), knownZone(timeZone) ?? 'UTC')
  return `${local.year}-${pad2(local.month)}-${pad2(local.day)}T${pad2(local.hour)}:${pad2(local.minute)}`
}
