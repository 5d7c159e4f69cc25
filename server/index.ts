import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { serve } from '@hono/node-server'
import { createApp } from './app'
import { loadConfig } from './config'
import { openDatabase } from './db/client'
import { migrateToLatest } from './db/migrate'

const config = loadConfig()
const started = performance.now()

const database = await openDatabase(config)
const applied = await migrateToLatest(database.db)
const where = database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite at ${config.pgliteDir}`
console.log(
  applied.length > 0
    ? `Database: ${where}; applied ${applied.map((m) => m.migrationName).join(', ')}`
    : `Database: ${where}; schema up to date`,
)

const staticDir = resolve(config.staticDir)
const hasStatic = existsSync(resolve(staticDir, 'index.html'))
if (!hasStatic) {
  console.warn(`No built SPA at ${staticDir} (run \`npm run build\`); serving the API only`)
}

const app = createApp({ db: database.db, ...(hasStatic ? { staticDir } : {}) })

const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
  const ms = Math.round(performance.now() - started)
  console.log(`Listening on http://localhost:${info.port} (bound to ${config.host}, ready in ${ms} ms)`)
})

let shuttingDown = false
async function shutdown(signal: string) {
  if (shuttingDown) return
  shuttingDown = true
  console.log(`${signal} received, shutting down`)
  const timer = setTimeout(() => {
    console.error('Shutdown timed out, exiting')
    process.exit(1)
  }, 10_000)
  timer.unref()
  try {
    await new Promise<void>((done, fail) => {
      server.close((err) => (err ? fail(err) : done()))
      if ('closeIdleConnections' in server) server.closeIdleConnections()
    })
    await database.close()
    process.exit(0)
  } catch (error) {
    console.error('Shutdown failed:', error)
    process.exit(1)
  }
}

process.on('SIGINT', () => void shutdown('SIGINT'))
process.on('SIGTERM', () => void shutdown('SIGTERM'))
