import { lazy, Suspense, useEffect, useState } from 'react'
import { whenSettled } from '../../app/settled'
import type { DialogProps } from './dialog-frame'

export type { DialogProps }

let Loaded: typeof import('./dialog-frame').default | undefined
/** Whether a page's dialogs have asked for the frame once it settles: one listener, however many dialogs. */
let scheduled = false
/** Loads the dialog's frame; once loaded, a dialog opens in the same render that opens it. */
export const loadDialogFrame = () =>
  import('./dialog-frame').then((module) => {
    Loaded = module.default
    return module
  })
const Frame = lazy(loadDialogFrame)

/**
 * A modal dialog. Its code (React Aria's modal, focus scope and overlay) is not part of the page's first load
 * (issue 37): a page holding a closed dialog fetches it at the visitor's first press or key, or once the page
 * has settled (src/app/settled.ts), and a dialog opened before that waits for it. Once shown, the frame
 * stays mounted, so closing plays as React Aria closes.
 */
export function Dialog(props: DialogProps) {
  // How this dialog renders its frame, decided when it first opens and kept, so it is never remounted: at
  // once when the frame has loaded, else once it has.
  const [frame, setFrame] = useState<'none' | 'loaded' | 'lazy'>('none')
  if (props.isOpen && frame === 'none') setFrame(Loaded ? 'loaded' : 'lazy')
  useEffect(() => {
    if (scheduled) return
    scheduled = true
    whenSettled(() => void loadDialogFrame())
  }, [])
  if (frame === 'none') return null
  if (frame === 'loaded' && Loaded) return <Loaded {...props} />
  return (
    <Suspense fallback={null}>
      <Frame {...props} />
    </Suspense>
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
