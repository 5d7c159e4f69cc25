import { existsSync } from 'node:fs'
import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import { Worker } from 'node:worker_threads'
import { PGlite } from '@electric-sql/pglite'
import { Kysely, PostgresDialect } from 'kysely'
import pg from 'pg'
import type { Config } from '../config'
import { lockDataDirectory } from './data-dir-lock'
import { PGliteDialect } from './pglite-dialect'
import { prepareByText } from './prepared'
import type { Database } from './schema'

export interface DatabaseHandle {
  db: Kysely<Database>
  /**
   * The same database for statements whose plan PostgreSQL should make once and keep (its generic plan),
   * whatever their parameters: see GENERIC_PLAN_SETTINGS. PGlite: `db` itself.
   */
  generic: Kysely<Database>
  kind: 'postgres' | 'pglite'
  /**
   * Follows NOTIFY on `channel` for the tables of this handle's schema until `close()`: the payload is the
   * schema of the table that changed, then optionally a space and what changed in it, as the triggers of
   * server/db/migrations/0011 send it. See ChannelHandlers.
   */
  listen(channel: string, handlers: ChannelHandlers): void
  close(): Promise<void>
}

/** What a listener hears. */
export interface ChannelHandlers {
  /** A transaction that changed the tables committed; `detail` is what the payload says changed, if anything. */
  notify(detail?: string): void
  /**
   * Whether notifications are being received: true once listening, false when the connection is lost (it is
   * made again, with growing pauses) and at close. A change committed while not live is never notified.
   */
  live(on: boolean): void
}

export interface PostgresOptions {
  /** Schema to put first on the search path of every connection (tests use one schema per file). */
  searchPath?: string
  /** Named prepared statements by text (server/db/prepared.ts); on unless false. */
  prepare?: boolean
}

/** PostgreSQL type ids whose parsing both drivers must agree on. */
const DATE_OID = 1082
const INT8_OID = 20

/**
 * `date` columns (rate validity) come back as ISO strings, not as Dates at some time zone's midnight, and
 * `bigint` as numbers (the values stored stay far below 2^53), on PostgreSQL and PGlite alike.
 */
const pgTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
    if (oid === DATE_OID) return (value: string) => value
    if (oid === INT8_OID) return (value: string) => Number(value)
    return pg.types.getTypeParser(oid, format)
  }) as typeof pg.types.getTypeParser,
}

/**
 * Settings of every connection. No JIT compilation: the API's statements run in a millisecond or two, and
 * compiling one whose cost PostgreSQL overestimated took 90 ms (JIT pays off for long analytic queries).
 */
export const CONNECTION_SETTINGS = 'set jit = off'

/**
 * Settings of the `generic` connections: a prepared statement is planned once, for any parameters, and that
 * plan is kept; and tables are read through their indexes. By default PostgreSQL plans the first five runs
 * for their values, then keeps the generic plan only when its estimate is no worse: for the dashboard's one
 * statement the estimate depends on how bookings and quotes are spread across companies, so with a few large
 * ones it was planned on every request, and planning cost more than running. A generic plan is made without
 * the company, so PostgreSQL would read a large company's share of a table as likely and scan the whole
 * table; without sequential scans it takes the index, as it does for a known company. Only statements
 * written for this run here: each reaches its rows by index and nested loops (see server/dashboard/queries.ts).
 */
export const GENERIC_PLAN_SETTINGS = 'set plan_cache_mode = force_generic_plan; set enable_seqscan = off'

/** Connections each pool of a process may hold: `db`'s and `generic`'s. */
export const POOL_SIZE = { db: 10, generic: 4 } as const

/** The first and the longest pause before a lost listening connection is made again. */
export const RELISTEN_DELAY_MS = { first: 250, max: 30_000 } as const

export function openPostgres(connectionString: string, options: PostgresOptions = {}): DatabaseHandle {
  const connection = {
    connectionString,
    ...(options.searchPath ? { options: `-c search_path=${options.searchPath}` } : {}),
  }
  const open = (max: number, settings: string) => {
    const pool = new pg.Pool({ ...connection, max, types: pgTypes })
    // An idle client losing its connection (server restart, network) emits 'error'; unhandled, it kills the
    // process.
    pool.on('error', (error) => console.error('PostgreSQL pool error:', error))
    pool.on('connect', (client) => {
      // Queued before any statement of the client's first user: the settings hold for all of them.
      client.query(settings).catch((error) => console.error('PostgreSQL connection settings:', error))
      if (options.prepare !== false) prepareByText(client)
    })
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) })
  }
  const db = open(POOL_SIZE.db, CONNECTION_SETTINGS)
  const generic = open(POOL_SIZE.generic, `${CONNECTION_SETTINGS}; ${GENERIC_PLAN_SETTINGS}`)
  const listeners = new Set<() => Promise<void>>()
  return {
    db,
    generic,
    kind: 'postgres',
    listen(channel, handlers) {
      // TCP keepalive: a peer gone without a sound is noticed by the operating system in the end.
      listeners.add(
        postgresListener(() => new pg.Client({ ...connection, keepAlive: true }), channel, handlers),
      )
    },
    close: async () => {
      await Promise.all([...listeners].map((stop) => stop()))
      await Promise.all([db.destroy(), generic.destroy()])
    },
  }
}

/** Passes on a notification about the tables of `schema`, with what its payload says changed. */
function forSchema(schema: string | undefined, payload: string | undefined, handlers: ChannelHandlers) {
  if (schema === undefined || payload === undefined) return
  if (payload === schema) handlers.notify()
  else if (payload.startsWith(`${schema} `)) handlers.notify(payload.slice(schema.length + 1))
}

/**
 * LISTEN on a connection of its own (a pooled one would be handed to other statements), made again whenever
 * it is lost. Returns the function that stops it.
 */
function postgresListener(
  connect: () => pg.Client,
  channel: string,
  handlers: ChannelHandlers,
): () => Promise<void> {
  let current: pg.Client | undefined
  let stopped = false
  let retry: ReturnType<typeof setTimeout> | undefined
  let delay: number = RELISTEN_DELAY_MS.first
  const start = async () => {
    const client = connect()
    current = client
    let live = false
    const lost = (error?: unknown) => {
      if (current !== client) return
      current = undefined
      if (live) handlers.live(false)
      if (error) console.error(`PostgreSQL LISTEN ${channel}: connection lost, listening again:`, error)
      client.end().catch(() => {})
      if (stopped) return
      retry = setTimeout(start, delay)
      retry.unref()
      delay = Math.min(delay * 2, RELISTEN_DELAY_MS.max)
    }
    client.on('error', lost)
    client.on('end', () => lost())
    try {
      await client.connect()
      const { rows } = await client.query<{ schema: string }>('select current_schema() as schema')
      const schema = rows[0]?.schema
      client.on('notification', (message) => {
        if (message.channel === channel) forSchema(schema, message.payload, handlers)
      })
      await client.query(`listen ${client.escapeIdentifier(channel)}`)
      if (current !== client) return
      live = true
      delay = RELISTEN_DELAY_MS.first
      handlers.live(true)
    } catch (error) {
      lost(error)
    }
  }
  void start()
  return async () => {
    stopped = true
    clearTimeout(retry)
    const client = current
    current = undefined
    if (client) {
      handlers.live(false)
      await client.end().catch(() => {})
    }
  }
}

const BYTEA_OID = 17

/**
 * PGlite's memory (see docs/operations.md, "Memory"). PGlite is PostgreSQL compiled to WebAssembly, whose
 * memory only ever grows, in the server's own process:
 * - shared_buffers, PostgreSQL's page cache, is allocated and written whole at start, so all of it is
 *   resident: 32 MB instead of PostgreSQL's default 128 MB holds the whole of a demo database (about 28 MB
 *   of tables and indexes), and pages beyond it are read from the operating system's file cache;
 * - bytea (uploaded documents, server/storage/postgres.ts) goes to and from PGlite as hex text, which PGlite's
 *   own codec makes through an array of one string per byte: 8 MB of garbage for each 256 KB chunk, 18 s
 *   for a 10 MB upload. Node's hex codec writes the text in one piece.
 */
export const PGLITE_OPTIONS = {
  startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'],
  parsers: {
    [DATE_OID]: (value: string) => value,
    [BYTEA_OID]: (value: string) => Buffer.from(value.slice(2), 'hex'),
  },
  serializers: {
    [BYTEA_OID]: (value: Uint8Array) =>
      `\\x${Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('hex')}`,
  },
}

/**
 * Makes the new PGlite data directory `dataDir` in a worker thread, which exits when it is done. PGlite runs
 * PostgreSQL's initdb as a WebAssembly program of its own beside the database's, and the process kept about
 * 400 MB more resident after a first start than after any later one, until a full garbage collection that an
 * idle server may never run; a thread's memory is let go when the thread ends.
 */
async function createPGliteDirectory(dataDir: string): Promise<void> {
  // Plain JavaScript that needs none of this process's options (a loader, `--input-type` of `node -e`).
  const worker = new Worker(new URL('./pglite-create.mjs', import.meta.url), {
    workerData: { dataDir },
    execArgv: [],
  })
  await new Promise<void>((resolve, reject) => {
    worker.once('error', reject)
    worker.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`Making the PGlite directory ${dataDir} failed (${code})`)),
    )
  })
}

/**
 * PGlite on `dataDir` (a directory, or `memory://`), which this process then holds alone until close():
 * another process's open refuses with DataDirectoryInUse (server/db/data-dir-lock.ts).
 */
export async function openPGlite(dataDir: string): Promise<DatabaseHandle> {
  let unlock = () => {}
  let client: PGlite
  try {
    if (!dataDir.includes('://')) {
      // PGlite creates its data directory but not the parents (the default is .data/pglite).
      await mkdir(dataDir, { recursive: true })
      unlock = lockDataDirectory(dataDir)
      if (!existsSync(join(dataDir, 'PG_VERSION'))) await createPGliteDirectory(dataDir)
    }
    client = await PGlite.create(dataDir, PGLITE_OPTIONS)
  } catch (error) {
    unlock()
    throw error
  }
  const db = new Kysely<Database>({ dialect: new PGliteDialect(client) })
  const listeners: Promise<(() => Promise<void>) | undefined>[] = []
  return {
    db,
    generic: db,
    kind: 'pglite',
    listen(channel, handlers) {
      const listening = (async () => {
        const { rows } = await client.query<{ schema: string }>('select current_schema() as schema')
        const schema = rows[0]?.schema
        const unlisten = await client.listen(channel, (payload) => forSchema(schema, payload, handlers))
        handlers.live(true)
        return async () => {
          handlers.live(false)
          await unlisten()
        }
      })().catch((error: unknown) => {
        console.error(`PGlite LISTEN ${channel}:`, error)
        return undefined
      })
      listeners.push(listening)
    },
    close: async () => {
      for (const stop of await Promise.all(listeners)) await stop?.()
      try {
        await db.destroy()
      } finally {
        unlock()
      }
    },
  }
}

export async function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'pgliteDir'>,
): Promise<DatabaseHandle> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl)
  return openPGlite(config.pgliteDir)
}
