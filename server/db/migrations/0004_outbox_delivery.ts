import { type Kysely, sql } from 'kysely'

// The outbox becomes a durable queue: every mail is written in the transaction of what caused it and
// delivered by a worker in each server process (server/jobs/mail-worker.ts). Mails written before this
// migration were kept in the development outbox and logged, which was their whole delivery: they count as
// sent.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('outbox')
    .addColumn('reply_to', 'text')
    .addColumn('status', 'text', (col) =>
      col.notNull().defaultTo('pending').check(sql`status in ('pending', 'sending', 'sent', 'failed')`),
    )
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('claimed_until', 'timestamptz')
    .addColumn('last_error', 'text')
    .addColumn('sent_at', 'timestamptz')
    .addColumn('failed_at', 'timestamptz')
    .execute()
  await sql`update outbox set status = 'sent', sent_at = created_at`.execute(db)
  // The worker's look-up: mails waiting for an attempt, or claimed by a process that stopped.
  await db.schema
    .createIndex('outbox_due_idx')
    .on('outbox')
    .column('next_attempt_at')
    .where(sql.ref('status'), 'in', sql`('pending', 'sending')`)
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('outbox_due_idx').execute()
  await db.schema
    .alterTable('outbox')
    .dropColumn('reply_to')
    .dropColumn('status')
    .dropColumn('attempts')
    .dropColumn('next_attempt_at')
    .dropColumn('claimed_until')
    .dropColumn('last_error')
    .dropColumn('sent_at')
    .dropColumn('failed_at')
    .execute()
}
