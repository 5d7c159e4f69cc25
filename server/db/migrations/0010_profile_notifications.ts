import { type Kysely, sql } from 'kysely'

// My Profile: which mails each user gets (every kind on for existing and new accounts), and the mark of the
// quote-expiry reminder, set when a process claims a quote's reminder so that it is sent once across
// processes.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('notify_milestones', 'boolean', (col) => col.notNull().defaultTo(true))
    .addColumn('notify_eta_changes', 'boolean', (col) => col.notNull().defaultTo(true))
    .addColumn('notify_documents', 'boolean', (col) => col.notNull().defaultTo(true))
    .addColumn('notify_quote_expiry', 'boolean', (col) => col.notNull().defaultTo(true))
    .execute()
  await db.schema.alterTable('quotes').addColumn('expiry_reminded_at', 'timestamptz').execute()
  // The reminder job looks for priced quotes not yet reminded by their valid-to day.
  await sql`create index quotes_expiry_reminder_idx on quotes (valid_to) where expiry_reminded_at is null and kind = 'priced'`.execute(
    db,
  )
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists quotes_expiry_reminder_idx`.execute(db)
  await db.schema.alterTable('quotes').dropColumn('expiry_reminded_at').execute()
  await db.schema
    .alterTable('users')
    .dropColumn('notify_milestones')
    .dropColumn('notify_eta_changes')
    .dropColumn('notify_documents')
    .dropColumn('notify_quote_expiry')
    .execute()
}
