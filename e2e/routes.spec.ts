import { userPages } from '../src/app/pages'
import { createCustomer, expect, logInThroughApi, test, watchConsole } from './fixtures'

const redirects: [from: string, to: string][] = [
  ['/', '/home'],
  ['/no-such-page', '/home'],
  ['/services/no-such-service/deeper', '/home'],
  ['/info/blogs/no-such-article', '/home'],
  // Without a session the logged-in area sends visitors to the login page.
  ...Object.keys(userPages).map((path): [string, string] => [path, '/login']),
  ['/user', '/login'],
  ['/user/quotes', '/login'],
]

for (const [from, to] of redirects) {
  test(`${from} lands on ${to}`, async ({ page }) => {
    const errors = watchConsole(page)
    await page.goto(from)
    await expect(page).toHaveURL(to)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    expect(errors).toEqual([])
  })
}

test('the public layout has a header and footer; login and register have no footer', async ({ page }) => {
  await page.goto('/about-us')
  await expect(page.getByRole('banner')).toBeVisible()
  await expect(page.getByRole('contentinfo')).toContainText('© 2025')
  await page.goto('/login')
  await expect(page.getByRole('banner')).toBeVisible()
  await expect(page.getByRole('contentinfo')).toHaveCount(0)
})

test('navigation scrolls to the top and honours anchors', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 500 })
  await page.goto('/about-us')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0)
  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click()
  await expect(page).toHaveURL('/info/privacy-policy')
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)

  await page.goto('/about-us#site-footer')
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0)
})

test('signed in, an unknown address of the customer area shows its not-found page in the area', async ({
  page,
  request,
}) => {
  await logInThroughApi(page, await createCustomer(request, 'not-found'))
  await page.goto('/user/quotes')
  await expect(page).toHaveURL('/user/quotes')
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible()
  await expect(page).toHaveTitle('Page not found | eShip')
  await expect(page.locator('title')).toHaveCount(1)
  await expect(page.getByTestId('page-title')).toHaveText('Page not found')
  await expect(page.getByRole('navigation', { name: 'Account' })).toBeVisible()
  await page.getByRole('main').getByRole('link', { name: 'My Quotes' }).click()
  await expect(page).toHaveURL('/user/quotation')
  // Elsewhere an unknown address still goes to the home page.
  await page.goto('/no-such-page')
  await expect(page).toHaveURL('/home')
})
