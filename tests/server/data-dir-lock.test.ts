import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { sql } from 'kysely'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openPGlite } from '../../server/db/client'
import { DataDirectoryInUse, LOCK_FILE, lockDataDirectory } from '../../server/db/data-dir-lock'

// One process per PGlite data directory (server/db/data-dir-lock.ts). The whole tools-beside-a-live-server
// story, with real server processes, is tests/server/one-writer.test.ts.

const ROOT = fileURLToPath(new URL('../..', import.meta.url))

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'eship-lock-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

/** A Node process running `code` (an ES module that may import the project's TypeScript through tsx). */
function node(
  code: string,
  { stdin = false } = {},
): { child: ChildProcess; output: Promise<{ code: number | null; out: string }> } {
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
    cwd: ROOT,
    stdio: [stdin ? 'pipe' : 'ignore', 'pipe', 'pipe'],
  })
  let out = ''
  child.stdout?.on('data', (chunk: Buffer) => {
    out += chunk.toString()
  })
  child.stderr?.on('data', (chunk: Buffer) => {
    out += chunk.toString()
  })
  const output = new Promise<{ code: number | null; out: string }>((resolve) =>
    child.once('exit', (code) => resolve({ code, out })),
  )
  return { child, output }
}

/** Resolves once `child` has printed `line` (one of `lines`), with the one it printed. */
function printed<Line extends string>(child: ChildProcess, ...lines: Line[]): Promise<Line> {
  return new Promise((resolve, reject) => {
    let out = ''
    const read = (chunk: Buffer) => {
      out += chunk.toString()
      const line = lines.find((l) => out.includes(l))
      if (line) resolve(line)
    }
    child.stdout?.on('data', read)
    child.stderr?.on('data', read)
    child.once('exit', (code) => reject(new Error(`exited (${code}) before printing ${lines}:\n${out}`)))
  })
}

/** The id of a process that has run and ended. */
async function deadPid(): Promise<number> {
  const { child, output } = node('')
  await output
  return child.pid as number
}

describe('the lock of a PGlite data directory', () => {
  it('is held while open and refused meanwhile, in this process too; released at close', async () => {
    const release = lockDataDirectory(dir)
    expect((await readFile(join(dir, LOCK_FILE), 'utf8')).split('\n')[0]).toBe(String(process.pid))
    expect(() => lockDataDirectory(dir)).toThrow(DataDirectoryInUse)
    expect(() => lockDataDirectory(dir)).toThrow(/already open in this process/)
    release()
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false)
    lockDataDirectory(dir)()
  })

  it("refuses a directory a live process holds, naming it; takes over a dead process's", async () => {
    const { child, output } = node('setInterval(() => {}, 1000); console.log("running")')
    await printed(child, 'running')
    try {
      await writeFile(join(dir, LOCK_FILE), `${child.pid}\n2025-06-02T09:00:00.000Z\nserver/index.ts\n`)
      let refusal: unknown
      try {
        lockDataDirectory(dir)
      } catch (error) {
        refusal = error
      }
      expect(refusal).toBeInstanceOf(DataDirectoryInUse)
      expect((refusal as Error).message).toContain(
        `is in use by process ${child.pid} (server/index.ts, since 2025-06-02T09:00:00.000Z)`,
      )
      expect((refusal as Error).message).toContain('DATABASE_URL')
    } finally {
      child.kill()
      await output
    }
    // The same file once its process has gone: a crash leaves nothing that blocks.
    const release = lockDataDirectory(dir)
    expect((await readFile(join(dir, LOCK_FILE), 'utf8')).split('\n')[0]).toBe(String(process.pid))
    release()
  }, 60_000)

  it("leaves a lock file alone that is no longer this process's", async () => {
    const release = lockDataDirectory(dir)
    const other = `${await deadPid()}\n2025-06-02T09:00:00.000Z\nscripts/rates.ts\n`
    await writeFile(join(dir, LOCK_FILE), other)
    release()
    expect(await readFile(join(dir, LOCK_FILE), 'utf8')).toBe(other)
  }, 60_000)

  it('is taken over by exactly one of several processes that find the same stale lock', async () => {
    await writeFile(join(dir, LOCK_FILE), `${await deadPid()}\n2025-06-02T09:00:00.000Z\nserver/index.ts\n`)
    // Each loads the lock's code, says so and waits; once all four are ready, one line on their standard input
    // starts them together. The one that takes it holds on.
    const contenders = Array.from({ length: 4 }, () =>
      node(
        `
        import { lockDataDirectory } from './server/db/data-dir-lock.ts'
        console.log('ready')
        process.stdin.once('data', () => {
          try {
            lockDataDirectory(${JSON.stringify(dir)})
            console.log('took it')
            setInterval(() => {}, 1000)
          } catch (error) {
            console.log(error.name)
          }
        })
      `,
        { stdin: true },
      ),
    )
    try {
      await Promise.all(contenders.map(({ child }) => printed(child, 'ready')))
      const outcomes = contenders.map(({ child }) => printed(child, 'took it', 'DataDirectoryInUse'))
      for (const { child } of contenders) child.stdin?.write('go\n')
      const said = await Promise.all(outcomes)
      expect(said.filter((o) => o === 'took it')).toHaveLength(1)
      expect(said.filter((o) => o === 'DataDirectoryInUse')).toHaveLength(3)
    } finally {
      for (const { child } of contenders) child.kill()
      await Promise.all(contenders.map((c) => c.output))
    }
  }, 60_000)

  it('outlives a process killed without a chance to clean up: the next open takes the directory', async () => {
    const { child, output } = node(`
      import { openPGlite } from './server/db/client.ts'
      await openPGlite(${JSON.stringify(dir)})
      console.log('open')
      setInterval(() => {}, 1000)
    `)
    await printed(child, 'open')
    await expect(openPGlite(dir)).rejects.toThrow(`is in use by process ${child.pid}`)
    child.kill('SIGKILL')
    await output
    expect(existsSync(join(dir, LOCK_FILE))).toBe(true)
    const handle = await openPGlite(dir)
    try {
      expect((await sql<{ answer: number }>`select 41 + 1 as answer`.execute(handle.db)).rows).toEqual([
        { answer: 42 },
      ])
    } finally {
      await handle.close()
    }
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false)
  }, 120_000)
})
