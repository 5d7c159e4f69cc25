import { readFileSync } from 'node:fs'
import { expect, it } from 'vitest'
import { buildEarlyInput, earlyInputOutput } from '../../scripts/early-input'

it('public/early-input.js is src/early-input.js minified (run scripts/early-input.ts after a change)', () => {
  expect(readFileSync(earlyInputOutput, 'utf8')).toBe(buildEarlyInput())
})
