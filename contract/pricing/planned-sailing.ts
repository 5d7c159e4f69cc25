/**
 * The planned sailing of a booking: the sailing (or flight) its option offered, stored in `bookings.details`
 * when the booking is made (server/bookings/create.ts) and read back by the booking's page, its documents' due
 * dates, its confirmation PDF and operations' default ETD (server/bookings/service.ts). A quote option shows
 * the sailing a booking made now would plan (server/quotes/views.ts): the same function for both.
 *
 * A customer can make a sailing only if, after the booking is made, the operations desk has its time to
 * confirm it with the carrier (its working hours and holidays) and the customer then has time to prepare the
 * cargo and the documents. So the sailing planned is the first whose cargo and documents cut-offs both fall
 * on a day that starts at or after that moment, and on or after the cargo-ready date (docs/pricing.md,
 * "Which sailing is planned"). Pure: the working calendar (with the holidays) is given; the server builds it
 * from site.config.ts `operationsDesk` (server/bookings/sailing-plan.ts).
 */
import { addDays, singaporeDateOf } from '../dates'
import { addWorkingTime, type WorkingCalendar } from '../working-hours'
import { type LaneSchedule, type Sailing, sailingFor } from './schedule'

const HOUR_MS = 3_600_000

/** What the planned sailing leaves time for, read from the operations desk's settings. */
export interface SailingPlanRules {
  /** The operations desk's working hours (Singapore) and the public holidays it does not work. */
  calendar: WorkingCalendar
  /** Working hours the desk takes to confirm a new booking with the carrier. */
  confirmWorkingHours: number
  /** Working hours the customer has after the confirmation to bring the cargo and send the documents. */
  preparationWorkingHours: number
}

/** The operations desk's planning settings as site.config.ts `operationsDesk` holds them. */
export interface OperationsDeskPlanning {
  workingHours: { startHour: number; endHour: number }
  confirmWorkingHours: number
  preparationWorkingHours: number
}

/** The rules of the desk `desk` with the public holidays `holidays` (ISO dates, Singapore). */
export function sailingPlanRules(
  desk: OperationsDeskPlanning,
  holidays: ReadonlySet<string>,
): SailingPlanRules {
  return {
    calendar: { ...desk.workingHours, holidays },
    confirmWorkingHours: desk.confirmWorkingHours,
    preparationWorkingHours: desk.preparationWorkingHours,
  }
}

/** When the operations desk has confirmed, at the latest, a booking made at `bookedAt`. */
export function confirmationDeadline(bookedAt: Date, rules: SailingPlanRules): Date {
  return addWorkingTime(bookedAt, rules.confirmWorkingHours * HOUR_MS, rules.calendar)
}

/** When the customer is ready, at the latest: the desk's confirmation deadline plus the preparation time. */
export function customerReadyAt(bookedAt: Date, rules: SailingPlanRules): Date {
  return addWorkingTime(
    confirmationDeadline(bookedAt, rules),
    rules.preparationWorkingHours * HOUR_MS,
    rules.calendar,
  )
}

/** Midnight, Singapore time, at the start of `date` (YYYY-MM-DD). */
export function singaporeDayStart(date: string): Date {
  return new Date(`${date}T00:00:00+08:00`)
}

/**
 * The first day a cut-off may fall on for a booking made at `bookedAt`: the first Singapore date that starts
 * at or after the customer is ready (a cut-off's hour is the carrier's, so a cut-off on the day the customer
 * becomes ready could already have passed).
 */
export function earliestCutoffDate(bookedAt: Date, rules: SailingPlanRules): string {
  const ready = customerReadyAt(bookedAt, rules)
  const date = singaporeDateOf(ready)
  return singaporeDayStart(date).getTime() >= ready.getTime() ? date : addDays(date, 1)
}

/**
 * The sailing a booking made at `bookedAt` plans: the rate sheet's first sailing whose cargo and documents
 * cut-offs fall on or after both the quote's cargo-ready date and the earliest cut-off day the desk's
 * confirmation and the customer's preparation leave (earliestCutoffDate). Null when the sheet publishes no
 * schedule (a sheet stored before schedules were kept has none).
 */
export function plannedSailingFor(
  lane: Partial<LaneSchedule> & Pick<LaneSchedule, 'mode' | 'transitDays'>,
  readyDate: string,
  bookedAt: Date,
  rules: SailingPlanRules,
): Sailing | null {
  if (!Array.isArray(lane.departureDays) || lane.departureDays.length === 0) return null
  const earliest = earliestCutoffDate(bookedAt, rules)
  return sailingFor(
    {
      mode: lane.mode,
      transitDays: lane.transitDays,
      departureDays: lane.departureDays,
      cargoCutoffDays: lane.cargoCutoffDays ?? 0,
      docCutoffDays: lane.docCutoffDays ?? 0,
      freeDays: lane.freeDays ?? null,
    },
    readyDate > earliest ? readyDate : earliest,
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
