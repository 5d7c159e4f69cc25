import type { Browser } from '@playwright/test'
import { axeViolations } from './axe'
import { bookThroughApi } from './bookings-api'
import { apiSession, createCustomer, expect, handSession, test } from './fixtures'
import { handStaffSession, newStaff, staffCall } from './staff-fixtures'

/**
 * What arrives without reloading (issue 22), each side in its own browser: a customer's new quote request
 * appears in the open sales desk; the customer asks on the quote and the question shows in the console beside
 * the request; the sales person's reply shows in the customer's open tab; unread counts follow.
 */
async function pageIn(browser: Browser) {
  const context = await browser.newContext()
  return { context, page: await context.newPage() }
}

test('a request reaches the open sales desk, and a conversation runs live both ways', async ({
  browser,
  request,
}) => {
  const sales = await newStaff(request, ['sales'], 'Wei Jie Tan')
  const console_ = await pageIn(browser)
  await handStaffSession(console_.page, sales)
  await console_.page.goto('/staff/quotes')
  await expect(console_.page.getByRole('heading', { level: 1, name: 'Sales desk' })).toBeVisible()

  const customer = await createCustomer(request, 'live')
  const session = await apiSession(request, customer)
  const asked = await request.post('/api/quote-requests', {
    headers: { Authorization: `Bearer ${session.token}` },
    data: {
      request: {
        mode: 'FCL',
        origin: 'SGSIN',
        destination: 'BRSSZ',
        readyDate: new Date(Date.now() + 6 * 86_400_000).toISOString().slice(0, 10),
        commodity: 'Ceramic tiles',
        containers: [{ type: '20GP', count: 1 }],
        cargoValue: 0,
      },
    },
  })
  expect(asked.status()).toBe(201)
  const number = ((await asked.json()) as { quote: { number: string } }).quote.number
  // No reload: the desk's stream tells the open queue.
  await expect(console_.page.getByTestId('request-row').filter({ hasText: number })).toBeVisible()

  const shop = await pageIn(browser)
  await handSession(shop.page, session)
  await shop.page.goto(`/user/getquote?quote=${number}`)
  const customerPanel = shop.page.getByRole('region', { name: 'Messages' })
  await customerPanel.getByLabel('Your message').fill('Can you also quote a 40HC?')
  await customerPanel.getByRole('button', { name: 'Send' }).click()
  await expect(customerPanel.getByRole('listitem')).toHaveText([/You ·.*Can you also quote a 40HC\?/])

  await console_.page.getByRole('link', { name: number }).click()
  const staffPanel = console_.page.getByRole('region', { name: 'Messages' })
  await expect(staffPanel).toContainText('Can you also quote a 40HC?')
  expect(await axeViolations(console_.page)).toEqual([])

  // The customer's tab stays open; the reply arrives in it.
  await staffPanel.getByLabel('Your message').fill('Yes: a 40HC is USD 400 more. I will send both.')
  await staffPanel.getByRole('button', { name: 'Send' }).click()
  await expect(customerPanel.getByRole('listitem').last()).toContainText('Wei Jie Tan (eShip)')
  await expect(customerPanel.getByRole('listitem').last()).toContainText('Yes: a 40HC is USD 400 more.')
  expect(await axeViolations(shop.page)).toEqual([])

  // Read in the open tab: nothing is left unread for the customer, and the server says so too.
  const unread = await request.get('/api/conversations/unread', {
    headers: { Authorization: `Bearer ${session.token}` },
  })
  await expect
    .poll(
      async () =>
        (
          (await (
            await request.get('/api/conversations/unread', {
              headers: { Authorization: `Bearer ${session.token}` },
            })
          ).json()) as { total: number }
        ).total,
    )
    .toBe(0)
  expect(unread.status()).toBe(200)
  // The staff side's count is 0 as well: the reply answered the question.
  const staffUnread = await staffCall(request, sales).get('/api/staff/conversations/unread')
  expect(
    ((await staffUnread.json()) as { subjects: { subject: { number: string } }[] }).subjects.map(
      (s) => s.subject.number,
    ),
  ).not.toContain(number)

  await console_.context.close()
  await shop.context.close()
})

test('operations read a booking’s question on the Messages page and answer it beside the booking', async ({
  browser,
  page,
  request,
}) => {
  const customer = await createCustomer(request, 'live-booking')
  const session = await apiSession(request, customer)
  await handSession(page, session)
  await page.goto('/user/home')
  const booking = await bookThroughApi(page, request)
  await page.goto(`/user/bookings/${booking}`)
  const customerPanel = page.getByRole('region', { name: 'Messages' })
  await customerPanel.getByLabel('Your message').fill('Is the cut-off still Friday?')
  await customerPanel.getByRole('button', { name: 'Send' }).click()
  await expect(customerPanel.getByRole('listitem')).toHaveCount(1)

  const operations = await newStaff(request, ['operations'], 'Kavitha Rao')
  const desk = await pageIn(browser)
  await handStaffSession(desk.page, operations)
  await desk.page.goto('/staff/messages')
  const entry = desk.page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: /Messages/ })
  await expect(entry).toContainText('unread message')
  const listed = desk.page.getByRole('link', { name: `Booking ${booking}` })
  await expect(listed).toBeVisible()
  expect(await axeViolations(desk.page)).toEqual([])
  await listed.click()
  const staffPanel = desk.page.getByRole('region', { name: 'Messages' })
  await expect(staffPanel).toContainText('Is the cut-off still Friday?')
  await staffPanel.getByLabel('Your message').fill('Yes, Friday 17:00 at the terminal.')
  await staffPanel.getByRole('button', { name: 'Send' }).click()
  await expect(customerPanel.getByRole('listitem').last()).toContainText('Yes, Friday 17:00 at the terminal.')
  // Answered: nothing is left on the Messages page.
  await desk.page.getByRole('link', { name: 'Messages' }).first().click()
  await expect(desk.page.getByText('No unanswered messages.')).toBeVisible()
  await desk.context.close()
})
