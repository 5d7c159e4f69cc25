import { existsSync, readFileSync, statSync } from 'node:fs'
import { join, relative, resolve, sep } from 'node:path'
import type { Response } from 'playwright-core'
import { launchBenchBrowser } from './browser'
import { gzipSize, log } from './util'

export interface ScriptFile {
  url: string
  /** Path relative to dist/client when the file was found on disk. */
  file: string | null
  raw: number
  gzip: number
  /** 'disk' = gzip computed from dist/client; 'response' = from the response body (file not on disk). */
  source: 'disk' | 'response'
  /** Content-Encoding the server actually used, and the encoded body size it sent. */
  contentEncoding: string | null
  wireBytes: number | null
}

export interface InitialJsResult {
  route: string
  documentStatus: number | null
  scripts: ScriptFile[]
  totalRaw: number
  totalGzip: number
  pageErrors: string[]
}

export interface InitialJsReport {
  browserVersion: string
  routes: InitialJsResult[]
}

function fileOnDisk(distDir: string, url: string): string | null {
  const pathname = decodeURIComponent(new URL(url).pathname)
  const root = resolve(distDir)
  const full = resolve(join(root, pathname))
  if (!full.startsWith(root + sep)) return null
  if (!existsSync(full) || !statSync(full).isFile()) return null
  return full
}

async function sizeScript(distDir: string, response: Response): Promise<ScriptFile> {
  const url = response.url()
  await response.finished().catch(() => null)
  const sizes = await response
    .request()
    .sizes()
    .catch(() => null)
  const served = {
    contentEncoding: await response.headerValue('content-encoding').catch(() => null),
    wireBytes: sizes?.responseBodySize ?? null,
  }
  const full = fileOnDisk(distDir, url)
  if (full !== null) {
    const buf = readFileSync(full)
    const file = relative(distDir, full).split(sep).join('/')
    return { url, file, raw: buf.length, gzip: gzipSize(buf), source: 'disk', ...served }
  }
  const body = await response.body().catch(() => Buffer.alloc(0))
  return { url, file: null, raw: body.length, gzip: gzipSize(body), source: 'response', ...served }
}

export async function measureInitialJs(
  origin: string,
  routes: readonly string[],
  distDir: string,
): Promise<InitialJsReport> {
  const { browser, close } = await launchBenchBrowser()
  try {
    const results: InitialJsResult[] = []
    for (const route of routes) {
      log(`initial JS: ${route}`)
      const context = await browser.newContext()
      try {
        const page = await context.newPage()
        const responses = new Map<string, Response>()
        const pageErrors: string[] = []
        page.on('response', (res) => {
          if (res.request().resourceType() === 'script' && !responses.has(res.url())) {
            responses.set(res.url(), res)
          }
        })
        page.on('pageerror', (err) => pageErrors.push(err.message))
        const doc = await page.goto(`${origin}${route}`, { waitUntil: 'load', timeout: 30_000 })
        await page.waitForLoadState('networkidle', { timeout: 30_000 })
        page.removeAllListeners('response')

        const scripts = await Promise.all([...responses.values()].map((res) => sizeScript(distDir, res)))
        scripts.sort((a, b) => b.gzip - a.gzip)
        results.push({
          route,
          documentStatus: doc?.status() ?? null,
          scripts,
          totalRaw: scripts.reduce((sum, s) => sum + s.raw, 0),
          totalGzip: scripts.reduce((sum, s) => sum + s.gzip, 0),
          pageErrors,
        })
      } finally {
        await context.close()
      }
    }
    return { browserVersion: browser.version(), routes: results }
  } finally {
    await close()
  }
}
