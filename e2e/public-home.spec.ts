import type { Page } from '@playwright/test'
import { blogTitles } from '../src/app/pages'
import { countriesServed, heroSlides, homePage } from '../src/content/home'
import { expect, test, watchConsole } from './fixtures'

// The home page's sections: the hero banner, the section order, the world map, the carrier strip, the blog
// cards and the quote strip (which hands over to /register).

const slide = (page: Page, index: number) => page.locator(`[data-slide="${heroSlides[index]?.id}"]`)

test.describe('hero banner', () => {
  test('rotates every 15 s, pauses on hover and focus, and stops with the Pause button', async ({ page }) => {
    await page.clock.install()
    // The footer's enquiry form loads once the page has settled, and its countries request shows the loading
    // overlay, which takes the pointer from the banner while it shows: it is let come and go first.
    const footerCountries = page.waitForResponse((response) => response.url().endsWith('/api/countries'))
    await page.goto('/home')
    await expect(slide(page, 0)).toBeVisible()
    await expect(slide(page, 1)).toBeHidden()
    await footerCountries
    await expect(page.getByTestId('loader')).toBeHidden()
    // The installed clock runs on in real time from the page's start, however long hydration takes on a busy
    // machine: it is paused here (nothing is due yet), then a hover and leave starts the 15 s afresh, so only
    // runFor moves time from now on.
    const pageNow = await page.evaluate(() => Date.now())
    await page.clock.pauseAt(pageNow + 1_000)
    // Each hover, leave and focus is awaited until the banner shows it has taken it (data-rotating), so the
    // clock never moves while a busy page has yet to react.
    const carousel = page.locator('[aria-roledescription="carousel"]')
    const held = () => expect(carousel).not.toHaveAttribute('data-rotating')
    const running = () => expect(carousel).toHaveAttribute('data-rotating', 'true')
    await slide(page, 0).hover()
    await held()
    await page.mouse.move(5, 700)
    await running()

    await page.clock.runFor(14_000)
    await expect(slide(page, 0)).toBeVisible()
    await page.clock.runFor(1_100)
    await expect(slide(page, 1)).toBeVisible()
    await expect(slide(page, 0)).toBeHidden()
    await page.clock.runFor(15_000)
    await expect(slide(page, 2)).toBeVisible()
    await page.clock.runFor(15_000)
    await expect(slide(page, 0)).toBeVisible()

    // Hover holds the banner.
    await slide(page, 0).hover()
    await held()
    await page.clock.runFor(31_000)
    await expect(slide(page, 0)).toBeVisible()
    await page.mouse.move(5, 700)
    await running()
    await page.clock.runFor(15_100)
    await expect(slide(page, 1)).toBeVisible()

    // So does focus.
    await page.mouse.move(1200, 790)
    await page.getByRole('button', { name: 'Next banner' }).focus()
    await held()
    await page.clock.runFor(31_000)
    await expect(slide(page, 1)).toBeVisible()
    // The buttons' own timers run again (focus holds the banner meanwhile).
    await page.clock.resume()
    await page.getByRole('button', { name: 'Next banner' }).press('Enter')
    await expect(slide(page, 2)).toBeVisible()
    await page.getByRole('button', { name: /^Banner 1:/ }).click()
    await expect(slide(page, 0)).toBeVisible()
    await expect(page.getByRole('button', { name: /^Banner 1:/ })).toHaveAttribute('aria-current', 'true')

    // Pause stops it for good, even once focus and pointer have left.
    await page.getByRole('button', { name: 'Pause banner rotation' }).click()
    await page.getByRole('button', { name: 'Play banner rotation' }).blur()
    await page.mouse.move(1200, 790)
    await page.clock.runFor(45_000)
    await expect(slide(page, 0)).toBeVisible()
  })

  test('does not rotate under prefers-reduced-motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' })
    await page.clock.install()
    await page.goto('/home')
    await page.mouse.move(1200, 790)
    await page.clock.runFor(60_000)
    await expect(slide(page, 0)).toBeVisible()
    await expect(page.getByRole('button', { name: 'Pause banner rotation' })).toHaveCount(0)
    await page.getByRole('button', { name: 'Next banner' }).click()
    await expect(slide(page, 1)).toBeVisible()
  })
})

test('home sections come in the order of the spec', async ({ page }) => {
  const errors = watchConsole(page)
  await page.goto('/home')
  await expect(page.getByRole('heading', { name: homePage.blog.heading })).toBeVisible()
  const headings = await page.locator('main h2').allTextContents()
  const expected = [
    homePage.whyChooseUs.heading,
    homePage.howItWorks.heading,
    homePage.services.heading,
    homePage.offerBlock.heading,
    homePage.aboutBlock.heading,
    homePage.advantages.heading,
    homePage.countries.heading,
    homePage.carriers.heading,
    homePage.enrolCta.heading,
    homePage.blog.heading,
  ]
  const positions = expected.map((heading) => headings.indexOf(heading))
  expect(positions.every((position) => position >= 0)).toBe(true)
  expect([...positions].sort((a, b) => a - b)).toEqual(positions)
  await expect(page.getByRole('link', { name: homePage.partnerPlatformLink.label })).toHaveAttribute(
    'href',
    homePage.partnerPlatformLink.href,
  )
  const steps = page.locator('#how-it-works li h3')
  await expect(steps).toHaveText(['Register', 'Get Instant Quotes', 'Book', 'Submit Documents', 'Track'])
  await expect(page.locator('#offer').getByRole('link')).toHaveAttribute('href', '/info/landing')
  await expect(page.getByRole('link', { name: 'Create Account', exact: true })).toHaveAttribute(
    'href',
    '/register',
  )
  await expect(page.getByRole('link', { name: 'Member Login' })).toHaveAttribute('href', '/login')
  expect(errors).toEqual([])
})

test('the world map has a named pin for every country served', async ({ page }) => {
  await page.goto('/home')
  const map = page.getByRole('group', { name: homePage.countries.heading })
  for (const country of countriesServed) {
    await expect(map.getByRole('img', { name: country.name, exact: true })).toHaveCount(1)
  }
  const image = page.locator('img[src="/world-map.svg"]')
  await expect(image).toHaveAttribute('loading', 'lazy')
  await image.scrollIntoViewIfNeeded()
  await expect
    .poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth))
    .toBeGreaterThan(0)
})

test('the carrier strip scrolls over 50 s, and not at all under reduced motion', async ({ page }) => {
  await page.goto('/home')
  const track = page.getByTestId('carrier-track')
  await expect(track).toHaveCSS('animation-duration', '50s')
  await page.emulateMedia({ reducedMotion: 'reduce' })
  await expect(track).toHaveCSS('animation-name', 'none')
})

test('the blog cards keep the spec’s title and slug pairing', async ({ page }) => {
  await page.goto('/home')
  const cards = page.getByTestId('blog-teaser')
  await expect(cards).toHaveCount(3)
  const pairs: [RegExp, string][] = [
    [/^Air Freight vs Ocean Freight/, 'air-freight-vs-ocean-freight-when-speed-outweighs-cost'],
    [
      /container shipping is evolving/i,
      'streamlining-global-shipping-how-our-logistics-platform-simplifies-lcl-fcl-and-air-freight',
    ],
    [
      /FCL documentation/i,
      'how-container-shipping-is-evolving-what-to-expect-from-the-future-of-fcl-and-lcl',
    ],
  ]
  for (const [title, slug] of pairs) {
    await expect(cards.getByRole('link', { name: title })).toHaveAttribute('href', `/info/blogs/${slug}`)
  }
  await cards.getByRole('link', { name: /FCL documentation/i }).click()
  await expect(page).toHaveURL(`/info/blogs/${pairs[2]?.[1]}`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    blogTitles['how-container-shipping-is-evolving-what-to-expect-from-the-future-of-fcl-and-lcl'],
  )
})

test('the quote strip links to /register carrying what was typed', async ({ page }) => {
  await page.goto('/home')
  const getQuote = page.getByRole('link', { name: 'GET QUOTE' })
  await expect(getQuote).toHaveAttribute('href', '/register')
  await expect(page.getByLabel('Cargo type').locator('option')).toHaveText([
    'Select Cargo',
    'General',
    'Hazardous',
  ])
  await page.getByLabel('Origin').fill('Singapore')
  await page.getByLabel('Destination').fill('Jebel Ali, UAE')
  await page.getByLabel('Cargo type').selectOption({ label: 'Hazardous' })
  await getQuote.click()
  await expect(page).toHaveURL(/\/register\?/)
  const search = new URL(page.url()).searchParams
  expect(search.get('origin')).toBe('Singapore')
  expect(search.get('destination')).toBe('Jebel Ali, UAE')
  expect(search.get('cargo')).toBe('hazardous')
  // The registration page shows the quote back while the visitor signs up.
  const summary = page.getByRole('region', { name: 'Your quote request' })
  await expect(summary.getByRole('definition')).toHaveText(['Singapore', 'Jebel Ali, UAE', 'Hazardous'])
})

test('the registration page ignores a quote it cannot read', async ({ page }) => {
  await page.goto('/register?origin=%20&cargo=explosive')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Your quote request' })).toHaveCount(0)
})
