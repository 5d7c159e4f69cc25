import { type Kysely, sql } from 'kysely'

// The forwarder's staff (issue 22, server/staff/): accounts apart from the customers' users, with roles, a
// password set through an emailed link, and a second factor (TOTP, RFC 6238) enrolled at the first sign-in with
// ten single-use recovery codes kept hashed. Their sessions follow the customers' rules (15 minutes idle, 12 hours
// at most, one live session per person) in a table of their own, and every process hears at once when one ends or
// a staff member changes (deactivated, roles changed), through NOTIFY on the `staff_sessions` channel with the
// staff member's id, as the customers' `sessions` channel does (0011).

const ROLES = ['admin', 'sales', 'operations', 'pricing']

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('staff_members')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('email', 'varchar(254)', (col) => col.notNull().unique())
    .addColumn('name', 'varchar(100)', (col) => col.notNull())
    .addColumn('roles', sql`text[]`, (col) => col.notNull())
    .addColumn('password_hash', 'text')
    // Base32; read only by the sign-in. Null until enrolment is confirmed with a first code.
    .addColumn('totp_secret', 'text')
    // The last time step a code was accepted for: a code is accepted once (RFC 6238, section 5.2).
    .addColumn('totp_last_step', 'bigint')
    .addColumn('deactivated_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .addCheckConstraint('staff_members_email_lower', sql`email = lower(email)`)
    .addCheckConstraint(
      'staff_members_roles',
      sql`cardinality(roles) > 0 and roles <@ array[${sql.join(ROLES.map((role) => sql.lit(role)))}]::text[]`,
    )
    .execute()

  await db.schema
    .createTable('staff_recovery_codes')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('staff_id', 'integer', (col) =>
      col.notNull().references('staff_members.id').onDelete('cascade'),
    )
    .addColumn('code_hash', 'char(64)', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .addColumn('used_at', 'timestamptz')
    .addUniqueConstraint('staff_recovery_codes_unique', ['staff_id', 'code_hash'])
    .execute()

  // Between the password and the code: a short-lived challenge (and during enrolment the secret proposed).
  await db.schema
    .createTable('staff_challenges')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('staff_id', 'integer', (col) =>
      col.notNull().references('staff_members.id').onDelete('cascade'),
    )
    .addColumn('token_hash', 'char(64)', (col) => col.notNull().unique())
    .addColumn('pending_secret', 'text')
    .addColumn('failures', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute()
  await db.schema
    .createIndex('staff_challenges_staff_idx')
    .on('staff_challenges')
    .column('staff_id')
    .execute()

  // Single-use links that set a password (the invitation, and a reset an admin sends).
  await db.schema
    .createTable('staff_password_links')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('staff_id', 'integer', (col) =>
      col.notNull().references('staff_members.id').onDelete('cascade'),
    )
    .addColumn('token_hash', 'char(64)', (col) => col.notNull().unique())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute()
  await db.schema
    .createIndex('staff_password_links_staff_idx')
    .on('staff_password_links')
    .column('staff_id')
    .execute()

  await db.schema
    .createTable('staff_sessions')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('staff_id', 'integer', (col) =>
      col.notNull().references('staff_members.id').onDelete('cascade'),
    )
    .addColumn('token_hash', 'char(64)', (col) => col.notNull().unique())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .addColumn('last_seen_at', 'timestamptz', (col) => col.notNull())
    .addColumn('ended_at', 'timestamptz')
    .execute()
  await db.schema.createIndex('staff_sessions_staff_idx').on('staff_sessions').column('staff_id').execute()

  await sql`
    create function notify_staff_sessions() returns trigger language plpgsql as $$
    begin
      perform pg_notify('staff_sessions', tg_table_schema || ' ' || (to_jsonb(old) ->> tg_argv[0]));
      return null;
    end
    $$`.execute(db)
  await sql`
    create trigger staff_sessions_notify after update of ended_at or delete on staff_sessions
    for each row execute function notify_staff_sessions('staff_id')`.execute(db)
  await sql`
    create trigger staff_members_notify after update or delete on staff_members
    for each row execute function notify_staff_sessions('id')`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists staff_members_notify on staff_members`.execute(db)
  await sql`drop trigger if exists staff_sessions_notify on staff_sessions`.execute(db)
  await sql`drop function if exists notify_staff_sessions()`.execute(db)
  for (const table of [
    'staff_sessions',
    'staff_password_links',
    'staff_challenges',
    'staff_recovery_codes',
    'staff_members',
  ]) {
    await db.schema.dropTable(table).ifExists().execute()
  }
}
