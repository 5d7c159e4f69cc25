import type { Insertable, Kysely } from 'kysely'
import type { SessionUser } from '../../contract/wire'
import type { Database } from '../db/schema'
import type { UsersTable } from '../db/schema/accounts'
import { inTransaction } from '../db/transaction'

/** A new account: its company (a customer of its own) is made with it. */
export type NewUser = Omit<Insertable<UsersTable>, 'id' | 'created_at' | 'customer_id'>

/** Emails are the login name and unique case-insensitively: they are kept lower-cased. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase()
}

/** Makes the company a new account belongs to: the customer its quotes and bookings are scoped to. */
export async function createCustomer(db: Kysely<Database>, user: NewUser, now: Date): Promise<number> {
  const row = await db
    .insertInto('customers')
    .values({
      name: user.esus_company_name,
      regn_no: user.esus_regn_no.toUpperCase(),
      country_id: user.esus_mcou,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

/** Inserts an account and its company. */
export async function createUser(db: Kysely<Database>, user: NewUser, now = new Date()): Promise<number> {
  return inTransaction(db, async (trx) => {
    const customerId = await createCustomer(trx, user, now)
    const row = await trx
      .insertInto('users')
      // The first user of a new company is its Admin (contract/team.ts).
      .values({
        company_role: 'admin',
        ...user,
        customer_id: customerId,
        esus_email_id: normalizeEmail(user.esus_email_id),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    return row.id
  })
}

/** What login needs: the account, its password hash and its country's code. */
export async function findUserByEmail(db: Kysely<Database>, email: string) {
  return db
    .selectFrom('users')
    .innerJoin('countries', 'countries.mcou_rid', 'users.esus_mcou')
    .select([
      'users.id',
      'users.esus_name',
      'users.esus_email_id',
      'users.esus_company_name',
      'users.esus_mcou',
      'countries.mcou_code',
      'users.password_hash',
      'users.user_type',
      'users.activated_at',
      'users.deactivated_at',
      'users.company_role',
    ])
    .where('users.esus_email_id', '=', normalizeEmail(email))
    .executeTakeFirst()
}

export type LoginUser = NonNullable<Awaited<ReturnType<typeof findUserByEmail>>>

export function toSessionUser(user: SessionUser): SessionUser {
  return {
    esus_name: user.esus_name,
    esus_email_id: user.esus_email_id,
    esus_company_name: user.esus_company_name,
    esus_mcou: user.esus_mcou,
    mcou_code: user.mcou_code,
    company_role: user.company_role,
  }
}

export async function setPasswordHash(db: Kysely<Database>, userId: number, hash: string): Promise<void> {
  await db.updateTable('users').set({ password_hash: hash }).where('id', '=', userId).execute()
}
