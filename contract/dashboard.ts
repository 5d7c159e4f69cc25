/**
 * The personalised dashboard of /user/home (getDashboard), in one answer. Plain TypeScript: shared by server
 * and browser.
 */
import type { BookingStatus, DocumentKind, MilestoneKey, PlaceRef } from './bookings'
import type { Mode } from './pricing/types'

/**
 * A place a time of the dashboard happens at: the time is shown in its local time with its name and offset
 * (contract/times.ts), never in the reader's zone. `time_zone` null: not known, shown in UTC.
 */
export type DashboardPlace = Pick<PlaceRef, 'code' | 'name' | 'time_zone'>

export interface DashboardLane {
  origin: Pick<PlaceRef, 'code' | 'name' | 'country_code' | 'time_zone'>
  destination: Pick<PlaceRef, 'code' | 'name' | 'country_code' | 'time_zone'>
}

export interface Dashboard {
  /** `returning`: the user has logged in before this session ("Welcome back", else "Welcome"). */
  user: { name: string; company: string; returning: boolean }
  /** The 10% first-LCL offer applies while the company has no LCL booking that stands. */
  firstLclEligible: boolean
  attention: {
    /** Quotes still open whose validity ends within 3 days (Expiring soon), soonest first. */
    expiringQuotes: (DashboardLane & {
      number: string
      mode: Mode
      validTo: string
      totalUsd: number | null
    })[]
    /** Required documents due within 7 days or overdue, and rejected ones. */
    documents: {
      bookingNumber: string
      kind: DocumentKind
      name: string
      status: 'Required' | 'Rejected'
      dueDate: string | null
      overdue: boolean
      reason: string | null
    }[]
    onHold: { bookingNumber: string; reason: string | null }[]
    /** Charges added after booking waiting for the company's approval (docs/invoices.md), oldest first. */
    pendingCharges: {
      id: number
      bookingNumber: string
      description: string
      currency: string
      amount: number
      requestedAt: string
    }[]
    /** Live shipments whose current ETA (at `destination`) is more than 24 hours from the first planned one. */
    etaMoved: {
      bookingNumber: string
      hbl: string | null
      eta: string
      movedHours: number
      destination: DashboardPlace
    }[]
  }
  /** Cargo received, departed or arrived, not yet delivered. */
  inTransit: (DashboardLane & {
    bookingNumber: string
    hbl: string | null
    mode: Mode
    status: BookingStatus
    /** The next milestone, at `place` (null: the milestone has none). */
    next: { key: MilestoneKey; label: string; at: string | null; place: DashboardPlace | null } | null
    /** At the lane's destination. */
    eta: string | null
  })[]
  /** The company's last 10 shipment events, newest first. */
  activity: {
    at: string
    bookingNumber: string
    hbl: string | null
    label: string
    /** The name of the place it happened at, and that place's time zone (null: not known, UTC). */
    location: string
    time_zone: string | null
    /**
     * `status`: a change the office made to the booking (confirmed, held, released, cancelled, a document
     * issued or rejected), shown in Singapore time; `place`: an event at `location`, in its local time.
     */
    kind: 'status' | 'place'
    classifier: 'PLN' | 'EST' | 'ACT'
  }[]
  figures: {
    quotesThisMonth: number
    bookingsInProgress: number
    deliveredThisYear: number
    /** Confirmed value of this year's bookings (not cancelled), USD cents, by mode (every mode listed). */
    spendThisYear: { mode: Mode; totalUsd: number }[]
  }
}
