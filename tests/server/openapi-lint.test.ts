/**
 * The OpenAPI document, linted with Redocly's recommended ruleset (`redocly lint --extends=recommended`):
 * zero errors. Warnings are allowed: the document has no licence to name, and the countries,
 * health and document operations have no 4xx to give.
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { apiPaths } from '../../contract/wire'
import { createApp } from '../../server/app'
import { unusedDatabase } from './helpers'

interface LintReport {
  totals: { errors: number; warnings: number }
  problems: { ruleId: string; severity: string; message: string; location: { pointer: string }[] }[]
}

const db = unusedDatabase()
const dir = mkdtempSync(join(tmpdir(), 'openapi-lint-'))

afterAll(async () => {
  rmSync(dir, { recursive: true, force: true })
  await db.destroy()
})

it('passes Redocly’s recommended ruleset with zero errors', async () => {
  const res = await createApp({ db }).request(apiPaths.openapi)
  expect(res.status).toBe(200)
  const file = join(dir, 'openapi.json')
  writeFileSync(file, await res.text())

  const require = createRequire(import.meta.url)
  const cli = join(dirname(require.resolve('@redocly/cli/package.json')), 'bin', 'cli.js')
  // In a folder of its own (no redocly.yaml is read), without telemetry or the update check.
  const run = spawnSync(process.execPath, [cli, 'lint', file, '--extends=recommended', '--format=json'], {
    cwd: dir,
    encoding: 'utf8',
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
    timeout: 120_000,
  })
  expect(run.error).toBeUndefined()
  const report = JSON.parse(run.stdout) as LintReport
  const errors = report.problems
    .filter((problem) => problem.severity === 'error')
    .map((problem) => `${problem.ruleId} at ${problem.location[0]?.pointer}: ${problem.message}`)
  expect(errors).toEqual([])
  expect(report.totals.errors).toBe(0)
  expect(run.status).toBe(0)
}, 150_000)
