/**
 * What public/early-input.js keeps on `window.__earlyInput` before hydration, and the waits both
 * src/app/hydration.ts (every page's first load) and src/app/early-input.ts (loaded only when something was
 * held) use.
 */

/** A field whose typed value is kept. */
export type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement

export interface Held {
  type: 'click' | 'submit'
  target: Element
  submitter?: HTMLElement | null
}

export interface EarlyInputStore {
  /** The latest value of each field typed into (or ticked, chosen) before hydration, in typing order. */
  values: Map<Field, string | boolean>
  /** The fields left (focus moved away from them) before hydration and not focused again since. */
  left: Set<Element>
  /** The kind of pointer last seen moving over the page before hydration ('mouse', 'pen', 'touch'). */
  pointer: string | null
  queue: Held[]
  wake: (() => void) | null
}

declare global {
  interface Window {
    __earlyInput?: EarlyInputStore
  }
}

/** How long a held click waits for its form to finish loading. */
export const PENDING_TIMEOUT_MS = 15_000
/** How often a held click checks whether its element is ready. */
const POLL_MS = 30

export const delay = (ms: number) => new Promise<void>((resolve) => window.setTimeout(resolve, ms))

/** Resolves true once `check` holds, or false after `timeout` ms. */
export async function until(check: () => boolean, timeout = PENDING_TIMEOUT_MS): Promise<boolean> {
  const end = performance.now() + timeout
  while (!check()) {
    if (performance.now() > end) return false
    await delay(POLL_MS)
  }
  return true
}
