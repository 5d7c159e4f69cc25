import type { CustomerListPage } from '../contract/customer-directory'
import { creditHoldMessages, creditMessages } from '../contract/finance/credit'
import { invoicePaths } from '../contract/finance/invoice-wire'
import { bookThroughApi } from './bookings-api'
import { apiSession, createCustomer, expect, handSession, test } from './fixtures'
import { handStaffSession, newStaff, staffCall } from './staff-fixtures'

/**
 * Credit control (issue 36, docs/payments.md "Credit control"): a booking over the company's credit limit is
 * stored and waits; the customer reads why on the booking page, and finance releases it from the finance desk.
 */
test('a booking over the credit limit tells the customer why, and finance releases it', async ({
  page,
  request,
}) => {
  const [customer, finance] = await Promise.all([
    createCustomer(request, 'credit'),
    newStaff(request, ['finance'], 'Cora Credit'),
  ])
  const session = await apiSession(request, customer)
  // Finance gives the company a limit of zero: its next booking waits.
  const found = (await (
    await staffCall(request, finance).get(`/api/staff/customers?q=${encodeURIComponent(customer.email)}`)
  ).json()) as CustomerListPage
  const customerId = found.customers[0]?.id as number
  const billing = await request.put(invoicePaths.staffBilling(customerId), {
    headers: { Authorization: `Bearer ${finance.token}` },
    data: {
      paymentTermsDays: 30,
      currency: 'SGD',
      address: '10 Anson Road, #20-01, Singapore 079903',
      creditLimit: 0,
    },
  })
  expect(billing.status()).toBe(200)
  await handSession(page, session)
  await handStaffSession(page, finance)
  await page.goto('/staff/finance')
  const booking = await bookThroughApi(page, request)

  await page.goto(`/user/bookings/${booking}`)
  await expect(page.getByTestId('credit-hold')).toContainText(creditHoldMessages.limit)

  await page.goto('/staff/finance')
  const holds = page.getByRole('region', { name: 'Waiting for credit release' })
  await holds.getByRole('button', { name: `Release ${booking}` }).click()
  await expect(holds.getByTestId('credit-holds-status')).toHaveText(creditMessages.released(booking))

  await page.goto(`/user/bookings/${booking}`)
  await expect(page.getByRole('heading', { name: /Status/ })).toBeVisible()
  await expect(page.getByTestId('credit-hold')).toHaveCount(0)
})
