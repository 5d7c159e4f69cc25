/**
 * Vitest's global set-up: one PGlite data directory, made and migrated once per run, that every server test
 * file copies for its own database (tests/server/helpers.ts openTestDatabase). A new PGlite database runs
 * PostgreSQL's initdb as WebAssembly, then every migration: seconds a file, where a copy takes a fraction of
 * one. Not made when the server tests run on PostgreSQL (TEST_DATABASE_URL), where a schema of their own
 * is migrated in half a second.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { openPGlite } from '../server/db/client'
import { migrateToLatest } from '../server/db/migrate'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated PGlite data directory to copy, or '' when the server tests run on PostgreSQL. */
    migratedPGlite: string
  }
}

export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL?.trim()) {
    project.provide('migratedPGlite', '')
    return
  }
  const root = await mkdtemp(join(tmpdir(), 'eship-migrated-'))
  const dir = join(root, 'pglite')
  const handle = await openPGlite(dir)
  try {
    await migrateToLatest(handle.db)
  } finally {
    await handle.close()
  }
  project.provide('migratedPGlite', dir)
  return () => rm(root, { recursive: true, force: true })
}
