/**
 * The person's activity, as both session charts hear it (the customer's, src/app/actors.ts, and the staff
 * console's, src/features/staff/console.ts): input events on the window, reported at most every
 * ACTIVITY_THROTTLE_MS, and how often an active person's server session is kept alive.
 */

/** Activity is reported at most this often: the 15-minute timer needs no finer grain. */
export const ACTIVITY_THROTTLE_MS = 5_000
/** While the person is active, the server's session (which only sees requests) is kept alive this often. */
export const KEEPALIVE_MS = 4 * 60_000

const activityEvents = ['mousemove', 'keydown', 'mousedown', 'touchstart'] as const

/** Calls `report(at)` on the person's input on `target`, at most every ACTIVITY_THROTTLE_MS; returns the stop. */
export function listenForActivity(
  target: Window,
  now: () => number,
  report: (at: number) => void,
): () => void {
  let lastReport = 0
  const onActivity = () => {
    const at = now()
    if (at - lastReport < ACTIVITY_THROTTLE_MS) return
    lastReport = at
    report(at)
  }
  for (const type of activityEvents) target.addEventListener(type, onActivity, { passive: true })
  return () => {
    for (const type of activityEvents) target.removeEventListener(type, onActivity)
  }
}
