import type { APIRequestContext, Locator, Page } from '@playwright/test'
import type { BookingDetail, BookingStatus, BookingSummary, TrackingView } from '../contract/bookings'
import { moneyText } from '../contract/pricing/money'
import { modes } from '../contract/pricing/types'
import { type QuotesResponse, singaporeDate } from '../contract/quotes'
import { axeViolations } from './axe'
import {
  createCustomer,
  demoCustomer as demo,
  expect,
  logInThroughApi,
  logOutThroughApi,
  test,
} from './fixtures'

/**
 * The dashboard of /user/home against the real server. The demo customer's figures are checked against
 * what the other APIs (My Bookings, the booking page, My Quotes, HBL tracking) say of the same data, derived
 * here by the definitions of contract/dashboard.ts, never hard-coded. A fresh customer sees the empty states
 * and the first-LCL offer. Logins go through the API; the page then starts from the stored session.
 */

/** Presses Tab until `target` has the focus (at most `limit` times): keyboard only. */
async function tabTo(page: Page, target: Locator, limit = 40) {
  for (let i = 0; i < limit; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) break
    await page.keyboard.press('Tab')
  }
  await expect(target).toBeFocused()
  // The focus shows.
  expect(await target.evaluate((el) => getComputedStyle(el).outlineStyle)).not.toBe('none')
}

const api = async <T>(request: APIRequestContext, token: string, path: string): Promise<T> => {
  const response = await request.get(path, { headers: { Authorization: `Bearer ${token}` } })
  expect(response.status(), path).toBe(200)
  return (await response.json()) as T
}

const inTransitStatuses: readonly BookingStatus[] = ['Cargo Received', 'Departed', 'Arrived']

/** The dashboard's facts, derived from the other endpoints by contract/dashboard.ts's definitions. */
async function expectedFromApis(request: APIRequestContext, token: string) {
  const { bookings } = await api<{ bookings: BookingSummary[] }>(request, token, '/api/bookings')
  const { quotes } = await api<QuotesResponse>(request, token, '/api/quotes')
  const details = await Promise.all(
    bookings.map((b) => api<BookingDetail>(request, token, `/api/bookings/${b.number}`)),
  )
  // Months and years as the company's Singapore calendar counts them.
  const today = singaporeDate(new Date())
  const inSingapore = (iso: string) => singaporeDate(new Date(iso))
  const live = details.filter((b) => b.status !== 'Delivered' && b.status !== 'Cancelled')
  const spend = modes.map((mode) => ({
    mode,
    totalUsd: details
      .filter(
        (b) =>
          b.mode === mode &&
          b.status !== 'Cancelled' &&
          inSingapore(b.createdAt).slice(0, 4) === today.slice(0, 4),
      )
      .reduce((sum, b) => sum + b.price.totalUsd, 0),
  }))
  const delivered = details.filter((b) => {
    if (b.status !== 'Delivered') return false
    const at = b.milestones.find((m) => m.key === 'delivered')?.actual ?? b.createdAt
    return inSingapore(at).slice(0, 4) === today.slice(0, 4)
  })
  const tracked = await Promise.all(
    live.filter((b) => b.hbl).map((b) => api<TrackingView>(request, token, `/api/tracking/${b.hbl}`)),
  )
  return {
    figures: {
      quotesThisMonth: quotes.filter((q) => inSingapore(q.createdAt).slice(0, 7) === today.slice(0, 7))
        .length,
      bookingsInProgress: live.length,
      deliveredThisYear: delivered.length,
    },
    spend,
    onHold: live.filter((b) => b.status === 'On Hold').map((b) => b.number),
    etaMoved: tracked.filter((t) => Math.abs(t.eta.movedHours) > 24).map((t) => t.bookingNumber),
    inTransit: live
      .filter(
        (b) =>
          inTransitStatuses.includes(b.status) ||
          (b.status === 'On Hold' && inTransitStatuses.includes(b.heldFrom ?? 'On Hold')),
      )
      .map((b) => b.number),
    lcl: details.some((b) => b.mode === 'LCL' && b.status !== 'Cancelled'),
  }
}

const section = (page: Page, name: string) => page.getByRole('region', { name, exact: true })

/** The spend table's body rows as [mode, amount]. */
const spendRows = (page: Page) =>
  section(page, 'Figures')
    .getByRole('table', { name: 'Spend this year by mode (USD)' })
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((row) => [...row.children].map((cell) => cell.textContent)))

test.describe('dashboard', () => {
  test('the demo customer’s dashboard agrees with the other APIs, passes axe and works by keyboard', async ({
    page,
  }) => {
    // The demo customer is shared with e2e/layouts.spec.ts: wait while it holds the session.
    const token = await logInThroughApi(page, demo, 120_000)
    try {
      const expected = await expectedFromApis(page.request, token)
      // The demo data is what this test is about: every status, an ETA moved 48 h, one On Hold.
      expect(expected.onHold).toHaveLength(1)
      expect(expected.etaMoved.length).toBeGreaterThan(0)
      expect(expected.figures.bookingsInProgress).toBeGreaterThan(0)

      await page.goto('/user/home')
      // Whether the demo customer is welcomed back depends on whether another spec logged it in first.
      await expect(page.getByTestId('dashboard-greeting')).toContainText(/Welcome( back)?, Demo Customer/)
      await expect(page.getByTestId('dashboard-greeting')).toContainText('eShip Demo Trading Pte Ltd')
      await expect(page.getByRole('heading', { name: 'Get an instant quote' })).toBeVisible()

      const figures = section(page, 'Figures')
      for (const [key, value] of Object.entries(expected.figures)) {
        await expect(figures.getByTestId(`figure-${key}`).locator('dd')).toHaveText(String(value))
      }
      expect(await spendRows(page)).toEqual(expected.spend.map((s) => [s.mode, moneyText(s.totalUsd, 'USD')]))
      await expect(figures.getByTestId('spend-chart')).toHaveAttribute('aria-hidden', 'true')

      const attention = section(page, 'Needs attention')
      for (const number of expected.onHold) {
        await expect(
          attention.locator('[data-kind="hold"]').getByRole('link', { name: number, exact: true }),
        ).toHaveAttribute('href', `/user/bookings/${number}`)
      }
      for (const number of expected.etaMoved) {
        const item = attention.locator('[data-kind="eta"]').filter({ hasText: number })
        await expect(item).toContainText('later than planned')
      }
      await expect(attention.locator('[data-kind="document"]').first()).toBeVisible()

      const transit = section(page, 'In transit')
      await expect(transit.getByTestId('transit-item')).toHaveCount(expected.inTransit.length)
      for (const number of expected.inTransit) {
        await expect(transit.getByRole('link', { name: number, exact: true })).toBeVisible()
      }
      const activity = section(page, 'Recent activity').getByTestId('activity-item')
      expect(await activity.count()).toBeGreaterThan(0)
      expect(await activity.count()).toBeLessThanOrEqual(10)
      await expect(page.getByRole('region', { name: '10% off your first LCL shipment' })).toHaveCount(
        expected.lcl ? 0 : 1,
      )

      expect(await axeViolations(page)).toEqual([])

      // The keyboard reaches the links of each section, with the focus shown; Enter follows one.
      const held = attention.locator('[data-kind="hold"]').getByRole('link').first()
      await page.getByRole('heading', { name: 'Home', level: 1 }).click()
      await tabTo(page, held)
      await tabTo(page, transit.getByRole('link').first(), 80)
      await tabTo(page, section(page, 'Recent activity').getByRole('link').first())
      await page.keyboard.press('Enter')
      await expect(page).toHaveURL(/\/user\/bookings\/ESB-\d{10}$/)

      // The record reads as the truth. A delivered shipment shows when it was delivered, not an ETA, with
      // nothing next and no milestone planned in the past; a cancelled booking shows nothing next, and its
      // documents as never received, with nothing to upload.
      const { bookings } = await api<{ bookings: BookingSummary[] }>(page.request, token, '/api/bookings')
      const delivered = bookings.find((b) => b.status === 'Delivered')
      const cancelled = bookings.find((b) => b.status === 'Cancelled')
      await page.goto(`/user/tracking?hbl=${delivered?.hbl}`)
      await expect(page.getByText(`Delivered at ${delivered?.destination.name}`)).toBeVisible()
      await expect(page.getByTestId('eta-moved')).toHaveCount(0)
      const timeline = page.getByTestId('milestones').getByRole('listitem')
      await expect(timeline.first()).toHaveAttribute('data-state', 'done')
      expect(
        await timeline.evaluateAll((items) => items.map((item) => item.dataset.state)),
      ).not.toContainEqual(expect.stringMatching(/^(current|next)$/))
      await expect(page.getByText('Next up')).toHaveCount(0)

      await page.goto(`/user/bookings/${cancelled?.number}`)
      await expect(page.getByTestId('milestones').getByText('Not reached').first()).toBeVisible()
      await expect(page.getByText('Next up')).toHaveCount(0)
      await expect(page.getByRole('button', { name: /^Upload/ })).toHaveCount(0)
      await expect(
        page
          .getByTestId('document-item')
          .filter({ hasText: 'Commercial invoice' })
          .getByTestId('document-status'),
      ).toHaveText('Not received')
    } finally {
      // One live session per account: leave the demo customer free for whoever logs in next.
      await logOutThroughApi(page.request, token)
    }
  })

  test('a new customer sees the empty states and the first-LCL offer, on a phone too', async ({ page }) => {
    const customer = await createCustomer(page.request, 'dashboard-new')
    await page.setViewportSize({ width: 375, height: 812 })
    await logInThroughApi(page, customer)
    await page.goto('/user/home')
    await expect(page.getByTestId('dashboard-greeting')).toContainText(`Welcome, ${customer.name}`)
    await expect(page.getByTestId('dashboard-greeting')).toContainText('Lion City Exports Pte Ltd')
    // Said once, above the quote form; no empty Needs attention section repeats it.
    await expect(page.getByTestId('attention-summary')).toHaveText('Nothing needs your attention.')
    await expect(page.getByText('Nothing needs your attention')).toHaveCount(1)
    await expect(section(page, 'In transit')).toContainText('No shipments in transit.')
    await expect(section(page, 'Recent activity')).toContainText('No shipment activity yet.')
    for (const key of ['quotesThisMonth', 'bookingsInProgress', 'deliveredThisYear']) {
      await expect(section(page, 'Figures').getByTestId(`figure-${key}`).locator('dd')).toHaveText('0')
    }
    expect(await spendRows(page)).toEqual(modes.map((mode) => [mode, 'USD 0.00']))

    const offer = page.getByRole('region', { name: '10% off your first LCL shipment' })
    await expect(offer).toContainText('10% off its freight')
    // Nothing is wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
    expect(await axeViolations(page)).toEqual([])

    // The offer leads to the quote form.
    await tabTo(page, offer.getByRole('link', { name: 'Get an LCL quote' }))
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/#quote-form-title$/)
    await expect(page.getByRole('heading', { name: 'Get an instant quote' })).toBeInViewport()
  })
})
