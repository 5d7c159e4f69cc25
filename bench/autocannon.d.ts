// Minimal local types for the parts of autocannon's programmatic API the bench uses
// (autocannon ships no types and @types/autocannon is not installed).
declare module 'autocannon' {
  export interface Options {
    url: string
    connections?: number
    duration?: number
    pipelining?: number
    timeout?: number
    headers?: Record<string, string>
    method?: string
    body?: string
    /** Requests sent in turn; a request's own fields replace the defaults above. */
    requests?: {
      method?: string
      path?: string
      headers?: Record<string, string>
      body?: string
      onResponse?: (status: number, body: string, context: unknown, headers: Record<string, string>) => void
    }[]
  }
  interface Histogram {
    average: number
    mean: number
    stddev: number
    min: number
    max: number
    total: number
    p50: number
    p90: number
    p97_5: number
    p99: number
  }
  export interface Result {
    url: string
    connections: number
    duration: number
    errors: number
    timeouts: number
    mismatches: number
    non2xx: number
    resets: number
    '2xx': number
    statusCodeStats: Record<string, { count: number }>
    latency: Histogram
    requests: Histogram & { sent: number }
    throughput: Histogram
  }
  function autocannon(opts: Options): Promise<Result>
  export default autocannon
}
