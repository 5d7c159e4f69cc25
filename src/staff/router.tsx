/**
 * The staff console's routes (issue 22), code-based and apart from the public site's and the customer area's
 * file routes: the console is an entry of its own (staff.html, served for /staff/*), so no page of the site
 * loads its routes or its code. Each page's code loads when it is first shown.
 */
import {
  createRootRoute,
  createRoute,
  createRouter,
  HeadContent,
  lazyRouteComponent,
  Outlet,
  redirect,
  useParams,
  useSearch,
} from '@tanstack/react-router'
import { useEffect } from 'react'
import { isStaffSignedIn, staffConsole } from '../features/staff/console'
import { ConsoleShell } from '../features/staff/console-shell'

const title = (text: string) => () => ({ meta: [{ title: `${text} | eShip staff` }] })

const root = createRootRoute({
  component: () => {
    // What tests wait for before they act, as on the site (src/app/hydration.ts): the console renders afresh.
    useEffect(() => {
      document.documentElement.dataset.hydrated = 'true'
    }, [])
    return (
      <>
        <HeadContent />
        <Outlet />
      </>
    )
  },
  // An unknown console address goes to the console's home (or its sign-in).
  notFoundComponent: () => {
    throw redirect({ to: '/staff', replace: true } as never)
  },
})

const login = createRoute({
  getParentRoute: () => root,
  path: '/staff/login',
  beforeLoad: () => {
    if (isStaffSignedIn(staffConsole().session)) throw redirect({ to: '/staff', replace: true } as never)
  },
  head: title('Sign in'),
  component: lazyRouteComponent(() => import('../features/staff/sign-in-page'), 'StaffSignInPage'),
})

const SetPassword = lazyRouteComponent(
  () => import('../features/staff/set-password-page'),
  'StaffSetPasswordPage',
)
const setPassword = createRoute({
  getParentRoute: () => root,
  path: '/staff/set-password',
  validateSearch: (search: Record<string, unknown>): { token?: string } =>
    typeof search.token === 'string' ? { token: search.token } : {},
  head: title('Set your password'),
  component: () => {
    const { token } = useSearch({ strict: false }) as { token?: string }
    return <SetPassword token={token ?? ''} />
  },
})

/** The console's pages: its layout, only with a staff session (else the sign-in). */
const console_ = createRoute({
  getParentRoute: () => root,
  id: 'console',
  beforeLoad: () => {
    if (!isStaffSignedIn(staffConsole().session))
      throw redirect({ to: '/staff/login', replace: true } as never)
  },
  component: () => (
    <ConsoleShell>
      <Outlet />
    </ConsoleShell>
  ),
})

const page = (path: string, text: string, load: () => Promise<Record<string, unknown>>, name: string) =>
  createRoute({
    getParentRoute: () => console_,
    path,
    head: title(text),
    component: lazyRouteComponent(load as never, name as never),
  })

const QuoteRequestPage = lazyRouteComponent(
  () => import('../features/staff/quote-request-page'),
  'QuoteRequestPage',
)
const OpsBookingPage = lazyRouteComponent(
  () => import('../features/staff/ops-booking-page'),
  'OpsBookingPage',
)
const CustomerPage = lazyRouteComponent(() => import('../features/staff/customer-page'), 'CustomerPage')

const routeTree = root.addChildren([
  login,
  setPassword,
  console_.addChildren([
    page('/staff', 'Staff console', () => import('../features/staff/console-home'), 'ConsoleHome'),
    page('/staff/team', 'Team', () => import('../features/staff/team-page'), 'TeamPage'),
    page('/staff/audit', 'Audit trail', () => import('../features/staff/audit-page'), 'AuditTrailPage'),
    page('/staff/keys', 'Integration keys', () => import('../features/staff/keys-page'), 'KeysPage'),
    page('/staff/quotes', 'Sales desk', () => import('../features/staff/sales-queue-page'), 'SalesQueuePage'),
    page('/staff/messages', 'Messages', () => import('../features/staff/messages-page'), 'MessagesPage'),
    page('/staff/rates', 'Pricing desk', () => import('../features/staff/rates-page'), 'RatesPage'),
    page('/staff/customers', 'Customers', () => import('../features/staff/customers-page'), 'CustomersPage'),
    createRoute({
      getParentRoute: () => console_,
      path: '/staff/customers/$id',
      head: title('Customer'),
      component: () => {
        const { id } = useParams({ strict: false }) as { id: string }
        // A new id starts the page's chart afresh.
        return <CustomerPage key={id} id={Number(id)} />
      },
    }),
    createRoute({
      getParentRoute: () => console_,
      path: '/staff/quotes/$number',
      head: ({ params }) => ({ meta: [{ title: `${params.number} | Sales desk | eShip staff` }] }),
      component: () => {
        const { number } = useParams({ strict: false }) as { number: string }
        // A new number starts the page's chart afresh.
        return <QuoteRequestPage key={number} number={number} />
      },
    }),
    createRoute({
      getParentRoute: () => console_,
      path: '/staff/bookings',
      // The queue, filters and search are the address (the page reads what it knows of them).
      validateSearch: (search: Record<string, unknown>) =>
        Object.fromEntries(Object.entries(search).filter(([, value]) => typeof value === 'string')) as Record<
          string,
          string
        >,
      head: title('Operations desk'),
      component: lazyRouteComponent(() => import('../features/staff/ops-queue-page'), 'OpsQueuePage'),
    }),
    createRoute({
      getParentRoute: () => console_,
      path: '/staff/bookings/$number',
      head: ({ params }) => ({ meta: [{ title: `${params.number} | Operations desk | eShip staff` }] }),
      component: () => {
        const { number } = useParams({ strict: false }) as { number: string }
        // A new number starts the page's chart afresh.
        return <OpsBookingPage key={number} number={number} />
      },
    }),
  ]),
])

export const staffRouter = createRouter({ routeTree, scrollRestoration: true, defaultPreload: 'intent' })
