/**
 * The staff console's router: its route tree (src/staff/routes.ts) with each route's page. The console is an
 * entry of its own (staff.html, served for /staff/*), so no page of the site loads its routes or its code. Each
 * page's code loads when it is first shown.
 */
import { createRouter, HeadContent, lazyRouteComponent, Outlet } from '@tanstack/react-router'
import { useEffect } from 'react'
import { ConsoleShell } from '../features/staff/console-shell'
import { staffRoutes as routes, type StaffRouter, staffRouteTree } from './routes'

routes.root.update({
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
})

routes.login.update({
  component: lazyRouteComponent(() => import('../features/staff/sign-in-page'), 'StaffSignInPage'),
})

const SetPassword = lazyRouteComponent(
  () => import('../features/staff/set-password-page'),
  'StaffSetPasswordPage',
)
routes.setPassword.update({
  component: function SetPasswordRoute() {
    const { token } = routes.setPassword.useSearch()
    return <SetPassword token={token ?? ''} />
  },
})

routes.layout.update({
  component: () => (
    <ConsoleShell>
      <Outlet />
    </ConsoleShell>
  ),
})

routes.home.update({
  component: lazyRouteComponent(() => import('../features/staff/console-home'), 'ConsoleHome'),
})
routes.team.update({ component: lazyRouteComponent(() => import('../features/staff/team-page'), 'TeamPage') })
routes.audit.update({
  component: lazyRouteComponent(() => import('../features/staff/audit-page'), 'AuditTrailPage'),
})
routes.keys.update({ component: lazyRouteComponent(() => import('../features/staff/keys-page'), 'KeysPage') })
routes.quotes.update({
  component: lazyRouteComponent(() => import('../features/staff/sales-queue-page'), 'SalesQueuePage'),
})
routes.messages.update({
  component: lazyRouteComponent(() => import('../features/staff/messages-page'), 'MessagesPage'),
})
routes.rates.update({
  component: lazyRouteComponent(() => import('../features/staff/rates-page'), 'RatesPage'),
})
routes.customers.update({
  component: lazyRouteComponent(() => import('../features/staff/customers-page'), 'CustomersPage'),
})

const CustomerPage = lazyRouteComponent(() => import('../features/staff/customer-page'), 'CustomerPage')
routes.customer.update({
  component: function CustomerRoute() {
    const { id } = routes.customer.useParams()
    // A new id starts the page's chart afresh.
    return <CustomerPage key={id} id={Number(id)} />
  },
})

const QuoteRequestPage = lazyRouteComponent(
  () => import('../features/staff/quote-request-page'),
  'QuoteRequestPage',
)
routes.quoteRequest.update({
  component: function QuoteRequestRoute() {
    const { number } = routes.quoteRequest.useParams()
    // A new number starts the page's chart afresh.
    return <QuoteRequestPage key={number} number={number} />
  },
})

routes.opsQueue.update({
  component: lazyRouteComponent(() => import('../features/staff/ops-queue-page'), 'OpsQueuePage'),
})

const OpsBookingPage = lazyRouteComponent(
  () => import('../features/staff/ops-booking-page'),
  'OpsBookingPage',
)
routes.opsBooking.update({
  component: function OpsBookingRoute() {
    const { number } = routes.opsBooking.useParams()
    // A new number starts the page's chart afresh.
    return <OpsBookingPage key={number} number={number} />
  },
})

const RateSheetPage = lazyRouteComponent(() => import('../features/staff/rate-sheet-page'), 'RateSheetPage')
routes.rateSheet.update({
  component: function RateSheetRoute() {
    const { id } = routes.rateSheet.useParams()
    // Another sheet starts the page's chart afresh.
    return <RateSheetPage key={id} id={id} />
  },
})

routes.emissionFactors.update({
  component: lazyRouteComponent(
    () => import('../features/staff/emission-factors-page'),
    'EmissionFactorsPage',
  ),
})

routes.finance.update({
  component: lazyRouteComponent(() => import('../features/staff/finance-desk-page'), 'FinanceDeskPage'),
})

const FinanceIssuePage = lazyRouteComponent(
  () => import('../features/staff/finance-issue-page'),
  'FinanceIssuePage',
)
routes.financeIssue.update({
  component: function FinanceIssueRoute() {
    const { number } = routes.financeIssue.useParams()
    return <FinanceIssuePage key={number} bookingNumber={number} />
  },
})

const FinanceInvoicePage = lazyRouteComponent(
  () => import('../features/staff/finance-invoice-page'),
  'FinanceInvoicePage',
)
routes.financeInvoice.update({
  component: function FinanceInvoiceRoute() {
    const { number } = routes.financeInvoice.useParams()
    const { issued } = routes.financeInvoice.useSearch()
    return <FinanceInvoicePage key={number} number={number} issued={issued === true} />
  },
})

routes.financePayments.update({
  component: lazyRouteComponent(() => import('../features/staff/payment-list-page'), 'PaymentListPage'),
})

const PaymentPage = lazyRouteComponent(() => import('../features/staff/payment-page'), 'PaymentPage')
routes.financePayment.update({
  component: function FinancePaymentRoute() {
    const { id } = routes.financePayment.useParams()
    return <PaymentPage key={id} id={Number(id)} />
  },
})

routes.financeBank.update({
  component: lazyRouteComponent(() => import('../features/staff/bank-page'), 'BankPage'),
})

const FinanceStatementPage = lazyRouteComponent(
  () => import('../features/staff/finance-statement-page'),
  'FinanceStatementPage',
)
routes.financeStatement.update({
  component: function FinanceStatementRoute() {
    const { id } = routes.financeStatement.useParams()
    return <FinanceStatementPage key={id} customerId={id} />
  },
})

export const staffRouter: StaffRouter = createRouter({
  routeTree: staffRouteTree,
  scrollRestoration: true,
  defaultPreload: 'intent',
})
