/** A booking's status as a badge: My Bookings, the booking page and the dashboard show it alike. */
import type { BookingStatus } from '../../../contract/bookings'
import * as styles from '../ui/badge.css'

const tone = (status: BookingStatus) =>
  status === 'Cancelled'
    ? 'danger'
    : status === 'On Hold'
      ? 'warning'
      : status === 'Delivered'
        ? 'success'
        : 'info'

export function StatusBadge({ status }: { status: BookingStatus }) {
  return (
    <span className={styles.badge[tone(status)]} data-testid="booking-status">
      {status}
    </span>
  )
}
