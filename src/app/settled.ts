/** The visitor's first press or key (and, where asked, focus), which says the page is in use. */
const PRESSES = ['pointerdown', 'keydown', 'touchstart'] as const

/** How long after the page has loaded it counts as settled if nobody acted on it sooner. */
export const SETTLE_MS = 3_000

/**
 * Runs `run` once: at the visitor's first press or key on the page (and first focus with `onFocus`), or
 * `SETTLE_MS` after the page has loaded, whichever comes first. For code a page may need soon but not to
 * show or hydrate (the session's actors, a dialog's frame): it loads while the visitor reads or types, not
 * in the page's first load.
 */
export function whenSettled(run: () => void, { onFocus = false }: { onFocus?: boolean } = {}) {
  const types = onFocus ? [...PRESSES, 'focusin'] : [...PRESSES]
  let timer: number | undefined
  let done = false
  const once = () => {
    if (done) return
    done = true
    for (const type of types) window.removeEventListener(type, once, true)
    window.clearTimeout(timer)
    run()
  }
  for (const type of types) window.addEventListener(type, once, { capture: true, passive: true })
  const afterLoad = () => {
    timer = window.setTimeout(once, SETTLE_MS)
  }
  if (document.readyState === 'complete') afterLoad()
  else window.addEventListener('load', afterLoad, { once: true })
}

/**
 * Runs `run` when the main thread is next idle (within 2 s; a browser without idle callbacks, Safari, after
 * 200 ms): for work the visitor does not wait for, kept out of the tasks that show the page.
 */
export function whenIdle(run: () => void) {
  if ('requestIdleCallback' in window) window.requestIdleCallback(run, { timeout: 2_000 })
  else setTimeout(run, 200)
}
