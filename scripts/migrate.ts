// `npm run migrate`: applies pending migrations to DATABASE_URL (or PGLITE_DIR) and exits. A deployment
// runs it once before starting or replacing server processes; each process also checks at start, under
// the same advisory lock, and finds the schema current.
import { loadConfig } from '../server/config'
import { openDatabase } from '../server/db/client'
import { prepareDatabase } from '../server/db/prepare'

const config = loadConfig()
const database = await openDatabase(config)
try {
  const { applied } = await prepareDatabase(database.db, { demoSeed: false })
  console.log(
    applied.length > 0 ? `Applied ${applied.map((m) => m.migrationName).join(', ')}` : 'Schema up to date',
  )
} finally {
  await database.close()
}
