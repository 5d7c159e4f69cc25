// Makes a new PGlite data directory (PostgreSQL's initdb) and closes it, in a worker thread of its own:
// see createPGliteDirectory in client.ts. Plain JavaScript, so that it runs under node, tsx and vitest alike.
import { workerData } from 'node:worker_threads'
import { PGlite } from '@electric-sql/pglite'

const client = await PGlite.create(workerData.dataDir)
await client.close()
