/**
 * When the page counts as hydrated (html[data-hydrated]) and what hands over the input held before then:
 * public/early-input.js holds it, src/app/early-input.ts (loaded only when something was held) acts on it.
 * Kept small: it is part of every page's first load.
 */
import { useLayoutEffect } from 'react'
import { delay, type EarlyInputStore } from './early-input-store'

let contentCommitted = () => {}
const content = new Promise<void>((resolve) => {
  contentCommitted = resolve
})

/** Resolves once the page's content has first committed (hydrated, or rendered afresh). */
export const whenContentShown = () => content

/**
 * Rendered by each layout route beside its `<Outlet />`, so inside the Suspense boundary that holds a
 * page's content. React hydrates the root first and that boundary in a later pass; its layout effects run
 * when the boundary commits, the moment every control of the page has its handlers. (Public React, not its
 * private fields: the same effect runs when a page is rendered afresh.)
 */
export function ContentReady() {
  useLayoutEffect(() => contentCommitted(), [])
  return null
}

/** How long the route content may take to commit after the root before the page is marked anyway. */
const HYDRATION_TIMEOUT_MS = 10_000

const timedOut = (ms: number) => delay(ms).then(() => true)

/** Whether the visitor did something on the page before hydration that the app must be told of. */
function actedEarly(store: EarlyInputStore | undefined) {
  return (
    store !== undefined &&
    (store.values.size > 0 ||
      store.left.size > 0 ||
      store.queue.length > 0 ||
      store.pointer === 'mouse' ||
      (document.activeElement !== document.body && document.activeElement !== null))
  )
}

/**
 * Marks the document `data-hydrated` once the page's content has committed, after handing over what the
 * visitor did before: the values typed reach the statecharts, the fields left show their messages, the
 * focused and hovered elements are told, all before the mark, because until it public/early-input.js holds
 * every click and submit (replayed after it) and keeps focus changes from the app. So no click or blur
 * reaches a form whose chart has not yet received what was typed into it. Tests wait for the mark before
 * they interact. Called when the root commits: what acts on held input starts loading then if there is any.
 */
export function markHydrated() {
  const store = window.__earlyInput
  let handOver = actedEarly(store) ? import('./early-input') : undefined
  void (async () => {
    if (await Promise.race([content.then(() => false), timedOut(HYDRATION_TIMEOUT_MS)]))
      console.error(`The page's content did not commit within ${HYDRATION_TIMEOUT_MS} ms of the root`)
    // What acts on held input loads only when there is some: the common first visit loads nothing more.
    if (!handOver && actedEarly(store)) handOver = import('./early-input')
    const module = await handOver
    module?.handOverEarlyInput()
    document.documentElement.dataset.hydrated = 'true'
    if (!store) return
    if (module) module.replayHeldInput()
    // A click held later, in a form that is still loading, loads what replays it.
    else store.wake = () => void import('./early-input').then((loaded) => loaded.replayHeldInput())
  })()
}
