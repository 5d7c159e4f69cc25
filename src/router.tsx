import { createRouter, type RouterHistory } from '@tanstack/react-router'
import type { RouterContext } from './routes/__root'
import { routeTree } from './routeTree.gen'

/**
 * One router for the browser and the prerenderer (which passes a memory history and the site's origin), its
 * context holding the long-lived actors.
 */
export function createAppRouter(context: RouterContext, server?: { history: RouterHistory; origin: string }) {
  return createRouter({
    routeTree,
    context,
    ...server,
    scrollRestoration: !server,
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 0,
  })
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>
  }
}
