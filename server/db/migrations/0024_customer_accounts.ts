import { type Kysely, sql } from 'kysely'

// The customer directory (issue 23, docs/staff.md "The customer directory"): an admin may deactivate a
// customer's user. A deactivated user's sessions end (the users trigger of 0011 tells every process) and
// they cannot log in until reactivated; `deactivated_by` is the staff member who did it. An index on sessions
// by user and creation serves the directory's "last login".

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('deactivated_at', 'timestamptz')
    .addColumn('deactivated_by', 'integer', (col) => col.references('staff_members.id'))
    .execute()
  await sql`create index sessions_user_created on sessions (user_id, created_at desc)`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists sessions_user_created`.execute(db)
  await db.schema.alterTable('users').dropColumn('deactivated_by').dropColumn('deactivated_at').execute()
}
