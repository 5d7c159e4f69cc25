/**
 * What the dashboard shows of a shipment under way: its next milestone and current ETA, derived from its
 * events with the milestone rules of HBL tracking.
 *
 * Each process keeps what it derived, keyed by everything the derivation reads: the booking's events (their
 * count and newest id, EventVersion: events are only ever inserted), its route and its stored ETAs. A key
 * names one answer for ever, so nothing needs dropping when data changes: a new event makes a new key, and
 * the next dashboard derives it again from the events. Keys no dashboard asks for any more age out of the
 * bound. A shipment's events change a few times a day; its company's dashboard is read far more often.
 */

import { LRUCache } from 'lru-cache'
import {
  type BookingStatus,
  effectiveStatus,
  type MilestoneKey,
  type PlaceRef,
  type TrackingEvent,
} from '../../contract/bookings'
import { nextMilestone } from '../../contract/milestones'
import { asPlannedDay } from '../../contract/times'
import { eventFromJson } from '../tracking/events'
import { deriveMilestones, etaOf, legsWithTimes, plannedDays } from '../tracking/milestones'
import { type DashboardEventRow, type EventVersion, isoOfJsonTime, type LiveBookingRow } from './queries'

/** Statuses a shipment is on its way in (Cargo Received to Arrived, or held there): the In transit list. */
const inTransitStatuses: readonly BookingStatus[] = ['Cargo Received', 'Departed', 'Arrived']

export function isInTransit(booking: Pick<LiveBookingRow, 'status' | 'held_from'>): boolean {
  return inTransitStatuses.includes(effectiveStatus(booking.status, booking.held_from))
}

export interface TransitSummary {
  /** `place`: the code of the milestone's place (its name and zone are looked up by the dashboard). */
  next: { key: MilestoneKey; label: string; at: string | null; place: string | null } | null
  eta: string | null
}

/** How many shipments' summaries a process keeps (about 200 bytes each). */
const MAX_ENTRIES = 20_000

function summaryKey(booking: LiveBookingRow, version: { count: number; lastId: number }): string {
  return `${booking.id} ${booking.status} ${version.count} ${version.lastId} ${booking.origin} ${booking.destination} ${booking.eta} ${booking.original_eta} ${JSON.stringify(booking.legs)}`
}

/** The summary reads places only by code: their names and zones do not change it. */
const byCode = (code: string): PlaceRef => ({ code, name: code, country_code: '', time_zone: null })

function summarise(booking: LiveBookingRow, posted: TrackingEvent[]): TransitSummary {
  // As tracking reads them: a day planned without a time stays a day.
  const events = plannedDays(posted, booking.legs)
  const legs = legsWithTimes(booking.legs, events)
  const route = { origin: byCode(booking.origin), destination: byCode(booking.destination), legs }
  const next = nextMilestone(deriveMilestones(events, route, byCode), booking.status)
  const arrival = booking.legs.at(-1)?.eta
  const eta = etaOf(events, booking.destination, {
    eta: asPlannedDay(isoOfJsonTime(booking.eta), arrival),
    originalEta: asPlannedDay(isoOfJsonTime(booking.original_eta), arrival),
  })
  return Object.freeze({
    next: next
      ? Object.freeze({
          key: next.key,
          label: next.label,
          at: next.estimated ?? next.planned,
          place: next.location?.code ?? null,
        })
      : null,
    eta: eta.current,
  })
}

/** Reads the events of bookings (eventsOfBookings on a database). */
export type EventsReader = (bookingIds: number[]) => Promise<DashboardEventRow[]>

export class TransitSummaries {
  readonly #held: LRUCache<string, TransitSummary>

  constructor(
    private readonly readEvents: EventsReader,
    maxEntries = MAX_ENTRIES,
  ) {
    this.#held = new LRUCache({ max: maxEntries })
  }

  /**
   * The summaries of these bookings (in transit, of one company), by booking id. What this process has not
   * derived for the events `versions` names is derived from the events, read in one statement.
   */
  async of(bookings: LiveBookingRow[], versions: EventVersion[]): Promise<Map<number, TransitSummary>> {
    const versionOf = new Map(versions.map((v) => [v.booking_id, { count: v.count, lastId: v.last_id }]))
    const found = new Map<number, TransitSummary>()
    const missing: LiveBookingRow[] = []
    for (const booking of bookings) {
      const held = this.#held.get(summaryKey(booking, versionOf.get(booking.id) ?? { count: 0, lastId: 0 }))
      if (held) found.set(booking.id, held)
      else missing.push(booking)
    }
    if (missing.length === 0) return found

    const eventsOf = new Map<number, { events: TrackingEvent[]; count: number; lastId: number }>()
    for (const row of await this.readEvents(missing.map((b) => b.id))) {
      const entry = eventsOf.get(row.booking_id) ?? { events: [], count: 0, lastId: 0 }
      entry.events.push(eventFromJson(row))
      entry.count += 1
      entry.lastId = Math.max(entry.lastId, row.id)
      eventsOf.set(row.booking_id, entry)
    }
    for (const booking of missing) {
      const { events, count, lastId } = eventsOf.get(booking.id) ?? { events: [], count: 0, lastId: 0 }
      const summary = summarise(booking, events)
      // Kept under the events it was derived from, which may be newer than those `versions` named.
      this.#held.set(summaryKey(booking, { count, lastId }), summary)
      found.set(booking.id, summary)
    }
    return found
  }
}
