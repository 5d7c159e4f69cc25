/**
 * When the page counts as hydrated (html[data-hydrated]) and what hands over the input held before then:
 * public/early-input.js holds it, src/app/early-input.ts (loaded only when something was held) acts on it.
 * Kept small: it is part of every page's first load.
 */

/** A field whose typed value is kept. */
export type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement

export interface Held {
  type: 'click' | 'submit'
  target: Element
  submitter?: HTMLElement | null
}

export interface EarlyInputStore {
  values: Map<Field, string | boolean>
  queue: Held[]
  wake: (() => void) | null
}

declare global {
  interface Window {
    __earlyInput?: EarlyInputStore
  }
}

/** How long a held value or click waits for its element (or the page) to be ready. */
export const PENDING_TIMEOUT_MS = 15_000
/** How often a held value or click checks whether its element is ready. */
const POLL_MS = 30

export const delay = (ms: number) => new Promise<void>((resolve) => window.setTimeout(resolve, ms))

interface Fiber {
  alternate: Fiber | null
  return: Fiber | null
  flags: number
  tag: number
}

/** React's fiber flags Placement | Hydrating: a fiber rendered but not committed yet. */
const UNCOMMITTED = 2 | 4096
const HOST_ROOT = 3

/**
 * Whether an event dispatched to `node` reaches its React handlers. The root hydrates first and its effects
 * run then, but each Suspense boundary (a route's component) hydrates in a later, interruptible pass: an
 * event sent to its elements before that pass commits reaches no handler, and the render that follows
 * resets the controlled fields. This mirrors React's own test (getNearestMountedFiber in react-dom): the
 * node's fiber (an `__reactFiber$…` property React sets on every element it owns) is committed.
 */
export function isHydrated(node: Element): boolean {
  const key = Object.keys(node).find((name) => name.startsWith('__reactFiber$'))
  const fiber = key ? (node as unknown as Record<string, Fiber>)[key] : undefined
  if (!fiber) return false
  let mounted: Fiber | null = fiber
  let walk: Fiber = fiber
  for (let next: Fiber | null = fiber; next && !next.alternate; next = next.return) {
    walk = next
    if (walk.flags & UNCOMMITTED) mounted = walk.return
  }
  while (walk.return) walk = walk.return
  return walk.tag === HOST_ROOT && mounted === fiber
}

/** Resolves true once `check` holds, or false after `timeout` ms. */
export async function until(check: () => boolean, timeout = PENDING_TIMEOUT_MS): Promise<boolean> {
  const end = performance.now() + timeout
  while (!check()) {
    if (performance.now() > end) return false
    await delay(POLL_MS)
  }
  return true
}

/** What a visitor acts on: the page counts as hydrated once React has hydrated all of them. */
const CONTROLS = 'form,input,textarea,select,button,[role=button],[role=combobox]'

/** How long the page may take to hydrate its route content after the root before it is marked anyway. */
const HYDRATION_TIMEOUT_MS = 10_000

/**
 * Marks the document `data-hydrated` once React owns every control of the page (the root's effects run
 * before the route's Suspense boundary has hydrated), then hands over what the visitor did before. Until
 * then public/early-input.js holds clicks and submits; tests wait for the mark before they interact.
 */
export function markHydrated() {
  void (async () => {
    const root = document.getElementById('root')
    await until(() => !root || [...root.querySelectorAll(CONTROLS)].every(isHydrated), HYDRATION_TIMEOUT_MS)
    document.documentElement.dataset.hydrated = 'true'
    const store = window.__earlyInput
    if (!store) return
    const resume = () => import('./early-input').then((module) => module.resumeEarlyInput())
    // Held input loads what acts on it: now, or when a loading form first holds a click.
    if (store.values.size > 0 || store.queue.length > 0) void resume()
    else store.wake = () => void resume()
  })()
}
