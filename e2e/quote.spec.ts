import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { siteConfig } from '../site.config'
import { createCustomer, expect, fillConfirmation, logIn, test } from './fixtures'

/**
 * The quote journey against the real server: the request form, carrier options, services with the price
 * updating at once, confirmation to a booking, no-rate lanes to a requested quote, My Quotes, and axe on each
 * page. The instant-rate tests price on the illustrative rate sheets the shared server seeds (DEMO_SEED on in
 * e2e/playwright.config.ts).
 */

async function choosePlace(page: Page, label: 'Origin' | 'Destination', code: string) {
  const box = page.getByRole('combobox', { name: label })
  await box.fill(code)
  await page.getByRole('option', { name: new RegExp(`\\b${code}$`) }).click()
  await expect(box).toHaveValue(new RegExp(`\\(${code}\\)`))
}

async function startQuote(page: Page, mode: 'FCL' | 'LCL' | 'Air', from: string, to: string) {
  await page.getByRole('radio', { name: new RegExp(`^${mode}`) }).check({ force: true })
  await choosePlace(page, 'Origin', from)
  await choosePlace(page, 'Destination', to)
  await page.getByLabel('Commodity').fill('Teak furniture')
}

test("the home strip's quote prefills the quote form after login, through quoteData", async ({
  page,
  request,
}) => {
  const customer = await createCustomer(request, 'strip')
  await page.goto('/home')
  await page.getByLabel('Origin').fill('Singapore')
  await page.getByLabel('Destination').fill('Nhava Sheva')
  await page.getByLabel('Cargo type').selectOption({ label: 'Hazardous' })
  await page.getByRole('link', { name: 'GET QUOTE' }).click()
  await expect(page).toHaveURL(/\/register\?/)
  // An existing customer logs in instead (a new one comes back from the activation mail, without the query).
  await logIn(page, customer)
  // Each text named one port: it is the place chosen; the cargo type switched the hazardous details on.
  await expect(page.getByRole('combobox', { name: 'Origin' })).toHaveValue(/\(SGSIN\)$/)
  await expect(page.getByRole('combobox', { name: 'Destination' })).toHaveValue(/\(INNSA\)$/)
  await expect(page.getByRole('checkbox', { name: 'Hazardous (dangerous goods)' })).toBeChecked()
  await expect(page.getByLabel('UN number')).toBeVisible()
})

test.describe('quotes', () => {
  test.beforeEach(async ({ page, request }) => {
    const customer = await createCustomer(request, 'quote')
    await logIn(page, customer)
  })

  test('FCL Singapore to Nhava Sheva to a booking, confirmed with a double click', async ({ page }) => {
    await startQuote(page, 'FCL', 'SGSIN', 'INNSA')
    await page.getByLabel('Cargo value (USD, optional)').fill('25000')
    await page.getByRole('button', { name: 'Get quote' }).click()
    const options = page.getByTestId('quote-option')
    await expect(options.first()).toBeVisible()
    // The focus is taken to the results, then (after Select) to the next page's heading.
    await expect(page.getByRole('heading', { name: /^Quote ESQ-/ })).toBeFocused()
    await expect(options.first()).toContainText(/USD [\d,]+\.\d\d/)
    await expect(options.first()).toContainText(/SGD [\d,]+\.\d\d/)
    // Each option's emissions, port to port; sorted by them, the lowest first.
    const figures = page.getByTestId('option-emissions')
    await expect(figures.first()).toContainText(/^[\d,]+ kg CO2e/)
    await page.getByRole('radio', { name: 'Emissions' }).check({ force: true })
    const kg = (await figures.allTextContents()).map((text) =>
      Number(text.replace(/ kg.*$/, '').replaceAll(',', '')),
    )
    expect(kg.length).toBeGreaterThan(1)
    expect(kg).toEqual([...kg].sort((a, b) => a - b))
    await page.getByRole('radio', { name: 'Transit time' }).check({ force: true })
    await options
      .first()
      .getByRole('button', { name: /^Select/ })
      .click()
    await expect(page).toHaveURL(/\/user\/getquote\?quote=ESQ-\d{10}&option=\d+/)
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused()

    // Adding and removing insurance, and each screen of the offer chart, are the paths of
    // tests/views/quote-offer-model.test.tsx.
    await expect(page.getByTestId('quote-total')).toContainText('USD')
    // The Quotation Preview's emissions by leg: the voyage, then a door pickup adds its road leg.
    const legs = page.getByTestId('emission-leg')
    await expect(legs.first()).toContainText('By sea, SGSIN to')
    const total = page.getByTestId('emissions-total')
    const before = await total.textContent()
    const pickup = page.getByRole('radiogroup', { name: 'Door pickup' })
    await pickup.getByRole('radio', { name: /^Zone B/ }).check({ force: true })
    await expect(legs.first()).toContainText('Pickup by road, door to SGSIN')
    await expect(total).not.toHaveText(before ?? '')
    await pickup.getByRole('radio', { name: 'None' }).check({ force: true })
    await expect(total).toHaveText(before ?? '')

    await expect(page.getByRole('heading', { name: 'Included', exact: true })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Not included' })).toBeVisible()
    await page.getByRole('button', { name: 'Continue' }).click()
    await expect(page).toHaveURL(/\/user\/confirm-quote\?quote=ESQ-\d{10}&option=\d+/)

    await fillConfirmation(page)
    let confirms = 0
    page.on('request', (r) => {
      if (r.method() === 'POST' && /\/confirm$/.test(new URL(r.url()).pathname)) confirms += 1
    })
    const confirm = page.getByRole('button', { name: /^Confirm/ })
    await confirm.dblclick()
    await expect(page.getByTestId('booking-number')).toHaveText(/^ESB-\d{10}$/)
    expect(confirms).toBe(1)
    // The booking's confirmation page (e2e/booking-confirmation.spec.ts), on the way to the booking.
    await expect(page).toHaveURL(/\/user\/bookings\/ESB-\d{10}\/confirmed$/)
    await expect(page.getByRole('link', { name: 'View booking' })).toHaveAttribute(
      'href',
      /^\/user\/bookings\/ESB-\d{10}$/,
    )

    await page.goto('/user/quotation')
    await expect(page.getByTestId('quote-status').first()).toContainText('Booked')
  })

  test('LCL shows the first-shipment discount line', async ({ page }) => {
    await startQuote(page, 'LCL', 'SGSIN', 'INNSA')
    await page.getByLabel('Line 1 pieces').fill('4')
    await page.getByLabel('Line 1 length (cm)').fill('120')
    await page.getByLabel('Line 1 width (cm)').fill('100')
    await page.getByLabel('Line 1 height (cm)').fill('100')
    await page.getByLabel('Line 1 weight per piece (kg)').fill('250')
    await page.getByRole('button', { name: 'Get quote' }).click()
    await page
      .getByTestId('quote-option')
      .first()
      .getByRole('button', { name: /^Select/ })
      .click()
    await expect(page.locator('[data-group="discount"] [data-code="FIRSTLCL"]')).toContainText(
      'First LCL shipment',
    )
  })

  test('air: the volumetric weight is charged when it exceeds the gross weight', async ({ page }) => {
    await startQuote(page, 'Air', 'SIN', 'BOM')
    await page.getByLabel('Line 1 pieces').fill('2')
    await page.getByLabel('Line 1 length (cm)').fill('100')
    await page.getByLabel('Line 1 width (cm)').fill('80')
    await page.getByLabel('Line 1 height (cm)').fill('60')
    await page.getByLabel('Line 1 weight per piece (kg)').fill('20')
    await page.getByRole('button', { name: 'Get quote' }).click()
    await page
      .getByTestId('quote-option')
      .first()
      .getByRole('button', { name: /^Select/ })
      .click()
    // 2 × 100 × 80 × 60 cm / 6,000 = 160 kg volumetric against 40 kg gross.
    await expect(page.locator('[data-group="freight"]')).toContainText('160 kg')
  })

  test('hazardous cargo without a UN number is refused with a message', async ({ page }) => {
    await startQuote(page, 'FCL', 'SGSIN', 'INNSA')
    await page.getByRole('checkbox', { name: 'Hazardous (dangerous goods)' }).check({ force: true })
    let created = 0
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/quotes') created += 1
    })
    await page.getByRole('button', { name: 'Get quote' }).click()
    await expect(page.getByText('UN number must be 4 digits.')).toBeVisible()
    expect(created).toBe(0)
  })

  test('no instant rate gives a Requested quote in My Quotes', async ({ page }) => {
    await startQuote(page, 'FCL', 'SGSIN', 'NZAKL')
    await page.getByRole('button', { name: 'Get quote' }).click()
    // When the sales desk answers, from the site configuration.
    await expect(
      page.getByText(`within ${siteConfig.salesDesk.answerWithin} (${siteConfig.salesDesk.hours})`),
    ).toBeVisible()
    await page.getByRole('button', { name: 'Request a quote' }).click()
    const status = page.getByRole('status').filter({ hasText: 'is with our sales team' })
    await expect(status).toContainText(/ESQ-\d{10}/)
    const number = (await status.textContent())?.match(/ESQ-\d{10}/)?.[0] ?? ''
    await page.getByRole('link', { name: 'My Quotes' }).last().click()
    await expect(page).toHaveURL('/user/quotation')
    const row = page.getByTestId('quote-row').filter({ hasText: number })
    await expect(row.getByTestId('quote-status')).toHaveText('Requested')
  })

  test('My Quotes filters by mode and duplicates a quote into the form', async ({ page }) => {
    await startQuote(page, 'FCL', 'SGSIN', 'NZAKL')
    await page.getByRole('button', { name: 'Get quote' }).click()
    await page.getByRole('button', { name: 'Request a quote' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'is with our sales team' })).toBeVisible()
    await page.goto('/user/quotation')
    const rows = page.getByTestId('quote-row')
    await expect(rows.filter({ hasText: 'NZAKL' }).first()).toBeVisible()
    await page.getByRole('combobox', { name: /Mode$/ }).selectOption('AIR')
    await expect(rows.filter({ hasText: 'NZAKL' })).toHaveCount(0)
    await page.getByRole('combobox', { name: /Mode$/ }).selectOption('All')
    await rows
      .filter({ hasText: 'NZAKL' })
      .first()
      .getByRole('button', { name: /^Duplicate/ })
      .click()
    await expect(page).toHaveURL('/user/home')
    await expect(page.getByRole('combobox', { name: 'Destination' })).toHaveValue(/NZAKL/)
    await expect(page.getByLabel('Commodity')).toHaveValue('Teak furniture')
  })

  test('a place typed before the type-ahead has loaded is kept, and its list opens with it', async ({
    page,
  }) => {
    // The type-ahead's code is held back, as on a slow phone: the page shows the field drawn natively.
    let release = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    await page.route(/\/assets\/place-combo-[\w-]+\.js$/, async (route) => {
      await held
      await route.continue()
    })
    await page.goto('/user/home')
    const origin = page.getByRole('combobox', { name: 'Origin' })
    await origin.fill('Singapor')
    await expect(origin).toHaveAttribute('aria-busy', 'true')
    release()
    // The type-ahead takes its place with the text, the focus and the caret, and offers what was typed.
    await expect(origin).not.toHaveAttribute('aria-busy')
    await expect(page.getByRole('option', { name: /\bSGSIN$/ })).toBeVisible()
    await expect(origin).toBeFocused()
    await origin.press('e')
    await expect(origin).toHaveValue('Singapore')
    await page.getByRole('option', { name: /\bSGSIN$/ }).click()
    await expect(origin).toHaveValue(/\(SGSIN\)$/)
  })

  test('the quote pages pass axe', async ({ page }) => {
    const check = async () => {
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze()
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([])
    }
    await expect(page.getByRole('heading', { name: 'Get an instant quote' })).toBeVisible()
    await check()
    await startQuote(page, 'FCL', 'SGSIN', 'INNSA')
    await page.getByRole('button', { name: 'Get quote' }).click()
    await expect(page.getByTestId('quote-option').first()).toBeVisible()
    await check()
    await page
      .getByTestId('quote-option')
      .first()
      .getByRole('button', { name: /^Select/ })
      .click()
    await expect(page.getByTestId('quote-total')).toBeVisible()
    await check()
    await page.getByRole('button', { name: 'Continue' }).click()
    await expect(page.getByLabel('Shipper company name')).toBeVisible()
    await check()
    await page.goto('/user/quotation')
    await expect(page.getByRole('heading', { name: 'My Quotes', level: 1 })).toBeVisible()
    await check()
  })
})

test('an FCL quote shows each option’s sailing, its cut-offs and its free time', async ({
  page,
  request,
}) => {
  await logIn(page, await createCustomer(request, 'sailing'))
  await startQuote(page, 'FCL', 'SGSIN', 'INNSA')
  await page.getByRole('button', { name: 'Get quote' }).click()
  const options = page.getByTestId('quote-option')
  await expect(options.first()).toBeVisible()
  const day = String.raw`(Mon|Tue|Wed|Thu|Fri|Sat|Sun) \d{1,2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)( \d{4})?`
  const sailingLine = new RegExp(String.raw`ETD ${day} · ETA ${day} · \d+ days`)
  for (const option of await options.all()) {
    const schedule = option.getByTestId('option-schedule')
    await expect(schedule).toContainText(sailingLine)
    await expect(schedule).toContainText(new RegExp(`Cargo cut-off ${day} · Documents ${day}`))
    await expect(schedule).toContainText(/\d+ free days at destination \(demurrage and detention combined\)/)
  }
  // The chosen option's page says the same sailing.
  const first = (await options.first().getByTestId('option-schedule').textContent()) ?? ''
  const etd = first.match(sailingLine)?.[0] ?? ''
  expect(etd).not.toBe('')
  await options
    .first()
    .getByRole('button', { name: /^Select/ })
    .click()
  await expect(page.getByTestId('quote-total')).toBeVisible()
  await expect(page.getByTestId('option-schedule')).toContainText(etd)
})
