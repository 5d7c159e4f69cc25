import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

export function log(message: string): void {
  process.stderr.write(`[bench] ${message}\n`)
}

export function gzipSize(buf: Buffer): number {
  return gzipSync(buf, { level: 9 }).length
}

export function brotliSize(buf: Buffer): number {
  return brotliCompressSync(buf, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: buf.length,
    },
  }).length
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  const hi = sorted[mid] ?? Number.NaN
  if (sorted.length % 2 === 1) return hi
  const lo = sorted[mid - 1] ?? Number.NaN
  return (lo + hi) / 2
}

export function kb(bytes: number): string {
  return (bytes / 1024).toFixed(1)
}

export function round(value: number, digits: number): number {
  const f = 10 ** digits
  return Math.round(value * f) / f
}

export function errorMessage(err: unknown): string {
  return err instanceof Error ? (err.stack ?? err.message) : String(err)
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms))

type Cleanup = () => Promise<void> | void
const cleanups = new Set<Cleanup>()

/** Register something to undo on exit or signal (server, browsers); returns the unregister function. */
export function onCleanup(fn: Cleanup): () => void {
  cleanups.add(fn)
  return () => cleanups.delete(fn)
}

/** Run every registered cleanup, newest first; never throws. */
export async function runCleanups(): Promise<void> {
  const pending = [...cleanups].reverse()
  cleanups.clear()
  for (const fn of pending) {
    try {
      await fn()
    } catch (err) {
      log(`cleanup failed: ${errorMessage(err)}`)
    }
  }
}
