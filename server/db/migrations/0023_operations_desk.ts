import { type Kysely, sql } from 'kysely'

// The operations desk (issue 23, server/operations-desk/, docs/operations-desk.md): what operations say when
// confirming a booking from the console (the carrier's booking reference, the container numbers, the cut-offs
// at the origin), when a booking entered the desk's ETA and hold queues, who posted each tracking event, the
// indexes the queues and the search read, and the `bookings` channel through which every process tells the
// open pages that a booking changed.
//
// - `eta_moved_at`: set when an event moves the ETA away from `original_eta` (the ETA at confirmation), cleared
//   when it comes back (server/bookings/apply-events.ts settleDates); the ETA queue is the bookings that have it.
// - `held_at`: when the booking was put on hold; cleared at release. The hold queue counts its age from it.
// - `tracking_events.posted_by`: `staff:<name>`, `key:<name>` (a named integration key), `ops-key`
//   (OPS_API_KEY), or null for the server itself (its PLN events, the demo data).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('bookings')
    .addColumn('carrier_booking_ref', 'text')
    .addColumn('containers', sql`text[]`, (col) => col.notNull().defaultTo(sql`'{}'::text[]`))
    .addColumn('cargo_cutoff', 'timestamptz')
    .addColumn('documents_cutoff', 'timestamptz')
    .addColumn('vgm_cutoff', 'timestamptz')
    .addColumn('eta_moved_at', 'timestamptz')
    .addColumn('held_at', 'timestamptz')
    // The documents queue: the oldest upload nobody reviewed yet, and how many there are (kept by a trigger).
    .addColumn('documents_pending_since', 'timestamptz')
    .addColumn('documents_to_review', 'integer', (col) => col.notNull().defaultTo(0))
    .execute()
  await db.schema.alterTable('tracking_events').addColumn('posted_by', 'text').execute()

  // The bookings already held or with a moved ETA join their queues, aged from their last change.
  await sql`
    update bookings set held_at = coalesce(updated_at, created_at) where status = 'On Hold'`.execute(db)
  await sql`
    update bookings set eta_moved_at = coalesce(updated_at, created_at)
    where eta is not null and original_eta is not null and eta <> original_eta`.execute(db)

  // Every change of a booking's files keeps its unreviewed count and oldest unreviewed upload current, so the
  // documents queue is read from an index like the others rather than aggregated on every request.
  await sql`
    create function booking_documents_pending() returns trigger language plpgsql as $$
    declare
      target integer;
    begin
      target := case when tg_op = 'DELETE' then old.booking_id else new.booking_id end;
      update bookings b set documents_pending_since = s.since, documents_to_review = s.n
      from (
        select min(uploaded_at) as since, count(*)::int as n from booking_documents
        where booking_id = target and status = 'Uploaded'
      ) s
      where b.id = target and (b.documents_pending_since is distinct from s.since or b.documents_to_review <> s.n);
      return null;
    end
    $$`.execute(db)
  await sql`
    create trigger booking_documents_pending after insert or update or delete on booking_documents
    for each row execute function booking_documents_pending()`.execute(db)
  await sql`
    update bookings b set documents_pending_since = s.since, documents_to_review = s.n
    from (
      select booking_id, min(uploaded_at) as since, count(*)::int as n from booking_documents
      where status = 'Uploaded' group by booking_id
    ) s
    where b.id = s.booking_id`.execute(db)

  // The queues, each read oldest first from its own partial index (GET /api/staff/bookings).
  await sql`
    create index bookings_received_queue on bookings (created_at, id)
    where status = 'Booking Received'`.execute(db)
  await sql`create index bookings_hold_queue on bookings (held_at, id) where status = 'On Hold'`.execute(db)
  await sql`
    create index bookings_eta_queue on bookings (eta_moved_at, id)
    where eta_moved_at is not null`.execute(db)
  await sql`
    create index bookings_documents_queue on bookings (documents_pending_since, id)
    where documents_pending_since is not null`.execute(db)
  // The search: a booking number, HBL or carrier reference by its start (text_pattern_ops serves LIKE 'X%'
  // whatever the database's collation), a container number whole (GIN) or by its start.
  await sql`create index bookings_number_prefix on bookings (number text_pattern_ops)`.execute(db)
  await sql`create index bookings_hbl_prefix on bookings (hbl text_pattern_ops)`.execute(db)
  await sql`
    create index bookings_carrier_ref_prefix on bookings (carrier_booking_ref text_pattern_ops)
    where carrier_booking_ref is not null`.execute(db)
  await sql`create index bookings_containers on bookings using gin (containers)`.execute(db)

  // A booking changed (made, confirmed, an event applied, held, released, cancelled) or one of its documents
  // or document requests did: `bookings` is notified with the schema, the company and the number when the
  // transaction commits (once per booking however many rows changed: PostgreSQL folds equal notifications).
  // Each process then tells the company's open pages and the operations consoles (server/events/hub.ts).
  await sql`
    create function notify_booking_changed() returns trigger language plpgsql as $$
    declare
      changed record;
    begin
      if tg_table_name = 'bookings' then
        perform pg_notify('bookings', tg_table_schema || ' ' || new.customer_id || ' ' || new.number);
      else
        select b.customer_id, b.number into changed from bookings b where b.id = new.booking_id;
        if found then
          perform pg_notify('bookings', tg_table_schema || ' ' || changed.customer_id || ' ' || changed.number);
        end if;
      end if;
      return null;
    end
    $$`.execute(db)
  await sql`
    create trigger bookings_notify after insert or update on bookings
    for each row execute function notify_booking_changed()`.execute(db)
  await sql`
    create trigger booking_documents_notify after insert or update on booking_documents
    for each row execute function notify_booking_changed()`.execute(db)
  await sql`
    create trigger document_requests_notify after insert or update on document_requests
    for each row execute function notify_booking_changed()`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists booking_documents_pending on booking_documents`.execute(db)
  await sql`drop function if exists booking_documents_pending()`.execute(db)
  await sql`drop trigger if exists document_requests_notify on document_requests`.execute(db)
  await sql`drop trigger if exists booking_documents_notify on booking_documents`.execute(db)
  await sql`drop trigger if exists bookings_notify on bookings`.execute(db)
  await sql`drop function if exists notify_booking_changed()`.execute(db)
  for (const index of [
    'bookings_received_queue',
    'bookings_hold_queue',
    'bookings_eta_queue',
    'bookings_documents_queue',
    'bookings_number_prefix',
    'bookings_hbl_prefix',
    'bookings_carrier_ref_prefix',
    'bookings_containers',
  ]) {
    await sql`drop index if exists ${sql.id(index)}`.execute(db)
  }
  await db.schema.alterTable('tracking_events').dropColumn('posted_by').execute()
  for (const column of [
    'carrier_booking_ref',
    'containers',
    'cargo_cutoff',
    'documents_cutoff',
    'vgm_cutoff',
    'eta_moved_at',
    'held_at',
    'documents_pending_since',
    'documents_to_review',
  ]) {
    await db.schema.alterTable('bookings').dropColumn(column).execute()
  }
}
