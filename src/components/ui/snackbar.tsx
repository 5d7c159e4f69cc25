import { Button as AriaButton } from 'react-aria-components'
import * as styles from './ui.css'

/** A snackbar with Dismiss; how long it stays is its statechart's business. */
export function Snackbar({ message, onDismiss }: { message: string | null; onDismiss: () => void }) {
  return (
    <div className={styles.snackbarRegion} role="status" aria-live="polite">
      {message !== null ? (
        <div className={styles.snackbar}>
          <p className={styles.snackbarText}>{message}</p>
          <AriaButton className={styles.snackbarButton} onPress={onDismiss}>
            Dismiss
          </AriaButton>
        </div>
      ) : null}
    </div>
  )
}
