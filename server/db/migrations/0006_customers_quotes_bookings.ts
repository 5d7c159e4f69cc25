import { type Kysely, sql } from 'kysely'

// The customer's company (every quote and booking belongs to one; each registration makes its own, so a
// company's records are seen only by the users it has), quotes with their carrier options, bookings, and
// the counters behind the ESQ-/ESB- numbers.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('customers')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('regn_no', 'text', (col) => col.notNull())
    .addColumn('country_id', 'integer', (col) => col.notNull().references('countries.mcou_rid'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema
    .alterTable('users')
    .addColumn('customer_id', 'integer', (col) => col.references('customers.id').onDelete('restrict'))
    .execute()
  // Every existing account becomes the first user of a company of its own, numbered as the account.
  await sql`
    insert into customers (id, name, regn_no, country_id, created_at)
    select id, esus_company_name, upper(esus_regn_no), esus_mcou, created_at from users`.execute(db)
  await sql`update users set customer_id = id`.execute(db)
  await sql`select setval(pg_get_serial_sequence('customers', 'id'), coalesce((select max(id) from customers), 0) + 1, false)`.execute(
    db,
  )
  await sql`alter table users alter column customer_id set not null`.execute(db)
  await db.schema.createIndex('users_customer_id_idx').on('users').column('customer_id').execute()

  await db.schema
    .createTable('counters')
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('year', 'integer', (col) => col.notNull())
    .addColumn('value', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('counters_pkey', ['name', 'year'])
    .execute()

  await db.schema
    .createTable('quotes')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('number', 'text', (col) => col.notNull().unique())
    .addColumn('customer_id', 'integer', (col) => col.notNull().references('customers.id'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id'))
    // priced: has instant options; requested: no instant rate, the sales team prices it by hand.
    .addColumn('kind', 'text', (col) => col.notNull().check(sql`kind in ('priced', 'requested')`))
    .addColumn('mode', 'text', (col) => col.notNull())
    .addColumn('origin', 'varchar(5)', (col) => col.notNull())
    .addColumn('destination', 'varchar(5)', (col) => col.notNull())
    .addColumn('request', 'jsonb', (col) => col.notNull())
    .addColumn('services', 'jsonb', (col) => col.notNull())
    .addColumn('chosen_option_id', 'integer')
    .addColumn('first_lcl_eligible', 'boolean', (col) => col.notNull())
    .addColumn('fx', 'jsonb', (col) => col.notNull())
    .addColumn('service_tariffs', 'jsonb', (col) => col.notNull())
    .addColumn('valid_to', 'date')
    .addColumn('requoted_from', 'integer', (col) => col.references('quotes.id'))
    .addColumn('notes', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .execute()
  await db.schema
    .createIndex('quotes_customer_idx')
    .on('quotes')
    .columns(['customer_id', 'created_at'])
    .execute()

  await db.schema
    .createTable('quote_options')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('quote_id', 'integer', (col) => col.notNull().references('quotes.id').onDelete('cascade'))
    // The sheet as priced: the quote keeps its own copy, so later changes to the sheet change nothing.
    .addColumn('lane', 'jsonb', (col) => col.notNull())
    .addColumn('carrier', 'text', (col) => col.notNull())
    .addColumn('transit_days', 'integer', (col) => col.notNull())
    .addColumn('valid_to', 'date', (col) => col.notNull())
    .addColumn('total_usd', 'bigint', (col) => col.notNull())
    .execute()
  await db.schema.createIndex('quote_options_quote_idx').on('quote_options').column('quote_id').execute()

  await db.schema
    .createTable('bookings')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('number', 'text', (col) => col.notNull().unique())
    .addColumn('customer_id', 'integer', (col) => col.notNull().references('customers.id'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id'))
    // One booking per quote: confirming twice (a double click, a retried request) finds the first.
    .addColumn('quote_id', 'integer', (col) => col.notNull().unique().references('quotes.id'))
    .addColumn('option_id', 'integer', (col) => col.notNull().references('quote_options.id'))
    .addColumn('mode', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('details', 'jsonb', (col) => col.notNull())
    .addColumn('price', 'jsonb', (col) => col.notNull())
    .addColumn('total_usd', 'bigint', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .execute()
  await db.schema
    .createIndex('bookings_customer_idx')
    .on('bookings')
    .columns(['customer_id', 'created_at'])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['bookings', 'quote_options', 'quotes', 'counters']) {
    await db.schema.dropTable(table).execute()
  }
  await db.schema.alterTable('users').dropColumn('customer_id').execute()
  await db.schema.dropTable('customers').execute()
}
