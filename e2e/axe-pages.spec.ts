import type { APIRequestContext, Locator, Page } from '@playwright/test'
import type { CustomerListPage } from '../contract/customer-directory'
import type { ChargeItem } from '../contract/finance/charges'
import { chargePaths } from '../contract/finance/charges'
import { type IssuedDocument, invoicePaths } from '../contract/finance/invoice-wire'
import { type PaymentAnswer, paymentPaths } from '../contract/finance/payment-wire'
import type { QuoteDetail } from '../contract/quotes'
import { axeViolationsInDocument } from './axe'
import { bookThroughApi, DAY, ops, opsEvent } from './bookings-api'
import { apiSession, createCustomer, expect, handSession, quoteThroughApi, test } from './fixtures'
import { handStaffSession, newStaff, staffCall } from './staff-fixtures'

/**
 * axe (WCAG 2.1 AA) on every page of the customer area and of the staff console, at a phone's width and a
 * laptop's. One browser page for each, which moves from page to page as the app's own links do (without
 * reloading, so axe is put in once), and checks each page at 390 px and then at 1366 px. The pages hold
 * data of every kind: a quote, a request for the sales desk, a booking operations confirmed and moved. The
 * states a journey reaches (a dialog, a form half filled, an error) are checked by the spec of that journey.
 */

const widths = [390, 1366] as const

/**
 * Goes to `path` in the app as its links do: the router moves, nothing reloads. The page is there once the
 * focus is in it: both shells move it to a new page as it shows (its heading, or the main region while the
 * heading waits on its data; a page may take it further, to its first field).
 */
async function moveTo(page: Page, path: string) {
  await page.evaluate((path) => {
    ;(document.activeElement as HTMLElement | null)?.blur()
    window.history.pushState({}, '', path)
    window.dispatchEvent(new PopStateEvent('popstate', { state: {} }))
  }, path)
  await expect(page).toHaveURL(path)
  await expect(page.locator('main:focus-within')).toHaveCount(1)
}

/**
 * The page at `path` shown (its heading, and `ready` when given: what its data brings) with nothing left
 * loading, then axe at each width. Each page's violations are listed apart (soft), so one run names them all.
 */
async function expectAxeClean(page: Page, path: string, ready?: (page: Page) => Locator) {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  if (ready) await expect(ready(page).first()).toBeVisible()
  await expect(page.locator('#root')).not.toContainText('Loading')
  for (const width of widths) {
    await page.setViewportSize({ width, height: width < 768 ? 844 : 900 })
    expect.soft(await axeViolationsInDocument(page), `${path} at ${width} px`).toEqual([])
  }
}

/** Moves to each page of `pages` in turn and checks it. */
async function sweep(page: Page, pages: [path: string, ready?: (page: Page) => Locator][]) {
  for (const [path, ready] of pages) {
    await test.step(path, async () => {
      await moveTo(page, path)
      await expectAxeClean(page, path, ready)
    })
  }
}

/** A request only the sales desk can price (Santos has no instant rate), made with `token`; its number. */
async function askTheSalesDesk(request: APIRequestContext, token: string): Promise<string> {
  const asked = await request.post('/api/quote-requests', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      request: {
        mode: 'FCL',
        origin: 'SGSIN',
        destination: 'BRSSZ',
        readyDate: new Date(Date.now() + 3 * DAY).toISOString().slice(0, 10),
        commodity: 'Machine parts',
        containers: [{ type: '40HC', count: 1 }],
        cargoValue: 4_500_000,
      },
    },
  })
  expect(asked.status()).toBe(201)
  return ((await asked.json()) as { quote: { number: string } }).quote.number
}

test('every page of the customer area passes axe at 390 and 1366 px', async ({ page, request }) => {
  // A customer with data of every kind: a quote, a request for the sales desk, and a booking operations
  // confirmed and posted a milestone on (its tracking has a timeline).
  const session = await apiSession(request, await createCustomer(request, 'axe-pages'))
  await handSession(page, session)
  await page.goto('/user/home')
  // Two 40HC: not the search the booking below is made from, which would reopen this quote.
  const quote = await quoteThroughApi(request, session.token, { containers: [{ type: '40HC', count: 2 }] })
  const option = (quote.options[0] as QuoteDetail['options'][number]).id
  await askTheSalesDesk(request, session.token)
  const booking = await bookThroughApi(page, request)
  const etd = Date.now() + 2 * DAY
  const confirmed = await ops(request, `/api/ops/bookings/${booking}/confirm`, {
    etd: new Date(etd).toISOString(),
    eta: new Date(etd + 9 * DAY).toISOString(),
    vesselName: 'MAERSK SELETAR',
    voyage: '523W',
  })
  expect(confirmed.status()).toBe(200)
  const { hbl } = (await confirmed.json()) as { hbl: string }
  const posted = await ops(request, '/api/ops/events', {
    events: [opsEvent(hbl, 'EQUIPMENT', 'GTIN', Date.now() - DAY, 'SGSIN')],
  })
  expect(posted.status()).toBe(200)

  // The home page again, with the data made since it was opened.
  await page.reload()
  await expectAxeClean(page, '/user/home', (page) => page.getByRole('button', { name: 'Get quote' }))
  await sweep(page, [
    ['/user/quotation', (page) => page.getByTestId('quote-row')],
    [`/user/getquote?quote=${quote.number}&option=${option}`, (page) => page.getByTestId('quote-total')],
    [`/user/confirm-quote?quote=${quote.number}&option=${option}`],
    ['/user/bookings', (page) => page.getByRole('link', { name: booking, exact: true })],
    [`/user/bookings/${booking}`, (page) => page.getByTestId('booking-total')],
    [`/user/bookings/${booking}/confirmed`],
    ['/user/invoices', (page) => page.getByTestId('invoices-empty')],
    [`/user/tracking?hbl=${hbl}`, (page) => page.getByTestId('eta')],
    ['/user/invoices?view=statement', (page) => page.getByTestId('statement-balance')],
    ['/user/profile', (page) => page.getByRole('button', { name: /^Save/ })],
    ['/user/team', (page) => page.getByRole('button', { name: 'Save the billing contact' })],
    ['/user/team/activity'],
    ['/user/no-such-page'],
  ])
})

test('every page of the staff console passes axe at 390 and 1366 px', async ({ page, request }) => {
  // An admin who has every role (every desk); a customer's request on the sales desk, their company in the
  // directory. The operations desk opens one of the demo data's bookings, the pricing desk its first sheet.
  const customer = await createCustomer(request, 'axe-staff')
  const [session, admin] = await Promise.all([
    apiSession(request, customer),
    newStaff(request, ['admin', 'sales', 'operations', 'pricing', 'finance'], 'Axe Admin'),
  ])
  const requested = await askTheSalesDesk(request, session.token)
  const found = await staffCall(request, admin).get(
    `/api/staff/customers?q=${encodeURIComponent(customer.email)}`,
  )
  const company = ((await found.json()) as CustomerListPage).customers[0]?.id
  expect(company).toBeDefined()

  // Before signing in: the sign-in, and the page an invitation's link opens.
  await page.goto('/staff/login')
  await expectAxeClean(page, '/staff/login')
  await page.goto('/staff/set-password?token=not-a-real-token')
  await expectAxeClean(page, '/staff/set-password')
  // The customer's session beside the staff member's: bookThroughApi makes the invoiced booking with it.
  await handSession(page, session)
  await handStaffSession(page, admin)
  await page.goto('/staff')
  // For the finance desk: the customer's booking confirmed (its quoted lines become approved charges) and an
  // invoice issued for its first charge, so the desk lists it and the booking's page its charges.
  const billed = await bookThroughApi(page, request)
  const etd = Date.now() + 2 * DAY
  const confirmedBilled = await ops(request, `/api/ops/bookings/${billed}/confirm`, {
    etd: new Date(etd).toISOString(),
    eta: new Date(etd + 9 * DAY).toISOString(),
    vesselName: 'MAERSK SELETAR',
    voyage: '523W',
  })
  expect(confirmedBilled.status()).toBe(200)
  const staff = staffCall(request, admin)
  const billing = await request.put(invoicePaths.staffBilling(company as number), {
    headers: { Authorization: `Bearer ${admin.token}` },
    data: { paymentTermsDays: 30, currency: 'SGD', address: '10 Anson Road, #20-01, Singapore 079903' },
  })
  expect(billing.status()).toBe(200)
  const charges = (await (await staff.get(chargePaths.staffBookingCharges(billed))).json()) as ChargeItem[]
  const issued = await staff.post(invoicePaths.staffIssue(billed), { chargeIds: [charges[0]?.id] })
  expect(issued.status()).toBe(201)
  const { invoice } = (await issued.json()) as IssuedDocument
  await expectAxeClean(page, '/staff')
  const firstBooking = (page: Page) => page.getByRole('main').getByRole('link', { name: /^ESB-\d+$/ })
  await sweep(page, [
    ['/staff/team'],
    ['/staff/audit'],
    ['/staff/keys'],
    ['/staff/quotes', (page) => page.getByTestId('request-row')],
    [`/staff/quotes/${requested}`],
    ['/staff/bookings', firstBooking],
  ])
  const booking = (await firstBooking(page).first().textContent()) ?? ''
  const firstSheet = (page: Page) => page.getByRole('main').locator('a[href^="/staff/rates/"]')
  await sweep(page, [[`/staff/bookings/${booking}`], ['/staff/rates', firstSheet]])
  const sheet = (await firstSheet(page).first().getAttribute('href')) ?? ''
  await sweep(page, [[sheet], ['/staff/messages'], ['/staff/customers'], [`/staff/customers/${company}`]])
  await sweep(page, [
    ['/staff/finance', (page) => page.getByTestId('uninvoiced-row')],
    [`/staff/finance/bookings/${billed}`, (page) => page.getByTestId('booking-charge')],
    [`/staff/finance/invoices/${invoice.number}`, (page) => page.getByTestId('document-line')],
    [`/staff/finance/customers/${company}/statement`, (page) => page.getByTestId('statement-balance')],
  ])
  // The payments pages (issue 36): a payment recorded for the company, kept as credit on its account.
  const recorded = await staff.post(paymentPaths.staffList, {
    customerId: company,
    receivedDay: invoice.issueDay,
    method: 'paynow',
    amount: 5_000,
    currency: 'SGD',
  })
  expect(recorded.status()).toBe(201)
  const { payment } = (await recorded.json()) as PaymentAnswer
  await sweep(page, [
    ['/staff/finance/payments', (page) => page.getByTestId('payment-row')],
    [`/staff/finance/payments/${payment.id}`, (page) => page.getByTestId('payment-credit')],
    ['/staff/finance/bank', (page) => page.getByRole('tab', { name: 'To match' })],
  ])
})
