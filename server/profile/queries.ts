import type { Kysely } from 'kysely'
import type { Profile, ProfileUpdate } from '../../contract/profile'
import { type CompanyRole, companyDetailsFields } from '../../contract/team'
import type { Country, SessionUser } from '../../contract/wire'
import { endAllSessions, openSession } from '../auth/sessions'
import type { Database } from '../db/schema'
import { inTransaction } from '../db/transaction'

/** The user's details and their company's, as My Profile shows them; undefined for an unknown user. */
export async function findProfile(
  db: Kysely<Database>,
  userId: number,
): Promise<(Profile & { mcou_code: string; company_role: CompanyRole }) | undefined> {
  return db
    .selectFrom('users as u')
    .innerJoin('customers as c', 'c.id', 'u.customer_id')
    .innerJoin('countries as k', 'k.mcou_rid', 'c.country_id')
    .select([
      'u.esus_name',
      'u.esus_email_id',
      'c.country_id as esus_mcou',
      'k.mcou_code',
      'u.company_role',
      'k.mcou_country_dialing_code as code',
      'u.esus_phone',
      'u.esus_address1',
      'c.name as esus_company_name',
      'c.regn_no as esus_regn_no',
      'k.eshp_mcpy as esus_mcpy',
    ])
    .where('u.id', '=', userId)
    .executeTakeFirst()
}

export function profileUser(
  profile: Profile & { mcou_code: string; company_role: CompanyRole },
): SessionUser {
  return {
    esus_name: profile.esus_name,
    esus_email_id: profile.esus_email_id,
    esus_company_name: profile.esus_company_name,
    esus_mcou: profile.esus_mcou,
    mcou_code: profile.mcou_code,
    company_role: profile.company_role,
  }
}

/** Whether an edit changes My Profile's company details (contract/team.ts companyDetailsFields). */
export function changesCompanyDetails(stored: Profile, input: ProfileUpdate): boolean {
  return companyDetailsFields.some((field) => stored[field] !== input[field])
}

/**
 * Saves an edit: the user's own name and phone; with `company` (an Admin's edit that changes them) the
 * company's details too: its name and country on the company row, and, as registration stores them on each
 * user, the company name, address, country, its dialling code and branch on every user of the company.
 * The email and the registration number are never changed here. Returns the users whose rows changed.
 */
export async function saveProfile(
  db: Kysely<Database>,
  ids: { userId: number; customerId: number },
  input: ProfileUpdate,
  country: Country,
  { company }: { company: boolean },
): Promise<number[]> {
  return inTransaction(db, async (trx) => {
    await trx
      .updateTable('users')
      .set({ esus_name: input.esus_name, esus_phone: input.esus_phone })
      .where('id', '=', ids.userId)
      .execute()
    if (!company) return [ids.userId]
    const colleagues = await trx
      .updateTable('users')
      .set({
        esus_company_name: input.esus_company_name,
        esus_address1: input.esus_address1,
        esus_mcou: country.mcou_rid,
        code: country.mcou_country_dialing_code,
        esus_mcpy: country.eshp_mcpy,
      })
      .where('customer_id', '=', ids.customerId)
      .returning('id')
      .execute()
    await trx
      .updateTable('customers')
      .set({ name: input.esus_company_name, country_id: country.mcou_rid })
      .where('id', '=', ids.customerId)
      .execute()
    // The company's users, the one saving among them.
    return colleagues.map((row) => row.id)
  })
}

/** The password hash of a user, to check the current password against. */
export async function passwordHashOf(db: Kysely<Database>, userId: number): Promise<string | undefined> {
  const row = await db.selectFrom('users').select('password_hash').where('id', '=', userId).executeTakeFirst()
  return row?.password_hash
}

/**
 * A changed password, in one transaction: the new hash; every session of the user ended (this one and any
 * other device's) and unused reset links retired; a new session opened for `tokenHash`; then `also` (the
 * notice mail) in the same transaction.
 */
export async function replacePassword(
  db: Kysely<Database>,
  input: { userId: number; passwordHash: string; tokenHash: string; now: Date },
  also: (trx: Kysely<Database>) => Promise<unknown>,
): Promise<void> {
  const { userId, passwordHash, tokenHash, now } = input
  await inTransaction(db, async (trx) => {
    await trx.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId).execute()
    await endAllSessions(trx, userId, now)
    await trx
      .updateTable('password_resets')
      .set({ used_at: now })
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .execute()
    // Every other session has just ended: this one opens.
    await openSession(trx, userId, tokenHash, now)
    await also(trx)
  })
}
