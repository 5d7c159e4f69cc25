import { type Kysely, sql } from 'kysely'

// The server's own signing keys, by purpose (issue 34): the key that signs the device tokens of past
// successful logins (server/auth/device-tokens.ts). Made by the first process that needs it (insert … on
// conflict do nothing, then read), so every process of one database signs and checks with the same key, and
// a restart keeps the browsers' tokens valid.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table signing_keys (
      purpose text primary key,
      secret text not null,
      created_at timestamptz not null
    )`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table signing_keys`.execute(db)
}
