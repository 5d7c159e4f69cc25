import { readFile } from 'node:fs/promises'
import type { BookingDetail } from '../contract/bookings'
import { co2eText } from '../contract/emissions'
import { emissionsReportMessages } from '../contract/emissions-report'
import { axeViolations } from './axe'
import { bookThroughApi } from './bookings-api'
import { apiSession, createCustomer, expect, handSession, test } from './fixtures'

/**
 * The emissions report (issue 38 part 4, docs/emissions.md "The report"): a new company's /user/emissions says
 * its period has no booking; once it has booked, the report of the year to date lists the booking (its number
 * opens it) and the total; a period that ends before it starts is said under To; the CSV downloaded starts
 * with its header and the booking. On the way: axe, the keyboard, and the page at 320 px.
 */
test('a customer reads the emissions of the year to date and downloads them as CSV', async ({
  page,
  request,
}) => {
  const session = await apiSession(request, await createCustomer(request, 'emissions'))
  await handSession(page, session)
  await page.goto('/user/emissions')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Emissions report')
  await expect(page.getByTestId('emissions-empty')).toContainText('No booking was made')

  const number = await bookThroughApi(page, request)
  const booking = (await (
    await request.get(`/api/bookings/${number}`, { headers: { Authorization: `Bearer ${session.token}` } })
  ).json()) as BookingDetail
  const grams = booking.emissions?.figure.wtwGrams ?? 0
  expect(grams).toBeGreaterThan(0)

  // The menu leads there; the year to date now has the booking and its total.
  await page.goto('/user/home')
  await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Emissions' }).click()
  await expect(page.getByTestId('emissions-total')).toContainText(co2eText(grams))
  const row = page.getByTestId('emissions-booking')
  await expect(row).toHaveCount(1)
  await expect(row.getByRole('link', { name: number })).toHaveAttribute('href', `/user/bookings/${number}`)
  await expect(page.getByText(/ISO 14083:2023 and the GLEC Framework v3/)).toBeVisible()
  await expect(
    page.getByText('Default factors: the lowest tier of ISO 14083', { exact: false }),
  ).toBeVisible()
  expect(await axeViolations(page)).toEqual([])

  // By keyboard: a period that ends before it starts is refused under To, then a valid one is shown.
  const from = page.getByLabel('From', { exact: true })
  const to = page.getByLabel('To', { exact: true })
  const thisMonth = (await to.inputValue()) as string
  const year = Number(thisMonth.slice(0, 4))
  await from.fill(`${year + 1}-01`)
  await from.press('Tab')
  await to.press('Enter')
  await expect(page.getByText(emissionsReportMessages.periodOrder)).toBeVisible()
  await expect(to).toHaveAttribute('aria-invalid', 'true')
  await from.fill(`${year - 1}-01`)
  await to.focus()
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('emissions-status')).toContainText(`Jan ${year - 1} to`)
  await expect(page.getByTestId('emissions-total')).toContainText(co2eText(grams))

  // The CSV: its header, then the booking.
  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Download CSV' }).click()
  const saved = await download
  expect(saved.suggestedFilename()).toMatch(new RegExp(`^Emissions-.*-${year - 1}-01-to-${thisMonth}\\.csv$`))
  const [header, first] = (await readFile(await saved.path(), 'utf8')).split('\r\n')
  expect(header).toMatch(/^booking_number,booking_date,mode,origin,origin_name,destination,/)
  expect(first).toMatch(new RegExp(`^${number},\\d{4}-\\d{2}-\\d{2},FCL,SGSIN,`))
  expect(first).toContain(`,${grams},`)

  // At the smallest phone's width nothing scrolls sideways and the total and the downloads are on screen.
  await page.setViewportSize({ width: 320, height: 700 })
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect(overflow).toBeLessThanOrEqual(0)
  for (const key of [
    page.getByTestId('emissions-total'),
    page.getByRole('button', { name: 'Download PDF' }),
    row.getByRole('link', { name: number }),
  ]) {
    await key.scrollIntoViewIfNeeded()
    const box = await key.boundingBox()
    expect(box && box.x >= 0 && box.x + box.width <= 320).toBe(true)
  }
})
