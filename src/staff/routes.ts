/**
 * The staff console's route tree (issue 22): its addresses, guards, titles and search, code-based and apart
 * from the public site's and the customer area's file routes. It holds no page: src/staff/router.tsx gives each
 * route its page, so the console's links, navigations and redirects are typed against this tree
 * (src/staff/link.ts) without importing the pages that use them.
 */
import {
  createRootRoute,
  createRoute,
  type RedirectOptions,
  type Router,
  redirect as routerRedirect,
} from '@tanstack/react-router'
import { isStaffSignedIn, staffConsole } from '../features/staff/console'

/** The console's router, as src/staff/router.tsx makes it. */
export type StaffRouter = Router<typeof staffRouteTree>

/** A redirect to a page of the console (thrown by a route's guard). */
export const redirect = <const TTo extends string | undefined>(
  options: RedirectOptions<StaffRouter, string, TTo, string, ''>,
) => routerRedirect<StaffRouter, TTo>(options)

const title = (text: string) => () => ({ meta: [{ title: `${text} | eShip staff` }] })

const root = createRootRoute({
  // An unknown console address goes to the console's home (or its sign-in).
  notFoundComponent: () => {
    throw redirect({ to: '/staff', replace: true })
  },
})

const login = createRoute({
  getParentRoute: () => root,
  path: '/staff/login',
  beforeLoad: () => {
    if (isStaffSignedIn(staffConsole().session)) throw redirect({ to: '/staff', replace: true })
  },
  head: title('Sign in'),
})

const setPassword = createRoute({
  getParentRoute: () => root,
  path: '/staff/set-password',
  validateSearch: (search: Record<string, unknown>): { token?: string } =>
    typeof search.token === 'string' ? { token: search.token } : {},
  head: title('Set your password'),
})

/** The console's pages: its layout, only with a staff session (else the sign-in). */
const layout = createRoute({
  getParentRoute: () => root,
  id: 'console',
  beforeLoad: () => {
    if (!isStaffSignedIn(staffConsole().session)) throw redirect({ to: '/staff/login', replace: true })
  },
})

/** A page of the console at `path` (kept as written, so the tree knows it). */
const page = <const TPath extends string>(path: TPath, text: string) =>
  createRoute({ getParentRoute: () => layout, path, head: title(text) })

const customer = createRoute({
  getParentRoute: () => layout,
  path: '/staff/customers/$id',
  head: title('Customer'),
})

const quoteRequest = createRoute({
  getParentRoute: () => layout,
  path: '/staff/quotes/$number',
  head: ({ params }) => ({ meta: [{ title: `${params.number} | Sales desk | eShip staff` }] }),
})

const rateSheet = createRoute({
  getParentRoute: () => layout,
  path: '/staff/rates/$id',
  head: () => ({ meta: [{ title: 'Rate sheet | Pricing desk | eShip staff' }] }),
})

const opsQueue = createRoute({
  getParentRoute: () => layout,
  path: '/staff/bookings',
  // The queue, filters and search are the address (the page reads what it knows of them).
  validateSearch: (search: Record<string, unknown>): Record<string, string> =>
    Object.fromEntries(
      Object.entries(search).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    ),
  head: title('Operations desk'),
})

const opsBooking = createRoute({
  getParentRoute: () => layout,
  path: '/staff/bookings/$number',
  head: ({ params }) => ({ meta: [{ title: `${params.number} | Operations desk | eShip staff` }] }),
})

const financeIssue = createRoute({
  getParentRoute: () => layout,
  path: '/staff/finance/bookings/$number',
  head: ({ params }) => ({ meta: [{ title: `Invoice ${params.number} | Finance desk | eShip staff` }] }),
})

const financeInvoice = createRoute({
  getParentRoute: () => layout,
  path: '/staff/finance/invoices/$number',
  // `issued`: the invoice was issued just now (the page says so).
  validateSearch: (search: Record<string, unknown>): { issued?: true } =>
    search.issued === true || search.issued === 'true' ? { issued: true } : {},
  head: ({ params }) => ({ meta: [{ title: `${params.number} | Finance desk | eShip staff` }] }),
})

const financePayment = createRoute({
  getParentRoute: () => layout,
  path: '/staff/finance/payments/$id',
  head: ({ params }) => ({ meta: [{ title: `Payment ${params.id} | Finance desk | eShip staff` }] }),
})

const financeStatement = createRoute({
  getParentRoute: () => layout,
  path: '/staff/finance/customers/$id/statement',
  head: () => ({ meta: [{ title: 'Statement of account | Finance desk | eShip staff' }] }),
})

/** Every route of the console, for src/staff/router.tsx to give each its page. */
export const staffRoutes = {
  root,
  login,
  setPassword,
  layout,
  home: page('/staff', 'Staff console'),
  team: page('/staff/team', 'Team'),
  audit: page('/staff/audit', 'Audit trail'),
  keys: page('/staff/keys', 'Integration keys'),
  quotes: page('/staff/quotes', 'Sales desk'),
  messages: page('/staff/messages', 'Messages'),
  rates: page('/staff/rates', 'Pricing desk'),
  customers: page('/staff/customers', 'Customers'),
  customer,
  quoteRequest,
  opsQueue,
  opsBooking,
  rateSheet,
  emissionFactors: page('/staff/rates/emissions', 'Emission factors | Pricing desk'),
  finance: page('/staff/finance', 'Finance desk'),
  financeIssue,
  financeInvoice,
  financePayments: page('/staff/finance/payments', 'Payments | Finance desk'),
  financePayment,
  financeBank: page('/staff/finance/bank', 'Bank statements | Finance desk'),
  financeStatement,
}

const { home, team, audit, keys, quotes, messages, rates, customers, finance } = staffRoutes
const { financePayments, financeBank, emissionFactors } = staffRoutes

export const staffRouteTree = root.addChildren([
  login,
  setPassword,
  layout.addChildren([
    home,
    team,
    audit,
    keys,
    quotes,
    messages,
    rates,
    customers,
    customer,
    quoteRequest,
    opsQueue,
    opsBooking,
    rateSheet,
    emissionFactors,
    finance,
    financeIssue,
    financeInvoice,
    financePayments,
    financePayment,
    financeBank,
    financeStatement,
  ]),
])
