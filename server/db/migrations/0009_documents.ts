import { type Kysely, sql } from 'kysely'

// The files customers upload to their bookings' document checklists (commercial invoice, packing list, ...),
// and, for the default storage, their bytes in chunks: a file is written chunk by chunk as its upload streams
// in and read back the same way, so no process holds a whole file. The stored key is random (a uuid), never
// derived from the file's name; the name as given is kept for display only.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('document_blobs')
    .addColumn('key', 'text', (col) => col.notNull())
    .addColumn('chunk_no', 'integer', (col) => col.notNull())
    .addColumn('data', 'bytea', (col) => col.notNull())
    .addPrimaryKeyConstraint('document_blobs_pkey', ['key', 'chunk_no'])
    .execute()

  await db.schema
    .createTable('booking_documents')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('booking_id', 'integer', (col) => col.notNull().references('bookings.id').onDelete('cascade'))
    .addColumn('customer_id', 'integer', (col) => col.notNull().references('customers.id'))
    .addColumn('kind', 'text', (col) =>
      col
        .notNull()
        .check(
          sql`kind in ('commercial_invoice', 'packing_list', 'safety_data_sheet', 'dg_declaration', 'certificate_of_origin')`,
        ),
    )
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('size', 'integer', (col) => col.notNull())
    .addColumn('content_type', 'text', (col) => col.notNull())
    .addColumn('storage_key', 'text', (col) => col.notNull().unique())
    .addColumn('status', 'text', (col) =>
      col.notNull().defaultTo('Uploaded').check(sql`status in ('Uploaded', 'Accepted', 'Rejected')`),
    )
    .addColumn('reason', 'text')
    .addColumn('uploaded_by', 'integer', (col) => col.notNull().references('users.id'))
    .addColumn('uploaded_at', 'timestamptz', (col) => col.notNull())
    .addColumn('reviewed_at', 'timestamptz')
    .execute()
  await db.schema
    .createIndex('booking_documents_booking_idx')
    .on('booking_documents')
    .columns(['booking_id', 'kind', 'uploaded_at'])
    .execute()
  await db.schema
    .createIndex('booking_documents_customer_idx')
    .on('booking_documents')
    .column('customer_id')
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('booking_documents').execute()
  await db.schema.dropTable('document_blobs').execute()
}
