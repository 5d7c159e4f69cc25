/**
 * A 401 closes every open dialog (spec section 4). Flows whose dialogs outlive a navigation (the
 * footer's enquiry form) register how to close theirs; route-level flows close by unmounting.
 */
const closers = new Set<() => void>()

export function onCloseAllDialogs(close: () => void): () => void {
  closers.add(close)
  return () => closers.delete(close)
}

export function closeAllDialogs() {
  for (const close of closers) close()
}
