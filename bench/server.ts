import { type ChildProcess, spawn } from 'node:child_process'
import { createWriteStream, mkdirSync, readFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { DIST_DIR, ROOT_DIR, SERVER_START_TIMEOUT_MS, TMP_DIR } from './config'
import { log, onCleanup, sleep } from './util'

export interface RunningServer {
  /** e.g. http://127.0.0.1:41234 */
  origin: string
  port: number
  /** The server's process id (its memory is read from /proc). */
  pid: number
  logFile: string
  stop: () => Promise<void>
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer()
    srv.unref()
    srv.on('error', reject)
    srv.listen(0, () => {
      const address = srv.address()
      if (address === null || typeof address === 'string') {
        srv.close()
        reject(new Error('could not determine a free port'))
        return
      }
      const { port } = address
      srv.close(() => resolve(port))
    })
  })
}

function tail(file: string, lines: number): string {
  try {
    return readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n')
  } catch {
    return '(no server log)'
  }
}

function waitForExit(child: ChildProcess, ms: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true)
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms)
    child.once('exit', () => {
      clearTimeout(timer)
      resolve(true)
    })
  })
}

/** Kill the server's whole process group (it was started detached, so the group is ours). */
function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return
  try {
    process.kill(-child.pid, signal)
  } catch {
    try {
      child.kill(signal)
    } catch {
      // already gone
    }
  }
}

async function probe(url: string): Promise<boolean> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(2_000) })
    await res.arrayBuffer()
    return res.status === 200
  } catch {
    return false
  }
}

function serverEnv(port: number, overrides: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    PGLITE_DIR: 'memory://',
    STATIC_DIR: DIST_DIR,
    // Off by default in production; the API load tests read each answer's server time.
    SERVER_TIMING: '1',
  }
  // The in-memory PGlite unless the bench itself points the server at a database: never a PostgreSQL
  // the caller's environment may point at.
  delete env.DATABASE_URL
  return { ...env, ...overrides }
}

export interface ServerOptions {
  /** The entry to run with tsx, relative to the project; default the real server. */
  script?: string
  /** Answers 200 once the server is up. */
  healthPath?: string
  /** Names the log file and the log lines. */
  name?: string
  /** Variables set over the production defaults (the quote bench's database and demo data). */
  env?: NodeJS.ProcessEnv
}

export async function startServer({
  script = 'server/index.ts',
  healthPath = '/api/health',
  name = 'server',
  env = {},
}: ServerOptions = {}): Promise<RunningServer> {
  const port = await freePort()
  mkdirSync(TMP_DIR, { recursive: true })
  const logFile = join(TMP_DIR, `${name}.log`)
  const out = createWriteStream(logFile)
  await new Promise<void>((resolve, reject) => {
    out.once('open', () => resolve())
    out.once('error', reject)
  })

  log(`starting ${name} on port ${port} (log: ${logFile})`)
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: ROOT_DIR,
    env: serverEnv(port, env),
    stdio: ['ignore', out, out],
    detached: true,
  })

  let stopped = false
  const stop = async (): Promise<void> => {
    if (stopped) return
    stopped = true
    unregister()
    killGroup(child, 'SIGTERM')
    if (!(await waitForExit(child, 5_000))) {
      log(`${name} did not exit after SIGTERM, sending SIGKILL`)
      killGroup(child, 'SIGKILL')
      await waitForExit(child, 2_000)
    }
    out.end()
  }

  const unregister = onCleanup(stop)

  let exited: string | null = null
  child.once('exit', (code, signal) => {
    exited = `code ${code ?? 'null'}, signal ${signal ?? 'null'}`
  })
  child.once('error', (err) => {
    exited = `spawn error: ${err.message}`
  })

  const hosts = ['127.0.0.1', 'localhost', '[::1]']
  const deadline = Date.now() + SERVER_START_TIMEOUT_MS
  try {
    while (Date.now() < deadline) {
      if (exited !== null) throw new Error(`${name} exited during startup (${exited})`)
      for (const host of hosts) {
        const origin = `http://${host}:${port}`
        if (await probe(`${origin}${healthPath}`)) {
          log(`${name} healthy at ${origin}`)
          return { origin, port, pid: child.pid as number, logFile, stop }
        }
      }
      await sleep(250)
    }
    throw new Error(`${name} did not answer 200 on ${healthPath} within ${SERVER_START_TIMEOUT_MS / 1000} s`)
  } catch (err) {
    await stop()
    const message = err instanceof Error ? err.message : String(err)
    throw new Error(`${message}\n--- last lines of ${logFile} ---\n${tail(logFile, 40)}`)
  }
}
