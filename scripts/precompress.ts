/**
 * The build's last step: writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9) beside every
 * compressible file of dist/client above 1 KB, so the server sends them as they are (serveStatic's
 * `precompressed`) and never compresses a static file per request. A compressed copy that is not smaller is
 * not written.
 *
 * Usage: node --import tsx scripts/precompress.ts [dir] (after scripts/prerender.ts; `npm run build` runs it).
 */
import { readdir, readFile, writeFile } from 'node:fs/promises'
import { extname, join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'

const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

export const COMPRESSIBLE = new Set([
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.svg',
  '.json',
  '.xml',
  '.txt',
  '.webmanifest',
  '.map',
  '.ico',
])
export const MIN_BYTES = 1024

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) yield* files(path)
    else if (entry.isFile()) yield path
  }
}

export async function precompressDir(dir: string): Promise<{ files: number; written: number }> {
  let count = 0
  let written = 0
  const jobs: Promise<void>[] = []
  for await (const file of files(dir)) {
    if (!COMPRESSIBLE.has(extname(file).toLowerCase())) continue
    jobs.push(
      (async () => {
        const raw = await readFile(file)
        if (raw.length < MIN_BYTES) return
        count++
        const [br, gz] = await Promise.all([
          brotli(raw, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
            },
          }),
          gzipAsync(raw, { level: 9 }),
        ])
        for (const [suffix, data] of [
          ['.br', br],
          ['.gz', gz],
        ] as const) {
          if (data.length >= raw.length) continue
          await writeFile(`${file}${suffix}`, data)
          written++
        }
      })(),
    )
  }
  await Promise.all(jobs)
  return { files: count, written }
}

async function main() {
  const dir = resolve(process.argv[2] ?? join(import.meta.dirname, '../dist/client'))
  const started = performance.now()
  const { files: count, written } = await precompressDir(dir)
  const ms = Math.round(performance.now() - started)
  console.log(`precompressed ${count} files (${written} .br/.gz written) in ${ms} ms`)
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main()
