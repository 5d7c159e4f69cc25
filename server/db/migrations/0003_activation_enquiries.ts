import { type Kysely, sql } from 'kysely'

// Activation links of new accounts and contact enquiries. Like 0001 and 0002, this migration names its
// own tables and does not depend on server/db/schema.ts.

export async function up(db: Kysely<unknown>): Promise<void> {
  // Single-use activation links, like password_resets: only the SHA-256 of the token is kept.
  await db.schema
    .createTable('activation_tokens')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'char(64)', (col) => col.notNull().unique())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute()
  await db.schema
    .createIndex('activation_tokens_user_id_idx')
    .on('activation_tokens')
    .column('user_id')
    .execute()

  await db.schema
    .createTable('enquiries')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('mail', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('company', 'text', (col) => col.notNull())
    .addColumn('code', 'varchar(8)', (col) => col.notNull())
    .addColumn('phone', 'varchar(15)', (col) => col.notNull())
    .addColumn('source', 'text', (col) => col.notNull())
    .addColumn('mode', 'text', (col) => col.notNull())
    .addColumn('message', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute()
  // One enquiry per email, whatever its case: the index decides, so simultaneous requests cannot both insert.
  await db.schema
    .createIndex('enquiries_mail_lower_key')
    .on('enquiries')
    .expression(sql`lower(mail)`)
    .unique()
    .execute()
  await db.schema.createIndex('enquiries_created_at_idx').on('enquiries').column('created_at').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('enquiries').execute()
  await db.schema.dropTable('activation_tokens').execute()
}
