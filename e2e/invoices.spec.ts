import type { ChargeItem } from '../contract/finance/charges'
import { chargePaths } from '../contract/finance/charges'
import { type IssuedDocument, invoicePaths, type UninvoicedBooking } from '../contract/finance/invoice-wire'
import { moneyText } from '../contract/pricing/money'
import { axeViolations } from './axe'
import { bookThroughApi, DAY, ops } from './bookings-api'
import { apiSession, createCustomer, expect, handSession, test } from './fixtures'
import { newStaff, staffCall } from './staff-fixtures'

/**
 * The customer's side of the money (issue 35, docs/invoices.md): a Singapore company's confirmed booking gets
 * a change request from finance; the customer approves it in /user/invoices, finance invoices the booking
 * through its API, and the customer opens the invoice, with its PayNow QR, and downloads its PDF. What only a
 * browser shows is checked on the way: where the focus goes as the decision's form opens and closes and the
 * decision is made, the invoice's page at 320 px, and axe.
 */
test('a customer approves a change request, then pays and downloads the invoice it is billed on', async ({
  page,
  request,
}) => {
  const [session, finance] = await Promise.all([
    createCustomer(request, 'invoices').then((customer) => apiSession(request, customer)),
    newStaff(request, ['finance'], 'Fiona Finance'),
  ])
  await handSession(page, session)
  // The page first: the booking is made with its token. Nothing waits for approval yet.
  await page.goto('/user/invoices')
  await expect(page.getByTestId('invoices-empty')).toBeVisible()
  const booking = await bookThroughApi(page, request)
  const etd = Date.now() + 2 * DAY
  const confirmed = await ops(request, `/api/ops/bookings/${booking}/confirm`, {
    etd: new Date(etd).toISOString(),
    eta: new Date(etd + 9 * DAY).toISOString(),
    vesselName: 'MAERSK SELETAR',
    voyage: '523W',
  })
  expect(confirmed.status()).toBe(200)
  const staff = staffCall(request, finance)
  const added = await staff.post(chargePaths.staffBookingCharges(booking), {
    code: 'STO',
    description: 'Storage at Jurong warehouse',
    quantityText: '3 days',
    currency: 'SGD',
    amount: 18_000,
    reason: 'The consignee could not take delivery until Friday.',
  })
  expect(added.status()).toBe(201)

  await page.reload()
  const pending = page.getByRole('region', { name: 'Charges waiting for your approval' })
  const card = pending.getByRole('article', { name: /Storage at Jurong warehouse/ })
  await expect(card).toContainText('SGD 180.00')
  await card.getByRole('button', { name: 'Decline Storage at Jurong warehouse' }).click()
  await expect(card.getByRole('textbox', { name: 'Why do you decline this charge?' })).toBeFocused()
  await card.getByRole('button', { name: 'Keep it open' }).click()
  await expect(card.getByRole('button', { name: 'Decline Storage at Jurong warehouse' })).toBeFocused()
  await card.getByRole('button', { name: /^Approve Storage at Jurong warehouse/ }).click()
  await expect(card.getByRole('status')).toHaveText('Charge approved.')
  await expect(card.getByRole('status')).toBeFocused()

  // Finance gives the company its billing address and invoices every approved charge of the booking.
  const queue = (await (await staff.get(invoicePaths.staffUninvoiced)).json()) as UninvoicedBooking[]
  const customerId = queue.find((row) => row.bookingNumber === booking)?.customerId as number
  const billing = await request.put(invoicePaths.staffBilling(customerId), {
    headers: { Authorization: `Bearer ${finance.token}` },
    data: { paymentTermsDays: 30, currency: 'SGD', address: '10 Anson Road, #20-01, Singapore 079903' },
  })
  expect(billing.status()).toBe(200)
  const charges = (await (await staff.get(chargePaths.staffBookingCharges(booking))).json()) as ChargeItem[]
  const issued = await staff.post(invoicePaths.staffIssue(booking), {
    chargeIds: charges.filter((charge) => charge.status === 'approved').map((charge) => charge.id),
  })
  expect(issued.status()).toBe(201)
  const { invoice } = (await issued.json()) as IssuedDocument

  // The rest at the smallest phone's width.
  await page.setViewportSize({ width: 320, height: 700 })
  await page.reload()
  await page.getByRole('link', { name: invoice.number, exact: true }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Tax invoice ${invoice.number}`)
  const pay = page.getByTestId('invoice-pay')
  await expect(pay.getByRole('img', { name: /^PayNow QR code: SGD/ })).toBeVisible()
  await expect(pay).toContainText(`Bill number${invoice.number}`)
  await expect(page.getByTestId('invoice-totals')).toContainText('Standard-rated (9%) (SR)SGD 180.00')

  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Download PDF' }).click()
  const saved = await download
  expect(saved.suggestedFilename()).toMatch(/^INV-\d{4}-\d{6}\.pdf$/)
  const bytes = await saved.createReadStream().then(async (stream) => {
    const chunks: Buffer[] = []
    for await (const chunk of stream) chunks.push(chunk as Buffer)
    return Buffer.concat(chunks)
  })
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-')

  // Nothing wider than the screen, and axe clean.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320)
  expect(await axeViolations(page)).toEqual([])

  // The statement of account (issue 36), by keyboard, at the same width: the invoice is open and owed, and
  // the statement's PDF downloads.
  await page.goto('/user/invoices')
  await page.getByRole('link', { name: 'Statement of account' }).focus()
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('statement-balance')).toHaveText(moneyText(invoice.total, 'SGD'))
  await expect(page.getByTestId('open-item')).toContainText(invoice.number)
  const statement = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Download PDF' }).click()
  expect((await statement).suggestedFilename()).toMatch(/^Statement-.+-\d{4}-\d{2}-\d{2}\.pdf$/)
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320)
})
