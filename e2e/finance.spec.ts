import type { Page } from '@playwright/test'
import { type ChargeItem, chargePaths } from '../contract/finance/charges'
import { invoicePaths, type UninvoicedBooking } from '../contract/finance/invoice-wire'
import { bookThroughApi, DAY, ops } from './bookings-api'
import { apiSession, createCustomer, expect, handSession, test } from './fixtures'
import { handStaffSession, newStaff, staffCall } from './staff-fixtures'

/**
 * Finance's side of the money (issue 35, docs/invoices.md): on the finance desk's booking page finance adds a
 * charge to a confirmed booking; once the customer has approved it (through the customer API), finance issues
 * the booking's invoice, reads its number and state, credits part of a line at a phone's width and downloads
 * the invoice's e-invoice (UBL).
 */

const noScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth)

test('finance adds a charge, invoices the booking, credits part of a line and exports the UBL', async ({
  page,
  request,
}) => {
  const [session, finance] = await Promise.all([
    createCustomer(request, 'finance').then((customer) => apiSession(request, customer)),
    newStaff(request, ['finance'], 'Fiona Finance'),
  ])
  // Both sessions in the one tab: the customer's makes the booking (bookThroughApi reads it), the staff
  // member's opens the console.
  await handSession(page, session)
  await handStaffSession(page, finance)
  await page.goto('/staff/finance')
  await expect(page.getByRole('heading', { level: 1, name: 'Finance desk' })).toBeVisible()
  const booking = await bookThroughApi(page, request)
  const etd = Date.now() + 2 * DAY
  const confirmed = await ops(request, `/api/ops/bookings/${booking}/confirm`, {
    etd: new Date(etd).toISOString(),
    eta: new Date(etd + 9 * DAY).toISOString(),
    vesselName: 'MAERSK SELETAR',
    voyage: '523W',
  })
  expect(confirmed.status()).toBe(200)

  // The Charges panel of the finance desk's booking page: a storage charge, standard-rated by its rule.
  await page.goto(`/staff/finance/bookings/${booking}`)
  const panel = page.getByRole('region', { name: 'Charges' })
  await panel.getByRole('button', { name: 'Add a charge' }).click()
  const form = page.getByRole('region', { name: 'Add a charge' })
  await form.getByLabel('Charge', { exact: true }).selectOption('STO')
  await expect(form.getByTestId('charge-gst')).toContainText('GST code SR')
  await form.getByLabel('Description (the customer reads it)').fill('Storage at Jurong warehouse')
  await form.getByLabel('Quantity (per day)').fill('3 days')
  await form.getByLabel('Amount excluding GST (SGD)').fill('180.00')
  await form.getByLabel('Why it is added (the customer reads it)').fill('The consignee took delivery late.')
  await form.getByRole('button', { name: 'Send to the customer for approval' }).click()
  await expect(panel.getByTestId('charges-status')).toHaveText('Charge sent to the customer for approval.')
  const added = panel.getByTestId('booking-charge').filter({ hasText: 'Storage at Jurong warehouse' })
  await expect(added).toContainText('Pending')

  // The customer approves it; finance gives the company its billing address.
  const staff = staffCall(request, finance)
  const charges = (await (await staff.get(chargePaths.staffBookingCharges(booking))).json()) as ChargeItem[]
  const storage = charges.find((charge) => charge.code === 'STO') as ChargeItem
  const approved = await request.post(chargePaths.decide(storage.id), {
    headers: { Authorization: `Bearer ${session.token}` },
    data: { decision: 'approve' },
  })
  expect(approved.status()).toBe(200)
  const queue = (await (await staff.get(invoicePaths.staffUninvoiced)).json()) as UninvoicedBooking[]
  const customerId = queue.find((row) => row.bookingNumber === booking)?.customerId as number
  const billing = await request.put(invoicePaths.staffBilling(customerId), {
    headers: { Authorization: `Bearer ${finance.token}` },
    data: { paymentTermsDays: 30, currency: 'SGD', address: '10 Anson Road, #20-01, Singapore 079903' },
  })
  expect(billing.status()).toBe(200)

  // Every approved charge is ticked: issue the invoice, which opens.
  await page.reload()
  await expect(page.getByRole('checkbox', { name: 'Invoice STO Storage at Jurong warehouse' })).toBeChecked()
  await expect(added).toContainText('Approved')
  await page.getByRole('button', { name: /^Issue the invoice/ }).click()
  await expect(page).toHaveURL(/\/staff\/finance\/invoices\/INV-\d{4}-\d{6}/)
  const number = decodeURIComponent(page.url().split('/').pop()?.split('?')[0] ?? '')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Tax invoice ${number}`)
  await expect(page.getByTestId('invoice-status')).toHaveText(`Invoice ${number} issued.`)
  await expect(page.getByTestId('invoice-state')).toHaveText(/Issued$/)

  // The rest at the smallest phone's width: credit SGD 50.00 of the storage line.
  await page.setViewportSize({ width: 320, height: 700 })
  await page.getByRole('button', { name: 'Credit…' }).click()
  const credit = page.getByRole('region', { name: `Credit note for ${number}` })
  await credit.getByLabel(/^Credit on line \d+, STO Storage at Jurong warehouse/).fill('50.00')
  await credit.getByLabel('Reason (printed on the credit note)').fill('Two days of storage waived.')
  await expect(credit.getByTestId('totals')).toContainText('SGD 54.50')
  await credit.getByRole('button', { name: 'Issue the credit note' }).click()
  await expect(page.getByTestId('invoice-status')).toHaveText(/^Credit note CN-\d{4}-\d{6} issued\.$/)
  await expect(page.getByTestId('credit-note')).toContainText('SGD 54.50')
  await expect(page.getByRole('button', { name: 'Credit…' })).toBeFocused()
  expect(await noScroll(page)).toBeLessThanOrEqual(320)

  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Download the e-invoice (UBL)' }).click()
  const saved = await download
  expect(saved.suggestedFilename()).toBe(`${number}.xml`)
  const xml = await saved.createReadStream().then(async (stream) => {
    const chunks: Buffer[] = []
    for await (const chunk of stream) chunks.push(chunk as Buffer)
    return Buffer.concat(chunks).toString('utf8')
  })
  expect(xml).toContain(`<cbc:ID>${number}</cbc:ID>`)
})
