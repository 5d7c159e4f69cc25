import * as styles from './ui.css'

/**
 * A snackbar with Dismiss; how long it stays is its statechart's business. Floating at the foot of the
 * screen, or `inline` where it is placed (beside the button whose result it reports: a floating one can
 * cover a button at the foot of a phone's screen).
 */
export function Snackbar({
  message,
  onDismiss,
  inline = false,
}: {
  message: string | null
  onDismiss: () => void
  inline?: boolean
}) {
  return (
    <div className={inline ? styles.snackbarInline : styles.snackbarRegion} role="status" aria-live="polite">
      {message !== null ? (
        <div className={styles.snackbar}>
          <p className={styles.snackbarText}>{message}</p>
          <button type="button" className={styles.snackbarButton} onClick={() => onDismiss()}>
            Dismiss
          </button>
        </div>
      ) : null}
    </div>
  )
}
