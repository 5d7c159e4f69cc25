import { createRouter, type RouterHistory } from '@tanstack/react-router'
import type { RouterContext } from './routes/__root'
import { routeTree } from './routeTree.gen'

/**
 * One router for the browser and the prerenderer (which passes a memory history and the site's origin), its
 * context holding the long-lived actors.
 */
export function createAppRouter(context: RouterContext, server?: { history: RouterHistory; origin: string }) {
  // Until the first navigation, the page is where the browser or the visitor put it: the router's scroll
  // restoration runs when the page is first rendered (on a prerendered page, when it hydrates), and on a
  // fresh visit it scrolled to the top, throwing back a visitor who had scrolled before the page was ready.
  // A window still at the top is restored as usual (a client-rendered page reloaded, its anchor).
  let navigated = false
  const router = createRouter({
    routeTree,
    context,
    ...server,
    scrollRestoration: server ? false : () => navigated || (window.scrollX === 0 && window.scrollY === 0),
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 0,
  })
  if (!server)
    router.subscribe('onBeforeNavigate', ({ fromLocation, toLocation }) => {
      if (fromLocation && fromLocation.href !== toLocation.href) navigated = true
    })
  return router
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>
  }
}
