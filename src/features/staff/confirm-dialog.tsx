import type { ReactNode } from 'react'
import { Button } from '../../components/ui/button'
import { Dialog } from '../../components/ui/dialog'

/**
 * The console's "are you sure?" before an action that cannot be taken back (deactivate, revoke): Cancel has
 * the focus, and neither button nor Escape works while the action is on its way.
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
