import type { Page } from '@playwright/test'
import { blogSlugs, blogTitles, publicPages } from '../src/app/pages'
import { articles } from '../src/content/blogs'
import { countriesServed, heroSlides, homePage } from '../src/content/home'
import { incotermsPage } from '../src/content/incoterms'
import { privacyPolicyPage, termsPage } from '../src/content/legal'
import {
  aboutPage,
  blogIndexPage,
  faqsPage,
  infoPage,
  landingPage,
  tradelanesPage,
  uaeTradelanePage,
} from '../src/content/pages'
import { servicePages, servicesPage } from '../src/content/services/index'
import { site } from '../src/content/site'
import { axeViolations } from './axe'
import { expect, test, watchConsole } from './fixtures'
import { infoOf } from './pages'

const contentPages = [
  homePage,
  aboutPage,
  servicesPage,
  ...servicePages,
  infoPage,
  landingPage,
  tradelanesPage,
  uaeTradelanePage,
  faqsPage,
  blogIndexPage,
  incotermsPage,
  privacyPolicyPage,
  termsPage,
]

/** Every public route of the marketing site, the three articles included. */
const marketingPaths = [
  ...Object.keys(publicPages).filter((path) => !['/login', '/register'].includes(path)),
  ...blogSlugs.map((slug) => `/info/blogs/${slug}`),
]

const slide = (page: Page, index: number) => page.locator(`[data-slide="${heroSlides[index]?.id}"]`)
const header = (page: Page) => page.getByRole('banner')
const scrollTo = (page: Page, y: number) => page.evaluate((top) => window.scrollTo(0, top), y)

test('the route map copies the content modules exactly', () => {
  for (const content of contentPages) {
    const info = publicPages[content.path as keyof typeof publicPages]
    expect(info, content.path).toEqual({
      title: content.meta.title,
      heading: content.h1,
      description: content.meta.description,
    })
  }
  expect(publicPages['/info/blog']).toEqual(publicPages['/info/blogs'])
  for (const article of articles) expect(blogTitles[article.slug]).toBe(article.h1)
})

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

test.describe('header', () => {
  test('hides scrolling down past 500 px, returns scrolling up, and turns light once scrolled', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 700 })
    await page.goto('/about-us')
    await expect(header(page)).not.toHaveAttribute('data-scrolled')
    await scrollTo(page, 300)
    await expect(header(page)).toHaveAttribute('data-scrolled', 'true')
    await expect(header(page)).not.toHaveAttribute('data-hidden')
    await expect(header(page)).toHaveCSS('backdrop-filter', /blur/)
    await scrollTo(page, 450)
    await expect(header(page)).not.toHaveAttribute('data-hidden')
    await scrollTo(page, 900)
    await expect(header(page)).toHaveAttribute('data-hidden', 'true')
    await expect.poll(async () => (await header(page).boundingBox())?.y ?? 0).toBeLessThan(-40)
    await scrollTo(page, 800)
    await expect(header(page)).not.toHaveAttribute('data-hidden')
    await expect.poll(async () => (await header(page).boundingBox())?.y ?? -1).toBe(0)
    await scrollTo(page, 0)
    await expect(header(page)).not.toHaveAttribute('data-scrolled')
  })

  test('shows the request-a-quote link everywhere except the landing page', async ({ page }) => {
    await page.goto('/about-us')
    await expect(header(page).getByRole('link', { name: 'Request a Quote' })).toHaveAttribute(
      'href',
      '/info/landing',
    )
    await header(page).getByRole('link', { name: 'Request a Quote' }).click()
    await expect(page).toHaveURL('/info/landing')
    await expect(header(page).getByRole('link', { name: 'Request a Quote' })).toHaveCount(0)
  })

  test('a dropdown opens on hover and closes 100 ms after the pointer leaves', async ({ page }) => {
    await page.clock.install()
    await page.goto('/home')
    const services = header(page).getByRole('button', { name: 'Services menu' })
    const servicesLink = header(page).getByRole('link', { name: 'Services', exact: true })
    const panel = header(page).getByRole('link', { name: 'Air Freight' })
    await expect(panel).toBeHidden()
    // A paused clock also holds animation frames, so the pointer moves by coordinates rather than hover().
    const linkBox = await servicesLink.boundingBox()
    await page.clock.pauseAt(Date.now() + 60_000)
    await page.mouse.move((linkBox?.x ?? 0) + 10, (linkBox?.y ?? 0) + 10)
    await expect(panel).toBeVisible()
    await expect(services).toHaveAttribute('aria-expanded', 'true')
    const box = await panel.boundingBox()
    const onPanel = [(box?.x ?? 0) + 20, (box?.y ?? 0) + 10] as const
    await page.mouse.move(...onPanel)
    await page.mouse.move(640, 600)
    await page.clock.runFor(60)
    await expect(panel).toBeVisible()
    // Coming back within the delay keeps it open.
    await page.mouse.move(...onPanel)
    await page.clock.runFor(200)
    await expect(panel).toBeVisible()
    await page.mouse.move(640, 600)
    await page.clock.runFor(90)
    await expect(panel).toBeVisible()
    await page.clock.runFor(20)
    await expect(panel).toBeHidden()
    await expect(services).toHaveAttribute('aria-expanded', 'false')
    await page.clock.resume()

    await services.click()
    await expect(panel).toBeVisible()
    await services.click()
    await expect(panel).toBeHidden()
  })

  test('the menus work from the keyboard', async ({ page }) => {
    await page.goto('/home')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await page.keyboard.press('Tab')
    await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused()
    const services = header(page).getByRole('button', { name: 'Services menu' })
    await services.focus()
    await page.keyboard.press('ArrowDown')
    const focusedText = () => page.evaluate(() => document.activeElement?.textContent)
    await expect.poll(focusedText).toBe('Ocean Freight')
    await page.keyboard.press('ArrowDown')
    await expect.poll(focusedText).toBe('FCL')
    await page.keyboard.press('ArrowDown')
    await expect.poll(focusedText).toBe('LCL')
    await page.keyboard.press('End')
    await expect.poll(focusedText).toBe('Shipment Tracking')
    await page.keyboard.press('ArrowDown')
    await expect.poll(focusedText).toBe('Ocean Freight')
    await page.keyboard.press('ArrowUp')
    await expect.poll(focusedText).toBe('Shipment Tracking')
    await page.keyboard.press('Escape')
    await expect(services).toBeFocused()
    await expect(services).toHaveAttribute('aria-expanded', 'false')

    // Enter opens, Tab walks the links, following one navigates and closes the menu.
    await services.press('Enter')
    await expect(services).toHaveAttribute('aria-expanded', 'true')
    await page.keyboard.press('Tab')
    await expect.poll(focusedText).toBe('Ocean Freight')
    await page.keyboard.press('Tab')
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL('/services/ocean-freight/fcl')
    await expect(services).toHaveAttribute('aria-expanded', 'false')

    // Leaving the menu with Tab closes it.
    const info = header(page).getByRole('button', { name: 'Info menu' })
    await info.focus()
    await page.keyboard.press('ArrowDown')
    await expect.poll(focusedText).toBe('Tradelanes')
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('ArrowDown')
    await expect.poll(focusedText).toBe('Incoterms')
    await page.keyboard.press('Tab')
    await expect(info).toHaveAttribute('aria-expanded', 'false')
  })

  test('on a 375 px phone the menu slides in, traps focus and closes', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 })
    await page.goto('/home')
    await expect(header(page).getByRole('button', { name: 'Services menu' })).toBeHidden()
    const menuButton = header(page).getByRole('button', { name: 'Menu' })
    await menuButton.click()
    const dialog = page.getByRole('dialog', { name: 'Menu' })
    await expect(dialog).toBeVisible()
    for (const label of [
      'Home',
      'About Us',
      'Ocean Freight',
      'FCL',
      'LCL',
      'Tradelanes',
      'Incoterms',
      'Contact Us',
    ]) {
      await expect(dialog.getByRole('link', { name: label, exact: true })).toBeVisible()
    }
    await expect(dialog.getByRole('link', { name: 'Request a Quote' })).toBeVisible()
    for (let press = 0; press < 30; press += 1) {
      await page.keyboard.press('Tab')
      expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true)
    }
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    await expect(menuButton).toBeFocused()

    await menuButton.press('Enter')
    await expect(dialog).toBeVisible()
    await dialog.getByRole('link', { name: 'LCL', exact: true }).click()
    await expect(page).toHaveURL('/services/ocean-freight/lcl')
    await expect(dialog).toBeHidden()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      publicPages['/services/ocean-freight/lcl'].heading,
    )
  })
})

test('the scroll-to-top button appears after 500 px and goes back to the top', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 700 })
  await page.goto('/home')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  const toTop = page.getByRole('button', { name: 'Scroll to top' })
  await expect(toTop).toHaveCount(0)
  await scrollTo(page, 450)
  await expect(toTop).toHaveCount(0)
  await scrollTo(page, 600)
  await expect(toTop).toBeVisible()
  await toTop.click()
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
  await expect(toTop).toHaveCount(0)
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused()
})

test('the footer form shows on public pages but not on the contact pages', async ({ page }) => {
  await page.goto('/about-us')
  const footer = page.getByRole('contentinfo')
  await expect(footer.getByRole('heading', { name: site.footer.enquiryHeading })).toBeVisible()
  await expect(footer).toContainText(site.contact.email)
  await expect(footer).toContainText(site.footer.copyright)
  for (const phone of site.contact.phones) await expect(footer).toContainText(phone.display)
  for (const link of site.social.links) {
    await expect(footer.getByRole('link', { name: link.label })).toHaveAttribute('href', link.href)
  }
  for (const path of ['/contact-us', '/contact-us/thank-you']) {
    await page.goto(path)
    await expect(page.getByRole('contentinfo')).toBeVisible()
    await expect(footer.getByRole('heading', { name: site.footer.enquiryHeading })).toHaveCount(0)
  }
})

const whatsAppOn = async (page: Page, paths: string[]) => {
  const singapore = site.contact.whatsapp.find((number) => number.region === 'SG')
  for (const path of paths) {
    await page.goto(path)
    const button = page.getByRole('link', { name: site.whatsAppButtonLabel })
    await expect(button, path).toBeVisible()
    await expect(button).toHaveAttribute('href', singapore?.href ?? '')
    await expect(button).toHaveCSS('position', 'fixed')
  }
}

test('the WhatsApp button floats on public pages', async ({ page }) => {
  await whatsAppOn(page, ['/home', '/services/air-freight', '/info/incoterms', '/contact-us'])
})

test('the WhatsApp button floats on login and register', async ({ page }) => {
  await whatsAppOn(page, ['/login', '/register'])
})

test('public pages load neither the forms’ widgets nor the logged-in area with the page', async ({
  page,
}) => {
  const scripts: string[] = []
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname)
  })
  await page.clock.install()
  await page.goto('/home')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await page.waitForLoadState('networkidle')
  expect(
    scripts.filter((path) => /\/(select-field|flag|text-field|form|user-shell|user-menu)-/.test(path)),
  ).toEqual([])
  // The footer form follows once the page has settled, or when scrolled to.
  await page.clock.runFor(3_100)
  await expect(page.getByRole('contentinfo').getByRole('form', { name: 'Get in Touch' })).toBeVisible()
})

test('the footer form loads as soon as the footer comes near', async ({ page }) => {
  await page.clock.install()
  await page.goto('/about-us')
  // The page's clock stands still, so the load 3 s after the page settles cannot happen: the form's code is
  // asked for because the footer came near. Then time runs again for the form to show, however long a busy
  // machine takes over the download.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000)
  const asked = page.waitForRequest((request) => /\/assets\/contact-form-[\w-]+\.js$/.test(request.url()))
  await page.getByRole('contentinfo').scrollIntoViewIfNeeded()
  await asked
  await page.clock.resume()
  await expect(page.getByRole('contentinfo').getByRole('form', { name: 'Get in Touch' })).toBeVisible({
    timeout: 15_000,
  })
})

// Each public page once, hydrated: its title and heading, no console error, and axe on a phone and then on a
// desktop (one load, the same rules at both widths). prerender.spec.ts reads the same pages without scripts.
for (const path of [...marketingPaths, '/login', '/register']) {
  test(`${path} shows its title and heading, and has no serious or critical violation at 375 and 1280 px`, async ({
    page,
  }) => {
    const errors = watchConsole(page)
    const { title, heading } = infoOf(path)
    await page.setViewportSize({ width: 375, height: 800 })
    await page.goto(path)
    await expect(page).toHaveURL(path)
    await expect(page).toHaveTitle(title)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading)
    expect(await axeViolations(page, { seriousOnly: true })).toEqual([])
    await page.setViewportSize({ width: 1280, height: 800 })
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    expect(await axeViolations(page, { seriousOnly: true })).toEqual([])
    expect(errors).toEqual([])
  })
}
