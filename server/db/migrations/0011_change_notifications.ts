import { type Kysely, sql } from 'kysely'

// Changes that server processes hear of at once, through NOTIFY (sent when the changing transaction commits;
// equal payloads of one transaction are sent once). Each process holds what it read of these tables and drops
// it on the notification, so a change takes effect at once in every process:
// - `rate_sheets`: every statement that changes the pricing team's tables (rate sheets and their charge
//   lines, exchange rates, services tariffs), with the schema as payload (server/rates/rate-sheets.ts);
// - `sessions`: a session ended or removed, and a user changed or removed, with the schema and the user's id
//   as payload (server/auth/live-sessions.ts). Sliding a session's idle window (last_seen_at) is not a change.

export const RATE_SHEET_TABLES = ['rate_lanes', 'rate_charges', 'fx_rates', 'service_tariffs'] as const

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function notify_rate_sheets() returns trigger language plpgsql as $$
    begin
      perform pg_notify('rate_sheets', tg_table_schema);
      return null;
    end
    $$`.execute(db)
  for (const table of RATE_SHEET_TABLES) {
    await sql`
      create trigger ${sql.id(`${table}_notify`)}
      after insert or update or delete or truncate on ${sql.table(table)}
      for each statement execute function notify_rate_sheets()`.execute(db)
  }
  await sql`
    create function notify_sessions() returns trigger language plpgsql as $$
    begin
      -- The trigger's argument names the column that holds the user's id.
      perform pg_notify('sessions', tg_table_schema || ' ' || (to_jsonb(old) ->> tg_argv[0]));
      return null;
    end
    $$`.execute(db)
  await sql`
    create trigger sessions_notify after update of ended_at or delete on sessions
    for each row execute function notify_sessions('user_id')`.execute(db)
  await sql`
    create trigger users_notify after update or delete on users
    for each row execute function notify_sessions('id')`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists users_notify on users`.execute(db)
  await sql`drop trigger if exists sessions_notify on sessions`.execute(db)
  await sql`drop function if exists notify_sessions()`.execute(db)
  for (const table of RATE_SHEET_TABLES) {
    await sql`drop trigger if exists ${sql.id(`${table}_notify`)} on ${sql.table(table)}`.execute(db)
  }
  await sql`drop function if exists notify_rate_sheets()`.execute(db)
}
