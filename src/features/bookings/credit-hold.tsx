import type { CreditHold } from '../../../contract/finance/credit'
import * as styles from './bookings.css'

/**
 * Why a booking waits for the finance team's credit release (docs/payments.md "Credit control"), on the booking
 * confirmation and the booking page: a status message screen readers announce; nothing when it does not wait.
 */
export function CreditHoldNotice({ hold }: { hold: CreditHold | null }) {
  if (!hold) return null
  return (
    <div className={styles.alert} role="status" data-testid="credit-hold">
      <p>
        <strong>Waiting for our finance team.</strong> {hold.reason}
      </p>
    </div>
  )
}
