import { type Kysely, sql } from 'kysely'

// What a buyer compares besides the price: the sheet's weekly schedule and its free time at destination
// (contract/pricing/schedule.ts, docs/pricing.md "Sailings and free time").
// - departure_days: ISO weekdays (1 Monday … 7 Sunday) the service departs; empty: no published schedule.
// - cargo_cutoff_days, doc_cutoff_days: days before departure by which cargo, and the shipping instructions
//   and documents, must reach the terminal, CFS, airline warehouse or carrier.
// - free_days: free days at destination (FCL demurrage and detention combined, LCL and air storage); null:
//   the sheet does not say.
// Existing sheets get no schedule, no cut-offs and no free time: nothing is claimed that their file did not
// say (a server start makes a new seeded set for seeded sheets without a schedule: server/rates/seed.ts).
// Stored quote options keep the sheet they were priced on (quote_options.lane, JSON): the same fields are
// added to them with the same meaning, so every stored sheet has the shape of RateLane. Like the other
// migrations, it names its own tables and does not depend on server/db/schema.ts.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('rate_lanes')
    .addColumn('departure_days', sql`integer[]`, (col) => col.notNull().defaultTo(sql`'{}'`))
    .addColumn('cargo_cutoff_days', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('doc_cutoff_days', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('free_days', 'integer')
    .execute()
  await db.schema
    .alterTable('rate_lanes')
    .addCheckConstraint('rate_lanes_departure_days', sql`departure_days <@ array[1, 2, 3, 4, 5, 6, 7]`)
    .execute()
  await db.schema
    .alterTable('rate_lanes')
    .addCheckConstraint(
      'rate_lanes_cutoffs',
      sql`cargo_cutoff_days between 0 and 14 and doc_cutoff_days between 0 and 14`,
    )
    .execute()
  await db.schema
    .alterTable('rate_lanes')
    .addCheckConstraint('rate_lanes_free_days', sql`free_days between 0 and 90`)
    .execute()
  await sql`
    update quote_options
    set lane = lane || '{"departureDays": [], "cargoCutoffDays": 0, "docCutoffDays": 0, "freeDays": null}'::jsonb
    where not (lane ? 'departureDays')`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    update quote_options
    set lane = lane - 'departureDays' - 'cargoCutoffDays' - 'docCutoffDays' - 'freeDays'`.execute(db)
  await db.schema
    .alterTable('rate_lanes')
    .dropColumn('departure_days')
    .dropColumn('cargo_cutoff_days')
    .dropColumn('doc_cutoff_days')
    .dropColumn('free_days')
    .execute()
}
