import { createRootRouteWithContext, HeadContent, Outlet } from '@tanstack/react-router'
import { useEffect } from 'react'
import type { AppContext } from '../app/app-context'
import { markHydrated } from '../app/hydration'
import { canonicalPathOf } from '../app/pages'
import { SessionChrome } from '../components/app/session-chrome'
import '../styles/global.css'

/** What every route can read from the router's context: the long-lived actors, created outside React. */
export type RouterContext = AppContext

export const Route = createRootRouteWithContext<RouterContext>()({
  head: ({ matches }) => {
    // Every page's address on the public origin, without its query: one URL per page for search engines.
    const url = `${__SITE_URL__}${canonicalPathOf(matches.at(-1)?.pathname ?? '/')}`
    return {
      // index.html carries the charset and viewport tags every page shares.
      meta: [{ property: 'og:url', content: url }],
      links: [{ rel: 'canonical', href: url }],
    }
  },
  component: Root,
})

function Root() {
  // Marks the document once React owns it (hydrated or rendered, route content included): what tests wait
  // for before they interact. What the visitor typed and clicked before then is handed over then.
  useEffect(markHydrated, [])
  return (
    <>
      <HeadContent />
      <Outlet />
      <SessionChrome />
    </>
  )
}
