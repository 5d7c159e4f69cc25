import type { Browser, Locator, Page, Route } from '@playwright/test'
import { ruleMessages } from '../contract/rules'
import { chooseCountryCode, createCustomer, expect, strongPassword, test, uniqueEmail } from './fixtures'

/**
 * What a visitor does on a prerendered page before React has hydrated it counts (README: "Prerendering,
 * hydration and what a page loads"). Each test opens a fresh browser context (cold cache, not the fixture's
 * page that waits for hydration), throttles the CPU, and acts as soon as the DOM is there.
 */

/**
 * Holds the app's code until `release`: the entry and what it imports statically load (so the document
 * finishes loading), every other chunk (the routes, which hydration waits for) waits. That makes the
 * window before hydration as long as the test needs, whatever the machine's speed.
 */
function holdAppCode() {
  const allowed = new Map<string, () => void>()
  const waiting = new Map<string, Promise<void>>()
  let release = () => {}
  const released = new Promise<void>((resolve) => {
    release = resolve
  })
  const allow = (file: string) => {
    if (!waiting.has(file)) waiting.set(file, Promise.resolve())
    allowed.get(file)?.()
  }
  const gate = (file: string) => {
    if (!waiting.has(file)) waiting.set(file, new Promise((resolve) => allowed.set(file, resolve)))
    return Promise.race([waiting.get(file), released])
  }
  const handle = async (route: Route) => {
    const file = new URL(route.request().url()).pathname.split('/').pop() ?? ''
    if (/^index-[\w-]+\.js$/.test(file)) allow(file)
    await gate(file)
    try {
      const response = await route.fetch().catch((error) => {
        // A kept-alive connection the server closed as it idled (Node closes them after 5 s) resets the
        // request sent on it just then; a browser sends such a request again, and so does this handler.
        if (/ECONNRESET|socket hang up/.test(String(error))) return route.fetch()
        throw error
      })
      const body = await response.text()
      // Static imports only (`import{…}from"./x.js"`, `import"./x.js"`), not import("./x.js").
      for (const [, dependency] of body.matchAll(/\b(?:import|export)\b[^'"(]*?["']\.\/([\w.-]+\.js)["']/g)) {
        if (dependency) allow(dependency)
      }
      await route.fulfill({ response, body })
    } catch (error) {
      // The page moved on (a navigation, or the test closing its context) while this file was held: its
      // request is gone with it. A chunk the page still needed would leave it unhydrated, which fails the test.
      if (!/disposed|closed|cancel/i.test(String(error))) throw error
    }
  }
  return { handle, release: () => release() }
}

interface ColdPage {
  page: Page
  /** Lets the held code load, waits until the page is hydrated, and ends the CPU throttling. */
  hydrate: () => Promise<void>
  /** Ends the CPU throttling: the race is over, what follows runs at full speed. */
  unthrottle: () => Promise<void>
}

/** A page in a new context with a 6× slower CPU, its route code held until `hydrate`. */
async function coldPage(browser: Browser, baseURL: string | undefined, hold = true): Promise<ColdPage> {
  const context = await browser.newContext({ baseURL })
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 })
  const code = holdAppCode()
  if (hold) await page.route('**/assets/*.js', code.handle)
  else code.release()
  const unthrottle = async () => {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 })
  }
  return {
    page,
    unthrottle,
    hydrate: async () => {
      // Still the prerendered page: what the test did happened before hydration.
      await expect(page.locator('html[data-hydrated]')).toHaveCount(0)
      code.release()
      await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
      await unthrottle()
    },
  }
}

// A throttled CPU and held code make these slower than the rest of the suite.
test.describe.configure({ timeout: 60_000 })

test.afterEach(async ({ browser }) => {
  for (const context of browser.contexts()) {
    for (const page of context.pages()) await page.unrouteAll({ behavior: 'ignoreErrors' })
    await context.close()
  }
})

test('login: email and password typed and Login clicked before hydration sign the customer in', async ({
  browser,
  baseURL,
  request,
}) => {
  const customer = await createCustomer(request, 'early-login')
  const { page, hydrate } = await coldPage(browser, baseURL)
  await page.goto('/login', { waitUntil: 'domcontentloaded' })
  await page.getByLabel('Email').fill(customer.email)
  await page.getByLabel('Password', { exact: true }).fill(customer.password)
  await page.getByRole('button', { name: 'Login' }).click()
  await hydrate()
  await expect(page).toHaveURL('/user/home')
  await expect(page.getByRole('button', { name: `Account menu for ${customer.name}` })).toBeVisible()
})

async function expectValues(fields: [Locator, string][]) {
  for (const [field, value] of fields) await expect(field).toHaveValue(value)
}

test('contact: Enquire Now and the Code dropdown clicked before hydration are acted on, the text kept', async ({
  browser,
  baseURL,
}) => {
  const { page, hydrate } = await coldPage(browser, baseURL)
  await page.goto('/contact-us', { waitUntil: 'domcontentloaded' })
  const form = page.getByRole('main').getByRole('form', { name: 'Get in Touch' })
  const email = uniqueEmail('early-enquiry')
  const typed: [Locator, string][] = [
    [form.getByLabel('Name', { exact: true }), 'Nur Aisyah'],
    [form.getByLabel('Company'), 'Lion City Exports'],
    [form.getByRole('textbox', { name: 'Email', exact: true }), email],
    [form.getByLabel('Phone'), '61234567'],
    [form.getByLabel('Message'), 'Two pallets of machine parts to Jebel Ali next month.'],
  ]
  for (const [field, value] of typed) await field.fill(value)
  // Not all fields are filled (the dropdowns are not chosen yet): the form answers with its toast, in the
  // page, instead of submitting natively and reloading.
  await form.getByRole('button', { name: 'Enquire Now' }).click()
  await form.getByRole('button', { name: /^Code/ }).click()
  // Watched from now on: the toast lasts 3 s, and the dropdown opening next hides the rest of the page
  // from the accessibility tree.
  const toast = page.getByText(ruleMessages.contactIncomplete).waitFor()
  await hydrate()
  await toast
  await expect(page).toHaveURL('/contact-us')
  await chooseCountryCode(page)
  await expectValues(typed)
  await form.getByRole('combobox', { name: /How did you hear about us/ }).selectOption('Search Engine')
  await form.getByRole('combobox', { name: /Mode/ }).selectOption('LCL')
  await form.getByRole('button', { name: 'Enquire Now' }).click()
  await expect(page).toHaveURL('/contact-us/thank-you')
})

test('register: what was typed and ticked before hydration is kept and reaches the form', async ({
  browser,
  baseURL,
}) => {
  const { page, hydrate } = await coldPage(browser, baseURL)
  await page.goto('/register', { waitUntil: 'domcontentloaded' })
  const email = uniqueEmail('early-register')
  const typed: [Locator, string][] = [
    [page.getByLabel('Name', { exact: true }), 'Tan Wei Ming'],
    [page.getByLabel('Company Name'), 'Lion City Exports Pte Ltd'],
    [page.getByLabel('Company Registration Number'), '201912345K'],
    [page.getByLabel('Email (your username)'), email],
    [page.getByLabel('Password', { exact: true }), strongPassword],
    [page.getByLabel('Confirm Password'), strongPassword],
    [page.getByLabel('Phone Number'), '61234567'],
    [page.getByLabel('Address'), '10 Anson Road, #20-01'],
  ]
  for (const [field, value] of typed) await field.fill(value)
  // The checkbox input is visually hidden behind its styled box (src/components/ui/select-field.tsx).
  await page.getByRole('checkbox').check({ force: true })
  // The country list's code loads after hydration: the press waits for it and opens the list.
  await page.getByRole('button', { name: 'Show countries' }).click()
  await hydrate()
  await expect(page.getByRole('listbox')).toBeVisible()
  await page.keyboard.press('Escape')
  await expectValues(typed)
  await expect(page.getByRole('checkbox')).toBeChecked()
  // The chart has every value: choosing the country and the source is all that is left to register.
  await page.getByRole('combobox', { name: 'Country' }).fill('Singapore')
  await page.getByRole('option', { name: /Singapore/ }).click()
  await page.getByRole('combobox', { name: /How did you hear about us/ }).selectOption('Refferal')
  await expect(page.getByLabel('Code')).toHaveValue('+65')
  await page.getByRole('button', { name: 'Register', exact: true }).click()
  await expect(page.getByRole('alertdialog', { name: 'Registration Successful' })).toBeVisible()
})

test('home: GET QUOTE clicked before hydration carries the typed quote to /register', async ({
  browser,
  baseURL,
}) => {
  const { page, hydrate } = await coldPage(browser, baseURL)
  await page.goto('/home', { waitUntil: 'domcontentloaded' })
  await page.getByLabel('Origin').fill('Singapore')
  await page.getByLabel('Destination').fill('Jebel Ali, UAE')
  await page.getByLabel('Cargo type').selectOption({ label: 'Hazardous' })
  await page.getByRole('link', { name: 'GET QUOTE' }).click()
  await hydrate()
  await expect(page).toHaveURL(/\/register\?/)
  const search = new URL(page.url()).searchParams
  expect(Object.fromEntries(search)).toEqual({
    origin: 'Singapore',
    destination: 'Jebel Ali, UAE',
    cargo: 'hazardous',
  })
  const summary = page.getByRole('region', { name: 'Your quote request' })
  await expect(summary.getByRole('definition')).toHaveText(['Singapore', 'Jebel Ali, UAE', 'Hazardous'])
})

test('header: the Services dropdown hovered before hydration opens once hydrated; leaving it closes it', async ({
  browser,
  baseURL,
}) => {
  const { page, hydrate } = await coldPage(browser, baseURL)
  await page.goto('/about-us', { waitUntil: 'domcontentloaded' })
  const nav = page.getByRole('navigation', { name: 'Main' })
  await nav.getByRole('link', { name: 'Services', exact: true }).hover()
  await hydrate()
  await expect(nav.getByRole('button', { name: 'Services menu' })).toHaveAttribute('aria-expanded', 'true')
  await expect(nav.getByRole('link', { name: 'Cargo Insurance' })).toBeVisible()
  await page.getByRole('heading', { level: 1 }).hover()
  await expect(nav.getByRole('button', { name: 'Services menu' })).toHaveAttribute('aria-expanded', 'false')
})

test('register: fields left before hydration show their messages once hydrated, the text kept', async ({
  browser,
  baseURL,
}) => {
  const { page, hydrate } = await coldPage(browser, baseURL)
  await page.goto('/register', { waitUntil: 'domcontentloaded' })
  await page.getByLabel('Email (your username)').fill('foo')
  await page.getByLabel('Company Name').focus()
  await page.getByRole('combobox', { name: 'Country' }).focus()
  await page.getByLabel('Name', { exact: true }).focus()
  await hydrate()
  await expect(page.getByText(ruleMessages.registerEmailInvalid)).toBeVisible()
  await expect(page.getByText(ruleMessages.companyRequired)).toBeVisible()
  await expect(page.getByText(ruleMessages.countryRequired)).toBeVisible()
  // The field still being used is not checked.
  await expect(page.getByText(ruleMessages.nameRequired)).toHaveCount(0)
  await expect(page.getByLabel('Email (your username)')).toHaveValue('foo')
})

test('footer: the Get In Touch form takes input and its Code dropdown opens as soon as it shows', async ({
  browser,
  baseURL,
}) => {
  // The footer form is not prerendered: it renders once the page is hydrated and the footer comes near.
  // Its Code dropdown opens once the countries have loaded (a click before waits for them).
  const { page, unthrottle } = await coldPage(browser, baseURL, false)
  await page.goto('/about-us', { waitUntil: 'domcontentloaded' })
  await page.getByRole('contentinfo').scrollIntoViewIfNeeded()
  const form = page.getByRole('contentinfo').getByRole('form', { name: 'Get in Touch' })
  const typed: [Locator, string][] = [
    [form.getByLabel('Name', { exact: true }), 'Nur Aisyah'],
    [form.getByLabel('Company'), 'Lion City Exports'],
    [form.getByRole('textbox', { name: 'Email', exact: true }), uniqueEmail('early-footer')],
    [form.getByLabel('Phone'), '61234567'],
    [form.getByLabel('Message'), 'A 40-foot container of furniture to Felixstowe.'],
  ]
  for (const [field, value] of typed) await field.fill(value)
  await form.getByRole('button', { name: /^Code/ }).click()
  await unthrottle()
  await chooseCountryCode(page)
  await form.getByRole('combobox', { name: /How did you hear about us/ }).selectOption('Search Engine')
  await form.getByRole('combobox', { name: /Mode/ }).selectOption('FCL')
  await expectValues(typed)
  await form.getByRole('button', { name: 'Enquire Now' }).click()
  await expect(page).toHaveURL('/contact-us/thank-you')
})

test('a page rendered afresh instead of hydrated (a query) carries what was typed to the same fields', async ({
  browser,
  baseURL,
}) => {
  const { page, hydrate } = await coldPage(browser, baseURL)
  await page.goto('/login?forgot=1', { waitUntil: 'domcontentloaded' })
  await page.getByLabel('Email').fill('nobody@example.com')
  await page.getByLabel('Password', { exact: true }).fill('Typed#before1')
  await hydrate()
  const dialog = page.getByRole('dialog', { name: 'Forgot Password' })
  await expect(dialog).toBeVisible()
  await dialog.getByRole('button', { name: 'Dismiss' }).click()
  await expect(dialog).toBeHidden()
  // The login form's own fields: the closed dialog's Email field may still be in the DOM, hidden.
  const login = page.getByRole('region', { name: 'Member Login' })
  await expect(login.getByLabel('Email')).toHaveValue('nobody@example.com')
  await expect(login.getByLabel('Password', { exact: true })).toHaveValue('Typed#before1')
  // The chart has them too: the login is tried, and refused.
  await page.getByRole('button', { name: 'Login' }).click()
  await expect(page.getByRole('alertdialog')).toContainText('Invalid email or password.')
})

for (const path of ['/home', '/about-us', '/services']) {
  test(`${path}: a page scrolled before hydration stays where the visitor put it`, async ({
    browser,
    baseURL,
  }) => {
    const { page, hydrate } = await coldPage(browser, baseURL)
    await page.goto(path, { waitUntil: 'domcontentloaded' })
    await page.mouse.move(400, 300)
    await page.mouse.wheel(0, 900)
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThanOrEqual(900)
    const scrolled = await page.evaluate(() => {
      const watched = window as unknown as { lowestScroll: number }
      watched.lowestScroll = window.scrollY
      addEventListener('scroll', () => {
        watched.lowestScroll = Math.min(watched.lowestScroll, window.scrollY)
      })
      return window.scrollY
    })
    await hydrate()
    // The router's first render has run by the mark; two frames let any scroll it asked for happen.
    const after = await page.evaluate(
      () =>
        new Promise<[number, number]>((resolve) =>
          requestAnimationFrame(() =>
            requestAnimationFrame(() =>
              resolve([window.scrollY, (window as unknown as { lowestScroll: number }).lowestScroll]),
            ),
          ),
        ),
    )
    expect(after, 'where the page is, and the lowest it went after the visitor scrolled').toEqual([
      scrolled,
      scrolled,
    ])
  })
}
