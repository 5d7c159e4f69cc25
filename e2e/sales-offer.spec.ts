import { axeViolations } from './axe'
import { createCustomer, expect, logInThroughApi, test } from './fixtures'
import { newStaff, staffCall } from './staff-fixtures'

/**
 * The customer's side of a sales offer (issue 22): a quote request the sales team priced shows in My Quotes as
 * Active "priced by our sales team"; its preview names the offer and its earlier version; the customer
 * declines it with a reason, and the page stops offering to book it.
 */
test('a customer sees the sales team’s offer, its versions, and declines it with a reason', async ({
  page,
  request,
}) => {
  const customer = await createCustomer(request, 'sales-offer')
  const token = await logInThroughApi(page, customer)
  const readyDate = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10)
  const asked = await request.post('/api/quote-requests', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      request: {
        mode: 'FCL',
        origin: 'SGSIN',
        destination: 'BRSSZ',
        readyDate,
        commodity: 'Machine parts',
        containers: [{ type: '40HC', count: 1 }],
        cargoValue: 0,
      },
      notes: 'Monthly volume.',
    },
  })
  expect(asked.status()).toBe(201)
  const number = ((await asked.json()) as { quote: { number: string } }).quote.number

  const sales = staffCall(request, await newStaff(request, ['sales'], 'Daniel Ong'))
  expect((await sales.post(`/api/staff/quote-requests/${number}/assign`, {})).status()).toBe(200)
  const validTo = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10)
  const offer = (carrier: string, amount: number) => ({
    carrier,
    transitDays: 30,
    validTo,
    note: 'Space held on the next sailing.',
    lines: [
      {
        code: 'BAS',
        name: 'Ocean freight',
        side: 'freight',
        basis: 'container',
        containerType: '40HC',
        currency: 'USD',
        amount,
        minimum: 0,
      },
    ],
  })
  expect(
    (await sales.post(`/api/staff/quote-requests/${number}/offers`, offer('MSC', 260_000))).status(),
  ).toBe(200)
  expect(
    (await sales.post(`/api/staff/quote-requests/${number}/offers`, offer('CMA CGM', 240_000))).status(),
  ).toBe(200)

  await page.goto('/user/quotation')
  const row = page.getByRole('row', { name: new RegExp(number) })
  await expect(row.getByTestId('quote-status')).toHaveText('Activepriced by our sales team')

  await page.goto(`/user/getquote?quote=${number}`)
  const panel = page.getByRole('region', { name: 'Priced by our sales team' })
  await expect(panel).toContainText('Version 2, sent by Daniel Ong')
  await expect(panel).toContainText('CMA CGM')
  await expect(panel).toContainText('Space held on the next sailing.')
  await panel.getByText('Earlier versions (1)').click()
  await expect(panel).toContainText('Version 1')
  expect(await axeViolations(page)).toEqual([])

  await panel.getByRole('button', { name: 'Decline this offer' }).click()
  const dialog = page.getByRole('dialog', { name: 'Decline the offer' })
  await dialog.getByRole('button', { name: 'Decline' }).click()
  await expect(dialog.getByText('Tell us why, so we can do better.')).toBeVisible()
  expect(await axeViolations(page)).toEqual([])
  await dialog.getByLabel('Why does it not suit you?').fill('Our budget is USD 2,000 all in.')
  await dialog.getByRole('button', { name: 'Decline' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('region', { name: 'Priced by our sales team' })).toContainText(
    'You declined this offer (“Our budget is USD 2,000 all in.”)',
  )
  await expect(page.getByRole('button', { name: 'Continue' })).toHaveCount(0)

  // The sales desk reads the reason.
  const detail = (await (await sales.get(`/api/staff/quote-requests/${number}`)).json()) as {
    request: { state: string; declineReason: string }
  }
  expect(detail.request).toMatchObject({
    state: 'Declined',
    declineReason: 'Our budget is USD 2,000 all in.',
  })
})
