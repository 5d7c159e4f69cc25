/**
 * A booking's progress steps as the booking lifecycle chart (machines/booking.machine.ts, which the server
 * enforces) orders them. The status badge is shared: src/components/shipment/status-badge.tsx.
 */
import type { BookingStatus } from '../../../contract/bookings'
import { bookingProgress } from '../../../machines/booking.machine'
import { visuallyHidden } from '../../styles/visually-hidden.css'
import * as styles from './bookings.css'

/**
 * The steps, those reached marked done and the present one current (while On Hold, the one it was held
 * at). A cancelled booking has no current step.
 */
export function StatusSteps({
  status,
  heldFrom = null,
}: {
  status: BookingStatus
  heldFrom?: BookingStatus | null
}) {
  return (
    <ol className={styles.steps} aria-label="Booking progress">
      {bookingProgress(status, heldFrom).map(({ step, state: progress }) => {
        const state = progress === 'todo' ? 'next' : progress
        return (
          <li
            key={step}
            className={styles.step[state]}
            aria-current={state === 'current' ? 'step' : undefined}
            data-state={state}
          >
            <span className={visuallyHidden}>
              {state === 'done' ? 'Done: ' : state === 'current' ? 'Current: ' : 'Not yet: '}
            </span>
            {step}
          </li>
        )
      })}
    </ol>
  )
}
