/**
 * How a booking's milestones read, so that the record never contradicts itself (pure; the tracking page,
 * the booking page and the dashboard all read milestones through it):
 *
 * - `done`: reported with an actual time;
 * - `unreported`: no actual time, but the shipment is past it (a later milestone has an actual time, or it
 *   was delivered): it happened and was never reported, so it is not "Planned" in the past;
 * - `current`: the first milestone after the last done one, while the shipment is under way;
 * - `next`: the ones after the current one;
 * - `notReached`: a cancelled booking's milestones after the last done one: nothing comes next.
 */
import {
  type BookingStatus,
  effectiveStatus,
  type Milestone,
  milestoneLabels,
  type RouteLeg,
} from './bookings'

export type MilestoneState = 'done' | 'unreported' | 'current' | 'next' | 'notReached'

export const milestoneStateText: Record<MilestoneState, string> = {
  done: 'Done',
  unreported: 'Not reported',
  current: 'Next up',
  next: 'Planned',
  notReached: 'Not reached',
}

type Reported = Pick<Milestone, 'actual'>

export function milestoneStates(milestones: readonly Reported[], status: BookingStatus): MilestoneState[] {
  let lastDone = -1
  milestones.forEach((m, index) => {
    if (m.actual) lastDone = index
  })
  return milestones.map((m, index): MilestoneState => {
    if (m.actual) return 'done'
    if (index < lastDone || status === 'Delivered') return 'unreported'
    if (status === 'Cancelled') return 'notReached'
    return index === lastDone + 1 ? 'current' : 'next'
  })
}

/** The milestone a shipment waits for, or null once it is delivered or cancelled (or all are done). */
export function nextMilestone<M extends Reported>(milestones: readonly M[], status: BookingStatus): M | null {
  const index = milestoneStates(milestones, status).indexOf('current')
  return index < 0 ? null : (milestones[index] ?? null)
}

/** Statuses at which every leg has been sailed or flown (a held booking counts as the one it was held from). */
const arrivedStatuses: readonly BookingStatus[] = ['Arrived', 'Delivered']

/** "Flight SQ 328", "MSC ANNA, voyage 1W": what carries a leg or a milestone, or null when none is named. */
export function carriageText(carriage: Pick<RouteLeg, 'flight' | 'vesselName' | 'voyage'>): string | null {
  if (carriage.flight) return `Flight ${carriage.flight}`
  if (carriage.vesselName)
    return `${carriage.vesselName}${carriage.voyage ? `, voyage ${carriage.voyage}` : ''}`
  return null
}

/**
 * What carries a leg, as a sentence fragment: the flight or the vessel and voyage; without one, "to be
 * assigned" only while that can still happen: a cancelled booking was not shipped, and an arrived one was
 * carried by a vessel or flight nobody reported.
 */
export function legCarriage(
  leg: Pick<RouteLeg, 'mode' | 'flight' | 'vesselName' | 'voyage'>,
  status: BookingStatus,
  heldFrom: BookingStatus | null = null,
): string {
  const named = carriageText(leg)
  if (named) return named
  const what = leg.mode === 'AIR' ? 'Flight' : 'Vessel'
  if (status === 'Cancelled') return 'Not shipped: the booking was cancelled'
  return arrivedStatuses.includes(effectiveStatus(status, heldFrom))
    ? `${what} not reported`
    : `${what} to be assigned`
}

/**
 * What each DCSA event code is called (the operations desk's events and milestone form, the server's names of
 * events of no milestone): a milestone's label where the code is one.
 */
export const eventCodeLabels: Readonly<Record<string, string>> = {
  RECE: 'Cargo Received',
  ISSU: 'Documents Issued',
  REJE: 'Document Rejected',
  CUSE: milestoneLabels.exportCustomsCleared,
  CUSI: milestoneLabels.importCustomsCleared,
  DLVR: milestoneLabels.delivered,
  ARRI: milestoneLabels.arrived,
  DEPA: milestoneLabels.departed,
  GTIN: milestoneLabels.gateIn,
  LOAD: milestoneLabels.loaded,
  DISC: milestoneLabels.discharged,
  GTOT: 'Gate Out',
  STUF: 'Container Stuffed',
  STRP: 'Container Stripped',
  PICK: 'Picked Up',
  DROP: 'Dropped Off',
  INSP: 'Inspected',
  RSEA: 'Resealed',
  RMVD: 'Removed',
  AVPU: milestoneLabels.availableForPickup,
  CONF: milestoneLabels.bookingConfirmed,
  HOLD: 'On Hold',
  RELS: 'Released from Hold',
  CANC: 'Cancelled',
}

/** An event code's name, or the code itself when it has none. */
export const eventCodeLabel = (code: string) => eventCodeLabels[code] ?? code
