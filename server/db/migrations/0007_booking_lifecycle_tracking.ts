import { type Kysely, sql } from 'kysely'

// What a booking becomes after it is made: its HBL (or HAWB) once confirmed, the carrier and route it
// travels, its planned/estimated/actual dates, why it is on hold or cancelled; and the DCSA Track & Trace
// events the operations team and carriers post for it (machines/booking.machine.ts decides which are legal).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('bookings')
    .addColumn('hbl', 'text', (col) => col.unique())
    .addColumn('carrier', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('origin', 'varchar(5)', (col) => col.notNull().defaultTo(''))
    .addColumn('destination', 'varchar(5)', (col) => col.notNull().defaultTo(''))
    // The route as RouteLeg[] (contract/bookings.ts): ports or airports, vessel and voyage or flight, dates.
    .addColumn('legs', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('etd', 'timestamptz')
    .addColumn('eta', 'timestamptz')
    // The first planned arrival: how far the ETA moved is measured from it.
    .addColumn('original_eta', 'timestamptz')
    // The ETA last notified to the customer: a move of more than 24 hours from it is mailed, once.
    .addColumn('notified_eta', 'timestamptz')
    .addColumn('status_reason', 'text')
    // While On Hold: the status to return to when the hold is released.
    .addColumn('held_from', 'text')
    .addColumn('confirmed_at', 'timestamptz')
    .addColumn('updated_at', 'timestamptz')
    .execute()
  await sql`
    update bookings b set carrier = o.carrier, origin = q.origin, destination = q.destination, updated_at = b.created_at
    from quote_options o, quotes q where o.id = b.option_id and q.id = b.quote_id`.execute(db)
  await db.schema
    .createIndex('bookings_customer_status_idx')
    .on('bookings')
    .columns(['customer_id', 'status'])
    .execute()

  await db.schema
    .createTable('tracking_events')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    // DCSA eventID: a batch posted twice applies once.
    .addColumn('event_id', 'text', (col) => col.notNull().unique())
    .addColumn('booking_id', 'integer', (col) => col.notNull().references('bookings.id').onDelete('cascade'))
    .addColumn('event_type', 'text', (col) =>
      col.notNull().check(sql`event_type in ('SHIPMENT', 'TRANSPORT', 'EQUIPMENT')`),
    )
    .addColumn('classifier', 'text', (col) => col.notNull().check(sql`classifier in ('PLN', 'EST', 'ACT')`))
    // shipmentEventTypeCode, transportEventTypeCode or equipmentEventTypeCode, by event_type.
    .addColumn('code', 'text', (col) => col.notNull())
    .addColumn('event_date_time', 'timestamptz', (col) => col.notNull())
    .addColumn('event_created_date_time', 'timestamptz', (col) => col.notNull())
    .addColumn('location', 'varchar(5)', (col) => col.notNull())
    .addColumn('vessel_name', 'text')
    .addColumn('vessel_imo', 'text')
    .addColumn('voyage', 'text')
    .addColumn('flight', 'text')
    .addColumn('equipment_reference', 'text')
    .addColumn('empty_indicator', 'text')
    .addColumn('reason', 'text')
    .addColumn('received_at', 'timestamptz', (col) => col.notNull())
    .execute()
  await db.schema
    .createIndex('tracking_events_booking_idx')
    .on('tracking_events')
    .columns(['booking_id', 'event_date_time'])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('tracking_events').execute()
  await db.schema.dropIndex('bookings_customer_status_idx').execute()
  for (const column of [
    'hbl',
    'carrier',
    'origin',
    'destination',
    'legs',
    'etd',
    'eta',
    'original_eta',
    'notified_eta',
    'status_reason',
    'held_from',
    'confirmed_at',
    'updated_at',
  ]) {
    await db.schema.alterTable('bookings').dropColumn(column).execute()
  }
}
