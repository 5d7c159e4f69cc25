import type { APIRequestContext, Browser, Page } from '@playwright/test'
import { teamMessages } from '../contract/team'
import { apiPaths } from '../contract/wire'
import { axeViolations } from './axe'
import { bookThroughApi } from './bookings-api'
import {
  apiSession,
  type Customer,
  clientAddress,
  createCustomer,
  expect,
  handSession,
  mailTo,
  quoteThroughApi,
  singapore,
  strongPassword,
  test,
  uniqueEmail,
} from './fixtures'

/**
 * A company account is a team (issue 24), each person in a browser of their own and every step through the mails
 * they get: an Admin invites a Member and a Viewer, both join from their invitations, the Member books, the Admin
 * sees who booked, the Viewer reads the booking but can change nothing (no buttons, and 403 from the API), and
 * the Admin deactivates the Member, whose open tab meets the spec's session-expired flow. Then a second
 * registration with the company's number becomes a request to join that the Admin approves by keyboard on a
 * phone-sized screen, and the person lands in the same company.
 */

async function pageIn(browser: Browser, width?: number): Promise<Page> {
  const context = await browser.newContext({
    ...(width ? { viewport: { width, height: 800 } } : {}),
    extraHTTPHeaders: { 'X-Forwarded-For': clientAddress() },
  })
  return context.newPage()
}

const tokenOf = async (page: Page) => (await page.evaluate(() => localStorage.getItem('authToken'))) as string

/** Follows the invitation mail's link in a browser of the person's own and joins; their page on /user/home. */
async function join(browser: Browser, request: APIRequestContext, person: Customer): Promise<Page> {
  const [link] = await mailTo(request, person.email, /\/join\?token=[\w-]+/)
  const page = await pageIn(browser)
  await page.goto(link)
  await expect(page.getByRole('heading', { level: 1, name: 'Join your team' })).toBeVisible()
  await expect(page.getByLabel('Email (your username)')).toHaveValue(person.email)
  await expect(page.getByLabel('Code')).toHaveValue('+65')
  await page.getByLabel('Name', { exact: true }).fill(person.name)
  await page.getByLabel('Phone Number').fill('61234567')
  await page.getByLabel('Password', { exact: true }).fill(person.password)
  await page.getByLabel('Confirm Password', { exact: true }).fill(person.password)
  await page.getByRole('button', { name: 'Join the team' }).click()
  await expect(page).toHaveURL('/user/home')
  // The link worked once: opened again it says so and offers nothing else.
  const again = await pageIn(browser)
  await again.goto(link)
  await expect(again.getByRole('alert')).toContainText(teamMessages.invitationUsed)
  await expect(again.getByRole('button', { name: 'Join the team' })).toHaveCount(0)
  await again.context().close()
  return page
}

test('an Admin invites a Member and a Viewer; the Member books, the Viewer only reads, the Admin deactivates the Member', async ({
  browser,
  page,
  request,
}) => {
  const admin = await createCustomer(request, 'team-admin')
  await handSession(page, await apiSession(request, admin))
  await page.goto('/user/team')
  await expect(page.getByRole('heading', { level: 1, name: 'My Team' })).toBeVisible()
  const members = page.getByRole('region', { name: 'Members' })
  await expect(members.getByTestId('team-member')).toHaveCount(1)
  await expect(members.getByTestId('team-member')).toContainText('Admin')

  const member: Customer = { email: uniqueEmail('team-member'), password: strongPassword, name: 'Priya Tan' }
  const viewer: Customer = { email: uniqueEmail('team-viewer'), password: strongPassword, name: 'Wei Ling' }
  for (const [person, role] of [
    [member, 'Member'],
    [viewer, 'Viewer'],
  ] as const) {
    await page.getByRole('button', { name: 'Invite a colleague' }).click()
    const dialog = page.getByRole('dialog', { name: 'Invite a colleague' })
    await dialog.getByLabel('Email').fill(person.email)
    await dialog.getByLabel('Name').fill(person.name)
    await dialog.getByRole('radio', { name: new RegExp(`^${role}`) }).check({ force: true })
    await dialog.getByRole('button', { name: 'Send invitation' }).click()
    await expect(dialog).toBeHidden()
    await expect(page.getByRole('main').getByRole('status')).toContainText(teamMessages.invited)
  }
  const invitations = page.getByRole('region', { name: 'Invitations' })
  await expect(invitations.getByTestId('team-invitation')).toHaveCount(2)
  await expect(invitations.getByTestId('team-invitation').first()).toContainText('Invited')
  expect(await axeViolations(page)).toEqual([])

  const memberPage = await join(browser, request, member)
  const viewerPage = await join(browser, request, viewer)

  // The Member books; the Admin sees who did.
  const booking = await bookThroughApi(memberPage, request)
  await page.goto(`/user/bookings/${booking}`)
  await expect(page.getByText(`Booked by ${member.name}`)).toBeVisible()

  // The Viewer reads the booking, with no action that would change it.
  await viewerPage.goto(`/user/bookings/${booking}`)
  await expect(viewerPage.getByRole('heading', { level: 1 })).toContainText(booking)
  await expect(viewerPage.getByText(`Booked by ${member.name}`)).toBeVisible()
  await expect(viewerPage.getByRole('button', { name: /^Upload/ })).toHaveCount(0)
  await expect(viewerPage.getByRole('button', { name: 'Cancel booking' })).toHaveCount(0)
  expect(await axeViolations(viewerPage)).toEqual([])
  // And the API refuses what a hand-made request would try.
  const viewerAuth = { Authorization: `Bearer ${await tokenOf(viewerPage)}` }
  const upload = await request.post(`/api/bookings/${booking}/documents/invoice`, {
    headers: viewerAuth,
    multipart: {
      file: { name: 'invoice.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n') },
    },
  })
  expect(upload.status()).toBe(403)
  expect(await upload.json()).toEqual({ message: teamMessages.viewerForbidden })
  const quote = await quoteThroughApi(request, await tokenOf(memberPage))
  const confirm = await request.post(`/api/quotes/${quote.number}/confirm`, { headers: viewerAuth, data: {} })
  expect(confirm.status()).toBe(403)

  // The Admin deactivates the Member: the Member's open tab meets the session-expired flow at its next step.
  await page.goto('/user/team')
  const row = members.getByTestId('team-member').filter({ hasText: member.name })
  await expect(row).toContainText('Member')
  await row.getByRole('button', { name: `Deactivate ${member.name}` }).click()
  await page
    .getByRole('alertdialog', { name: `Deactivate ${member.name}?` })
    .getByRole('button', { name: 'Deactivate' })
    .click()
  await expect(page.getByRole('main').getByRole('status')).toContainText(teamMessages.deactivated)
  await expect(row).toContainText('Deactivated')
  await memberPage
    .getByRole('navigation', { name: 'Account' })
    .getByRole('link', { name: 'My Bookings' })
    .click()
  await expect(memberPage.getByRole('alertdialog', { name: 'Session Expired' })).toBeVisible()
  await expect(memberPage).toHaveURL('/home')
})

test('a second registration with the number asks to join; the Admin approves it by keyboard at 390 px; one company', async ({
  browser,
  request,
}) => {
  const admin = await createCustomer(request, 'join-admin')
  const sg = await singapore(request)
  const registration = (email: string, regnNo: string) => ({
    esus_name: 'Arjun Menon',
    esus_company_name: 'Lion City Exports',
    esus_regn_no: regnNo,
    esus_email_id: email,
    esus_password: strongPassword,
    password_confirmation: strongPassword,
    esus_mcou: sg.mcou_rid,
    code: sg.mcou_country_dialing_code,
    esus_phone: '62345678',
    esus_address1: '1 Harbour Front Avenue, Singapore',
    esus_source: 'Others',
    check: true,
    esus_mcpy: sg.eshp_mcpy,
  })
  const register = async (body: unknown) => {
    const response = await request.post(apiPaths.register, {
      headers: { 'X-Forwarded-For': clientAddress() },
      data: body,
    })
    return { status: response.status(), body: await response.text() }
  }
  // The same answer as any registration: nothing tells that the company has an account.
  const joiner = { email: uniqueEmail('joiner'), password: strongPassword, name: 'Arjun Menon' }
  const joining = await register(registration(joiner.email, (admin.regnNo as string).toLowerCase()))
  const fresh = await register(registration(uniqueEmail('fresh-company'), `NEW${Date.now()}`))
  expect(joining).toEqual(fresh)
  await mailTo(request, joiner.email, /already has an account/)

  const page = await pageIn(browser, 390)
  await handSession(page, await apiSession(request, admin))
  await page.goto('/user/team')
  const requests = page.getByRole('region', { name: 'Requests to join' })
  const row = requests.getByTestId('team-join-request')
  await expect(row).toContainText(joiner.email)
  // Keyboard only: the approval is a button reached and pressed with keys.
  const approve = row.getByRole('button', { name: `Approve ${joiner.name} as Member` })
  await approve.focus()
  await expect(approve).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('main').getByRole('status')).toContainText(teamMessages.approved)
  await expect(requests).toHaveCount(0)
  // Usable at 390 px: nothing wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  expect(await axeViolations(page)).toEqual([])

  // The approval mails the activation link; the person activates and is in the Admin's company.
  const [link] = await mailTo(request, joiner.email, /\/activate\?token=[\w-]+/)
  const token = new URL(link, 'http://x').searchParams.get('token')
  expect((await request.post(apiPaths.activate, { data: { token } })).status()).toBe(200)
  const session = await apiSession(request, joiner)
  expect(session.user.company_role).toBe('member')
  const team = await request.get('/api/team', { headers: { Authorization: `Bearer ${session.token}` } })
  const emails = ((await team.json()) as { members: { email: string }[] }).members.map((m) => m.email)
  expect(emails).toEqual(expect.arrayContaining([admin.email, joiner.email]))
  await page.reload()
  await expect(page.getByRole('region', { name: 'Members' }).getByTestId('team-member')).toHaveCount(2)
})
