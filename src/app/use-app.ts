import { useRouter } from '@tanstack/react-router'
import { use, useSyncExternalStore } from 'react'
import type { AppActors } from './actors'
import type { AppContext } from './app-context'

const useAppContext = () => useRouter().options.context as AppContext

/**
 * The long-lived actors and API client, from the router's context. A component calling this suspends until
 * they exist; the routes whose pages call it create them in their guards (`withActors`, the customer area's
 * guard), and the pages that hydrate without them call `useAppLater` instead.
 */
export function useApp(): AppActors {
  const app = useAppContext()
  return app.current() ?? use(app.ready())
}

/**
 * The app without waiting for its actors, for a page that hydrates before they exist (/login, /register,
 * /contact-us): its charts reach them when they act (`(await app.ready()).api`), so neither its render nor
 * its hydration waits for their code. (In development, `?inspect` sees such a page's chart only when the
 * actors existed before it started.)
 */
export function useAppLater(): AppContext {
  return useAppContext()
}

/**
 * The actors if they exist, without creating them; undefined while the prerendered page hydrates, so what
 * depends on this browser's session renders after hydration.
 */
export function useActorsIfReady(): AppActors | undefined {
  const app = useAppContext()
  return useSyncExternalStore(app.subscribe, app.current, () => undefined)
}
