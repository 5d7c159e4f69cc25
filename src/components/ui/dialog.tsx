import type { ReactNode } from 'react'
import { Dialog as AriaDialog, Heading, Modal, ModalOverlay } from 'react-aria-components'
import { Button } from './button'
import * as styles from './ui.css'

export interface DialogProps {
  isOpen: boolean
  title: string
  children: ReactNode
  /** Width in px (spec: 350 for Session Expired, 500 for errors). */
  width: number
  /** Closing by clicking outside or Escape; errors cannot be dismissed that way (spec section 8). */
  isDismissable?: boolean
  onClose: () => void
  /** The actions; when absent, one OK button closes the dialog. */
  actions?: ReactNode
  role?: 'dialog' | 'alertdialog'
}

export function Dialog({
  isOpen,
  title,
  children,
  width,
  isDismissable = false,
  onClose,
  actions,
  role,
}: DialogProps) {
  return (
    <ModalOverlay
      isOpen={isOpen}
      isDismissable={isDismissable}
      isKeyboardDismissDisabled={!isDismissable}
      onOpenChange={(open) => {
        if (!open) onClose()
      }}
      className={styles.overlay}
    >
      <Modal className={styles.modal} style={{ maxWidth: width }}>
        <AriaDialog className={styles.dialog} role={role ?? 'alertdialog'}>
          <Heading slot="title" className={styles.dialogTitle}>
            {title}
          </Heading>
          {children}
          <div className={styles.dialogActions}>
            {actions ?? (
              <Button autoFocus onPress={onClose}>
                OK
              </Button>
            )}
          </div>
        </AriaDialog>
      </Modal>
    </ModalOverlay>
  )
}

/** The generic error dialog (spec section 8): 500 px, not dismissed by clicking outside. */
export function ErrorDialog({ message, onClose }: { message: string | null; onClose: () => void }) {
  return (
    <Dialog isOpen={message !== null} title="Error" width={500} onClose={onClose}>
      <p>{message}</p>
    </Dialog>
  )
}
