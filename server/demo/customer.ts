import type { Kysely } from 'kysely'
import { CUSTOMER_USER_TYPE } from '../../contract/messages'
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
