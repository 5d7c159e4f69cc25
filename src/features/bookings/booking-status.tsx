/**
 * How a booking's status is shown: a badge, and the progress steps of the ordered `bookingStatuses`.
 * The one place that reads the status order (the booking lifecycle chart's helpers take it over at merge).
 */
import { type BookingStatus, bookingStatuses } from '../../../contract/bookings'
import * as styles from './bookings.css'

/** The statuses a booking moves through in order; On Hold and Cancelled step off that path. */
export const progressStatuses = bookingStatuses.filter(
  (status) => status !== 'On Hold' && status !== 'Cancelled',
) as BookingStatus[]

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

/** The steps, those reached marked done and the present one current. Off the path, no step is current. */
export function StatusSteps({ status }: { status: BookingStatus }) {
  const reached = progressStatuses.indexOf(status)
  return (
    <ol className={styles.steps} aria-label="Booking progress">
      {progressStatuses.map((step, index) => {
        const state = reached < 0 ? 'next' : index < reached ? 'done' : index === reached ? 'current' : 'next'
        return (
          <li
            key={step}
            className={styles.step[state]}
            aria-current={state === 'current' ? 'step' : undefined}
            data-state={state}
          >
            <span className={styles.visuallyHidden}>
              {state === 'done' ? 'Done: ' : state === 'current' ? 'Current: ' : 'Not yet: '}
            </span>
            {step}
          </li>
        )
      })}
    </ol>
  )
}
