// The pricing team's command line (README, "Rate sheets"):
//   npm run rates -- import FILE.csv   all or nothing: every bad row is named with its line and reason
//   npm run rates -- export [FILE.csv] every lane, in the import format (to stdout without FILE)
// On the embedded PGlite (no DATABASE_URL) it opens the data directory itself, so it refuses while the server
// (or anything else) has it open: stop the server first. On PostgreSQL it may run beside the servers.
import { readFile, writeFile } from 'node:fs/promises'
import { loadConfig } from '../server/config'
import { openDatabase } from '../server/db/client'
import { exitIfInUse } from '../server/db/data-dir-lock'
import { prepareDatabase } from '../server/db/prepare'
import { exportRates, importRates } from '../server/rates/import'

const [command, file] = process.argv.slice(2)
const usage = 'Usage: npm run rates -- import FILE.csv | npm run rates -- export [FILE.csv]'

if ((command !== 'import' && command !== 'export') || (command === 'import' && !file)) {
  console.error(usage)
  process.exit(2)
}

const config = loadConfig()
// A PGlite directory another process holds is refused (server/db/data-dir-lock.ts).
const database = await openDatabase(config).catch(exitIfInUse)
let status = 0
try {
  await prepareDatabase(database.db, { demoSeed: false })
  if (command === 'import') {
    const outcome = await importRates(database.db, await readFile(file as string, 'utf8'))
    if (outcome.problems.length > 0) {
      for (const problem of outcome.problems) console.error(`Row ${problem.row}: ${problem.reason}`)
      console.error(`Nothing imported: ${outcome.problems.length} bad row(s).`)
      status = 1
    } else {
      console.log(`Imported ${outcome.lanes} lane(s) with ${outcome.charges} charge line(s).`)
    }
  } else {
    const csv = await exportRates(database.db)
    if (file) {
      await writeFile(file, csv)
      console.log(`Exported to ${file}`)
    } else {
      // To a pipe, stdout is written asynchronously: process.exit below would cut the export short.
      await new Promise<void>((resolve, reject) =>
        process.stdout.write(csv, (error) => (error ? reject(error) : resolve())),
      )
    }
  }
} finally {
  await database.close()
}
process.exit(status)
