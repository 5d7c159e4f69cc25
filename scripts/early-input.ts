/**
 * Writes public/early-input.js, minified, from its commented source src/early-input.js: the one script every
 * page runs before the app, parser-blocking in the head, so every byte counts (the initial JS budget of
 * `npm run bench`). tests/app/early-input-script.test.ts checks that the two agree.
 *
 * Usage: node --import tsx scripts/early-input.ts (after changing src/early-input.js).
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { minifySync } from 'vite'

const root = resolve(import.meta.dirname, '..')
export const earlyInputSource = join(root, 'src/early-input.js')
export const earlyInputOutput = join(root, 'public/early-input.js')

/** The minified script, with a line saying where its source is. */
export function buildEarlyInput(): string {
  const { code, errors } = minifySync('early-input.js', readFileSync(earlyInputSource, 'utf8'))
  if (errors.length > 0) throw new Error(`src/early-input.js: ${errors.map((e) => e.message).join('; ')}`)
  return `// src/early-input.js\n${code.trim()}\n`
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  writeFileSync(earlyInputOutput, buildEarlyInput())
  console.log(`wrote public/early-input.js (${buildEarlyInput().length} bytes)`)
}
