import type { Kysely } from 'kysely'
import type { Country } from '../../contract/wire'
import type { Database } from '../db/schema'

// Sorted here, not in SQL, so the order is the same on PGlite (C collation) and on any PostgreSQL locale.
const byName = new Intl.Collator('en', { sensitivity: 'base' })

export async function listCountries(db: Kysely<Database>): Promise<Country[]> {
  const rows = await db
    .selectFrom('countries')
    .select(['mcou_rid', 'mcou_name', 'mcou_code', 'mcou_country_dialing_code', 'eshp_mcpy'])
    .execute()
  return rows.sort((a, b) => byName.compare(a.mcou_name, b.mcou_name))
}

/** One country by its id (mcou_rid), or undefined. */
export async function findCountry(db: Kysely<Database>, id: number): Promise<Country | undefined> {
  return db
    .selectFrom('countries')
    .select(['mcou_rid', 'mcou_name', 'mcou_code', 'mcou_country_dialing_code', 'eshp_mcpy'])
    .where('mcou_rid', '=', id)
    .executeTakeFirst()
}
