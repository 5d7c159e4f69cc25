import { type Kysely, sql } from 'kysely'

// Accounts, sessions, password resets, rate-limit counters and the mail outbox. Like 0001, this migration
// names its own tables and does not depend on server/db/schema.ts.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('esus_name', 'text', (col) => col.notNull())
    .addColumn('esus_company_name', 'text', (col) => col.notNull())
    .addColumn('esus_regn_no', 'text', (col) => col.notNull())
    // The login name: stored lower-cased (the check keeps it so), hence unique case-insensitively.
    .addColumn('esus_email_id', 'text', (col) => col.notNull())
    .addColumn('password_hash', 'text', (col) => col.notNull())
    .addColumn('esus_mcou', 'integer', (col) =>
      col.notNull().references('countries.mcou_rid').onDelete('restrict'),
    )
    .addColumn('code', 'varchar(8)', (col) => col.notNull())
    .addColumn('esus_phone', 'varchar(15)', (col) => col.notNull())
    .addColumn('esus_address1', 'text', (col) => col.notNull())
    .addColumn('esus_source', 'text', (col) => col.notNull())
    .addColumn('esus_mcpy', 'integer', (col) => col.notNull().references('companies.id').onDelete('restrict'))
    .addColumn('user_type', 'text', (col) => col.notNull().defaultTo('Customer'))
    .addColumn('activated_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('users_esus_email_id_lower', sql`esus_email_id = lower(esus_email_id)`)
    .execute()
  await db.schema
    .createIndex('users_esus_email_id_key')
    .on('users')
    .column('esus_email_id')
    .unique()
    .execute()

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'char(64)', (col) => col.notNull().unique())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .addColumn('last_seen_at', 'timestamptz', (col) => col.notNull())
    .addColumn('ended_at', 'timestamptz')
    .execute()
  await db.schema
    .createIndex('sessions_open_user_id_idx')
    .on('sessions')
    .column('user_id')
    .where(sql.ref('ended_at'), 'is', null)
    .execute()

  await db.schema
    .createTable('password_resets')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'char(64)', (col) => col.notNull().unique())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute()
  await db.schema.createIndex('password_resets_user_id_idx').on('password_resets').column('user_id').execute()

  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'text', (col) => col.notNull())
    .addColumn('window_start', 'timestamptz', (col) => col.notNull())
    .addColumn('count', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('rate_limits_pkey', ['key', 'window_start'])
    .execute()
  await db.schema
    .createIndex('rate_limits_window_start_idx')
    .on('rate_limits')
    .column('window_start')
    .execute()

  await db.schema
    .createTable('outbox')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('to', 'text', (col) => col.notNull())
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('text', 'text', (col) => col.notNull())
    .addColumn('html', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema.createIndex('outbox_created_at_idx').on('outbox').column('created_at').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['outbox', 'rate_limits', 'password_resets', 'sessions', 'users']) {
    await db.schema.dropTable(table).execute()
  }
}
