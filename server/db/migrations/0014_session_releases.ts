import type { Kysely } from 'kysely'

// Single-use links that end every session of an account (the way out of the one-session rule, for a person
// whose other session was left open: server/auth/session-release.ts). The columns of password_resets: only
// the SHA-256 of the token is kept. Like the other migrations, it names its own table and does not depend
// on server/db/schema.ts.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('session_releases')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'char(64)', (col) => col.notNull().unique())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute()
  await db.schema
    .createIndex('session_releases_user_id_idx')
    .on('session_releases')
    .column('user_id')
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('session_releases').execute()
}
