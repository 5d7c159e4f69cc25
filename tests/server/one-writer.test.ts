import { type ChildProcess, execFile, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openPGlite } from '../../server/db/client'
import { LOCK_FILE } from '../../server/db/data-dir-lock'
import { demoCustomer } from '../../server/demo/customer'
import { csvColumns } from '../../server/rates/csv'
import { exportRates } from '../../server/rates/import'

// One writer per embedded database: every command-line tool run beside a live server process on a PGlite
// data directory either works through the server's API (`ops`, `rates`) or refuses cleanly (`migrate`, a
// second server), and the server keeps answering with its data intact. Real processes throughout, as a
// person at a terminal would start them. With PostgreSQL (DATABASE_URL) several processes are fine.

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const OPS_API_KEY = 'one-writer-ops-key'
const adminUrl = process.env.TEST_DATABASE_URL?.trim() || undefined

const goodCsv = [
  csvColumns.join(','),
  'FCL,SGSIN,INNSA,Test Line,Direct,9,WED,2,3,10,2026-11-20,2026-12-04,USD,1;7,BAS,Ocean freight,freight,container,20GP,,653,,,',
].join('\n')

interface ServerProcess {
  url: string
  child: ChildProcess
  log: () => string
  exited: Promise<number | null>
}

interface Outcome {
  code: number
  stdout: string
  stderr: string
}

/** The environment of every process here: the database and nothing of the caller's. */
function env(database: Record<string, string>): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    PORT: '0',
    HOST: '127.0.0.1',
    SCRYPT_LOG_N: '10',
    STATIC_DIR: '/nonexistent',
    OPS_API_KEY,
    ...database,
  }
}

/** `node server/index.ts`, resolved once it listens (or once it exits, for one that must refuse). */
async function startServer(database: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    cwd: ROOT,
    env: env(database),
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const chunks: string[] = []
  const log = () => chunks.join('')
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start:\n${log()}`)), 120_000)
    const read = (chunk: Buffer) => {
      chunks.push(chunk.toString())
      const port = /Listening on http:\/\/localhost:(\d+)/.exec(log())?.[1]
      if (port) {
        clearTimeout(timer)
        resolve(`http://127.0.0.1:${port}`)
      }
    }
    child.stdout.on('data', read)
    child.stderr.on('data', read)
    void exited.then((code) => {
      clearTimeout(timer)
      reject(Object.assign(new Error(`the server exited (${code})`), { code, log: log() }))
    })
  })
  return { url, child, log, exited }
}

async function stopServer(server: ServerProcess) {
  server.child.kill('SIGTERM')
  expect(await server.exited).toBe(0)
}

/** `node scripts/<script>.ts ...args`, as `npm run <script> -- ...args` runs it. */
function tool(script: string, args: string[], database: Record<string, string>): Promise<Outcome> {
  return promisify(execFile)(process.execPath, ['--import', 'tsx', `scripts/${script}.ts`, ...args], {
    cwd: ROOT,
    env: env(database),
  }).then(
    (out) => ({ code: 0, ...out }),
    (error: { code: number; stdout: string; stderr: string }) => ({
      code: error.code,
      stdout: error.stdout,
      stderr: error.stderr,
    }),
  )
}

/** A refusal a person can act on: the directory's holder named, the way out, no stack trace. */
function expectRefused(outcome: Outcome, holder: number, dir: string) {
  expect(outcome.code, outcome.stderr).toBe(1)
  expect(outcome.stderr).toContain(
    `The PGlite database at ${dir} is in use by process ${holder} (server/index.ts`,
  )
  expect(outcome.stderr).toContain('stop that process first')
  expect(outcome.stderr).not.toMatch(/^\s+at /m)
}

async function demoSession(server: ServerProcess) {
  const res = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: demoCustomer.email, password: demoCustomer.password }),
  })
  const body = (await res.json()) as { token?: string; message?: string }
  if (!body.token) throw new Error(`demo login: ${res.status} ${body.message}`)
  return { authorization: `Bearer ${body.token}` }
}

/** The demo customer's bookings, number → status. */
async function bookings(server: ServerProcess, headers: Record<string, string>) {
  const res = await fetch(`${server.url}/api/bookings`, { headers })
  expect(res.status).toBe(200)
  const body = (await res.json()) as { bookings: { number: string; status: string }[] }
  return Object.fromEntries(body.bookings.map((b) => [b.number, b.status]))
}

async function healthy(server: ServerProcess) {
  const res = await fetch(`${server.url}/api/health`)
  expect(res.status).toBe(200)
}

describe('tools beside a live server on a PGlite data directory', () => {
  let root: string
  let dir: string
  let database: Record<string, string>
  let server: ServerProcess | undefined

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'eship-one-writer-'))
    dir = join(root, 'pglite')
    database = { PGLITE_DIR: dir }
    await writeFile(join(root, 'rates.csv'), goodCsv)
  })

  afterAll(async () => {
    server?.child.kill('SIGKILL')
    await server?.exited
    await rm(root, { recursive: true, force: true })
  })

  it('each tool works through the API or refuses; the server answers throughout; the data is intact', async () => {
    server = await startServer(database)
    const holder = server.child.pid as number
    const headers = await demoSession(server)
    const before = await bookings(server, headers)
    const received = Object.keys(before).find((number) => before[number] === 'Booking Received')
    expect(received, JSON.stringify(before)).toBeDefined()

    // All at once: the server keeps answering while they try; `rates` is a client of the server's API.
    const [importing, migrating, second] = await Promise.all([
      tool('rates', ['import', join(root, 'rates.csv'), '--url', server.url], database),
      tool('migrate', [], database),
      startServer(database).then(
        () => undefined,
        (error: { code: number; log: string }) => error,
      ),
      healthy(server),
    ])
    expect(importing.code, importing.stderr).toBe(0)
    expect(importing.stdout).toContain('Added (1):')
    expect(importing.stdout).toContain('Applied: 1 added, 0 changed, 0 removed, 0 unchanged')
    expectRefused(migrating, holder, dir)
    expect(second?.code).toBe(1)
    expect(second?.log).toContain(`is in use by process ${holder} (server/index.ts`)
    expect(second?.log).not.toMatch(/^\s+at /m)
    await healthy(server)
    const exported = await tool('rates', ['export', '--url', server.url], database)
    expect(exported.code, exported.stderr).toBe(0)
    expect(exported.stdout).toContain('Test Line')

    // `ops` is a client of the server's operations API, so it works while the server runs.
    const confirmed = await tool('ops', ['confirm', received as string, '--url', server.url], database)
    expect(confirmed.code, confirmed.stderr).toBe(0)
    await healthy(server)
    expect(await bookings(server, headers)).toEqual({ ...before, [received as string]: 'Confirmed' })

    // Stopped, the server gives the directory back; `rates` never opens it (it has no server to ask).
    await stopServer(server)
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false)
    const unreachable = await tool('rates', ['export', '--url', server.url], database)
    expect(unreachable.code).toBe(1)
    expect(unreachable.stderr).toContain(`Cannot reach ${server.url}`)
    expect((await tool('migrate', [], database)).stdout).toContain('Schema up to date')
    // The whole export, to a pipe: every lane the database holds.
    const handle = await openPGlite(dir)
    try {
      expect(exported.stdout).toBe(await exportRates(handle.db))
    } finally {
      await handle.close()
    }

    // And the server comes back on it with every booking as it was, and the session it had.
    server = await startServer(database)
    expect(await bookings(server, headers)).toEqual({
      ...before,
      [received as string]: 'Confirmed',
    })
  }, 600_000)
})

describe.skipIf(!adminUrl)('tools beside a live server on PostgreSQL (DATABASE_URL)', () => {
  let databaseUrl: string
  let databaseName: string
  let root: string

  beforeAll(async () => {
    databaseName = `eship_one_writer_${randomBytes(4).toString('hex')}`
    const admin = new pg.Client({ connectionString: adminUrl })
    await admin.connect()
    await admin.query(`create database ${databaseName}`)
    await admin.end()
    const url = new URL(adminUrl as string)
    url.pathname = `/${databaseName}`
    databaseUrl = url.toString()
    root = await mkdtemp(join(tmpdir(), 'eship-one-writer-pg-'))
    await writeFile(join(root, 'rates.csv'), goodCsv)
  })

  afterAll(async () => {
    const admin = new pg.Client({ connectionString: adminUrl })
    await admin.connect()
    await admin.query(`drop database if exists ${databaseName} with (force)`)
    await admin.end()
    await rm(root, { recursive: true, force: true })
  })

  it('imports and exports rates and migrates while the server runs', async () => {
    const database = { DATABASE_URL: databaseUrl }
    const server = await startServer(database)
    try {
      const imported = await tool('rates', ['import', join(root, 'rates.csv'), '--url', server.url], database)
      expect(imported.code, imported.stderr).toBe(0)
      const exported = await tool('rates', ['export', '--url', server.url], database)
      expect(exported.stdout).toContain('Test Line')
      expect((await tool('migrate', [], database)).stdout).toContain('Schema up to date')
      await healthy(server)
    } finally {
      await stopServer(server)
    }
  }, 600_000)
})
