// Checks that static files are served precompressed: each page of the bench and the assets it links, asked
// for with brotli, with gzip and with neither, must come back byte for byte as the build's `.br`, `.gz` or
// plain file (so nothing was compressed per request), with `Vary: Accept-Encoding`.
import { existsSync, readFileSync } from 'node:fs'
import { request } from 'node:http'
import { join } from 'node:path'
import { log } from './util'

export interface EncodingCheck {
  path: string
  accept: string
  contentEncoding: string | null
  vary: string | null
  wireBytes: number
  /** The build file the body equals byte for byte, or null when it equals none. */
  servedFile: string | null
  pass: boolean
}

export interface StaticEncodingReport {
  checks: EncodingCheck[]
  pass: boolean
}

function get(
  url: string,
  accept: string,
): Promise<{ headers: Record<string, string | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: accept ? { 'accept-encoding': accept } : {} }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('error', reject)
      res.on('end', () =>
        resolve({
          headers: {
            'content-encoding': res.headers['content-encoding'],
            vary: res.headers.vary,
          },
          body: Buffer.concat(chunks),
        }),
      )
    })
    req.on('error', reject)
    req.setTimeout(10_000, () => req.destroy(new Error(`${url} timed out`)))
    req.end()
  })
}

/** The build file behind a URL path: a folder's index.html for a page. */
function fileOf(distDir: string, path: string): string {
  const direct = join(distDir, path)
  return path.startsWith('/assets/') ? direct : join(direct, 'index.html')
}

const EXPECTED: Record<string, { encoding: string | null; suffix: string }> = {
  br: { encoding: 'br', suffix: '.br' },
  gzip: { encoding: 'gzip', suffix: '.gz' },
  identity: { encoding: null, suffix: '' },
}

export async function measureStaticEncoding(
  origin: string,
  routes: readonly string[],
  distDir: string,
): Promise<StaticEncodingReport> {
  const paths = new Set<string>(routes)
  for (const route of routes) {
    const html = readFileSync(fileOf(distDir, route), 'utf8')
    for (const [, asset] of html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g))
      if (asset && existsSync(`${join(distDir, asset)}.br`)) paths.add(asset)
  }
  const checks: EncodingCheck[] = []
  for (const path of paths) {
    const file = fileOf(distDir, path)
    for (const accept of ['br', 'gzip', 'identity'] as const) {
      const { headers, body } = await get(`${origin}${path}`, accept)
      const expected = EXPECTED[accept] as { encoding: string | null; suffix: string }
      const candidate = `${file}${expected.suffix}`
      const same = existsSync(candidate) && readFileSync(candidate).equals(body)
      const contentEncoding = headers['content-encoding'] ?? null
      const vary = headers.vary ?? null
      checks.push({
        path,
        accept,
        contentEncoding,
        vary,
        wireBytes: body.length,
        servedFile: same ? candidate.slice(distDir.length + 1) : null,
        pass: same && contentEncoding === expected.encoding && /accept-encoding/i.test(vary ?? ''),
      })
    }
  }
  const pass = checks.every((c) => c.pass)
  log(`static encoding: ${checks.filter((c) => c.pass).length}/${checks.length} served as built`)
  return { checks, pass }
}
