import { type Kysely, sql } from 'kysely'

// The audit trail (issue 22, server/audit/audit.ts): one row per staff action and per customer action that
// changes data, appended in the transaction of the change. Who (a customer's user and company, a staff member
// with the role the action needed, the operations key, or the system), what (a dotted action), which record
// (its type and the number the user sees), whose record (the company), the changed fields before and after,
// when, and the client address. `actor_label` is a snapshot (the email, or the key's name): the row still
// says who it was after the person's email changes. `actor_staff_id` has no foreign key, so that the trail
// never stands in the way of the staff tables' own changes.
//
// Rows are never changed: a trigger refuses UPDATE and DELETE of any row, and another TRUNCATE of the table,
// with an exception, whoever the database user is (the application's own included). Only a superuser (or the
// table's owner) deliberately dropping the triggers first could change history: no application code does, and
// only this migration's down drops them, with the table.

const ACTOR_KINDS = ['customer', 'staff', 'key', 'system']

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('audit_events')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('at', 'timestamptz', (col) => col.notNull())
    .addColumn('actor_kind', 'text', (col) => col.notNull())
    .addColumn('actor_user_id', 'integer', (col) => col.references('users.id'))
    .addColumn('actor_customer_id', 'integer', (col) => col.references('customers.id'))
    .addColumn('actor_staff_id', 'integer')
    .addColumn('actor_role', 'text')
    .addColumn('actor_label', 'text', (col) => col.notNull())
    .addColumn('action', 'text', (col) => col.notNull())
    .addColumn('record_type', 'text', (col) => col.notNull())
    .addColumn('record_id', 'text', (col) => col.notNull())
    .addColumn('customer_id', 'integer', (col) => col.references('customers.id'))
    .addColumn('changes', 'jsonb')
    .addColumn('client_address', 'text')
    .addCheckConstraint(
      'audit_events_actor_kind',
      sql`actor_kind in (${sql.join(ACTOR_KINDS.map((kind) => sql.lit(kind)))})`,
    )
    .execute()

  // The console's filters, each newest first (keyset pagination on id).
  await db.schema
    .createIndex('audit_events_actor_kind')
    .on('audit_events')
    .columns(['actor_kind', 'id'])
    .execute()
  await db.schema
    .createIndex('audit_events_staff')
    .on('audit_events')
    .columns(['actor_staff_id', 'id'])
    .where(sql.ref('actor_staff_id'), 'is not', null)
    .execute()
  await db.schema
    .createIndex('audit_events_customer')
    .on('audit_events')
    .columns(['customer_id', 'id'])
    .where(sql.ref('customer_id'), 'is not', null)
    .execute()
  await db.schema
    .createIndex('audit_events_actor_customer')
    .on('audit_events')
    .columns(['actor_customer_id', 'id'])
    .where(sql.ref('actor_customer_id'), 'is not', null)
    .execute()
  // text_pattern_ops: a prefix filter ('booking.') uses it whatever the database's collation.
  await sql`create index audit_events_action on audit_events (action text_pattern_ops, id)`.execute(db)
  await db.schema
    .createIndex('audit_events_record')
    .on('audit_events')
    .columns(['record_type', 'record_id', 'id'])
    .execute()
  await db.schema.createIndex('audit_events_at').on('audit_events').columns(['at', 'id']).execute()

  await sql`
    create function audit_events_refuse_change() returns trigger language plpgsql as $$
    begin
      raise exception 'The audit trail is append-only: % of audit_events is refused.', tg_op
        using errcode = 'insufficient_privilege';
    end
    $$`.execute(db)
  await sql`
    create trigger audit_events_no_update_or_delete before update or delete on audit_events
    for each row execute function audit_events_refuse_change()`.execute(db)
  await sql`
    create trigger audit_events_no_truncate before truncate on audit_events
    for each statement execute function audit_events_refuse_change()`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists audit_events_no_truncate on audit_events`.execute(db)
  await sql`drop trigger if exists audit_events_no_update_or_delete on audit_events`.execute(db)
  await db.schema.dropTable('audit_events').ifExists().execute()
  await sql`drop function if exists audit_events_refuse_change()`.execute(db)
}
