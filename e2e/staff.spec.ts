import { generate } from 'otplib'
import { axeViolations } from './axe'
import { expect, mailTo, OPS_API_KEY, test, uniqueEmail } from './fixtures'

/**
 * The staff console's door (issue 22): an invitation by mail, the password, the authenticator enrolled from its
 * QR code's key, the recovery codes, the console; and the public pages never load any of it.
 */
const codeFor = (key: string) => generate({ secret: key.replace(/\s+/g, '') })

test('a new staff member sets a password from the invitation, enrols an authenticator and reaches the console', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('staff')
  const added = await request.post('/api/staff/team', {
    headers: { 'X-API-Key': OPS_API_KEY },
    data: { email, name: 'Farah Ismail', roles: ['sales'] },
  })
  expect(added.status()).toBe(201)
  const [link] = await mailTo(request, email, /http\S+\/staff\/set-password\?token=\S+/)
  const password = 'Console#2026'
  await page.goto(new URL(link as string).pathname + new URL(link as string).search)
  await page.getByLabel('New password').fill(password)
  await page.getByLabel('Confirm password').fill(password)
  await page.getByRole('button', { name: 'Set password' }).click()
  await expect(page.getByText('Your password is set. Sign in with it.')).toBeVisible()
  await page.getByRole('link', { name: 'Go to staff sign-in' }).click()

  await page.getByLabel('Work email').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page.getByRole('heading', { name: 'Set up your authenticator' })).toBeVisible()
  await expect(page.getByRole('img', { name: 'QR code of your authenticator key' })).toBeVisible()
  expect(await axeViolations(page)).toEqual([])
  const key = (await page.getByText(/^Key:/).textContent())?.replace('Key:', '').trim() ?? ''
  expect(key).toMatch(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/)

  // A wrong code is refused where it was typed.
  await page.getByLabel('6-digit code').fill('000000')
  await page.getByRole('button', { name: 'Confirm and sign in' }).click()
  await expect(page.getByText('That code is not right.', { exact: false })).toBeVisible()
  await page.getByLabel('6-digit code').fill(await codeFor(key))
  await page.getByRole('button', { name: 'Confirm and sign in' }).click()

  await expect(page.getByRole('heading', { name: 'Keep your recovery codes' })).toBeFocused()
  await expect(page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10)
  expect(await axeViolations(page)).toEqual([])
  await page.getByRole('button', { name: 'I have kept them: continue' }).click()

  await expect(page).toHaveURL(/\/staff$/)
  await expect(page.getByRole('heading', { name: 'Welcome, Farah Ismail' })).toBeVisible()
  // A sales person sees their desk, their messages and the customer directory, and no admin desk.
  await expect(page.getByRole('navigation', { name: 'Console' }).getByRole('link')).toHaveText([
    'Home',
    'Sales desk',
    'Messages',
    'Customers',
  ])
  // (axe on the console's pages at both widths: e2e/axe-pages.spec.ts.)
  await page.setViewportSize({ width: 390, height: 800 })
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)

  await page.getByRole('button', { name: 'Sign out' }).click()
  await expect(page).toHaveURL(/\/staff\/login$/)
  // Signed out, the console sends the person back to the sign-in.
  await page.goto('/staff')
  await expect(page).toHaveURL(/\/staff\/login$/)
})

test('the staff sign-in and set-password pages are branded with a main landmark; the sign-in has one title and links to the customers’ login', async ({
  page,
}) => {
  await page.goto('/staff/login')
  await expect(page.getByRole('banner')).toContainText('eShip staff')
  await expect(page.getByRole('main').getByRole('heading', { level: 1, name: 'Staff sign-in' })).toBeVisible()
  await expect(page.locator('title')).toHaveCount(1)
  await expect(page).toHaveTitle('Sign in | eShip staff')
  await page.getByRole('main').getByRole('link', { name: 'Member Login' }).click()
  await expect(page).toHaveURL('/login')
  await expect(page.getByRole('heading', { level: 1, name: 'Member Login' })).toBeVisible()
  // The page an invitation's link opens wears the same bar and landmark.
  await page.goto('/staff/set-password?token=not-a-real-token')
  await expect(page.getByRole('banner')).toContainText('eShip staff')
  await expect(
    page.getByRole('main').getByRole('heading', { level: 1, name: 'Set your password' }),
  ).toBeVisible()
})

test('the public pages and the customer area never load the console’s code', async ({ page }) => {
  const scripts: string[] = []
  page.on('request', (req) => {
    if (req.resourceType() === 'script') scripts.push(new URL(req.url()).pathname)
  })
  await page.goto('/home')
  await page.goto('/login')
  await page.waitForLoadState('networkidle')
  expect(scripts.filter((path) => /\/staff-/.test(path))).toEqual([])
})
