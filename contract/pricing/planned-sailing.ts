/**
 * The planned sailing of a booking: the sailing (or flight) its option offered, stored in `bookings.details`
 * when the booking is made (server/bookings/create.ts) and read back by the booking's page, its documents' due
 * dates, its confirmation PDF and operations' default ETD (server/bookings/service.ts).
 */
import { type LaneSchedule, type Sailing, sailingFor } from './schedule'

/**
 * The sailing a booking made on `today` plans: the rate sheet's first sailing for cargo ready on the quote's
 * ready date, or today when that date has passed (a quote confirmed days after it was made cannot catch a
 * sailing already gone). Null when the sheet publishes no schedule (a sheet stored before schedules were kept
 * has none).
 */
export function plannedSailingFor(
  lane: Partial<LaneSchedule> & Pick<LaneSchedule, 'mode' | 'transitDays'>,
  readyDate: string,
  today: string,
): Sailing | null {
  if (!Array.isArray(lane.departureDays) || lane.departureDays.length === 0) return null
  return sailingFor(
    {
      mode: lane.mode,
      transitDays: lane.transitDays,
      departureDays: lane.departureDays,
      cargoCutoffDays: lane.cargoCutoffDays ?? 0,
      docCutoffDays: lane.docCutoffDays ?? 0,
      freeDays: lane.freeDays ?? null,
    },
    readyDate > today ? readyDate : today,
  )
}

const DATE = /^\d{4}-\d{2}-\d{2}$/

/** The planned sailing kept in a booking's details, or null (a booking made before it was stored). */
export function plannedSailingOf(details: unknown): Sailing | null {
  const stored = (details as { plannedSailing?: Partial<Sailing> | null } | null)?.plannedSailing
  if (!stored || typeof stored !== 'object') return null
  const { etd, eta, cargoCutoff, docCutoff, transitDays, freeDays } = stored
  if (![etd, eta, cargoCutoff, docCutoff].every((d) => typeof d === 'string' && DATE.test(d))) return null
  return {
    etd: etd as string,
    eta: eta as string,
    cargoCutoff: cargoCutoff as string,
    docCutoff: docCutoff as string,
    transitDays: typeof transitDays === 'number' ? transitDays : 0,
    freeDays: typeof freeDays === 'number' ? freeDays : null,
  }
}
