import { createRootRouteWithContext, HeadContent, Outlet } from '@tanstack/react-router'
import '../styles/global.css'

/** What every route can read from the router's context; the long-lived actors join it here. */
// biome-ignore lint/complexity/noBannedTypes: filled by the session and loader actors in later work
export type RouterContext = {}

export const Route = createRootRouteWithContext<RouterContext>()({
  head: () => ({
    meta: [{ charSet: 'utf-8' }, { name: 'viewport', content: 'width=device-width, initial-scale=1' }],
  }),
  component: Root,
})

function Root() {
  return (
    <>
      <HeadContent />
      <Outlet />
    </>
  )
}
