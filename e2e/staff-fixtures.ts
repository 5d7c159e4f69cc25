import type { APIRequestContext, Page } from '@playwright/test'
import { generate } from 'otplib'
import type { StaffRole } from '../contract/permissions'
import type { StaffLoginStep, StaffSignedIn } from '../contract/staff'
import { expect, mailTo, OPS_API_KEY, uniqueEmail } from './fixtures'

/**
 * A staff member of the test's own, added with the deployer's key, their password set from the invitation mail
 * and their authenticator enrolled, all through the API; their session. (An authenticator's code works once per
 * 30 s per person, so specs leave the shared demo staff alone and each signs in people of its own.)
 */
export async function newStaff(
  request: APIRequestContext,
  roles: StaffRole[],
  name = 'Nur Aziz',
): Promise<StaffSignedIn> {
  const email = uniqueEmail(`staff-${roles.join('-')}`)
  const password = 'Console#2026'
  const added = await request.post('/api/staff/team', {
    headers: { 'X-API-Key': OPS_API_KEY },
    data: { email, name, roles },
  })
  expect(added.status()).toBe(201)
  const [link] = await mailTo(request, email, /http\S+\/staff\/set-password\?token=\S+/)
  const token = new URL(link as string).searchParams.get('token')
  const set = await request.post('/api/staff/auth/set-password', {
    data: { token, esus_password: password, password_confirmation: password },
  })
  expect(set.status()).toBe(200)
  const login = await request.post('/api/staff/auth/login', { data: { email, password } })
  expect(login.status()).toBe(200)
  const step = (await login.json()) as StaffLoginStep
  if (step.step !== 'enrol')
    throw new Error('a new staff member enrols an authenticator at the first sign-in')
  const code = await generate({ secret: step.secret.replace(/\s+/g, '') })
  const verify = await request.post('/api/staff/auth/verify', { data: { challenge: step.challenge, code } })
  expect(verify.status()).toBe(200)
  return (await verify.json()) as StaffSignedIn
}

/** Hands the staff session to the page as the sign-in would have stored it (once per tab). */
export async function handStaffSession(page: Page, signed: StaffSignedIn) {
  await page.addInitScript(
    ({ token, staff }) => {
      if (sessionStorage.getItem('e2e.staffSession')) return
      sessionStorage.setItem('e2e.staffSession', 'set')
      localStorage.setItem('eshipStaffToken', token)
      localStorage.setItem('eshipStaff', JSON.stringify(staff))
      localStorage.setItem('eshipStaffLastActivity', String(Date.now()))
    },
    { token: signed.token, staff: signed.staff },
  )
}

/** Calls a staff operation with the session's token. */
export const staffCall = (request: APIRequestContext, signed: StaffSignedIn) => ({
  get: (path: string) => request.get(path, { headers: { Authorization: `Bearer ${signed.token}` } }),
  post: (path: string, data: unknown) =>
    request.post(path, { headers: { Authorization: `Bearer ${signed.token}` }, data }),
})
