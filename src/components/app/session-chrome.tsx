import { useActorsIfReady } from '../../app/use-app'
import * as styles from '../ui/ui.css'

type SessionOverlays = typeof import('./session-overlays').default

let Overlays: SessionOverlays | undefined

/**
 * Loads the overlays' code (the charts' React bindings) with the actors, not with the page: src/main.tsx
 * awaits it before it hands the actors out, so the overlays show at once when they exist (the loading
 * overlay of the first request included).
 */
export async function loadSessionOverlays(): Promise<void> {
  Overlays = (await import('./session-overlays')).default
}

/** The live region the snackbar speaks in, present from the first paint so screen readers know it. */
const emptyRegion = <div className={styles.snackbarRegion} role="status" aria-live="polite" />

/**
 * What the session and loader charts show over every page, once their actors exist: before (a prerendered
 * page, hydrating or not yet settled) there is no session to show and no request running.
 */
export function SessionChrome() {
  const actors = useActorsIfReady()
  return actors && Overlays ? <Overlays actors={actors} /> : emptyRegion
}
