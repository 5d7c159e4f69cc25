import { axeViolations } from './axe'
import { expect, test, uniqueEmail } from './fixtures'
import { handStaffSession, newStaff } from './staff-fixtures'

/**
 * The console's Team page (issue 22): an admin adds a member with a role, sees them invited, changes their
 * roles and deactivates them after a confirmation; the page passes axe on a desktop and at 390 px.
 *
 * The admin is one of this spec's own, added with the deployer's key and signed in through the API (an
 * authenticator's code works once per 30 s per person, so the shared demo admin is left to other specs).
 */

test('an admin adds a member, changes their roles and deactivates them', async ({ page }) => {
  const admin = await newStaff(page.request, ['admin'])
  await handStaffSession(page, admin)
  await page.goto('/staff/team')
  await expect(page.getByRole('heading', { level: 1, name: 'Team' })).toBeVisible()
  // The signed-in admin is listed, and cannot deactivate themselves.
  const own = page.getByRole('row', { name: new RegExp(`${admin.staff.name} \\(you\\)`) })
  await expect(own).toContainText('You cannot deactivate yourself')
  await expect(own.getByRole('button', { name: /^Deactivate/ })).toHaveCount(0)
  expect(await axeViolations(page)).toEqual([])

  // A missing role is said under the roles, and nothing is added.
  const email = uniqueEmail('team-member')
  const name = `Hui Min ${email.slice(12, 18)}`
  const form = page.getByRole('region', { name: 'Add a staff member' })
  await form.getByLabel('Work email').fill(email)
  await form.getByLabel('Name').fill(name)
  await form.getByRole('button', { name: 'Add and send invitation' }).click()
  await expect(form.getByText('Choose at least one role.')).toBeVisible()
  await form.getByRole('checkbox', { name: /^Sales:/ }).check({ force: true })
  await form.getByRole('button', { name: 'Add and send invitation' }).click()
  await expect(page.getByRole('main').getByRole('status')).toHaveText('Invitation sent.')
  await expect(form.getByLabel('Work email')).toHaveValue('')

  const row = page.getByRole('row', { name: new RegExp(name) })
  await expect(row).toContainText(email)
  await expect(row).toContainText('Invited')
  await expect(row).toContainText('Active')
  await expect(row.getByRole('checkbox', { name: `Sales role of ${name}` })).toBeChecked()
  await expect(row.getByRole('button', { name: `Resend invitation to ${name}` })).toBeVisible()

  // The same email again is refused under the email.
  await form.getByLabel('Work email').fill(email)
  await form.getByLabel('Name').fill(name)
  await form.getByRole('checkbox', { name: /^Pricing:/ }).check({ force: true })
  await form.getByRole('button', { name: 'Add and send invitation' }).click()
  await expect(form.getByText('A staff member with this email already exists.')).toBeVisible()

  // Roles are saved as they are ticked.
  await row.getByRole('checkbox', { name: `Operations role of ${name}` }).click({ force: true })
  await expect(page.getByRole('main').getByRole('status')).toHaveText('Saved.')
  await expect(row.getByRole('checkbox', { name: `Operations role of ${name}` })).toBeChecked()
  await expect(row.getByRole('checkbox', { name: `Sales role of ${name}` })).toBeChecked()

  // Deactivating asks first; Cancel keeps them.
  await row.getByRole('button', { name: `Deactivate ${name}` }).click()
  const dialog = page.getByRole('alertdialog', { name: `Deactivate ${name}?` })
  await expect(dialog).toBeVisible()
  expect(await axeViolations(page)).toEqual([])
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(dialog).toBeHidden()
  await expect(row).toContainText('Active')

  await row.getByRole('button', { name: `Deactivate ${name}` }).press('Enter')
  await page
    .getByRole('alertdialog', { name: `Deactivate ${name}?` })
    .getByRole('button', { name: 'Deactivate' })
    .click()
  await expect(page.getByRole('main').getByRole('status')).toHaveText(
    'Deactivated: their sessions have ended.',
  )
  await expect(row).toContainText('Deactivated')
  await expect(row.getByRole('button', { name: `Deactivate ${name}` })).toHaveCount(0)
  await expect(row.getByRole('checkbox', { name: `Sales role of ${name}` })).toBeDisabled()

  // On a phone the rows are cards, nothing scrolls sideways, and axe is still satisfied.
  await page.setViewportSize({ width: 390, height: 800 })
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await expect(row.getByRole('checkbox', { name: `Operations role of ${name}` })).toBeVisible()
  expect(await axeViolations(page)).toEqual([])
})
