import type { QuoteDetail } from '../contract/quotes'
import { createCustomer, expect, logInThroughApi, quoteThroughApi, test } from './fixtures'

/**
 * Confirm Your Quotation's address book and VGM weights, against the real server: a fresh customer confirms
 * an FCL quote typing its parties and each container's gross weight (an empty weight is refused by its own
 * message, and what was typed stays), sees the weights on the booking, then on a second quote picks the
 * shipper saved by the first booking and finds its fields filled, still editable; an entry is edited in the
 * manage view. The address book chart's every path is tests/machines/address-book.test.ts's job.
 */

const shipper = {
  name: 'Orchard Trading Pte Ltd',
  address: '8 Orchard Road, #05-01, Singapore 238801',
  contact: 'Lim Mei Ling, +65 6234 5678',
}
const consignee = { name: 'Mumbai Imports Pvt Ltd', address: 'Plot 4, JNPT Road, Navi Mumbai 400707' }

const confirmPage = (quote: QuoteDetail) =>
  `/user/confirm-quote?quote=${quote.number}&option=${quote.options[0]?.id ?? 0}`

test('an FCL booking saves its parties and weights; the next quote picks the shipper from the address book', async ({
  page,
  request,
}) => {
  const customer = await createCustomer(request, 'address-book')
  const token = await logInThroughApi(page, customer)

  // The first booking: two 40HC, the parties typed.
  const first = await quoteThroughApi(request, token, { containers: [{ type: '40HC', count: 2 }] })
  await page.goto(confirmPage(first))
  await page.getByLabel('Shipper company name').fill(shipper.name)
  await page.getByLabel('Shipper address').fill(shipper.address)
  await page.getByLabel('Shipper contact (optional)').fill(shipper.contact)
  await page.getByLabel('Consignee company name').fill(consignee.name)
  await page.getByLabel('Consignee address').fill(consignee.address)
  await page.getByLabel('Cargo description').fill('Teak furniture, 40 cartons')
  const firstWeight = page.getByLabel('Container 1 (40HC) gross weight, kg')
  const secondWeight = page.getByLabel('Container 2 (40HC) gross weight, kg')
  await firstWeight.fill('18400')
  await page.getByRole('checkbox', { name: 'I accept the terms and conditions' }).check({ force: true })

  // The second container's weight left empty: its message, nothing sent, everything typed kept.
  await page.getByRole('button', { name: /^Confirm/ }).click()
  await expect(page.getByText('*Gross weight is required.')).toBeVisible()
  await expect(secondWeight).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByTestId('booking-number')).toHaveCount(0)
  await expect(firstWeight).toHaveValue('18400')
  await expect(page.getByLabel('Shipper address')).toHaveValue(shipper.address)
  await expect(page.getByLabel('Consignee company name')).toHaveValue(consignee.name)

  await secondWeight.fill('17,950')
  await expect(page.getByText('*Gross weight is required.')).toHaveCount(0)
  await page.getByRole('button', { name: /^Confirm/ }).click()
  const number = page.getByTestId('booking-number')
  await expect(number).toHaveText(/^ESB-\d{10}$/)

  // The booking shows each container's gross weight beside its summary.
  await page.goto(`/user/bookings/${await number.textContent()}`)
  await expect(page.getByText('2 × 40HC · 18,400 kg and 17,950 kg gross')).toBeVisible()

  // The second quote: the shipper picked from the address book fills its three fields.
  const second = await quoteThroughApi(request, token)
  await page.goto(confirmPage(second))
  const shipperGroup = page.getByRole('group', { name: 'Shipper' })
  await shipperGroup.getByRole('button', { name: /Choose from address book/ }).click()
  await page.getByRole('option', { name: `${shipper.name} — 8 Orchard Road` }).click()
  await expect(page.getByLabel('Shipper company name')).toHaveValue(shipper.name)
  await expect(page.getByLabel('Shipper address')).toHaveValue(shipper.address)
  await expect(page.getByLabel('Shipper contact (optional)')).toHaveValue(shipper.contact)
  // The fields stay editable.
  await page.getByLabel('Shipper contact (optional)').fill('Night desk')
  await expect(page.getByLabel('Shipper contact (optional)')).toHaveValue('Night desk')

  // The manage view edits an entry: the consignee's contact, listed at once.
  await page.getByRole('button', { name: 'Manage address book' }).click()
  const dialog = page.getByRole('dialog', { name: 'Address book' })
  await dialog.getByRole('button', { name: `Edit ${consignee.name}` }).click()
  await dialog.getByLabel('Address', { exact: true }).fill('Short')
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(dialog.getByText('Enter the full address (at least 10 characters).')).toBeVisible()
  await dialog.getByLabel('Address', { exact: true }).fill(consignee.address)
  await dialog.getByLabel('Contact (optional)').fill('Import desk, +91 22 1234 5678')
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(dialog.getByText('Import desk, +91 22 1234 5678')).toBeVisible()
  await dialog.getByRole('button', { name: 'Close' }).click()
  await expect(dialog).toHaveCount(0)
})
