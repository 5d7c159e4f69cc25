import { type Kysely, sql } from 'kysely'

// Emissions (issue 38, docs/emissions.md). The factors the pricing team applies, one row per version (the
// newest is in force; none: contract/emissions.ts DEFAULT_EMISSION_FACTORS); and each booking's figures, one
// row each time one is counted (at booking, when operations confirm another route), the newest in force and
// the earlier kept. A figure keeps the factors it was counted with: applying new factors never rewrites it.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table emission_factor_versions (
      id serial primary key,
      version text not null unique,
      source text not null,
      factors jsonb not null,
      note text,
      applied_by integer references staff_members (id) on delete set null,
      applied_at timestamptz not null
    )`.execute(db)
  await sql`
    create table booking_emissions (
      id serial primary key,
      booking_id integer not null references bookings (id) on delete cascade,
      reason text not null check (reason in ('booked', 'route confirmed', 'counted later')),
      carriage jsonb not null,
      figure jsonb not null,
      factors jsonb not null,
      wtw_grams bigint not null check (wtw_grams >= 0),
      ttw_grams bigint not null check (ttw_grams >= 0),
      counted_at timestamptz not null
    )`.execute(db)
  await sql`create index booking_emissions_booking on booking_emissions (booking_id, id)`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists booking_emissions`.execute(db)
  await sql`drop table if exists emission_factor_versions`.execute(db)
}
