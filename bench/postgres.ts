import { execFileSync, spawnSync } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { freePort } from './server'
import { log, onCleanup } from './util'

export interface BenchPostgres {
  url: string
  stop: () => void
}

/** The newest Debian PostgreSQL server's bin directory, or undefined when none is installed. */
function serverBin(): string | undefined {
  const root = '/usr/lib/postgresql'
  if (!existsSync(root)) return undefined
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(a) - Number(b))
  const newest = versions.at(-1)
  return newest ? join(root, newest, 'bin') : undefined
}

/**
 * A throwaway PostgreSQL server on loopback for the API load tests, with PostgreSQL's default durability
 * (fsync and synchronous commit on, as in production). Run as the postgres user when the bench runs as root.
 * Undefined when no server is installed (`.ci/run` installs Debian's `postgresql`).
 */
export async function startBenchPostgres(): Promise<BenchPostgres | undefined> {
  const bin = serverBin()
  if (!bin) return undefined
  const root = process.getuid?.() === 0
  const dir = mkdtempSync('/tmp/eship-bench-pg.')
  if (root) {
    const pg = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' })
    const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' })
    chownSync(dir, Number(pg.stdout.trim()), Number(gid.stdout.trim()))
  }
  const asPostgres = (command: string, args: string[]) =>
    root
      ? execFileSync('runuser', ['-u', 'postgres', '--', command, ...args], { stdio: 'pipe' })
      : execFileSync(command, args, { stdio: 'pipe' })
  const port = await freePort()
  const data = join(dir, 'data')
  asPostgres(join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust'])
  asPostgres(join(bin, 'pg_ctl'), [
    '-D',
    data,
    '-l',
    join(dir, 'server.log'),
    '-w',
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=100 -c shared_buffers=256MB`,
    'start',
  ])
  let stopped = false
  const stop = () => {
    if (stopped) return
    stopped = true
    try {
      asPostgres(join(bin, 'pg_ctl'), ['-D', data, '-m', 'fast', 'stop'])
    } catch {}
    rmSync(dir, { recursive: true, force: true })
  }
  onCleanup(async () => stop())
  log(`postgres: server ${bin.split('/').at(-2)} on port ${port}`)
  return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, stop }
}
