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

/** The dialog itself, React Aria's modal: dialog.tsx loads it when a page first needs a dialog. */
export default function DialogFrame({
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
