import { type AnyRoute, RouterProvider } from '@tanstack/react-router'
import { StrictMode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import type { Inspect } from './app/actors'
import { createAppContext, isSignedIn } from './app/app-context'
import { whenSettled } from './app/settled'
import { loadSessionOverlays } from './components/app/session-chrome'
import { createAppRouter } from './router'

/** In development, `?inspect` connects every actor to the Stately inspector. */
async function devInspector(): Promise<Inspect | undefined> {
  if (!import.meta.env.DEV || !new URLSearchParams(window.location.search).has('inspect')) return undefined
  const { createBrowserInspector } = await import('@statelyai/inspect')
  return createBrowserInspector().inspect
}

const app = createAppContext(async () => {
  const [{ createAppActors }, inspect] = await Promise.all([
    import('./app/actors'),
    devInspector(),
    loadSessionOverlays(),
  ])
  const actors = createAppActors({
    storage: { local: window.localStorage, session: window.sessionStorage },
    ...(inspect ? { inspect } : {}),
  })
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
  return actors
})
const router = createAppRouter(app)

/**
 * A prerendered page needs no actor to show or to hydrate: they are created at the visitor's first
 * interaction or once the page has settled, whichever comes first (a route or widget that needs them sooner
 * creates them itself).
 */
const createActorsWhenSettled = () => whenSettled(() => void app.ready(), { onFocus: true })

/** The prerendered page's head tags, between markers; a page rendered afresh writes its own. */
function removePrerenderedHead() {
  const nodes = [...document.head.childNodes]
  const start = nodes.findIndex(
    (node) => node.nodeType === Node.COMMENT_NODE && node.nodeValue === 'route-head',
  )
  const end = nodes.findIndex(
    (node) => node.nodeType === Node.COMMENT_NODE && node.nodeValue === '/route-head',
  )
  if (start >= 0 && end > start) for (const node of nodes.slice(start, end + 1)) node.remove()
}

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')

const tree = (
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>
)

// A page prerendered at build time (scripts/prerender.ts) is hydrated once its route's code has loaded, when
// the router shows what was prerendered: the same path, with no query to fill a form or open a dialog, and
// no redirect (a signed-in visitor of /login). Otherwise the browser renders it afresh.
/**
 * The code of the current route's components, started at once: the router would load it only after the
 * guards' beforeLoad (which wait for the actors' code where a page needs them), one level of requests later.
 */
function loadRouteCode() {
  for (const match of router.matchRoutes(router.latestLocation)) {
    const route: AnyRoute | undefined = (router.routesById as unknown as Record<string, AnyRoute>)[
      match.routeId
    ]
    const component = route?.options.component as { preload?: () => Promise<void> } | undefined
    void component?.preload?.()
  }
}

const prerendered = root.dataset.prerendered
if (prerendered) {
  loadRouteCode()
  await router.load()
}
if (prerendered && router.state.location.href === prerendered) {
  hydrateRoot(root, tree)
  createActorsWhenSettled()
} else {
  if (prerendered) {
    // What was typed and clicked on the prerendered page goes to the same fields of the new one.
    const held = window.__earlyInput
    if (held && (held.values.size || held.left.size || held.queue.length))
      await import('./app/early-input').then((module) => module.rememberEarlyInput())
    root.replaceChildren()
    removePrerenderedHead()
  } else {
    // index.html's own title: the route writes its own (HeadContent), which stayed beside it as a second one.
    document.head.querySelector('title')?.remove()
  }
  void app.ready()
  createRoot(root).render(tree)
}
