import { axeViolations } from './axe'
import { expect, test, uniqueEmail } from './fixtures'
import { handStaffSession, newStaff, staffCall } from './staff-fixtures'

/**
 * The console's Audit trail page (issue 22): an admin adds a person through the API, then finds that action in
 * the trail by filtering (actions starting `staff.`, by this admin), with the new person's email among its
 * changes; a record id without its record type is refused under the form before anything is sent; the page
 * passes axe on a desktop and at 390 px, where nothing scrolls sideways.
 *
 * The admin is one of this spec's own (an authenticator's code works once per 30 s per person).
 */

test('an admin finds a staff action in the audit trail by its filters', async ({ page }) => {
  const admin = await newStaff(page.request, ['admin'])
  const email = uniqueEmail('audited')
  const added = await staffCall(page.request, admin).post('/api/staff/team', {
    email,
    name: 'Siti Hamid',
    roles: ['sales'],
  })
  expect(added.status()).toBe(201)

  await handStaffSession(page, admin)
  await page.goto('/staff/audit')
  await expect(page.getByRole('heading', { level: 1, name: 'Audit trail' })).toBeVisible()
  await expect(
    page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Audit trail' }),
  ).toBeVisible()
  await expect(page.getByTestId('audit-row').first()).toBeVisible()

  // Staff actions of this admin: the person they added, with the email among the changes.
  const filters = page.getByRole('region', { name: 'Filters' })
  await filters.getByLabel('Action').fill('staff.')
  await filters.getByLabel('Staff id').fill(String(admin.staff.id))
  await filters.getByLabel('Staff id').press('Enter')
  const row = page.getByTestId('audit-row').filter({ hasText: email })
  await expect(row).toHaveCount(1)
  await expect(row).toContainText('staff.added')
  await expect(row).toContainText(admin.staff.email)
  await expect(row).toContainText('Admin')
  await expect(row).toContainText(`email: — → ${email}`)
  await expect(page.getByTestId('audit-row').filter({ hasNotText: 'staff.' })).toHaveCount(0)
  expect(await axeViolations(page)).toEqual([])

  // A record id without its record type is said under the record type, and the rows shown stay.
  await filters.getByRole('button', { name: 'Clear filters' }).click()
  await filters.getByLabel('Record id').fill('BK-NOT-A-TYPE')
  await filters.getByRole('button', { name: 'Apply filters' }).click()
  await expect(filters.getByText('Choose the record type too.')).toBeVisible()
  await expect(filters.getByLabel('Record type')).toHaveAttribute('aria-invalid', 'true')
  expect(await axeViolations(page)).toEqual([])

  // On a phone the events are cards, nothing scrolls sideways, and axe is still satisfied.
  await filters.getByRole('button', { name: 'Clear filters' }).click()
  await expect(page.getByTestId('audit-row').first()).toBeVisible()
  await page.setViewportSize({ width: 390, height: 800 })
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await expect(page.getByTestId('audit-row').first()).toBeVisible()
  expect(await axeViolations(page)).toEqual([])
})
