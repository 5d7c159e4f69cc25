import { test as base } from '@playwright/test'
import { canonicalPathOf, prerenderedPaths, sitemapPaths } from '../src/app/pages'
import { expect, test, watchConsole } from './fixtures'
import { infoOf } from './pages'

base.describe('the built HTML, read without JavaScript', () => {
  base.use({ javaScriptEnabled: false })
  for (const path of prerenderedPaths) {
    base(
      `${path} has its title, heading, description, canonical link and Open Graph tags`,
      async ({ page, baseURL }) => {
        const { title, heading, description } = infoOf(path)
        const response = await page.goto(path)
        expect(response?.status()).toBe(200)
        await expect(page).toHaveTitle(title)
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading)
        await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', description)
        await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', title)
        // The canonical address is on the site's public origin (SITE_URL at build), not necessarily this one.
        const canonical = await page.locator('link[rel="canonical"]').getAttribute('href')
        expect(new URL(canonical ?? '', baseURL).pathname).toBe(canonicalPathOf(path))
        await expect(page.locator('meta[property="og:url"]')).toHaveAttribute('content', canonical ?? '')
      },
    )
  }

  base('the logged-in area is not prerendered: it is rendered in the browser', async ({ page }) => {
    await page.goto('/user/home')
    await expect(page.locator('#root')).toBeEmpty()
  })
})

test('a prerendered page is hydrated, not rendered again, and without a console error', async ({ page }) => {
  const errors = watchConsole(page)
  // Keeps the heading the HTML parser made, before any script ran.
  await page.addInitScript(() => {
    const observer = new MutationObserver(() => {
      const heading = document.querySelector('#root h1')
      if (!heading) return
      ;(window as { parsedHeading?: Element }).parsedHeading = heading
      observer.disconnect()
    })
    observer.observe(document, { childList: true, subtree: true })
  })
  for (const path of ['/home', '/services/ocean-freight', '/info/incoterms', '/login', '/register']) {
    await page.goto(path)
    const same = await page.evaluate(
      () => (window as { parsedHeading?: Element }).parsedHeading === document.querySelector('#root h1'),
    )
    expect(same, `${path} kept its prerendered heading`).toBe(true)
    await expect(page.locator('head title')).toHaveCount(1)
    await expect(page.locator('link[rel="canonical"]')).toHaveCount(1)
  }
  // The hydrated page works: its menus open and its links navigate in the page.
  await page.goto('/home')
  await page.getByRole('banner').getByRole('link', { name: 'About Us' }).click()
  await expect(page).toHaveTitle(infoOf('/about-us').title)
  await expect(page.locator('head title')).toHaveCount(1)
  expect(errors).toEqual([])
})

test('a page opened with a query renders afresh, with its own head only', async ({ page }) => {
  const errors = watchConsole(page)
  await page.goto('/login?forgot=1')
  await expect(page.getByRole('dialog')).toBeVisible()
  await expect(page.locator('head title')).toHaveCount(1)
  await expect(page.locator('meta[name="description"]')).toHaveCount(1)
  expect(errors).toEqual([])
})

test('sitemap.xml lists every public page once, and robots.txt points to it', async ({ request }) => {
  const sitemap = await (await request.get('/sitemap.xml')).text()
  const locations = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map(
    (match) => new URL(match[1] ?? '').pathname,
  )
  expect(locations).toEqual([...sitemapPaths])
  expect(locations).toContain('/info/incoterms')
  expect(locations).not.toContain('/info/blog')
  const robots = await (await request.get('/robots.txt')).text()
  expect(robots).toMatch(/^Sitemap: https?:\/\/[^\s]+\/sitemap\.xml$/m)
  expect(robots).toMatch(/^Disallow: \/user\/$/m)
})
