/**
 * The prerenderer's entry (built for Node by scripts/prerender.ts): renders one public route to HTML the way
 * the browser's first render will, so src/main.tsx can hydrate it.
 */
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router'
import { StrictMode } from 'react'
import { renderToString } from 'react-dom/server'
import { createAppActors } from './app/actors'
import { readyAppContext } from './app/app-context'
import { createAppRouter } from './router'

// The router, built with its browser code paths, registers itself on `self`.
;(globalThis as { self?: unknown }).self ??= globalThis

/** A Storage that keeps nothing: the prerendered page belongs to no session. */
class EmptyStorage implements Storage {
  readonly length = 0
  clear() {}
  getItem() {
    return null
  }
  key() {
    return null
  }
  removeItem() {}
  setItem() {}
}

export interface RenderedPage {
  /** The head tags React hoists (title, description, canonical link, Open Graph). */
  head: string
  /** The markup inside `#root`. */
  body: string
  /** The ids of the routes the page matched, root first: their code and styles go in the page's head. */
  routeIds: string[]
  /** Where the route sent the renderer, when it redirects. */
  redirectedTo?: string
}

const HOISTED = /^(?:<(?:title|meta|link)\b[^>]*>(?:[^<]*<\/title>)?)+/

export async function renderPage(path: string): Promise<RenderedPage> {
  const storage = new EmptyStorage()
  const actors = createAppActors({ storage: { local: storage, session: storage } })
  const router = createAppRouter(readyAppContext(actors), {
    history: createMemoryHistory({ initialEntries: [path] }),
    origin: __SITE_URL__,
  })
  await router.load()
  const at = router.state.location.pathname
  const html = renderToString(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  )
  actors.session.stop()
  actors.loader.stop()
  const head = HOISTED.exec(html)?.[0] ?? ''
  return {
    head,
    body: html.slice(head.length),
    routeIds: router.state.matches.map((match) => match.routeId),
    ...(at !== path ? { redirectedTo: at } : {}),
  }
}
