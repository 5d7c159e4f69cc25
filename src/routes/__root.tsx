import { createRootRouteWithContext, HeadContent, Outlet } from '@tanstack/react-router'
import type { AppActors } from '../app/actors'
import { SessionChrome } from '../components/app/session-chrome'
import '../styles/global.css'

/** What every route can read from the router's context: the long-lived actors, created outside React. */
export type RouterContext = AppActors

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
      <SessionChrome />
    </>
  )
}
