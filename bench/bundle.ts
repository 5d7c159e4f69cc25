import { readdir, readFile } from 'node:fs/promises'
import { extname, join, relative, sep } from 'node:path'
import { brotliSize, gzipSize } from './util'

export interface AssetSize {
  /** Path relative to dist/client, with forward slashes. */
  file: string
  kind: 'js' | 'css'
  raw: number
  gzip: number
  brotli: number
}

export interface BundleReport {
  files: AssetSize[]
  totals: Record<'js' | 'css' | 'all', { raw: number; gzip: number; brotli: number; count: number }>
}

const KINDS: Record<string, 'js' | 'css'> = { '.js': 'js', '.mjs': 'js', '.cjs': 'js', '.css': 'css' }

async function walk(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true })
  const nested = await Promise.all(
    entries.map((entry) => {
      const full = join(dir, entry.name)
      if (entry.isDirectory()) return walk(full)
      return Promise.resolve(entry.isFile() ? [full] : [])
    }),
  )
  return nested.flat()
}

export async function measureBundle(distDir: string): Promise<BundleReport> {
  const paths = await walk(distDir)
  const files: AssetSize[] = []
  for (const path of paths) {
    const kind = KINDS[extname(path)]
    if (kind === undefined) continue
    const buf = await readFile(path)
    files.push({
      file: relative(distDir, path).split(sep).join('/'),
      kind,
      raw: buf.length,
      gzip: gzipSize(buf),
      brotli: brotliSize(buf),
    })
  }
  files.sort((a, b) => b.gzip - a.gzip || a.file.localeCompare(b.file))

  const empty = () => ({ raw: 0, gzip: 0, brotli: 0, count: 0 })
  const totals = { js: empty(), css: empty(), all: empty() }
  for (const f of files) {
    for (const t of [totals[f.kind], totals.all]) {
      t.raw += f.raw
      t.gzip += f.gzip
      t.brotli += f.brotli
      t.count += 1
    }
  }
  return { files, totals }
}
