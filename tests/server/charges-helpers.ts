/** Shared set-up of the charges tests: a booking server with a staff member of operations and finance. */
import type { StaffRole } from '../../contract/permissions'
import type { CompanyRole } from '../../contract/team'
import { apiPaths, type LoginResponse } from '../../contract/wire'
import { type BookingServer, setupBookingServer } from './booking-helpers'
import { bearer, createTestUser, postJson } from './helpers'
import { createTestStaff, staffToken } from './staff-helpers'

export type ChargeServer = Awaited<ReturnType<typeof setupChargeServer>>

export async function setupChargeServer() {
  const server: BookingServer = await setupBookingServer()
  /** A signed-in staff member with `roles`: their Authorization header. */
  async function staff(roles: StaffRole[]) {
    const member = await createTestStaff(server.db, roles, server.clock.now())
    return { ...bearer(await staffToken(server.app, member, server.clock.now())), id: String(member.id) }
  }
  const send = (auth: Record<string, string>, path: string, method = 'GET', body?: unknown) => {
    const { email: _email, id: _id, ...headers } = auth
    return server.app.request(path, {
      method,
      headers: { ...headers, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
  }
  /** Sets the company of the user signed in as `auth` to bill in `currency` (finance's setting). */
  async function billIn(email: string, currency: 'SGD' | 'USD' | null) {
    const user = await server.db
      .selectFrom('users')
      .select('customer_id')
      .where('esus_email_id', '=', email)
      .executeTakeFirstOrThrow()
    await server.db
      .updateTable('customers')
      .set({ billing_currency: currency })
      .where('id', '=', user.customer_id)
      .execute()
    return user.customer_id
  }
  /** A colleague of the user signed in as `email`, with `role` in their company, signed in. */
  async function colleague(email: string, role: CompanyRole) {
    const { customer_id } = await server.db
      .selectFrom('users')
      .select('customer_id')
      .where('esus_email_id', '=', email)
      .executeTakeFirstOrThrow()
    const user = await createTestUser(server.db)
    await server.db
      .updateTable('users')
      .set({ customer_id, company_role: role })
      .where('id', '=', user.id)
      .execute()
    const res = await server.app.request(
      apiPaths.login,
      postJson({ email: user.email, password: user.password }),
    )
    return { ...bearer(((await res.json()) as LoginResponse).token as string), email: user.email }
  }
  return { ...server, staff, send, billIn, colleague }
}
