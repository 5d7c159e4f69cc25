/** The emission factors in force: the newest version the pricing team applied, else the defaults. */
import type { Kysely } from 'kysely'
import { DEFAULT_EMISSION_FACTORS, type EmissionFactors } from '../../contract/emissions'
import type { Database } from '../db/schema'

export async function currentFactors(db: Kysely<Database>): Promise<EmissionFactors> {
  const row = await db
    .selectFrom('emission_factor_versions')
    .select(['version', 'source', 'factors'])
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst()
  return row ? { version: row.version, source: row.source, factors: row.factors } : DEFAULT_EMISSION_FACTORS
}
