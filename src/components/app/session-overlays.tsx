import { useSelector } from '@xstate/react'
import { lazy, Suspense } from 'react'
import { messages } from '../../../contract/messages'
import { loaderMessage } from '../../../machines/loader.machine'
import type { AppActors } from '../../app/actors'
import * as styles from '../ui/ui.css'

// Dialog widgets load when a dialog opens, not with every page.
const SessionDialogs = lazy(() => import('./session-dialogs'))

/** What the session and loader charts show over every page: their dialogs, snackbar and overlay. */
export default function SessionOverlays({ actors }: { actors: AppActors }) {
  const { session, loader } = actors
  const dialog = useSelector(session, (snapshot) => snapshot.value.dialog)
  const snackbar = useSelector(session, (snapshot) => snapshot.value.snackbar)
  const loading = useSelector(loader, loaderMessage)

  return (
    <>
      {dialog !== 'closed' ? (
        <Suspense fallback={null}>
          <SessionDialogs dialog={dialog} onClose={() => session.send({ type: 'dialog.acknowledged' })} />
        </Suspense>
      ) : null}
      <div className={styles.snackbarRegion} role="status" aria-live="polite">
        {snackbar === 'error' ? (
          <div className={styles.snackbar}>
            <p className={styles.snackbarText}>{messages.snackbarError}</p>
            <button
              type="button"
              className={styles.snackbarButton}
              onClick={() => session.send({ type: 'snackbar.dismissed' })}
            >
              Dismiss
            </button>
          </div>
        ) : null}
      </div>
      {loading ? (
        <div className={styles.loaderOverlay} role="status" aria-live="polite" data-testid="loader">
          <div className={styles.loaderBox}>
            <div className={styles.spinner} aria-hidden="true" />
            <p>{loading}</p>
          </div>
        </div>
      ) : null}
    </>
  )
}
