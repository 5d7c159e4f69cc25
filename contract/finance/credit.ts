/**
 * Credit control (issue 36 part 4, docs/payments.md "Credit control"): the rule written once, on integer minor
 * units of the company's billing currency, and the wire of the hold.
 *
 * A booking is never refused for credit: when its confirmation would take the company's open balance over its
 * credit limit, or when one of its invoices is more than `overdueDaysBeforeHold` days overdue, it is stored and
 * waits for finance's release. The server decides it once, when the booking is made (server/finance/credit.ts),
 * stores the customer's message as the hold's reason, and the booking chart (machines/booking.machine.ts)
 * refuses `ops.confirm` until finance sends `finance.release`.
 */

/** What the rule reads of a company and the booking it is making. */
export interface CreditPosition {
  /** The company's credit limit (minor units of its billing currency). */
  limit: number
  /**
   * What the company owes now: its invoices' balances plus its approved charges not yet invoiced (minor units of
   * its billing currency).
   */
  openBalance: number
  /** The new booking's value in the same currency. */
  bookingValue: number
  /** Days past due of its oldest unpaid invoice; 0 when none is overdue. */
  oldestOverdueDays: number
  /** site.config billing.creditControl.overdueDaysBeforeHold. */
  overdueDaysBeforeHold: number
}

export type CreditHoldKind = 'limit' | 'overdue'

/** Why a booking waits, as the customer reads it (the booking confirmation, the booking page, the mail). */
export const creditHoldMessages = {
  overdue:
    'Your booking is received and waits for our finance team: your company has an invoice that is overdue. ' +
    'We will confirm it once the account is settled or finance releases it; please contact us if you have already paid.',
  limit:
    "Your booking is received and waits for our finance team: it would take your company's open balance over its " +
    'credit limit. We will confirm it once finance releases it; settling open invoices speeds this up.',
} as const satisfies Record<CreditHoldKind, string>

/**
 * Whether a booking waits for finance's release, and why; null when it does not. An overdue invoice comes first
 * (whatever the balance); then the limit: a booking that leaves the balance at or under the limit goes ahead.
 */
export function creditHoldReason(position: CreditPosition): { kind: CreditHoldKind; message: string } | null {
  if (position.oldestOverdueDays > position.overdueDaysBeforeHold) {
    return { kind: 'overdue', message: creditHoldMessages.overdue }
  }
  if (position.openBalance + position.bookingValue > position.limit) {
    return { kind: 'limit', message: creditHoldMessages.limit }
  }
  return null
}

/** The limit in force: finance's, else site.config's default (null on the company: the default). */
export const creditLimitOf = (limit: number | null, defaultLimit: number): number => limit ?? defaultLimit

export const creditMessages = {
  /** The operations desk, the operations API and a carrier's CONF, while the booking waits. */
  confirmRefused: (number: string) =>
    `Booking ${number} waits for finance's credit release: it cannot be confirmed until finance releases it.`,
  notHeld: (number: string) => `Booking ${number} is not waiting for a credit release.`,
  notFound: 'No such booking.',
  released: (number: string) => `Booking ${number} is released: operations may confirm it.`,
} as const

// ── Wire ────────────────────────────────────────────────────────────────────────────────────────────────

/** On the booking pages (BookingDetail.creditHold): why the booking waits for finance, since when. */
export interface CreditHold {
  reason: string
  /** ISO instant the booking was held. */
  since: string
}

/** A booking waiting for finance's credit release (the finance desk's queue), the longest waiting first. */
export interface HeldBooking {
  bookingNumber: string
  status: string
  customerId: number
  customerName: string
  /** The reason the customer reads. */
  reason: string
  /** ISO instant the booking was held. */
  since: string
  /** The company's billing currency, and in it (minor units): */
  currency: string
  /** The booking's value (its quoted lines, excluding GST). */
  bookingValue: number
  /** The company's open balance now (invoices' balances plus approved charges not invoiced). */
  openBalance: number
  /** The limit in force. */
  creditLimit: number
  /** Days past due of the company's oldest unpaid invoice now; 0 when none. */
  oldestOverdueDays: number
  bookedBy: string
}

export const creditPaths = {
  /** GET HeldBooking[] (finance) */
  holds: '/api/staff/finance/credit-holds',
  /** POST (no body): finance releases the booking; answers { message, bookingNumber } */
  release: (number: string) => `/api/staff/bookings/${encodeURIComponent(number)}/credit-release`,
} as const
