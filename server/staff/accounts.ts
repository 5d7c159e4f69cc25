import { type Kysely, sql } from 'kysely'
import type { StaffRole } from '../../contract/permissions'
import type { StaffMember } from '../../contract/staff'
import { normalizeEmail } from '../auth/users'
import type { Database } from '../db/schema'
import { inTransaction } from '../db/transaction'
import { endAllStaffSessions } from './sessions'

/** Everything about a staff member the sign-in needs. */
export async function findStaffByEmail(db: Kysely<Database>, email: string) {
  return db
    .selectFrom('staff_members')
    .selectAll()
    .where('email', '=', normalizeEmail(email))
    .executeTakeFirst()
}

export type StaffRow = NonNullable<Awaited<ReturnType<typeof findStaffByEmail>>>

const memberColumns = [
  'id',
  'email',
  'name',
  'roles',
  'password_hash',
  'totp_secret',
  'deactivated_at',
] as const

function toMember(row: Pick<StaffRow, (typeof memberColumns)[number]>): StaffMember {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    roles: row.roles,
    enrolled: row.password_hash !== null && row.totp_secret !== null,
    active: row.deactivated_at === null,
  }
}

/** The whole team, active first, then by name. */
export async function listStaff(db: Kysely<Database>): Promise<StaffMember[]> {
  const rows = await db
    .selectFrom('staff_members')
    .select(memberColumns)
    .orderBy(sql`deactivated_at is not null`)
    .orderBy('name')
    .orderBy('id')
    .execute()
  return rows.map(toMember)
}

export async function getStaff(db: Kysely<Database>, id: number): Promise<StaffMember | undefined> {
  const row = await db
    .selectFrom('staff_members')
    .select(memberColumns)
    .where('id', '=', id)
    .executeTakeFirst()
  return row && toMember(row)
}

/** Adds a staff member without a password (their invitation link sets it); undefined when the email is taken. */
export async function insertStaff(
  db: Kysely<Database>,
  input: { email: string; name: string; roles: StaffRole[]; passwordHash?: string; totpSecret?: string },
  now: Date,
): Promise<StaffMember | undefined> {
  const row = await db
    .insertInto('staff_members')
    .values({
      email: normalizeEmail(input.email),
      name: input.name,
      roles: sql<StaffRole[]>`${sql.val(input.roles)}::text[]`,
      password_hash: input.passwordHash ?? null,
      totp_secret: input.totpSecret ?? null,
      totp_last_step: null,
      deactivated_at: null,
      created_at: now,
    })
    .onConflict((oc) => oc.column('email').doNothing())
    .returning(memberColumns)
    .executeTakeFirst()
  return row && toMember(row)
}

/** Whether someone other than `exceptId` is an active admin. */
async function anotherActiveAdmin(db: Kysely<Database>, exceptId: number): Promise<boolean> {
  const row = await db
    .selectFrom('staff_members')
    .select('id')
    .where('id', '!=', exceptId)
    .where('deactivated_at', 'is', null)
    .where(sql<boolean>`'admin' = any(roles)`)
    .executeTakeFirst()
  return row !== undefined
}

export type StaffChange =
  | { ok: true; before: StaffMember; after: StaffMember }
  | { ok: false; reason: 'notFound' | 'lastAdmin' }

/**
 * Renames a staff member or sets their roles. Taking the admin role from the last active admin is refused: no
 * one could add staff again. The team's rows are locked so that two admins cannot both step down at once.
 */
export async function updateStaff(
  db: Kysely<Database>,
  id: number,
  change: { name?: string; roles?: StaffRole[] },
): Promise<StaffChange> {
  return inTransaction(db, async (trx) => {
    await sql`lock table staff_members in share row exclusive mode`.execute(trx)
    const before = await getStaff(trx, id)
    if (!before) return { ok: false, reason: 'notFound' }
    if (
      change.roles &&
      before.active &&
      before.roles.includes('admin') &&
      !change.roles.includes('admin') &&
      !(await anotherActiveAdmin(trx, id))
    ) {
      return { ok: false, reason: 'lastAdmin' }
    }
    await trx
      .updateTable('staff_members')
      .set({
        ...(change.name === undefined ? {} : { name: change.name }),
        ...(change.roles === undefined ? {} : { roles: sql<StaffRole[]>`${sql.val(change.roles)}::text[]` }),
      })
      .where('id', '=', id)
      .execute()
    const after = (await getStaff(trx, id)) as StaffMember
    return { ok: true, before, after }
  })
}

/**
 * Deactivates a staff member and ends their sessions, in one transaction: every process hears of it when it
 * commits (the staff_sessions channel) and refuses their token from then on.
 */
export async function deactivateStaff(db: Kysely<Database>, id: number, now: Date): Promise<StaffChange> {
  return inTransaction(db, async (trx) => {
    await sql`lock table staff_members in share row exclusive mode`.execute(trx)
    const before = await getStaff(trx, id)
    if (!before) return { ok: false, reason: 'notFound' }
    if (before.active && before.roles.includes('admin') && !(await anotherActiveAdmin(trx, id))) {
      return { ok: false, reason: 'lastAdmin' }
    }
    await trx
      .updateTable('staff_members')
      .set({ deactivated_at: now })
      .where('id', '=', id)
      .where('deactivated_at', 'is', null)
      .execute()
    await endAllStaffSessions(trx, id, now)
    const after = (await getStaff(trx, id)) as StaffMember
    return { ok: true, before, after }
  })
}
