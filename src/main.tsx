import { RouterProvider } from '@tanstack/react-router'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { createAppActors, type Inspect, isSignedIn } from './app/actors'
import { createAppRouter } from './router'

/** In development, `?inspect` connects every actor to the Stately inspector. */
async function devInspector(): Promise<Inspect | undefined> {
  if (!import.meta.env.DEV || !new URLSearchParams(window.location.search).has('inspect')) return undefined
  const { createBrowserInspector } = await import('@statelyai/inspect')
  return createBrowserInspector().inspect
}

const inspect = await devInspector()
const actors = createAppActors({
  storage: { local: window.localStorage, session: window.sessionStorage },
  ...(inspect ? { inspect } : {}),
})
const router = createAppRouter(actors)
actors.bindNavigation((to) => {
  router.navigate({ to })
})
actors.listen(window)

// Guards run again when the session ends, so a signed-out tab leaves /user/*.
let signedIn = isSignedIn(actors.session)
actors.session.subscribe(() => {
  const now = isSignedIn(actors.session)
  if (signedIn && !now) router.invalidate()
  signedIn = now
})

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')

createRoot(root).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
)
