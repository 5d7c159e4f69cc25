import type { ReactNode } from 'react'
import { Button } from './button'
import { Dialog } from './dialog'

/**
 * The "are you sure?" before an action that cannot be taken back (deactivate, revoke, withdraw, decline), on
 * My Team and in the console alike: Cancel has the focus; Escape or a click outside cancels like Cancel, and
 * neither button, Escape nor a click outside works while the action is on its way.
 */
export function ConfirmDialog({
  isOpen,
  title,
  busy,
  confirmLabel,
  busyLabel,
  onCancel,
  onConfirm,
  children,
}: {
  isOpen: boolean
  title: string
  busy: boolean
  confirmLabel: string
  busyLabel: string
  onCancel: () => void
  onConfirm: () => void
  children: ReactNode
}) {
  return (
    <Dialog
      isOpen={isOpen}
      title={title}
      width={500}
      isDismissable={!busy}
      onClose={onCancel}
      actions={
        <>
          <Button tone="secondary" autoFocus isDisabled={busy} onPress={onCancel}>
            Cancel
          </Button>
          <Button isDisabled={busy} onPress={onConfirm}>
            {busy ? busyLabel : confirmLabel}
          </Button>
        </>
      }
    >
      {children}
    </Dialog>
  )
}
