import { type Kysely, sql } from 'kysely'

// The sales desk (issue 22, server/sales/): where a quote request stands (machines/quote-request.machine.ts
// decides the changes), who has it, and the offers sent for it, every version kept. A request without a row
// here is Requested and unassigned. Sending an offer also stores it as the quote's option (quote_options), so the
// customer previews and confirms it exactly as an instant quote; the option of a superseded version is removed
// (the version itself stays here).

const STATES = ['Requested', 'In progress', 'Offer sent', 'Accepted', 'Declined', 'Expired']

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('quote_desk')
    .addColumn('quote_id', 'integer', (col) => col.primaryKey().references('quotes.id').onDelete('cascade'))
    .addColumn('state', 'text', (col) => col.notNull())
    .addColumn('assigned_staff_id', 'integer', (col) => col.references('staff_members.id'))
    .addColumn('assigned_at', 'timestamptz')
    // The first offer: when the service level was met (or missed).
    .addColumn('answered_at', 'timestamptz')
    .addColumn('decline_reason', 'text')
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull())
    .addCheckConstraint(
      'quote_desk_state',
      sql`state in (${sql.join(STATES.map((state) => sql.lit(state)))})`,
    )
    .execute()

  await db.schema
    .createTable('quote_offers')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('quote_id', 'integer', (col) => col.notNull().references('quotes.id').onDelete('cascade'))
    .addColumn('version', 'integer', (col) => col.notNull())
    .addColumn('option_id', 'integer', (col) => col.references('quote_options.id').onDelete('set null'))
    .addColumn('lane', 'jsonb', (col) => col.notNull())
    .addColumn('total_usd', 'bigint', (col) => col.notNull())
    .addColumn('note', 'text', (col) => col.notNull())
    .addColumn('staff_id', 'integer', (col) => col.notNull().references('staff_members.id'))
    .addColumn('sent_at', 'timestamptz', (col) => col.notNull())
    .addColumn('superseded_at', 'timestamptz')
    .addUniqueConstraint('quote_offers_version', ['quote_id', 'version'])
    .execute()

  // Every change of the desk notifies `quote_desk` with the quote's id when it commits: each process tells its
  // sales consoles to read the queue again (server/events/hub.ts deskChanged).
  await sql`
    create function notify_quote_desk() returns trigger language plpgsql as $$
    begin
      perform pg_notify('quote_desk', tg_table_schema || ' ' || new.quote_id);
      return null;
    end
    $$`.execute(db)
  await sql`
    create trigger quote_desk_notify after insert or update on quote_desk
    for each row execute function notify_quote_desk()`.execute(db)

  // The requests made before the desk existed join its queue as Requested.
  await sql`
    insert into quote_desk (quote_id, state, updated_at)
    select id, 'Requested', created_at from quotes where kind = 'requested'`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists quote_desk_notify on quote_desk`.execute(db)
  await sql`drop function if exists notify_quote_desk()`.execute(db)
  await db.schema.dropTable('quote_offers').ifExists().execute()
  await db.schema.dropTable('quote_desk').ifExists().execute()
}
