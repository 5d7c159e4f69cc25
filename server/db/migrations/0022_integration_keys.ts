import { type Kysely, sql } from 'kysely'

// Named integration keys (issue 23, server/keys/): the keys admins create in the console for the operations
// API, each with its scopes (contract/permissions.ts keyScopes). The secret is never stored: `secret_hash` is
// its SHA-256 (hex; unique, so the lookup of every request is an index scan) and `prefix` its first
// characters, shown to tell keys apart. A name is never reused (case-insensitively, revoked keys included), so
// `key:<name>` in the audit trail names one key; `audit_events.actor_key_id` holds its id too (no foreign key,
// like `actor_staff_id`: the trail never stands in the way).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('integration_keys')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('scopes', sql`text[]`, (col) => col.notNull())
    .addColumn('secret_hash', 'char(64)', (col) => col.notNull().unique())
    .addColumn('prefix', 'text', (col) => col.notNull())
    .addColumn('created_by', 'integer', (col) => col.notNull().references('staff_members.id'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .addColumn('last_used_at', 'timestamptz')
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('revoked_by', 'integer', (col) => col.references('staff_members.id'))
    .addCheckConstraint('integration_keys_scopes', sql`cardinality(scopes) >= 1`)
    .addCheckConstraint('integration_keys_revoked', sql`(revoked_at is null) = (revoked_by is null)`)
    .execute()
  await sql`create unique index integration_keys_name on integration_keys (lower(name))`.execute(db)
  await db.schema.alterTable('audit_events').addColumn('actor_key_id', 'integer').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('audit_events').dropColumn('actor_key_id').execute()
  await db.schema.dropTable('integration_keys').ifExists().execute()
}
