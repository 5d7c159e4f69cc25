import { type Kysely, sql } from 'kysely'

// Ports and airports (loaded from data packages by server/locations/locations.ts at start, not here: loading takes
// about half a second that every test database would pay), and the rate sheets the pricing team keeps: a
// lane per carrier, mode, origin, destination and validity, with its charge lines; the services tariff
// per country; exchange rates.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('locations')
    .addColumn('code', 'varchar(5)', (col) => col.primaryKey())
    .addColumn('kind', 'text', (col) => col.notNull().check(sql`kind in ('port', 'airport')`))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('city', 'text', (col) => col.notNull())
    .addColumn('country_code', 'varchar(2)', (col) => col.notNull())
    .addColumn('country_name', 'text', (col) => col.notNull())
    .addColumn('latitude', 'double precision')
    .addColumn('longitude', 'double precision')
    .addColumn('time_zone', 'text')
    // Lower-cased code, name, city and country, for the type-ahead.
    .addColumn('search', 'text', (col) => col.notNull())
    // Higher first in the type-ahead: places with rates, then large airports and ports.
    .addColumn('rank', 'integer', (col) => col.notNull().defaultTo(0))
    .execute()
  await db.schema.createIndex('locations_kind_idx').on('locations').columns(['kind', 'rank']).execute()

  await db.schema
    .createTable('rate_lanes')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('mode', 'text', (col) => col.notNull().check(sql`mode in ('FCL', 'LCL', 'AIR')`))
    .addColumn('origin', 'varchar(5)', (col) => col.notNull())
    .addColumn('destination', 'varchar(5)', (col) => col.notNull())
    .addColumn('carrier', 'text', (col) => col.notNull())
    .addColumn('service', 'text', (col) => col.notNull())
    .addColumn('transit_days', 'integer', (col) => col.notNull().check(sql`transit_days between 0 and 120`))
    .addColumn('valid_from', 'date', (col) => col.notNull())
    .addColumn('valid_to', 'date', (col) => col.notNull())
    .addColumn('currency', 'char(3)', (col) => col.notNull())
    .addColumn('refused_dg_classes', sql`text[]`, (col) => col.notNull().defaultTo(sql`'{}'`))
    // 'seed' (illustrative sheets made at start) or 'import' (npm run rates -- import).
    .addColumn('source', 'text', (col) => col.notNull().defaultTo('import'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('rate_lanes_validity', sql`valid_from <= valid_to`)
    .execute()
  await db.schema
    .createIndex('rate_lanes_key')
    .on('rate_lanes')
    .columns(['mode', 'origin', 'destination', 'carrier', 'service', 'valid_from'])
    .unique()
    .execute()
  await db.schema
    .createIndex('rate_lanes_lookup_idx')
    .on('rate_lanes')
    .columns(['origin', 'destination', 'mode', 'valid_to'])
    .execute()

  await db.schema
    .createTable('rate_charges')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('lane_id', 'integer', (col) => col.notNull().references('rate_lanes.id').onDelete('cascade'))
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('code', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('side', 'text', (col) =>
      col.notNull().check(sql`side in ('origin', 'freight', 'destination')`),
    )
    .addColumn('basis', 'text', (col) =>
      col.notNull().check(sql`basis in ('container', 'wm', 'kg', 'shipment', 'percent')`),
    )
    .addColumn('currency', 'char(3)', (col) => col.notNull())
    .addColumn('amount', 'integer', (col) => col.notNull().check(sql`amount >= 0`))
    .addColumn('container_type', 'text')
    .addColumn('breaks', 'jsonb')
    .addColumn('minimum', 'integer', (col) => col.notNull().defaultTo(0).check(sql`minimum >= 0`))
    .addColumn('hazardous_only', 'boolean', (col) => col.notNull().defaultTo(false))
    .execute()
  await db.schema
    .createIndex('rate_charges_lane_idx')
    .on('rate_charges')
    .columns(['lane_id', 'position'])
    .execute()

  await db.schema
    .createTable('service_tariffs')
    // ISO country code, or '*' for every country without a tariff of its own.
    .addColumn('country_code', 'varchar(2)', (col) => col.primaryKey())
    .addColumn('currency', 'char(3)', (col) => col.notNull())
    .addColumn('export_customs_fee', 'integer', (col) => col.notNull())
    .addColumn('import_customs_fee', 'integer', (col) => col.notNull())
    .addColumn('insurance_rate_bps', 'integer', (col) => col.notNull())
    .addColumn('insurance_minimum', 'integer', (col) => col.notNull())
    .addColumn('trucking', 'jsonb', (col) => col.notNull())
    .execute()

  await db.schema
    .createTable('fx_rates')
    .addColumn('currency', 'char(3)', (col) => col.primaryKey())
    // Units of the currency per 1 USD, in millionths.
    .addColumn('per_usd_micro', 'bigint', (col) => col.notNull().check(sql`per_usd_micro > 0`))
    .addColumn('as_of', 'date', (col) => col.notNull())
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['fx_rates', 'service_tariffs', 'rate_charges', 'rate_lanes', 'locations']) {
    await db.schema.dropTable(table).execute()
  }
}
