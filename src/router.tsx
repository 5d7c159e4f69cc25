import { createRouter } from '@tanstack/react-router'
import type { RouterContext } from './routes/__root'
import { routeTree } from './routeTree.gen'

/** One router for the browser (and later the prerenderer), its context holding the long-lived actors. */
export function createAppRouter(context: RouterContext) {
  return createRouter({
    routeTree,
    context,
    scrollRestoration: true,
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 0,
  })
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>
  }
}
