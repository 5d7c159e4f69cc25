import { lazy, Suspense, useEffect, useState } from 'react'
import { whenSettled } from '../../app/settled'
import type { DialogProps } from './dialog-frame'

export type { DialogProps }

const loadFrame = () => import('./dialog-frame')
const Frame = lazy(loadFrame)

/**
 * A modal dialog. Its code (React Aria's modal, focus scope and overlay) is not part of the page's first load
 * (issue 37): a page holding a closed dialog fetches it at the visitor's first press or key, or once the page
 * has settled (src/app/settled.ts), and a dialog opened before that waits for it. Once shown, the frame
 * stays mounted, so closing plays as React Aria closes.
 */
export function Dialog(props: DialogProps) {
  const [needed, setNeeded] = useState(props.isOpen)
  if (props.isOpen && !needed) setNeeded(true)
  useEffect(() => {
    whenSettled(() => void loadFrame())
  }, [])
  return needed ? (
    <Suspense fallback={null}>
      <Frame {...props} />
    </Suspense>
  ) : null
}

/** The generic error dialog (spec section 8): 500 px, not dismissed by clicking outside. */
export function ErrorDialog({ message, onClose }: { message: string | null; onClose: () => void }) {
  return (
    <Dialog isOpen={message !== null} title="Error" width={500} onClose={onClose}>
      <p>{message}</p>
    </Dialog>
  )
}
