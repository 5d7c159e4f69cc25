import { type Kysely, sql } from 'kysely'

// Failed logins, one row each, for the sliding-window limits per client address and per account
// (server/auth/login-limits.ts). A row is written before the password is checked, as a reservation, and
// deleted again when the password was right: concurrent attempts can then never pass a limit together.
// `email` is the email tried, known or not, so an unknown email is limited exactly like a known one; a
// password reset clears it from the account's rows (they still count for their address). Rows older than
// the longest window are deleted now and then.
//
// `login_lockout_notices` holds when an account's owner was last mailed that logins are paused, so the
// mail goes once however many attempts hit the limit, from however many processes.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table login_failures (
      id bigint generated always as identity primary key,
      address text not null,
      email text,
      at timestamptz not null
    )`.execute(db)
  await sql`create index login_failures_address_at on login_failures (address, at)`.execute(db)
  await sql`create index login_failures_email_at on login_failures (email, at) where email is not null`.execute(
    db,
  )
  await sql`create index login_failures_at on login_failures (at)`.execute(db)
  await sql`
    create table login_lockout_notices (
      email text primary key,
      sent_at timestamptz not null
    )`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table login_lockout_notices`.execute(db)
  await sql`drop table login_failures`.execute(db)
}
