import type { Kysely } from 'kysely'
import { generate } from 'otplib'
import { expect } from 'vitest'
import type { StaffRole } from '../../contract/permissions'
import { type StaffLoginStep, type StaffSignedIn, staffApiPaths } from '../../contract/staff'
import { hashPassword } from '../../server/auth/password'
import type { Database } from '../../server/db/schema'
import { insertStaff } from '../../server/staff/accounts'
import { newTotpSecret } from '../../server/staff/totp'
import { postJson } from './helpers'

let staffCount = 0

export interface TestStaff {
  id: number
  email: string
  password: string
  secret: string
}

/** Inserts an enrolled staff member (password and authenticator set) with the roles given. */
export async function createTestStaff(
  db: Kysely<Database>,
  roles: StaffRole[],
  now = new Date(),
): Promise<TestStaff> {
  staffCount += 1
  const email = `staff${staffCount}.${Math.random().toString(36).slice(2, 8)}@eship.test`
  const password = 'Staff#Pass1'
  const secret = newTotpSecret()
  const member = await insertStaff(
    db,
    {
      email,
      name: `Staff ${staffCount}`,
      roles,
      passwordHash: await hashPassword(password),
      totpSecret: secret,
    },
    now,
  )
  if (!member) throw new Error('email taken')
  return { id: member.id, email, password, secret }
}

/** The authenticator's code for `secret` at `at`. */
export function codeAt(secret: string, at: Date): Promise<string> {
  return generate({ secret: secret.replace(/\s+/g, ''), epoch: Math.floor(at.getTime() / 1000) })
}

type Requester = { request: (path: string, init?: RequestInit) => Response | Promise<Response> }

let ipCount = 0
/** Each sign-in from its own address, so the login limits stay out of the way. */
export const nextStaffIp = () => {
  ipCount += 1
  return `198.51.100.${ipCount % 250}`
}

export async function staffPassword(app: Requester, email: string, password: string, ip = nextStaffIp()) {
  const res = await app.request(staffApiPaths.login, postJson({ email, password }, { 'X-Forwarded-For': ip }))
  return { status: res.status, body: (await res.json()) as StaffLoginStep & { message?: string } }
}

export async function staffVerify(app: Requester, body: Record<string, string>, ip = nextStaffIp()) {
  const res = await app.request(staffApiPaths.verify, postJson(body, { 'X-Forwarded-For': ip }))
  return { status: res.status, body: (await res.json()) as StaffSignedIn & { message: string } }
}

/** Signs an enrolled staff member in (password, then the code at `at`); their token. */
export async function staffToken(app: Requester, staff: TestStaff, at: Date): Promise<string> {
  const first = await staffPassword(app, staff.email, staff.password)
  expect(first.status, JSON.stringify(first.body)).toBe(200)
  const second = await staffVerify(app, {
    challenge: first.body.challenge,
    code: await codeAt(staff.secret, at),
  })
  expect(second.status, JSON.stringify(second.body)).toBe(200)
  return second.body.token
}
