/**
 * The customer directory (docs/staff.md "The customer directory"): an admin finds a company, sees its booking
 * with its documents, and deactivates its user; the user's open tab meets the session-expired flow at its
 * next request, and the login tells them the account is deactivated. Both console pages pass axe; the
 * company's page does not scroll sideways at 320 px.
 */
import { axeViolations } from './axe'
import { bookThroughApi } from './bookings-api'
import { createCustomer, expect, logIn, test, waitForHydration } from './fixtures'
import { handStaffSession, newStaff } from './staff-fixtures'

test('staff find a company, see its bookings, and deactivate a user whose open tab is logged out', async ({
  page,
  request,
  browser,
}) => {
  const customer = await createCustomer(request, 'directory')
  await logIn(page, customer)
  const booking = await bookThroughApi(page, request)

  const admin = await newStaff(request, ['admin', 'operations'], 'Directory Admin')
  const staffContext = await browser.newContext()
  const console_ = await staffContext.newPage()
  await handStaffSession(console_, admin)
  await console_.goto('/staff')
  await waitForHydration(console_)
  await console_.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Customers' }).click()
  await expect(console_.getByRole('heading', { level: 1, name: 'Customers' })).toBeVisible()

  // Found by the user's email (every e2e company has the same name).
  const search = console_.getByRole('search', { name: 'Find a customer' })
  await search.getByLabel('Company, user name or email').fill(customer.email)
  await search.getByRole('button', { name: 'Search' }).click()
  await expect(console_.getByRole('status').filter({ hasText: 'compan' })).toContainText('1 company')
  const rows = console_.getByTestId('customer-row')
  await expect(rows).toHaveCount(1)
  await expect(rows.first()).toContainText('Singapore')
  expect(await axeViolations(console_)).toEqual([])
  await rows.first().getByRole('link', { name: 'Lion City Exports Pte Ltd' }).click()

  // Its booking, with its documents as the customer's booking page lists them.
  await expect(console_.getByRole('heading', { level: 1, name: 'Lion City Exports Pte Ltd' })).toBeVisible()
  const bookingRow = console_.getByTestId('customer-booking-row').filter({ hasText: booking })
  await expect(bookingRow).toHaveCount(1)
  await expect(bookingRow.getByRole('link', { name: booking })).toHaveAttribute(
    'href',
    `/staff/bookings/${booking}`,
  )
  await expect(
    bookingRow.getByRole('list', { name: `Documents of ${booking}` }).getByRole('listitem'),
  ).not.toHaveCount(0)
  expect(await axeViolations(console_)).toEqual([])
  // At 320 px nothing scrolls sideways.
  await console_.setViewportSize({ width: 320, height: 800 })
  expect(await console_.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320)
  await console_.setViewportSize({ width: 1280, height: 800 })

  // Deactivating asks first; cancelling sends nothing.
  const userRow = console_.getByTestId('customer-user-row').filter({ hasText: customer.email })
  await expect(userRow).toContainText('Active')
  await userRow.getByRole('button', { name: `Deactivate ${customer.name}` }).click()
  const confirm = console_.getByRole('alertdialog', { name: `Deactivate ${customer.name}?` })
  await confirm.getByRole('button', { name: 'Cancel' }).click()
  await expect(confirm).toBeHidden()
  await expect(userRow).toContainText('Active')
  await userRow.getByRole('button', { name: `Deactivate ${customer.name}` }).click()
  await console_
    .getByRole('alertdialog', { name: `Deactivate ${customer.name}?` })
    .getByRole('button', { name: 'Deactivate' })
    .click()
  await expect(console_.getByRole('status').filter({ hasText: 'Deactivated' })).toContainText(
    'they can no longer log in',
  )
  await expect(userRow).toContainText('Deactivated')
  await expect(userRow.getByRole('button', { name: `Reactivate ${customer.name}` })).toBeVisible()

  // The customer's open tab: its next request is refused, and the spec's session-expired flow follows.
  await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'My Bookings' }).click()
  await expect(page.getByRole('alertdialog', { name: 'Session Expired' })).toBeVisible()
  await expect(page).toHaveURL('/home')

  // Logging in again is refused with the reason.
  await page.goto('/login')
  await waitForHydration(page)
  await page.getByLabel('Email').fill(customer.email)
  await page.getByLabel('Password', { exact: true }).fill(customer.password)
  await page.getByRole('button', { name: 'Login' }).click()
  await expect(page.getByRole('alertdialog')).toContainText('Your account has been deactivated.')
  await expect(page).toHaveURL('/login')

  await staffContext.close()
})
