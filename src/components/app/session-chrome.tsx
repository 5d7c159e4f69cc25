import { useSelector } from '@xstate/react'
import { messages } from '../../../contract/messages'
import { loaderMessage } from '../../../machines/loader.machine'
import { useApp } from '../../app/use-app'
import { Dialog, ErrorDialog } from '../ui/dialog'
import { Snackbar } from '../ui/snackbar'
import * as styles from '../ui/ui.css'

/** What the session and loader charts show over every page: their dialogs, snackbar and overlay. */
export function SessionChrome() {
  const { session, loader } = useApp()
  const dialog = useSelector(session, (snapshot) => snapshot.value.dialog)
  const snackbar = useSelector(session, (snapshot) => snapshot.value.snackbar)
  const loading = useSelector(loader, loaderMessage)
  const acknowledge = () => session.send({ type: 'dialog.acknowledged' })

  return (
    <>
      <Dialog
        isOpen={dialog === 'sessionExpired'}
        title={messages.sessionExpiredTitle}
        width={350}
        onClose={acknowledge}
      >
        <p>{messages.sessionExpiredText}</p>
      </Dialog>
      <ErrorDialog
        message={
          dialog === 'loggedInElsewhere'
            ? messages.loggedInElsewhere
            : dialog === 'logoutFailed'
              ? messages.generic
              : null
        }
        onClose={acknowledge}
      />
      <Snackbar
        message={snackbar === 'error' ? messages.snackbarError : null}
        onDismiss={() => session.send({ type: 'snackbar.dismissed' })}
      />
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
