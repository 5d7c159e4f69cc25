import { blogSlugs, blogTitles, publicPages } from '../src/app/pages'
import { articles } from '../src/content/blogs'
import { homePage } from '../src/content/home'
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
import { axeViolations } from './axe'
import { expect, test, watchConsole } from './fixtures'
import { infoOf, templateOf } from './pages'

// Every public page as a whole; the home page's own sections are public-home.spec.ts, the header, footer and
// floating buttons around every page public-layout.spec.ts.

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

// Each public page once, hydrated: its title and heading, no console error, and axe on a phone, where every
// page's layout is its own (the narrowest column, the menu folded). At desktop width a page's layout is its
// template's (e2e/pages.ts templateOf): axe checks the first page of each template there too. prerender.spec.ts
// reads the same pages without scripts.
const publicPaths = [...marketingPaths, '/login', '/register']
const firstOfTemplate = new Map<string, string>()
for (const path of publicPaths)
  if (!firstOfTemplate.has(templateOf(path))) firstOfTemplate.set(templateOf(path), path)
const desktopPaths = new Set(firstOfTemplate.values())

test('every template of the public pages is checked at desktop width', () => {
  expect(new Set(publicPaths.map(templateOf)).size).toBe(desktopPaths.size)
  expect(desktopPaths.size).toBeGreaterThan(10)
})

for (const path of publicPaths) {
  const desktop = desktopPaths.has(path)
  test(`${path} shows its title and heading, and has no serious or critical violation at 375${desktop ? ' and 1280' : ''} px`, async ({
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
    if (desktop) {
      await page.setViewportSize({ width: 1280, height: 800 })
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      expect(await axeViolations(page, { seriousOnly: true })).toEqual([])
    }
    expect(errors).toEqual([])
  })
}
