/**
 * The personalised dashboard of /user/home (getDashboard), in one answer. Plain TypeScript: shared by server
 * and browser.
 */
import type { BookingStatus, DocumentKind, MilestoneKey, PlaceRef } from './bookings'
import type { Mode } from './pricing/types'

export interface DashboardLane {
  origin: Pick<PlaceRef, 'code' | 'name' | 'country_code'>
  destination: Pick<PlaceRef, 'code' | 'name' | 'country_code'>
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
    /** Live shipments whose current ETA is more than 24 hours from the first planned one. */
    etaMoved: { bookingNumber: string; hbl: string | null; eta: string; movedHours: number }[]
  }
  /** Cargo received, departed or arrived, not yet delivered. */
  inTransit: (DashboardLane & {
    bookingNumber: string
    hbl: string | null
    mode: Mode
    status: BookingStatus
    next: { key: MilestoneKey; label: string; at: string | null } | null
    eta: string | null
  })[]
  /** The company's last 10 shipment events, newest first. */
  activity: {
    at: string
    bookingNumber: string
    hbl: string | null
    label: string
    location: string
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
