import type { APIRequestContext, Locator, Page, TestInfo } from '@playwright/test'
import type { BookingSummary } from '../contract/bookings'
import type { QuoteDetail } from '../contract/quotes'
import {
  type ApiSession,
  apiSession,
  createCustomer,
  demoCustomer,
  expect,
  handSession,
  logInThroughApi,
  logOutThroughApi,
  quoteThroughApi,
  test,
} from './fixtures'

/**
 * Every logged-in page of the demo customer, at the widths of a small phone, a phone, a tablet and a laptop:
 * the page never scrolls sideways, and what a customer came for (the total, the main action) lies inside
 * the screen's width once scrolled to. A screenshot of each page at each width goes into the test report
 * (not in CI: see attachScreenshot). The demo customer's data has a shipment in every state; a quote is made
 * through the API for the preview and confirm pages.
 */

const widths = [320, 390, 768, 1024, 1366] as const

interface Screen {
  name: string
  path: string
  /** What must be on screen: the page's total and its main action. */
  keys: (page: Page) => Locator[]
}

async function screensOf(request: APIRequestContext, { token }: ApiSession): Promise<Screen[]> {
  const headers = { Authorization: `Bearer ${token}` }
  const quote = await quoteThroughApi(request, token, { containers: [{ type: '40HC', count: 2 }] })
  const option = quote.options[0] as QuoteDetail['options'][number]
  const { bookings } = (await (await request.get('/api/bookings', { headers })).json()) as {
    bookings: BookingSummary[]
  }
  const moving = bookings.find((b) => b.status === 'Departed' && b.hbl)
  if (!moving) throw new Error('the demo customer has no shipment in transit')
  const offer = `quote=${quote.number}&option=${option.id}`
  return [
    {
      name: 'home',
      path: '/user/home',
      keys: (page) => [page.getByRole('button', { name: 'Get quote' })],
    },
    {
      name: 'my-quotes',
      path: '/user/quotation',
      keys: (page) => {
        const row = page.getByTestId('quote-row').first()
        return [row.locator('[data-label="Total"]'), row.getByRole('button', { name: /^Duplicate/ })]
      },
    },
    {
      name: 'preview',
      path: `/user/getquote?${offer}`,
      keys: (page) => [page.getByTestId('quote-total'), page.getByRole('button', { name: 'Continue' })],
    },
    {
      name: 'confirm',
      path: `/user/confirm-quote?${offer}`,
      keys: (page) => [page.getByRole('button', { name: /^Confirm/ })],
    },
    {
      name: 'my-bookings',
      path: '/user/bookings',
      keys: (page) => [page.getByRole('link', { name: moving.number, exact: true })],
    },
    {
      name: 'booking',
      path: `/user/bookings/${moving.number}`,
      keys: (page) => [
        page.getByTestId('booking-total'),
        page.locator('[data-code]').first().getByRole('cell').last(),
      ],
    },
    {
      name: 'tracking',
      path: `/user/tracking?hbl=${moving.hbl}`,
      keys: (page) => [page.getByTestId('eta'), page.getByRole('button', { name: 'Track' })],
    },
    {
      name: 'profile',
      path: '/user/profile',
      keys: (page) => [page.getByRole('button', { name: /^Save/ }).first()],
    },
  ]
}

/** The page is no wider than the screen, and each key lies within the screen's width once scrolled to. */
async function expectFits(page: Page, label: string, keys: Locator[]) {
  const width = page.viewportSize()?.width ?? 0
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect.soft(overflow, `${label} scrolls sideways by ${overflow} px`).toBeLessThanOrEqual(0)
  for (const key of keys) {
    await expect(key, `${label}: ${key}`).toBeVisible()
    await key.scrollIntoViewIfNeeded()
    const box = await key.boundingBox()
    expect(box, `${label}: ${key} has a box`).not.toBeNull()
    if (!box) continue
    expect.soft(box.x, `${label}: ${key} starts on screen`).toBeGreaterThanOrEqual(0)
    expect.soft(box.x + box.width, `${label}: ${key} ends on screen`).toBeLessThanOrEqual(width)
  }
}

/**
 * A full-page screenshot in the test's output folder, attached to the report for a person to look at. Not in
 * CI, whose report is thrown away with its clone: 55 full-page screenshots were a fifth of the test's time.
 */
async function attachScreenshot(page: Page, testInfo: TestInfo, name: string) {
  if (process.env.CI) return
  const path = testInfo.outputPath(`${name}.png`)
  await page.screenshot({ path, fullPage: true })
  await testInfo.attach(name, { path, contentType: 'image/png' })
}

test('every logged-in page fits 320 to 1366 px: no sideways scroll, total and action on screen', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(300_000)
  // The demo customer is shared with e2e/dashboard.spec.ts: wait while it holds the session.
  const session = await apiSession(request, demoCustomer, 120_000)
  try {
    await handSession(page, session)
    const screens = await screensOf(request, session)
    for (const width of widths) {
      await test.step(`${width} px`, async () => {
        await page.setViewportSize({ width, height: width < 768 ? 844 : 900 })
        for (const screen of screens) {
          await page.goto(screen.path)
          const keys = screen.keys(page)
          await expect(keys[0] as Locator).toBeVisible()
          await expectFits(page, `${screen.name} at ${width} px`, keys)
          // (axe on each of these pages at 390 and 1366 px: e2e/axe-pages.spec.ts.)
          await attachScreenshot(page, testInfo, `${screen.name}-${width}`)
        }

        // The quote form's results: each option a card on a phone, its total and Select on screen.
        await page.goto('/user/home?origin=Singapore&destination=Nhava%20Sheva')
        await expect(page.getByRole('combobox', { name: 'Destination' })).toHaveValue(/\(INNSA\)$/)
        await page.getByLabel('Commodity').fill('Teak furniture')
        await page.getByRole('button', { name: 'Get quote' }).click()
        const option = page.getByTestId('quote-option').first()
        await expect(option).toBeVisible()
        await expectFits(page, `quote results at ${width} px`, [
          option.locator('[data-label="Total"]'),
          option.getByRole('button', { name: /^Select/ }),
        ])
        await attachScreenshot(page, testInfo, `quote-results-${width}`)
      })
    }
  } finally {
    await logOutThroughApi(request, session.token)
  }
})

test('below 1024 px the account menu is one line under the top bar, the current page in view', async ({
  page,
  request,
}) => {
  // A new customer: the menu is the same for everyone, and the demo customer's session stays free.
  await logInThroughApi(page, await createCustomer(request, 'menu'))
  await page.setViewportSize({ width: 320, height: 700 })
  await page.goto('/user/profile')
  const menu = page.getByRole('navigation', { name: 'Account' })
  const menuBox = await menu.boundingBox()
  expect(menuBox?.height ?? 0, 'the menu is one line').toBeLessThan(72)
  const current = menu.getByRole('link', { name: 'My Profile' })
  await expect(current).toHaveAttribute('data-status', 'active')
  const box = await current.boundingBox()
  expect(
    (box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= 320,
    'the current entry is in view',
  ).toBe(true)
  // The top bar keeps one line: the title is cut rather than wrapped, the user shown by initials.
  const bar = page.getByRole('banner')
  expect((await bar.boundingBox())?.height ?? 0).toBeLessThan(80)
  await expect(bar.getByRole('button', { name: /^Account menu for Test menu/ })).toHaveText(/TM/)

  // The skip link is the first stop of the keyboard and takes it to the page.
  await page.keyboard.press('Tab')
  const skip = page.getByRole('link', { name: 'Skip to main content' })
  await expect(skip).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('main')).toBeFocused()
})
