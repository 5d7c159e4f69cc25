import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'

/**
 * The CSP sources of the inline scripts of the built index.html (the early-input script the prerenderer
 * inlines into every page): `'sha256-…'` of each script's text, so script-src stays 'self' plus exactly
 * those scripts. None when there is no build.
 */
export function inlineScriptHashes(staticDir: string | undefined): string[] {
  if (!staticDir) return []
  let html: string
  try {
    html = readFileSync(join(staticDir, 'index.html'), 'utf8')
  } catch {
    return []
  }
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    (match) =>
      `'sha256-${createHash('sha256')
        .update(match[1] ?? '', 'utf8')
        .digest('base64')}'`,
  )
}
