// `npm run migrate`: applies pending migrations to DATABASE_URL (or PGLITE_DIR) and exits. A deployment
// runs it once before starting or replacing server processes; each process also checks at start, under
// the same advisory lock, and finds the schema current.
import { loadConfig } from '../server/config'
import { openDatabase } from '../server/db/client'
import { exitIfInUse } from '../server/db/data-dir-lock'
import { prepareDatabase } from '../server/prepare'

const config = loadConfig()
// A PGlite directory another process holds is refused (server/db/data-dir-lock.ts).
const database = await openDatabase(config).catch(exitIfInUse)
try {
  const { applied } = await prepareDatabase(database.db, { demoSeed: false })
  console.log(
    applied.length > 0 ? `Applied ${applied.map((m) => m.migrationName).join(', ')}` : 'Schema up to date',
  )
} finally {
  await database.close()
}
