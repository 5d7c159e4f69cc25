import type { Kysely } from 'kysely'
import { CUSTOMER_USER_TYPE } from '../../contract/messages'
import type { CompanyRole } from '../../contract/team'
import { hashPassword, needsRehash, verifyPassword } from '../auth/password'
import { createUser, findUserByEmail } from '../auth/users'
import type { Database } from '../db/schema'

/** The demo customer of development servers (never made in production). */
export const demoCustomer = {
  email: 'demo@eship.example',
  password: 'Demo#2025ship',
  name: 'Demo Customer',
  company: 'eShip Demo Trading Pte Ltd',
  countryCode: 'SG',
} as const

/**
 * Makes sure the demo customer exists, is activated, is a customer and has the demo password; idempotent.
 * Returns what it had to do.
 */
export async function ensureDemoCustomer(db: Kysely<Database>): Promise<'created' | 'repaired' | 'present'> {
  const existing = await findUserByEmail(db, demoCustomer.email)
  if (!existing) {
    const country = await db
      .selectFrom('countries')
      .select(['mcou_rid', 'mcou_country_dialing_code', 'eshp_mcpy'])
      .where('mcou_code', '=', demoCustomer.countryCode)
      .executeTakeFirstOrThrow()
    await createUser(db, {
      esus_name: demoCustomer.name,
      esus_company_name: demoCustomer.company,
      esus_regn_no: '202500001D',
      esus_email_id: demoCustomer.email,
      password_hash: await hashPassword(demoCustomer.password),
      esus_mcou: country.mcou_rid,
      code: country.mcou_country_dialing_code,
      esus_phone: '61234567',
      esus_address1: '1 Demo Harbour Road, Singapore 000001',
      esus_source: 'Others',
      esus_mcpy: country.eshp_mcpy,
      user_type: CUSTOMER_USER_TYPE,
      activated_at: new Date(),
    })
    return 'created'
  }
  const passwordOk =
    !needsRehash(existing.password_hash) &&
    (await verifyPassword(demoCustomer.password, existing.password_hash))
  if (passwordOk && existing.activated_at && existing.user_type === CUSTOMER_USER_TYPE) return 'present'
  await db
    .updateTable('users')
    .set({
      ...(passwordOk ? {} : { password_hash: await hashPassword(demoCustomer.password) }),
      user_type: CUSTOMER_USER_TYPE,
      activated_at: existing.activated_at ?? new Date(),
    })
    .where('id', '=', existing.id)
    .execute()
  return 'repaired'
}

/**
 * The demo company's colleagues (docs/teams.md): a Member and a Viewer beside the demo customer, its Admin, so
 * that a newcomer can sign in as each role. Same password as the demo customer.
 */
export const demoColleagues = [
  { email: 'demo.member@eship.example', name: 'Priya Tan', role: 'member' },
  { email: 'demo.viewer@eship.example', name: 'Marcus Lim', role: 'viewer' },
] as const satisfies readonly { email: string; name: string; role: CompanyRole }[]

/**
 * Makes sure the demo company has its Member and Viewer, activated, with the demo password and their roles;
 * idempotent (after ensureDemoCustomer). How many it created or repaired.
 */
export async function ensureDemoTeam(db: Kysely<Database>): Promise<number> {
  const admin = await db
    .selectFrom('users')
    .selectAll()
    .where('esus_email_id', '=', demoCustomer.email)
    .executeTakeFirstOrThrow()
  let changed = 0
  for (const colleague of demoColleagues) {
    const existing = await db
      .selectFrom('users')
      .selectAll()
      .where('esus_email_id', '=', colleague.email)
      .executeTakeFirst()
    if (!existing) {
      await db
        .insertInto('users')
        .values({
          esus_name: colleague.name,
          esus_company_name: admin.esus_company_name,
          esus_regn_no: admin.esus_regn_no,
          esus_email_id: colleague.email,
          password_hash: await hashPassword(demoCustomer.password),
          esus_mcou: admin.esus_mcou,
          code: admin.code,
          esus_phone: '61234568',
          esus_address1: admin.esus_address1,
          esus_source: 'Others',
          esus_mcpy: admin.esus_mcpy,
          user_type: CUSTOMER_USER_TYPE,
          activated_at: new Date(),
          customer_id: admin.customer_id,
          company_role: colleague.role,
        })
        .execute()
      changed += 1
      continue
    }
    const passwordOk =
      !needsRehash(existing.password_hash) &&
      (await verifyPassword(demoCustomer.password, existing.password_hash))
    const fine =
      passwordOk &&
      existing.activated_at !== null &&
      existing.deactivated_at === null &&
      existing.user_type === CUSTOMER_USER_TYPE &&
      existing.customer_id === admin.customer_id &&
      existing.company_role === colleague.role
    if (fine) continue
    await db
      .updateTable('users')
      .set({
        ...(passwordOk ? {} : { password_hash: await hashPassword(demoCustomer.password) }),
        user_type: CUSTOMER_USER_TYPE,
        activated_at: existing.activated_at ?? new Date(),
        deactivated_at: null,
        deactivated_by: null,
        deactivated_by_user: null,
        customer_id: admin.customer_id,
        company_role: colleague.role,
      })
      .where('id', '=', existing.id)
      .execute()
    changed += 1
  }
  return changed
}
