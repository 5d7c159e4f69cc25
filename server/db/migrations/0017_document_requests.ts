import { type Kysely, sql } from 'kysely'

// Documents the operations team asks a customer for (POST /api/ops/bookings/{number}/documents/{kind}/request):
// one request per booking and kind, a new one replacing the old (upsert on the primary key). A request makes
// the item due on `due_date` even after the departure, until a file for it is uploaded after `requested_at`
// (contract/documents.ts documentItems). Like the other migrations, it names its own table and does not
// depend on server/db/schema.ts.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('document_requests')
    .addColumn('booking_id', 'integer', (col) => col.notNull().references('bookings.id').onDelete('cascade'))
    .addColumn('kind', 'text', (col) =>
      col
        .notNull()
        .check(
          sql`kind in ('commercial_invoice', 'packing_list', 'safety_data_sheet', 'dg_declaration', 'certificate_of_origin')`,
        ),
    )
    .addColumn('due_date', 'date', (col) => col.notNull())
    .addColumn('note', 'text', (col) => col.check(sql`char_length(note) <= 500`))
    .addColumn('requested_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('document_requests_pkey', ['booking_id', 'kind'])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('document_requests').execute()
}
