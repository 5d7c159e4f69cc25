import type { Insertable, Kysely } from 'kysely'
import type { SessionUser } from '../../contract/wire'
import type { Database, UsersTable } from './schema'

export type NewUser = Omit<Insertable<UsersTable>, 'id' | 'created_at'>

/** Emails are the login name and unique case-insensitively: they are kept lower-cased. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase()
}

export async function createUser(db: Kysely<Database>, user: NewUser): Promise<number> {
  const row = await db
    .insertInto('users')
    .values({ ...user, esus_email_id: normalizeEmail(user.esus_email_id) })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
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
  }
}

export async function setPasswordHash(db: Kysely<Database>, userId: number, hash: string): Promise<void> {
  await db.updateTable('users').set({ password_hash: hash }).where('id', '=', userId).execute()
}
