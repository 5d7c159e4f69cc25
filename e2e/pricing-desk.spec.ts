import { axeViolations } from './axe'
import { expect, test } from './fixtures'
import { handStaffSession, newStaff } from './staff-fixtures'

/**
 * The console's pricing desk (issue 23): a pricing person uploads a rate file of a carrier of their own, sees
 * its dry run (a refused row first, with Apply disabled; then the corrected file with what it adds), applies
 * it, and finds the new sheets in the list, the one lane ending within 7 days marked in words, and opens one
 * to read its lines; the pages pass axe, and at 320 px nothing scrolls sideways.
 */

const header =
  'mode,origin,destination,carrier,service,transit_days,departure_days,cargo_cutoff_days,doc_cutoff_days,free_days,valid_from,valid_to,currency,refused_dg_classes,code,name,side,basis,container_type,charge_currency,amount,minimum,breaks,hazardous_only'

const singaporeDay = (offset: number) =>
  new Date(Date.now() + 8 * 3_600_000 + offset * 86_400_000).toISOString().slice(0, 10)

test('a pricing person uploads a rate file, sees the dry run, applies it and sees the sheets', async ({
  page,
}) => {
  const carrier = `E2E Line ${Date.now().toString(36)}`
  const row = (destination: string, validTo: string, container = '40GP') =>
    `FCL,SGSIN,${destination},${carrier},Direct,9,WED,2,3,14,${singaporeDay(-1)},${validTo},USD,1;7,BAS,Ocean freight,freight,container,${container},,1000,,,`
  const bad = [header, row('INNSA', singaporeDay(30), '40XX')].join('\n')
  const good = [header, row('INNSA', singaporeDay(30)), row('CNSHA', singaporeDay(3))].join('\n')

  const pricing = await newStaff(page.request, ['pricing'])
  await handStaffSession(page, pricing)
  await page.goto('/staff/rates')
  await expect(page.getByRole('heading', { level: 1, name: 'Pricing desk' })).toBeVisible()
  await expect(
    page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Pricing desk' }),
  ).toBeVisible()

  // A refused row: named with its line and reason, and nothing can be applied.
  const fileInput = page.getByLabel('Rate file (CSV)')
  await fileInput.setInputFiles({ name: 'bad.csv', mimeType: 'text/csv', buffer: Buffer.from(bad) })
  const report = page.getByTestId('rate-report')
  await expect(report).toContainText('1 refused')
  await expect(page.getByRole('table', { name: /Refused rows/ })).toContainText(
    'container_type must be one of 20GP, 40GP, 40HC, 45HC, 20RF, 40RF, got "40XX"',
  )
  await expect(page.getByRole('button', { name: 'Apply', exact: true })).toBeDisabled()
  expect(await axeViolations(page)).toEqual([])

  // The corrected file: two sheets added, priced for one 40' container; then applied.
  await fileInput.setInputFiles({ name: 'good.csv', mimeType: 'text/csv', buffer: Buffer.from(good) })
  await expect(report).toContainText('2 added')
  const added = page.getByRole('table', { name: /Added/ })
  await expect(added).toContainText('FCL SGSIN → CNSHA')
  await expect(added).toContainText('1 × 40GP: USD 1,000.00')
  await page.getByRole('button', { name: 'Apply', exact: true }).click()
  await expect(page.getByTestId('rate-applied')).toContainText(
    'good.csv is applied: 2 added, 0 changed, 0 removed',
  )

  // The sheets in the list, by carrier; the lane ending within 7 days is said in words.
  const filters = page.getByRole('region', { name: 'Rate sheets' })
  await filters.getByLabel('Carrier').fill(carrier)
  await filters.getByLabel('Carrier').press('Enter')
  const rows = page.getByTestId('rate-sheet-row')
  await expect(rows).toHaveCount(2)
  await expect(rows.filter({ hasText: 'CNSHA' })).toContainText('Lane expires within 7 days')
  await expect(rows.filter({ hasText: 'INNSA' })).not.toContainText('Lane expires within 7 days')
  await filters.getByLabel('Validity').selectOption('expiring')
  await filters.getByRole('button', { name: 'Apply filters' }).click()
  await expect(rows).toHaveCount(1)
  await expect(rows).toContainText('CNSHA')
  expect(await axeViolations(page)).toEqual([])

  await page.setViewportSize({ width: 320, height: 800 })
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320)
  expect(await axeViolations(page)).toEqual([])

  // A sheet opens with its lines, read-only: its schedule, its charge lines in the people's words.
  await rows.getByRole('link', { name: /^FCL SGSIN → CNSHA/ }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Rate sheet FCL SGSIN → CNSHA' })).toBeVisible()
  await expect(page).toHaveURL(/\/staff\/rates\/\d+$/)
  await expect(page.getByText(`${carrier} / Direct`)).toBeVisible()
  await expect(page.getByText('2 days before departure')).toBeVisible()
  await expect(page.getByText('Classes 1, 7')).toBeVisible()
  const line = page.getByTestId('rate-sheet-line')
  await expect(line).toHaveCount(1)
  await expect(line).toContainText('Ocean freight (BAS)')
  await expect(line).toContainText('per container (40GP)')
  await expect(line).toContainText('USD 1,000.00')
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320)
  expect(await axeViolations(page)).toEqual([])
})

test('the pricing desk is not offered to other roles', async ({ page }) => {
  const sales = await newStaff(page.request, ['sales'])
  await handStaffSession(page, sales)
  await page.goto('/staff')
  await expect(
    page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Sales desk' }),
  ).toBeVisible()
  await expect(page.getByRole('link', { name: 'Pricing desk' })).toHaveCount(0)
})
