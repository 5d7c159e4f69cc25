import { type Kysely, sql } from 'kysely'

// Quote numbers come from one sequence per year (quote_numbers_2026, made by the year's first quote) instead
// of the counters row: every quote counted that row up and held its lock until its transaction committed, so
// quotes from all companies queued on it, each behind the others' WAL flush. A sequence hands out numbers
// without a lock; a number taken by a quote that then fails is not used again (bookings and HBLs, far
// fewer, keep their counters without gaps).

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function next_quote_number(year integer) returns bigint language plpgsql as $$
    declare
      name text := 'quote_numbers_' || year;
    begin
      return nextval(name::regclass);
    exception when undefined_table then
      -- The year's first quote makes the sequence: one transaction at a time, the others then find it.
      perform pg_advisory_xact_lock(hashtext(name));
      execute format('create sequence if not exists %I maxvalue 999999', name);
      return nextval(name::regclass);
    end
    $$`.execute(db)
  const { rows } = await sql<{ year: number; value: number }>`
    select year, value from counters where name = 'ESQ'`.execute(db)
  for (const { year, value } of rows) {
    const name = `quote_numbers_${Number(year)}`
    await sql`create sequence ${sql.id(name)} maxvalue 999999 start with ${sql.lit(Math.min(Number(value) + 1, 999_999))}`.execute(
      db,
    )
    if (Number(value) >= 999_999) await sql`select setval(${name}, 999999)`.execute(db)
  }
  await sql`delete from counters where name = 'ESQ'`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ name: string; value: number | null }>`
    select sequencename as name, last_value as value from pg_sequences
    where schemaname = current_schema() and sequencename like 'quote\\_numbers\\_%'`.execute(db)
  for (const { name, value } of rows) {
    const year = Number(name.slice('quote_numbers_'.length))
    if (value !== null) {
      await sql`insert into counters (name, year, value) values ('ESQ', ${year}, ${Number(value)})`.execute(
        db,
      )
    }
    await sql`drop sequence ${sql.id(name)}`.execute(db)
  }
  await sql`drop function if exists next_quote_number(integer)`.execute(db)
}
