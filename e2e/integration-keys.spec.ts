import { axeViolations } from './axe'
import { expect, test } from './fixtures'
import { handStaffSession, newStaff } from './staff-fixtures'

/**
 * The console's Integration keys page (issue 23): an admin makes a key with one scope, sees its secret once
 * (copied, then put away), and the key works for that scope only; revoked after a confirmation, it is refused.
 * The page passes axe on a desktop and at 320 px.
 */

test('an admin makes a key, sees it once, and revokes it; the key is refused after', async ({
  page,
  request,
  context,
}) => {
  // An empty batch: a key let through reaches the body's check (422 `Send at least one event.`), changing
  // nothing; a refused key never gets that far.
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  const admin = await newStaff(page.request, ['admin'])
  await handStaffSession(page, admin)
  await page.goto('/staff')
  await page.getByRole('link', { name: 'Integration keys' }).first().click()
  await expect(page.getByRole('heading', { level: 1, name: 'Integration keys' })).toBeVisible()
  expect(await axeViolations(page)).toEqual([])

  // Nothing is made without a scope: the form says so.
  const name = `Tracking feed ${Date.now()}`
  const form = page.getByRole('region', { name: 'Make a key' })
  await form.getByLabel('Name').fill(name)
  await form.getByRole('button', { name: 'Make the key' }).click()
  await expect(form.getByText('Choose at least one scope.')).toBeVisible()
  await form.getByRole('checkbox', { name: /^events:write:/ }).check({ force: true })
  await form.getByRole('button', { name: 'Make the key' }).click()

  // The secret, once, with its warning; Copy puts it on the clipboard.
  const panel = page.getByRole('region', { name: `The key “${name}”` })
  await expect(panel).toContainText('you will not see it again')
  const secret = (await panel.getByTestId('key-secret').textContent()) ?? ''
  expect(secret).toMatch(/^esk_[A-Za-z0-9_-]{43}$/)
  await panel.getByRole('button', { name: 'Copy' }).click()
  await expect(panel.getByText('Copied to the clipboard.')).toBeVisible()
  // The product's pages may not read the clipboard (Permissions-Policy: clipboard-read=()), so the test reads it
  // from a blank page of the same origin that the test serves itself (marked hydrated, as the fixtures' goto waits).
  await context.route('**/clipboard-probe', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><html data-hydrated><title>probe</title></html>',
    }),
  )
  const probe = await context.newPage()
  await probe.goto('/clipboard-probe')
  expect(await probe.evaluate(() => navigator.clipboard.readText())).toBe(secret)
  await probe.close()
  await panel.getByRole('button', { name: 'Done: I have stored it' }).click()
  await expect(panel).toBeHidden()
  await expect(page.getByText(secret)).toHaveCount(0)

  const row = page.getByRole('row', { name: new RegExp(name) })
  await expect(row).toContainText(secret.slice(0, 12))
  await expect(row).toContainText('events:write')
  await expect(row).toContainText('Never')
  await expect(row).toContainText('In use')

  // The key works for its scope, and for nothing else.
  const events = (key: string) =>
    request.post('/api/ops/events', { headers: { 'X-API-Key': key }, data: { events: [] } })
  const accepted = await events(secret)
  expect(accepted.status()).toBe(422)
  expect(await accepted.json()).toMatchObject({ message: 'Send at least one event.' })
  const review = await request.post('/api/ops/documents/00000000-0000-0000-0000-000000000000/review', {
    headers: { 'X-API-Key': secret },
    data: { status: 'Accepted' },
  })
  expect(review.status()).toBe(403)
  expect(await review.json()).toEqual({ message: 'This key lacks the documents:review scope.' })

  // Its last use shows once the list is read again.
  await page.reload()
  await expect(page.getByRole('row', { name: new RegExp(name) })).not.toContainText('Never')

  // Revoking asks first; Cancel keeps it.
  await page.getByRole('button', { name: `Revoke ${name}` }).click()
  const dialog = page.getByRole('alertdialog', { name: `Revoke ${name}?` })
  await expect(dialog).toBeVisible()
  expect(await axeViolations(page)).toEqual([])
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(dialog).toBeHidden()
  expect((await events(secret)).status()).toBe(422)

  await page.getByRole('button', { name: `Revoke ${name}` }).press('Enter')
  await page
    .getByRole('alertdialog', { name: `Revoke ${name}?` })
    .getByRole('button', { name: 'Revoke' })
    .click()
  await expect(page.getByRole('main').getByRole('status').first()).toHaveText(
    'Key revoked: it is refused from now on.',
  )
  const revoked = page.getByRole('row', { name: new RegExp(name) })
  await expect(revoked).toContainText('Revoked')
  await expect(revoked.getByRole('button', { name: `Revoke ${name}` })).toHaveCount(0)

  const refused = await events(secret)
  expect(refused.status()).toBe(401)
  expect(await refused.json()).toEqual({ message: 'A valid X-API-Key is required.' })

  // On a narrow phone the rows are cards, nothing scrolls sideways, and axe is still satisfied.
  await page.setViewportSize({ width: 320, height: 800 })
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320)
  expect(await axeViolations(page)).toEqual([])
})

test('the page and its menu entry are for admins only', async ({ page }) => {
  const sales = await newStaff(page.request, ['sales'], 'Daniel Lim')
  await handStaffSession(page, sales)
  await page.goto('/staff')
  await expect(page.getByRole('link', { name: 'Integration keys' })).toHaveCount(0)
  await page.goto('/staff/keys')
  await expect(page.getByRole('alert')).toHaveText('This needs the Admin role.')
})
