// The second control of bench/hydration.ts: the same form as bench/react-floor, as the one route of a
// TanStack Router app hydrated the way src/main.tsx hydrates a page (the router loaded, then RouterProvider).
// What any page of this product pays before its own code: React and the router the design card names.
import { createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router'
import { createElement as h } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { Form } from '../react-floor/form'

const rootRoute = createRootRoute({ component: () => h(Outlet) })
const login = createRoute({ getParentRoute: () => rootRoute, path: '/', component: Form })
const router = createRouter({ routeTree: rootRoute.addChildren([login]) })

const root = document.getElementById('root')
if (root) {
  await router.load()
  hydrateRoot(root, h(RouterProvider, { router }))
}
