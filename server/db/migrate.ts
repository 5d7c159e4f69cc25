import { type Kysely, type MigrationResult, Migrator, sql } from 'kysely'
import { migrationProvider } from './migrations'

/**
 * Applies every pending migration and returns what it applied (nothing when the schema is current).
 * Kysely's bookkeeping tables go in the connection's current schema: without that, the Migrator would
 * mistake another schema's kysely_migration table (several test schemas in one database) for its own.
 */
export async function migrateToLatest<DB>(db: Kysely<DB>): Promise<MigrationResult[]> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db)
  const migrationTableSchema = rows[0]?.schema
  if (!migrationTableSchema) throw new Error('The database connection has no current schema')
  const migrator = new Migrator({ db, provider: migrationProvider, migrationTableSchema })
  const { error, results = [] } = await migrator.migrateToLatest()
  if (error) {
    const failed = results.find((result) => result.status === 'Error')
    throw new Error(`Migration ${failed?.migrationName ?? '(unknown)'} failed`, { cause: error })
  }
  return results
}
