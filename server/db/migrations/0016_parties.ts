import { type Kysely, sql } from 'kysely'

// The company's address book (server/parties/): the shippers, consignees and notify parties it reuses. One
// entry per party: `match_key` is the name and address normalised (contract/parties.ts partyKey), unique per
// company, so saving the same party twice (a second booking, a second add) updates the one entry. The roles
// it has been used in are flags; `used_at` is the last booking that used it (the picker lists the most
// recently used first). Like the other migrations, it names its own table and does not depend on
// server/db/schema.ts.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('parties')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('customer_id', 'integer', (col) =>
      col.notNull().references('customers.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('address', 'text', (col) => col.notNull())
    .addColumn('contact', 'text')
    .addColumn('match_key', 'text', (col) => col.notNull())
    .addColumn('as_shipper', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('as_consignee', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('as_notify', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('parties_customer_match_key', ['customer_id', 'match_key'])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('parties').execute()
}
