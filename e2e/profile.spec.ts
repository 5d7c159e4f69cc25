import type { Locator, Page } from '@playwright/test'
import { axeViolations } from './axe'
import { type Customer, createCustomer, expect, logIn, strongPassword, test } from './fixtures'

/**
 * My Profile against the real server: the details form with the registration rules, the top bar following a
 * saved name, the password change replacing the session's token, the notification switches, axe, and the
 * form completed with the keyboard alone. Every test has its own customer.
 */

const saved = 'Your profile has been saved.'

async function openProfile(page: Page, label: string): Promise<Customer> {
  const customer = await createCustomer(page.request, label)
  await logIn(page, customer)
  await page.goto('/user/profile')
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(customer.name)
  return customer
}

const storedUser = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('eshipUser') ?? 'null') as { esus_name: string })

/** Presses Tab until `target` has the focus (at most 20 times): keyboard only, without counting stops. */
async function tabTo(page: Page, target: Locator) {
  for (let i = 0; i < 20; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return
    await page.keyboard.press('Tab')
  }
  await expect(target).toBeFocused()
}

test.describe('my profile', () => {
  test('a bad phone shows the section 5 message and keeps the rest', async ({ page }) => {
    await openProfile(page, 'profile-phone')
    const name = page.getByLabel('Name', { exact: true })
    const phone = page.getByLabel('Phone Number')
    await name.fill('Renamed Shipper')
    await phone.fill('12345')
    await page.getByLabel('Address').focus()
    await expect(page.getByText('Minimum 7 digits is required.')).toBeVisible()
    const save = page.getByRole('button', { name: 'Save changes' })
    await expect(save).toBeDisabled()
    await expect(name).toHaveValue('Renamed Shipper')
    await expect(page.getByLabel('Address')).toHaveValue('10 Anson Road, #20-01')
    // Letters cannot be typed; once the number is long enough the message goes and the rest is saved.
    await phone.press('End')
    await phone.pressSequentially('ab67')
    await expect(phone).toHaveValue('1234567')
    await expect(page.getByText('Minimum 7 digits is required.')).toHaveCount(0)
    await save.click()
    const status = page.getByRole('status').filter({ hasText: saved })
    await expect(status).toBeVisible()
    // The confirmation shows under the buttons of what was saved, covering none of them.
    const boxes = await page
      .getByRole('button')
      .evaluateAll((buttons) =>
        buttons
          .filter((button) => !button.closest('[role="status"]'))
          .map((button) => button.getBoundingClientRect().toJSON() as DOMRect),
      )
    const shown = (await status.boundingBox()) as { x: number; y: number; width: number; height: number }
    for (const box of boxes) {
      const apart =
        box.x + box.width <= shown.x ||
        shown.x + shown.width <= box.x ||
        box.y + box.height <= shown.y ||
        shown.y + shown.height <= box.y
      expect(apart || box.width === 0, `a button at ${JSON.stringify(box)} lies under the confirmation`).toBe(
        true,
      )
    }
    await page.reload()
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Renamed Shipper')
    await expect(page.getByLabel('Phone Number')).toHaveValue('1234567')
  })

  test('a good edit is saved and the top bar and eshipUser follow at once', async ({ page }) => {
    const customer = await openProfile(page, 'profile-edit')
    await expect(page.getByRole('button', { name: `Account menu for ${customer.name}` })).toBeVisible()
    await page.getByLabel('Name', { exact: true }).fill('Nur Aisyah')
    await page.getByLabel('Company Name').fill('Straits Cargo Pte Ltd')
    await page.getByRole('button', { name: 'Save changes' }).click()
    await expect(page.getByRole('status').filter({ hasText: saved })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Account menu for Nur Aisyah' })).toBeVisible()
    expect(await storedUser(page)).toMatchObject({
      esus_name: 'Nur Aisyah',
      esus_company_name: 'Straits Cargo Pte Ltd',
    })
    await expect(page.getByLabel('Email (your username)')).toHaveValue(customer.email)
    await expect(page.getByLabel('Email (your username)')).toHaveAttribute('readonly', '')
    await page.reload()
    await expect(page.getByLabel('Company Name')).toHaveValue('Straits Cargo Pte Ltd')
    await expect(page.getByRole('button', { name: 'Account menu for Nur Aisyah' })).toBeVisible()
  })

  test('change password: the old password then fails and the new one works', async ({ page }) => {
    const customer = await openProfile(page, 'profile-password')
    const newPassword = 'Harbour#2026'
    const before = await page.evaluate(() => localStorage.getItem('authToken'))
    await page.getByLabel('Current Password').fill('Wrong#2025')
    await page.getByLabel('New Password', { exact: true }).fill(newPassword)
    await page.getByLabel('Confirm New Password').fill(newPassword)
    await page.getByRole('button', { name: 'Change Password' }).click()
    await expect(page.getByText('Current password is incorrect.')).toBeVisible()
    await page.getByLabel('Current Password').fill(strongPassword)
    await page.getByRole('button', { name: 'Change Password' }).click()
    await expect(
      page.getByRole('status').filter({ hasText: 'Your password has been changed.' }),
    ).toBeVisible()
    await expect(page.getByLabel('Current Password')).toHaveValue('')
    const after = await page.evaluate(() => localStorage.getItem('authToken'))
    expect(after).toBeTruthy()
    expect(after).not.toBe(before)
    // The old token is refused; this browser carries on with the new one.
    const old = await page.request.get('/api/profile', { headers: { Authorization: `Bearer ${before}` } })
    expect(old.status()).toBe(401)
    await page.reload()
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue(customer.name)

    await page.getByRole('button', { name: `Account menu for ${customer.name}` }).click()
    await page.getByRole('menuitem', { name: 'Logout' }).click()
    await expect(page).toHaveURL('/home')
    await page.goto('/login')
    await page.getByLabel('Email').fill(customer.email)
    await page.getByLabel('Password', { exact: true }).fill(customer.password)
    await page.getByRole('button', { name: 'Login' }).click()
    await expect(page.getByRole('alertdialog')).toContainText('Invalid email or password.')
    await page.getByRole('alertdialog').getByRole('button', { name: 'OK' }).click()
    await logIn(page, { ...customer, password: newPassword })
  })

  test('notification switches save as they are toggled', async ({ page }) => {
    await openProfile(page, 'profile-notify')
    const milestones = page.getByRole('switch', { name: 'Shipment milestones' })
    await expect(milestones).toBeChecked()
    await milestones.focus()
    await page.keyboard.press('Space')
    await expect(
      page.getByRole('status').filter({ hasText: 'Your notification settings have been saved.' }),
    ).toBeVisible()
    await expect(milestones).not.toBeChecked()
    await page.reload()
    await expect(page.getByRole('switch', { name: 'Shipment milestones' })).not.toBeChecked()
    await expect(page.getByRole('switch', { name: 'Quote expiry reminders' })).toBeChecked()
  })

  test('the page passes axe, with its messages showing too', async ({ page }) => {
    await openProfile(page, 'profile-axe')
    const check = async () => expect(await axeViolations(page)).toEqual([])
    await check()
    await page.getByLabel('Phone Number').fill('123')
    await page.getByLabel('Current Password').fill('x')
    await page.getByLabel('Current Password').blur()
    await page.getByLabel('Phone Number').focus()
    await page.getByLabel('Address').focus()
    await expect(page.getByText('Minimum 7 digits is required.')).toBeVisible()
    await check()
  })

  test('the profile form is completed with the keyboard alone', async ({ page }) => {
    await openProfile(page, 'profile-keys')
    const name = page.getByLabel('Name', { exact: true })
    await page.getByRole('heading', { level: 1 }).click()
    await tabTo(page, name)
    await page.keyboard.press('ControlOrMeta+a')
    await page.keyboard.type('Keyboard Shipper')
    const phone = page.getByLabel('Phone Number')
    await tabTo(page, phone)
    await page.keyboard.press('ControlOrMeta+a')
    await page.keyboard.type('98765432')
    const country = page.getByRole('combobox', { name: 'Country' })
    // The country list has arrived (the field shows the company's country) before the keys reach it.
    await expect(country).not.toHaveValue('')
    await tabTo(page, country)
    await page.keyboard.press('ControlOrMeta+a')
    await page.keyboard.type('Malaysia')
    await page.keyboard.press('ArrowDown')
    // The list is open on what was typed before Enter chooses from it (a busy machine lags).
    await expect(page.getByRole('option')).toHaveText([/^Malaysia/])
    await page.keyboard.press('Enter')
    await expect(page.getByLabel('Code')).toHaveValue('+60')
    const save = page.getByRole('button', { name: 'Save changes' })
    await tabTo(page, save)
    await page.keyboard.press('Enter')
    await expect(page.getByRole('status').filter({ hasText: saved })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Account menu for Keyboard Shipper' })).toBeVisible()
    await page.reload()
    await expect(page.getByLabel('Phone Number')).toHaveValue('98765432')
    await expect(page.getByLabel('Code')).toHaveValue('+60')
  })
})
