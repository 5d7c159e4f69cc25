import { generate } from 'otplib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { staffRoles } from '../../contract/permissions'
import { staffApiPaths } from '../../contract/staff'
import { apiPaths, type LoginResponse } from '../../contract/wire'
import { createApp } from '../../server/app'
import { verifyPassword } from '../../server/auth/password'
import { findUserByEmail } from '../../server/auth/users'
import { demoCustomer, ensureDemoCustomer } from '../../server/demo/customer'
import { demoStaff, ensureDemoStaff } from '../../server/demo/staff'
import { openTestDatabase, postJson, type TestDatabase } from './helpers'

let database: TestDatabase

beforeAll(async () => {
  database = await openTestDatabase()
}, 60_000)

afterAll(async () => {
  await database?.close()
})

describe('ensureDemoCustomer', () => {
  it('creates the activated Singapore customer once', async () => {
    expect(await ensureDemoCustomer(database.db)).toBe('created')
    expect(await ensureDemoCustomer(database.db)).toBe('present')
    const users = await database.db.selectFrom('users').selectAll().execute()
    expect(users).toHaveLength(1)
    expect(users[0]).toMatchObject({
      esus_email_id: 'demo@eship.example',
      esus_company_name: 'eShip Demo Trading Pte Ltd',
      user_type: 'Customer',
      code: '+65',
      esus_mcpy: 1,
    })
    expect(users[0]?.activated_at).toBeInstanceOf(Date)
  })

  it('logs in with the published credentials', async () => {
    const app = createApp({ db: database.db })
    const res = await app.request(
      apiPaths.login,
      postJson({ email: 'demo@eship.example', password: 'Demo#2025ship' }),
    )
    expect(res.status).toBe(200)
    const body = (await res.json()) as LoginResponse
    expect(body.user).toMatchObject({ esus_company_name: 'eShip Demo Trading Pte Ltd', mcou_code: 'SG' })
    expect(body.isLoggedIn).toBe(false)
  })

  it('repairs a changed password or a deactivated account', async () => {
    await database.db
      .updateTable('users')
      .set({ password_hash: 'scrypt$10$8$1$AAAA$BBBB', activated_at: null })
      .where('esus_email_id', '=', demoCustomer.email)
      .execute()
    expect(await ensureDemoCustomer(database.db)).toBe('repaired')
    const user = await findUserByEmail(database.db, demoCustomer.email)
    expect(user?.activated_at).toBeInstanceOf(Date)
    expect(await verifyPassword(demoCustomer.password, user?.password_hash ?? '')).toBe(true)
    expect(await ensureDemoCustomer(database.db)).toBe('present')
  })
})

describe('ensureDemoStaff', () => {
  it('makes one staff member per role who sign in with the published password and authenticator key', async () => {
    expect(await ensureDemoStaff(database.db)).toBe(staffRoles.length)
    expect(await ensureDemoStaff(database.db)).toBe(0)
    const app = createApp({ db: database.db })
    for (const role of staffRoles) {
      const person = demoStaff.find((member) => member.roles.includes(role))
      expect(person, role).toBeDefined()
      const first = await app.request(
        staffApiPaths.login,
        postJson({ email: person?.email, password: 'Staff#2025demo' }),
      )
      const { challenge, step } = (await first.json()) as { challenge: string; step: string }
      expect(step).toBe('code')
      const code = await generate({ secret: 'ESHIPDEMOSTAFFTOTPSECRETKEY23456' })
      const second = await app.request(staffApiPaths.verify, postJson({ challenge, code }))
      expect(second.status, role).toBe(200)
      expect(((await second.json()) as { staff: { roles: string[] } }).staff.roles).toEqual([role])
    }
  })

  it('repairs a deactivated demo member with changed roles', async () => {
    await database.db
      .updateTable('staff_members')
      .set({ deactivated_at: new Date(), roles: ['pricing'] })
      .where('email', '=', 'sales@eship.example')
      .execute()
    expect(await ensureDemoStaff(database.db)).toBe(1)
    const row = await database.db
      .selectFrom('staff_members')
      .select(['roles', 'deactivated_at'])
      .where('email', '=', 'sales@eship.example')
      .executeTakeFirstOrThrow()
    expect(row).toEqual({ roles: ['sales'], deactivated_at: null })
  })
})
