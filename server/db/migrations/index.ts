import type { Migration, MigrationProvider } from 'kysely'
import * as m0001 from './0001_companies_countries'

const migrations: Record<string, Migration> = {
  '0001_companies_countries': m0001,
}

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
}
