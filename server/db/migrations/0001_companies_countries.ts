import type { Kysely } from 'kysely'
import { companySeed, countrySeed, DEFAULT_COMPANY_ID } from '../seed-data'

// The tables as this migration creates them; later migrations must not depend on server/db/schema.ts either.
interface Schema0001 {
  companies: { id: number; name: string; city: string; country_code: string }
  countries: { mcou_name: string; mcou_code: string; mcou_country_dialing_code: string; eshp_mcpy: number }
}

export async function up(db: Kysely<Schema0001>): Promise<void> {
  await db.schema
    .createTable('companies')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('city', 'text', (col) => col.notNull())
    .addColumn('country_code', 'varchar(2)', (col) => col.notNull())
    .execute()

  await db.schema
    .createTable('countries')
    .addColumn('mcou_rid', 'serial', (col) => col.primaryKey())
    .addColumn('mcou_name', 'text', (col) => col.notNull())
    .addColumn('mcou_code', 'varchar(2)', (col) => col.notNull().unique())
    .addColumn('mcou_country_dialing_code', 'varchar(8)', (col) => col.notNull())
    .addColumn('eshp_mcpy', 'integer', (col) =>
      col.notNull().defaultTo(DEFAULT_COMPANY_ID).references('companies.id').onDelete('restrict'),
    )
    .execute()

  await db.schema.createIndex('countries_eshp_mcpy_idx').on('countries').column('eshp_mcpy').execute()

  await db
    .insertInto('companies')
    .values(companySeed)
    .onConflict((oc) => oc.column('id').doNothing())
    .execute()
  await db
    .insertInto('countries')
    .values(countrySeed())
    .onConflict((oc) => oc.column('mcou_code').doNothing())
    .execute()
}

export async function down(db: Kysely<Schema0001>): Promise<void> {
  await db.schema.dropTable('countries').execute()
  await db.schema.dropTable('companies').execute()
}
