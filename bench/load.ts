import { request } from 'node:http'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import autocannon, { type Options, type Result } from 'autocannon'
import { LOAD_TEST } from './config'
import { log, round } from './util'

/** What Chromium sends. */
export const ACCEPT_ENCODING = 'gzip, deflate, br, zstd'
const HEADERS = { 'accept-encoding': ACCEPT_ENCODING, accept: 'application/json' }

export interface ProbeResult {
  status: number
  contentEncoding: string | null
  contentType: string | null
  wireBytes: number
  decodedBytes: number
  rows: number | null
}

export interface LoadStats {
  url: string
  requestsPerSecMean: number
  requestsTotal: number
  latencyP50Ms: number
  latencyP99Ms: number
  latencyMeanMs: number
  latencyMaxMs: number
  non2xx: number
  errors: number
  timeouts: number
  throughputBytesPerSecMean: number
  statusCodes: Record<string, number>
  /**
   * The server's own time per request (its `Server-Timing: total` header: from the request reaching the API
   * to its answer, waits for the database and for the event loop included; not the socket and autocannon).
   */
  serverTimeP50Ms?: number
  serverTimeP99Ms?: number
}

export interface LoadReport extends LoadStats {
  connections: number
  durationSeconds: number
  probe: ProbeResult
  /** The same autocannon run against a bare Hono hello-JSON server (bench/hello-server.ts). */
  baseline: LoadStats
  /** requests/s of the API over those of the bare server. */
  ratioToBaseline: number
}

/** One request like a browser would send it, to record the encoding and payload size. */
function probe(url: string): Promise<ProbeResult> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: HEADERS }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('error', reject)
      res.on('end', () => {
        const wire = Buffer.concat(chunks)
        const encoding = res.headers['content-encoding'] ?? null
        let rows: number | null = null
        let decoded = wire
        try {
          decoded =
            encoding === 'gzip' ? gunzipSync(wire) : encoding === 'br' ? brotliDecompressSync(wire) : wire
          const json: unknown = JSON.parse(decoded.toString('utf8'))
          if (Array.isArray(json)) rows = json.length
          else if (json !== null && typeof json === 'object') {
            const list = Object.values(json).find(Array.isArray)
            if (list) rows = list.length
          }
        } catch {
          // not JSON (or unknown encoding): leave rows null
        }
        resolve({
          status: res.statusCode ?? 0,
          contentEncoding: encoding,
          contentType: res.headers['content-type'] ?? null,
          wireBytes: wire.length,
          decodedBytes: decoded.length,
          rows,
        })
      })
    })
    req.on('error', reject)
    req.setTimeout(10_000, () => req.destroy(new Error(`probe of ${url} timed out`)))
    req.end()
  })
}

/** A 2 s warm-up (JIT, caches), then the measured run. */
async function hammer(url: string, durationSeconds: number): Promise<LoadStats> {
  await autocannon({ url, connections: 10, duration: 2, headers: HEADERS })
  log(`load: autocannon ${url} with ${LOAD_TEST.connections} connections for ${durationSeconds} s`)
  const r = await autocannon({
    url,
    connections: LOAD_TEST.connections,
    duration: durationSeconds,
    headers: HEADERS,
  })
  return loadStats(url, r)
}

/** What the report keeps of an autocannon result. */
export function loadStats(url: string, r: Result): LoadStats {
  const statusCodes: Record<string, number> = {}
  for (const [code, stat] of Object.entries(r.statusCodeStats)) statusCodes[code] = stat.count
  return {
    url,
    requestsPerSecMean: round(r.requests.average, 1),
    requestsTotal: r.requests.total,
    latencyP50Ms: r.latency.p50,
    latencyP99Ms: r.latency.p99,
    latencyMeanMs: round(r.latency.average, 2),
    latencyMaxMs: r.latency.max,
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
    throughputBytesPerSecMean: Math.round(r.throughput.average),
    statusCodes,
  }
}

/** The value at quantile `q` of sorted numbers. */
const quantile = (sorted: number[], q: number) =>
  sorted.length === 0 ? 0 : (sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] as number)

/**
 * autocannon with a 3 s warm-up at the measured concurrency (so the server's connection pools are full and
 * each connection has prepared its statements before the measure, as in steady service), recording each
 * answer's Server-Timing total beside the round trip autocannon measures.
 */
export async function serverTimedLoad(
  options: Omit<Options, 'requests'> & { url: string; method?: string; body?: string },
): Promise<LoadStats> {
  const request = {
    method: options.method ?? 'GET',
    headers: options.headers ?? {},
    ...(options.body !== undefined ? { body: options.body } : {}),
  }
  await autocannon({ ...options, duration: 3 })
  const times: number[] = []
  const onResponse = (_status: number, _body: string, _context: unknown, headers: Record<string, string>) => {
    const header = headers['server-timing'] ?? headers['Server-Timing']
    const match = header ? /total;dur=([\d.]+)/.exec(String(header)) : null
    if (match) times.push(Number(match[1]))
  }
  const result = await autocannon({ ...options, requests: [{ ...request, onResponse }] })
  times.sort((a, b) => a - b)
  return {
    ...loadStats(`${request.method} ${options.url}`, result),
    serverTimeP50Ms: round(quantile(times, 0.5), 1),
    serverTimeP99Ms: round(quantile(times, 0.99), 1),
  }
}

/** The API under load, and the bare Hono server (at `baselineOrigin`) with the same settings just before it. */
export async function measureLoad(
  origin: string,
  baselineOrigin: string,
  durationSeconds: number,
): Promise<LoadReport> {
  const url = `${origin}${LOAD_TEST.path}`
  const first = await probe(url)
  log(
    `load: probe ${LOAD_TEST.path} -> ${first.status}, encoding ${first.contentEncoding ?? 'identity'}, ` +
      `${first.wireBytes} B on the wire, rows ${first.rows ?? '?'}`,
  )
  if (first.status !== 200) throw new Error(`${LOAD_TEST.path} answered ${first.status}, not 200`)

  const baseline = await hammer(`${baselineOrigin}/`, durationSeconds)
  const api = await hammer(url, durationSeconds)
  return {
    ...api,
    connections: LOAD_TEST.connections,
    durationSeconds,
    probe: first,
    baseline,
    ratioToBaseline: round(api.requestsPerSecMean / baseline.requestsPerSecMean, 3),
  }
}
