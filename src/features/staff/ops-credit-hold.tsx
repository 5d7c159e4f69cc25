import type { OpsBookingDetail } from '../../../contract/operations-desk'
import { Button } from '../../components/ui/button'
import * as styles from './ops.css'

/**
 * In place of the confirm form while the booking waits for finance's credit release (docs/payments.md "Credit
 * control"): Confirm, disabled, with the reason the customer reads; finance releases it on the finance desk.
 */
export function CreditHeldConfirm({ detail }: { detail: OpsBookingDetail }) {
  const hold = detail.booking.creditHold
  if (!hold) return null
  return (
    <section className={styles.section} aria-labelledby="credit-confirm-title">
      <h2 id="credit-confirm-title">Confirm with the carrier</h2>
      <p role="status" id="credit-hold-reason" data-testid="credit-hold">
        Waiting for finance’s credit release: {hold.reason}
      </p>
      <Button isDisabled aria-describedby="credit-hold-reason">
        Confirm
      </Button>
    </section>
  )
}
