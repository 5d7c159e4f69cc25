import { axeViolations } from './axe'
import { expect, test } from './fixtures'
import { handStaffSession, newStaff } from './staff-fixtures'

/**
 * The pricing desk's emission factors (issue 38, docs/emissions.md "Updating the factors"): a pricing person
 * opens the page from the console's menu, types a new version by keyboard, is told a wrong number under its
 * field, checks the version (the dry run: the factor changed and the reference shipment it moves), applies it
 * and sees it in force and first among the versions; the page passes axe, and at 320 px nothing scrolls
 * sideways. The road factor moves by 1 g per tonne-km: quotes made meanwhile by other specs only count a
 * door pickup's road leg a little higher.
 */
test('a pricing person checks a new version of the emission factors, applies it and sees it in force', async ({
  page,
}) => {
  const version = `E2E factors ${Date.now().toString(36)}`
  const pricing = await newStaff(page.request, ['pricing'], 'Mei Ling Tan')
  await handStaffSession(page, pricing)
  await page.goto('/staff')
  await page
    .getByRole('navigation', { name: 'Console' })
    .getByRole('link', { name: 'Emission factors' })
    .click()
  await expect(page).toHaveURL(/\/staff\/rates\/emissions$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Emission factors' })).toBeVisible()
  await expect(page.getByRole('heading', { level: 2, name: /^In force: / })).toBeVisible()
  expect(await axeViolations(page)).toEqual([])

  // The form is the table in force; the road factor one gram more, typed by keyboard.
  const road = page.getByRole('group', { name: 'Truck, articulated, diesel' })
  const wtw = road.getByLabel('Well-to-wheel (WTW), g CO2e per t·km')
  const ttw = road.getByLabel('Tank-to-wheel (TTW), g CO2e per t·km')
  const before = Number(await wtw.inputValue())
  const ttwBefore = await ttw.inputValue()
  await page.getByLabel('Version name').fill(version)
  await wtw.fill(String(before + 1))
  // A TTW above the WTW is refused under its field, and nothing is sent; what was typed stays.
  await ttw.fill(String(before + 2))
  await ttw.press('Enter')
  await expect(road.getByText('Tank-to-wheel cannot be more than well-to-wheel')).toBeVisible()
  await expect(ttw).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByTestId('factors-dry-run')).toHaveCount(0)
  expect(await axeViolations(page)).toEqual([])
  await ttw.fill(ttwBefore)
  await ttw.press('Enter')

  // The dry run: the road factor's change, and the reference pickup it moves; nothing else changes.
  const report = page.getByTestId('factors-dry-run')
  await expect(page.getByRole('heading', { level: 3, name: `Dry run of ${version}` })).toBeFocused()
  await expect(report).toContainText('1 factor changes')
  await expect(report.getByRole('row', { name: /^Truck, articulated, diesel/ })).toContainText(
    `${before} g → ${before + 1} g`,
  )
  const pickup = report.getByTestId('reference-figure').filter({ hasText: 'Door pickup' })
  await expect(pickup).toContainText('more')
  await expect(report.getByTestId('reference-figure').filter({ hasText: 'LCL' })).toContainText('No change')
  expect(await axeViolations(page)).toEqual([])

  await page.getByRole('button', { name: `Apply ${version}` }).click()
  await expect(page.getByRole('status').filter({ hasText: `${version} is in force` })).toBeVisible()
  await expect(page.getByRole('heading', { level: 2, name: `In force: ${version}` })).toBeFocused()
  await expect(
    page.getByTestId('factors-in-force').getByRole('row', { name: /^Truck, articulated/ }),
  ).toContainText(`${before + 1} g`)
  const newest = page.getByTestId('factors-version').first()
  await expect(newest).toContainText(version)
  await expect(newest).toContainText('Mei Ling Tan')
  // The form starts again from the table now in force, without a name.
  await expect(page.getByLabel('Version name')).toHaveValue('')
  await expect(wtw).toHaveValue(String(before + 1))

  await page.setViewportSize({ width: 320, height: 800 })
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320)
  expect(await axeViolations(page)).toEqual([])
})
