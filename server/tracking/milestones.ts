/**
 * The readable milestones of a booking from its DCSA events (pure). For each milestone: the latest PLN,
 * EST and ACT times (latest by when the event was created: newer information replaces older), the place
 * with its time zone, and the vessel and voyage or flight.
 *
 * | milestone              | events                                                    |
 * | ---------------------- | --------------------------------------------------------- |
 * | Booking Confirmed      | SHIPMENT CONF                                             |
 * | Gate In                | EQUIPMENT GTIN at the origin, SHIPMENT RECE               |
 * | Export Customs Cleared | SHIPMENT CUSE                                             |
 * | Loaded                 | EQUIPMENT LOAD at the origin                              |
 * | Departed               | TRANSPORT DEPA at the origin                              |
 * | Transshipment          | TRANSPORT ARRI or DEPA at a port between (shown when planned or reported) |
 * | Arrived                | TRANSPORT ARRI at the destination                         |
 * | Discharged             | EQUIPMENT DISC at the destination                         |
 * | Import Customs Cleared | SHIPMENT CUSI                                             |
 * | Available for Pickup   | EQUIPMENT AVPU                                            |
 * | Delivered              | SHIPMENT DLVR                                             |
 */
import {
  type Milestone,
  type MilestoneKey,
  milestoneKeys,
  milestoneLabels,
  type PlaceRef,
  type RouteLeg,
  type TrackingEvent,
} from '../../contract/bookings'
import { eventCodeLabel } from '../../contract/milestones'
import { asPlannedDay, plannedInstant } from '../../contract/times'
import { eventCode } from './dcsa'

export interface MilestoneRoute {
  origin: PlaceRef
  destination: PlaceRef
  legs: RouteLeg[]
}

/** The milestone an event belongs to, or null (events of no milestone: STUF, GTOT, INSP, …). */
export function milestoneOf(
  event: TrackingEvent,
  route: Pick<MilestoneRoute, 'origin' | 'destination'>,
): MilestoneKey | null {
  return milestoneOfCode(eventCode(event), event.location, route)
}

/** The milestone of an event with this code (eventCode) at this place, or null. */
export function milestoneOfCode(
  code: string,
  location: string,
  route: Pick<MilestoneRoute, 'origin' | 'destination'>,
): MilestoneKey | null {
  const atOrigin = location === route.origin.code
  const atDestination = location === route.destination.code
  switch (code) {
    case 'CONF':
      return 'bookingConfirmed'
    case 'RECE':
      return 'gateIn'
    case 'GTIN':
      return atOrigin ? 'gateIn' : null
    case 'CUSE':
      return 'exportCustomsCleared'
    case 'LOAD':
      return atOrigin ? 'loaded' : null
    case 'DEPA':
      return atOrigin ? 'departed' : atDestination ? null : 'transshipment'
    case 'ARRI':
      return atDestination ? 'arrived' : atOrigin ? null : 'transshipment'
    case 'DISC':
      return atDestination ? 'discharged' : null
    case 'CUSI':
      return 'importCustomsCleared'
    case 'AVPU':
      return 'availableForPickup'
    case 'DLVR':
      return 'delivered'
    default:
      return null
  }
}

const created = (event: TrackingEvent) => Date.parse(event.eventCreatedDateTime)

/** The newest (by creation) of the events, ties to the later in the list. */
function newest(events: TrackingEvent[]): TrackingEvent | undefined {
  let best: TrackingEvent | undefined
  for (const event of events) if (!best || created(event) >= created(best)) best = event
  return best
}

/**
 * The best known time of a transport call (DEPA at a place, ARRI at a place): the ACT, else the newest EST,
 * else the newest PLN; null when there is none.
 */
export function bestTime(events: TrackingEvent[], code: 'DEPA' | 'ARRI', location: string): string | null {
  const matching = events.filter((e) => eventCode(e) === code && e.location === location)
  for (const classifier of ['ACT', 'EST', 'PLN'] as const) {
    const found = newest(matching.filter((e) => e.eventClassifierCode === classifier))
    if (found) return found.eventDateTime
  }
  return null
}

/**
 * The events as the screens read them: a PLN departure or arrival the server recorded for a day planned
 * without a time (a leg's `etd` or `eta` is a day, its event at that day's plannedDayInstant) carries the
 * day again, so that no screen shows a minute nobody planned. Every other event is as it was posted.
 */
export function plannedDays(events: TrackingEvent[], legs: readonly RouteLeg[]): TrackingEvent[] {
  const days = new Map<string, string>()
  for (const leg of legs) {
    if (leg.etd) days.set(`DEPA ${leg.from.code}`, leg.etd)
    if (leg.eta) days.set(`ARRI ${leg.to.code}`, leg.eta)
  }
  return events.map((event) => {
    if (event.eventClassifierCode !== 'PLN') return event
    const day = days.get(`${eventCode(event)} ${event.location}`)
    const time = asPlannedDay(event.eventDateTime, day)
    return time === event.eventDateTime ? event : { ...event, eventDateTime: time as string }
  })
}

/**
 * The legs with each departure and arrival at their best known time, and a leg booked without its vessel
 * or flight (the connection on from a transshipment port) with the one its departure or its arrival was
 * reported on.
 */
export function legsWithTimes(legs: RouteLeg[], events: TrackingEvent[]): RouteLeg[] {
  return legs.map((leg) => {
    const timed = {
      ...leg,
      etd: bestTime(events, 'DEPA', leg.from.code) ?? leg.etd,
      eta: bestTime(events, 'ARRI', leg.to.code) ?? leg.eta,
    }
    if (leg.vesselName || leg.flight) return timed
    const carried = newest(
      events.filter(
        (e) =>
          ((eventCode(e) === 'DEPA' && e.location === leg.from.code) ||
            (eventCode(e) === 'ARRI' && e.location === leg.to.code)) &&
          (e.vesselName || e.flight),
      ),
    )
    if (!carried) return timed
    return {
      ...timed,
      ...(carried.vesselName ? { vesselName: carried.vesselName } : {}),
      ...(carried.vesselIMONumber ? { vesselIMONumber: carried.vesselIMONumber } : {}),
      ...(carried.voyage ? { voyage: carried.voyage } : {}),
      ...(carried.flight ? { flight: carried.flight } : {}),
    }
  })
}

/** The ETA as the tracking view shows it: current, first planned and how far it moved in hours. */
export function etaOf(
  events: TrackingEvent[],
  destination: string,
  stored: { eta: string | null; originalEta: string | null },
): { current: string | null; original: string | null; movedHours: number } {
  const best = bestTime(events, 'ARRI', destination) ?? stored.eta
  // An arrival time before the cargo actually left is stale (a carrier's old estimate or plan): the ETA is
  // not known until a new one comes, rather than a time the shipment cannot keep.
  const departed = lastActualDeparture(events)
  const current = best && departed !== null && msOf(best) < departed ? null : best
  const firstPlanned = events
    .filter((e) => eventCode(e) === 'ARRI' && e.location === destination && e.eventClassifierCode === 'PLN')
    .sort((a, b) => created(a) - created(b))[0]
  const original = stored.originalEta ?? firstPlanned?.eventDateTime ?? null
  const movedHours = current && original ? hoursMoved(current, original) : 0
  return { current, original, movedHours }
}

/** When the cargo last actually departed anywhere on its route (epoch ms), or null. */
function lastActualDeparture(events: TrackingEvent[]): number | null {
  let last: number | null = null
  for (const event of events) {
    if (eventCode(event) !== 'DEPA' || event.eventClassifierCode !== 'ACT') continue
    const at = Date.parse(event.eventDateTime)
    if (last === null || at > last) last = at
  }
  return last
}

/** An instant or a planned day (as its plannedDayInstant), in epoch ms. */
const msOf = (time: string) => plannedInstant(time).getTime()

/** How far an ETA moved from another, in hours to one decimal (later is positive). */
export function hoursMoved(eta: string, from: string): number {
  return Math.round(((msOf(eta) - msOf(from)) / 3_600_000) * 10) / 10
}

/** A milestone's newest events (by creation): of each classifier, of all, and of those naming the carriage. */
type NewestOf = Partial<
  Record<'PLN' | 'EST' | 'ACT' | 'any' | 'carriage', { event: TrackingEvent; at: number }>
>

function keepNewest(newestOf: NewestOf, slot: keyof NewestOf, event: TrackingEvent, at: number): void {
  const best = newestOf[slot]
  if (!best || at >= best.at) newestOf[slot] = { event, at }
}

/**
 * The booking's milestones in order. Transshipment appears when the route has a port between or an event
 * reports one; every other milestone is always listed (with null times until planned or reported).
 */
export function deriveMilestones(
  events: TrackingEvent[],
  route: MilestoneRoute,
  place: (code: string) => PlaceRef,
): Milestone[] {
  const byKey = new Map<MilestoneKey, TrackingEvent[]>()
  for (const event of events) {
    const key = milestoneOf(event, route)
    if (!key) continue
    const list = byKey.get(key) ?? []
    list.push(event)
    byKey.set(key, list)
  }
  const firstLeg = route.legs[0]
  const lastLeg = route.legs.at(-1)
  const transshipmentLeg = route.legs[1]
  const hasTransshipment = route.legs.length > 1 || byKey.has('transshipment')
  const defaults: Record<MilestoneKey, { place: PlaceRef; leg: RouteLeg | undefined }> = {
    bookingConfirmed: { place: route.origin, leg: undefined },
    gateIn: { place: route.origin, leg: undefined },
    exportCustomsCleared: { place: route.origin, leg: undefined },
    loaded: { place: route.origin, leg: firstLeg },
    departed: { place: route.origin, leg: firstLeg },
    transshipment: { place: transshipmentLeg?.from ?? route.origin, leg: transshipmentLeg },
    arrived: { place: route.destination, leg: lastLeg },
    discharged: { place: route.destination, leg: lastLeg },
    importCustomsCleared: { place: route.destination, leg: undefined },
    availableForPickup: { place: route.destination, leg: undefined },
    delivered: { place: route.destination, leg: undefined },
  }
  return milestoneKeys
    .filter((key) => key !== 'transshipment' || hasTransshipment)
    .map((key): Milestone => {
      // One pass over the milestone's events: the newest of each classifier, of all, and of those naming
      // the vessel, voyage or flight (as newest() picks them: by creation, ties to the later in the list).
      const newestOf: NewestOf = {}
      for (const event of byKey.get(key) ?? []) {
        const at = created(event)
        keepNewest(newestOf, event.eventClassifierCode, event, at)
        keepNewest(newestOf, 'any', event, at)
        if (event.vesselName || event.voyage || event.flight) keepNewest(newestOf, 'carriage', event, at)
      }
      const latest = newestOf.any?.event
      const leg = defaults[key].leg
      // A milestone names what its events report carried it (the carrier's word, a vessel swapped since
      // booking included), or its leg's carriage; never a vessel for a leg the route calls unassigned (an
      // arrival at a transshipment port reports the vessel of the leg before).
      const unassigned = leg !== undefined && !leg.vesselName && !leg.flight
      const carriage = unassigned ? leg : (newestOf.carriage?.event ?? leg)
      const vesselName = carriage?.vesselName
      const voyage = carriage?.voyage
      const flight = carriage?.flight
      return {
        key,
        label: milestoneLabels[key],
        location: latest ? place(latest.location) : defaults[key].place,
        planned: newestOf.PLN?.event.eventDateTime ?? null,
        estimated: newestOf.EST?.event.eventDateTime ?? null,
        actual: newestOf.ACT?.event.eventDateTime ?? null,
        ...(vesselName ? { vesselName } : {}),
        ...(voyage ? { voyage } : {}),
        ...(flight ? { flight } : {}),
      }
    })
}

/**
 * A readable name for any event, from its code (eventCode) and place: its milestone's label where it has
 * one, else what its code means (`eventCodeLabel`).
 */
export function eventLabel(
  code: string,
  location: string,
  route: Pick<MilestoneRoute, 'origin' | 'destination'>,
): string {
  const key = milestoneOfCode(code, location, route)
  if (key) return milestoneLabels[key]
  return eventCodeLabel(code)
}
