// Resident memory of the server, on the embedded PGlite and on PostgreSQL: idle after start, the peak while a
// 10 MB document is uploaded, and idle after it. Part of `npm run bench`; runnable alone:
//   node --import tsx bench/memory.ts
// Each server runs as a default install would (`npm start`: not production, the demo data), from the built
// SPA when there is one. Resident memory is the kernel's count (/proc/<pid>/status, Linux only): VmRSS now,
// VmHWM the peak since the count was reset (writing 5 to /proc/<pid>/clear_refs) just before the upload.
import { readFileSync, writeFileSync } from 'node:fs'
import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import pg from 'pg'
import { MAX_UPLOAD_BYTES } from '../contract/bookings'
import { demoCustomer } from '../server/demo/customer'
import { TMP_DIR } from './config'
import { startBenchPostgres } from './postgres'
import { startServer } from './server'
import { log, runCleanups, sleep } from './util'

/** How long a server is left alone before its idle memory is read. */
export const MEMORY_SETTLE_MS = 10_000

export interface ServerMemory {
  /** Which database and which start: a new PGlite directory, the same one started again, PostgreSQL. */
  database: string
  /** Resident MiB after MEMORY_SETTLE_MS without a request. */
  idleMiB: number
  /** The most resident MiB while one document of `uploadBytes` was uploaded and stored. */
  uploadPeakMiB: number
  /** Resident MiB MEMORY_SETTLE_MS after the upload. */
  afterUploadMiB: number
}

export interface MemoryReport {
  uploadBytes: number
  settleSeconds: number
  servers: ServerMemory[]
}

/** A field of /proc/<pid>/status in MiB (the kernel counts kB). */
function statusMiB(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]
  if (!kb) throw new Error(`no ${field} in /proc/${pid}/status`)
  return Math.round(Number(kb) / 1024)
}

/** A document as a scan is: a PDF header, then bytes that do not compress. */
function uploadBody(bytes: number): Uint8Array<ArrayBuffer> {
  const body = new Uint8Array(bytes)
  body.set(new TextEncoder().encode('%PDF-1.7\n'))
  let state = 0x2545_f491
  for (let i = 9; i < bytes; i++) {
    state ^= state << 13
    state ^= state >>> 17
    state ^= state << 5
    body[i] = state & 0xff
  }
  return body
}

async function json<T>(res: Response, what: string): Promise<T> {
  if (!res.ok) throw new Error(`${what} answered ${res.status}: ${await res.text()}`)
  return (await res.json()) as T
}

/** Starts the server on `env`, reads its idle memory, uploads one document, reads the peak and after. */
async function measureServer(
  database: string,
  env: NodeJS.ProcessEnv,
  body: Uint8Array<ArrayBuffer>,
): Promise<ServerMemory> {
  const server = await startServer({
    name: `memory-${database.replace(/\W+/g, '-').toLowerCase()}`,
    // A default install: not production, so the demo customer and its bookings are there to upload to.
    env: { NODE_ENV: 'development', ...env },
  })
  try {
    await sleep(MEMORY_SETTLE_MS)
    const idleMiB = statusMiB(server.pid, 'VmRSS')
    const { token } = await json<{ token?: string }>(
      await fetch(`${server.origin}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: demoCustomer.email, password: demoCustomer.password }),
      }),
      'login',
    )
    if (!token) throw new Error('the demo customer could not log in')
    const headers = { authorization: `Bearer ${token}` }
    const { bookings } = await json<{ bookings: { number: string; status: string }[] }>(
      await fetch(`${server.origin}/api/bookings`, { headers }),
      'listBookings',
    )
    const booking = bookings.find((b) => b.status !== 'Cancelled')
    if (!booking) throw new Error('the demo customer has no open booking')
    // The login's password hash is behind us: the peak from here is the upload's.
    writeFileSync(`/proc/${server.pid}/clear_refs`, '5')
    await json(
      await fetch(`${server.origin}/api/bookings/${booking.number}/documents/commercial_invoice`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/pdf', 'x-file-name': 'invoice.pdf' },
        body,
      }),
      'uploadDocument',
    )
    const uploadPeakMiB = statusMiB(server.pid, 'VmHWM')
    await fetch(`${server.origin}/api/auth/logout`, { method: 'POST', headers })
    await sleep(MEMORY_SETTLE_MS)
    const afterUploadMiB = statusMiB(server.pid, 'VmRSS')
    log(`memory: ${database}: idle ${idleMiB} MiB, upload peak ${uploadPeakMiB}, after ${afterUploadMiB}`)
    return { database, idleMiB, uploadPeakMiB, afterUploadMiB }
  } finally {
    await server.stop()
  }
}

/**
 * The server on a new PGlite directory (its first start makes the database), on the same directory started
 * again (as a server runs from then on), and on a database of its own on the PostgreSQL server at
 * `postgresUrl` when there is one.
 */
export async function measureMemory(postgresUrl: string | undefined): Promise<MemoryReport> {
  const body = uploadBody(MAX_UPLOAD_BYTES)
  const servers: ServerMemory[] = []
  await mkdir(TMP_DIR, { recursive: true })
  const dir = await mkdtemp(join(TMP_DIR, 'memory-pglite-'))
  try {
    const pglite = { PGLITE_DIR: join(dir, 'pglite') }
    servers.push(await measureServer('PGlite, first start', pglite, body))
    servers.push(await measureServer('PGlite, restart', pglite, body))
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
  if (postgresUrl) {
    const name = `eship_memory_${Date.now()}`
    const admin = new pg.Client({ connectionString: postgresUrl })
    await admin.connect()
    await admin.query(`create database ${name}`)
    await admin.end()
    const url = new URL(postgresUrl)
    url.pathname = `/${name}`
    servers.push(await measureServer('PostgreSQL', { DATABASE_URL: url.toString() }, body))
  } else {
    log('memory: no PostgreSQL server installed; PGlite only')
  }
  return { uploadBytes: body.byteLength, settleSeconds: MEMORY_SETTLE_MS / 1000, servers }
}

export function memorySection(report: MemoryReport | undefined): string {
  if (!report) return 'Not measured in this run.'
  const mb = (report.uploadBytes / 1024 / 1024).toFixed(0)
  return [
    `Resident memory (MiB) of one server process started as \`npm start\` does (demo data), idle ${report.settleSeconds} s after start, at its peak while one ${mb} MB document is uploaded, and idle ${report.settleSeconds} s after.`,
    '',
    '| Database | Idle | Upload peak | Peak − idle | After upload |',
    '| --- | ---: | ---: | ---: | ---: |',
    ...report.servers.map(
      (s) =>
        `| ${s.database} | ${s.idleMiB} | ${s.uploadPeakMiB} | ${s.uploadPeakMiB - s.idleMiB} | ${s.afterUploadMiB} |`,
    ),
  ].join('\n')
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    const postgres = await startBenchPostgres()
    const report = await measureMemory(postgres?.url)
    process.stdout.write(`${memorySection(report)}\n`)
  } catch (error) {
    log(`FAILED: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`)
    process.exitCode = 1
  } finally {
    await runCleanups()
  }
  process.exit(process.exitCode ?? 0)
}
