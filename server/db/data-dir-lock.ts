import { randomBytes } from 'node:crypto'
import { linkSync, readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs'
import { basename, join, relative, resolve } from 'node:path'

/**
 * One process per PGlite data directory. PGlite is PostgreSQL in one process, without PostgreSQL's own
 * postmaster.pid check: two processes that open one directory both write to it, and the directory is
 * damaged (an export run beside the server once left one that every later open aborted on). So whoever
 * opens a directory (the server, `npm run rates`, `npm run migrate`) first takes its lock file, `eship.pid`,
 * and whoever finds it held by a live process refuses with DataDirectoryInUse.
 *
 * The lock is PostgreSQL's: a file holding the owner's process id, created only if absent (here by a hard
 * link, so it never exists half written), and stale when that process no longer runs. A crash therefore
 * blocks nothing: the next opener finds the process gone and takes the directory over. A lock kept alive by
 * a heartbeat (proper-lockfile refreshes a timestamp on a timer) suits PGlite badly: PostgreSQL runs on the
 * event loop's thread, so a long statement (a large rates import, the first start's data load) stops the
 * heartbeat, and the lock would be declared stale under a live owner, unless its stale time were so long
 * that a restart after a crash had to wait it out. Whether a process id is alive is asked of the kernel,
 * which knows at once. Limits: one machine (a process id means nothing on another host sharing the
 * directory over a network file system), and a crashed owner's id taken by an unrelated process since
 * keeps the lock until its file is removed by hand, as the message says.
 */
export const LOCK_FILE = 'eship.pid'

/** A takeover guard left this long by an opener that died inside its few statements is stale. */
const GUARD_STALE_MS = 10_000

export interface LockHolder {
  pid: number
  /** When it took the lock (ISO), as it wrote it. */
  since: string
  /** What it runs: its script, e.g. server/index.ts or scripts/rates.ts. */
  command: string
}

/** The directory is another live process's. */
export class DataDirectoryInUse extends Error {
  constructor(
    readonly dir: string,
    readonly holder: LockHolder,
  ) {
    const file = join(dir, LOCK_FILE)
    const own = holder.pid === process.pid
    super(
      own
        ? `The PGlite database at ${dir} is already open in this process (${holder.command}).`
        : [
            `The PGlite database at ${dir} is in use by process ${holder.pid} (${holder.command}, since ${holder.since}).`,
            'PGlite allows one process per data directory: stop that process first (or, to run several',
            'processes at once, use a PostgreSQL server: DATABASE_URL).',
            `If process ${holder.pid} is not eShip, remove ${file}.`,
          ].join('\n'),
    )
    this.name = 'DataDirectoryInUse'
  }
}

const pause = new Int32Array(new SharedArrayBuffer(4))

/** The directories this process holds, by absolute path, with the content of their lock file. */
const held = new Map<string, string>()
let releaseAtExit = false

/** The script this process runs, as the project names it. */
function command(): string {
  const script = process.argv[1]
  if (!script) return basename(process.argv0)
  const path = relative(process.cwd(), script)
  return path.startsWith('..') ? script : path
}

function parse(content: string): LockHolder | undefined {
  const [pid, since = '', command = ''] = content.split('\n')
  const id = Number(pid)
  return Number.isSafeInteger(id) && id > 0 ? { pid: id, since, command } : undefined
}

function readLock(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw error
  }
}

/** Whether process `pid` runs (EPERM: it does, as another user). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** Creates `file` with `content` only if it does not exist, never visible half written. */
function createExclusive(file: string, content: string): boolean {
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`
  writeFileSync(temporary, content)
  try {
    linkSync(temporary, file)
    return true
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false
    throw error
  } finally {
    unlinkSync(temporary)
  }
}

function removeIfUnchanged(file: string, content: string) {
  if (readLock(file) === content) unlinkSync(file)
}

/**
 * Removes the stale lock `content` from `file`, unless another opener has meanwhile replaced it: under a
 * guard file that one opener at a time creates, so that two openers finding the same stale lock cannot
 * remove each other's new one.
 */
function removeStale(file: string, content: string) {
  const guard = `${file}.takeover`
  if (!createExclusive(guard, `${process.pid}\n`)) {
    try {
      if (Date.now() - statSync(guard).mtimeMs > GUARD_STALE_MS) unlinkSync(guard)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
    }
    return
  }
  try {
    removeIfUnchanged(file, content)
  } finally {
    unlinkSync(guard)
  }
}

function releaseAll() {
  for (const [dir, content] of held) {
    try {
      removeIfUnchanged(join(dir, LOCK_FILE), content)
    } catch {}
  }
  held.clear()
}

/**
 * Takes the lock of the PGlite data directory `dir` (which exists) for this process, or throws
 * DataDirectoryInUse. Returns the function that releases it; it is also released when the process exits.
 */
export function lockDataDirectory(dir: string): () => void {
  const path = resolve(dir)
  const file = join(path, LOCK_FILE)
  const content = `${process.pid}\n${new Date().toISOString()}\n${command()}\n`
  for (let attempt = 0; attempt < 10; attempt++) {
    // Another opener is inside its takeover (a few file operations): give it a moment.
    if (attempt > 0) Atomics.wait(pause, 0, 0, 20)
    if (!held.has(path) && createExclusive(file, content)) {
      held.set(path, content)
      if (!releaseAtExit) {
        releaseAtExit = true
        process.once('exit', releaseAll)
      }
      return () => {
        if (held.get(path) !== content) return
        held.delete(path)
        removeIfUnchanged(file, content)
      }
    }
    const found = readLock(file)
    if (found === undefined) continue
    const holder = parse(found)
    // A process id of this process that it does not hold is a crashed predecessor's (a container's pid 1).
    const live = holder && (holder.pid === process.pid ? held.has(path) : alive(holder.pid))
    if (holder && live) throw new DataDirectoryInUse(dir, holder)
    removeStale(file, found)
  }
  throw new Error(`Could not take the lock ${file}: other processes keep taking it over`)
}

/**
 * For the entry points (server, command lines): a DataDirectoryInUse is told as its message alone and the
 * process exits with status 1; any other error is thrown on.
 */
export function exitIfInUse(error: unknown): never {
  if (error instanceof DataDirectoryInUse) {
    console.error(error.message)
    process.exit(1)
  }
  throw error
}
