import { messages } from '../../../contract/messages'
import { Dialog, ErrorDialog } from '../ui/dialog'

export type SessionDialog = 'sessionExpired' | 'logoutFailed'

/** The session chart's dialogs; loaded only when one opens. */
export default function SessionDialogs({ dialog, onClose }: { dialog: SessionDialog; onClose: () => void }) {
  if (dialog === 'sessionExpired') {
    return (
      <Dialog isOpen title={messages.sessionExpiredTitle} width={350} onClose={onClose}>
        <p>{messages.sessionExpiredText}</p>
      </Dialog>
    )
  }
  return <ErrorDialog message={messages.generic} onClose={onClose} />
}
