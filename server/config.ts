import { availableParallelism } from 'node:os'

/** At most `max` failed logins in any `windowMs` (a sliding window). */
export interface FailureLimit {
  max: number
  windowMs: number
}

/** The limits of failed logins beside the 5 attempts a minute per email and address (docs/security.md). */
export interface LoginLimits {
  /** Failed logins from one client address (an IPv6 /64) across all emails. */
  perAddress: FailureLimit
  /** Failed logins for one email from every address; its owner is mailed when it is reached. */
  perAccount: FailureLimit
}

/** How much scrypt work one process does at once, and how many requests may wait for it. */
export interface PasswordHashingSettings {
  concurrency: number
  queue: number
}

export interface Config {
  port: number
  host: string
  databaseUrl: string | undefined
  pgliteDir: string
  staticDir: string
  /** NODE_ENV is 'production': no demo customer, no development outbox page, full scrypt cost only. */
  production: boolean
  /** SMTP server for outgoing mail; unset keeps every mail in the embedded outbox. */
  smtpUrl: string | undefined
  mailFrom: string
  /** Public address of the app, the base of links in mails. */
  appUrl: string
  /** How many reverse proxies in front of the server to trust for X-Forwarded-For (0: none). */
  trustProxy: number
  /** Whether server start ensures the demo customer exists (never in production). */
  demoSeed: boolean
  /** log2 of scrypt's cost parameter N for new password hashes. */
  scryptLogN: number
  /** Where the sales team is mailed each new contact enquiry. */
  salesEmail: string
  /** SALES_ANSWER_TARGET: the working time within which a quote request should have its offer (default 2h). */
  salesAnswerTargetMs: number
  /** How long the outbox keeps retrying a mail that fails before it gives up, in ms. */
  mailGiveUpAfterMs: number
  /** The longest one SMTP delivery may take, in ms; a mail claimed that long ago by a stopped process is retried. */
  mailSendTimeoutMs: number
  /** OPS_API_KEY: the operations API's key (X-API-Key); undefined refuses every operations call. */
  opsApiKey: string | undefined
  /** S3_BUCKET (with S3_ENDPOINT, S3_REGION): where documents are kept; undefined keeps them in the database. */
  s3: { bucket: string; endpoint: string | undefined; region: string } | undefined
  /** LOGIN_FAILURES_PER_ADDRESS and LOGIN_FAILURES_PER_ACCOUNT. */
  loginLimits: LoginLimits
  /** PASSWORD_HASH_CONCURRENCY and PASSWORD_HASH_QUEUE. */
  passwordHashing: PasswordHashingSettings
  /** SERVER_TIMING: API answers say how long the server took (never those of the sign-in operations). */
  serverTiming: boolean
}

export const DEFAULT_MAIL_FROM = 'eShip <no-reply@eship.local>'
export const DEFAULT_SALES_EMAIL = 'sales@eship.local'
/** OWASP's scrypt recommendation: N = 2^17, r = 8, p = 1. */
export const DEFAULT_SCRYPT_LOG_N = 17
export const MIN_SCRYPT_LOG_N = 10
export const DEFAULT_LOGIN_LIMITS: LoginLimits = {
  perAddress: { max: 20, windowMs: 15 * 60_000 },
  perAccount: { max: 50, windowMs: 60 * 60_000 },
}
export const DEFAULT_PASSWORD_HASH_QUEUE = 8

/**
 * scrypt runs on libuv's thread pool (UV_THREADPOOL_SIZE threads, 4 by default), which file reads, DNS
 * look-ups and compression share, while the event loop and the database serve every other request: hash on
 * one CPU fewer than there are, and on one thread fewer than the pool has (at least one).
 */
export function defaultHashConcurrency(
  cpus = availableParallelism(),
  threadPool = Number(process.env.UV_THREADPOOL_SIZE) || 4,
): number {
  return Math.max(1, Math.min(cpus - 1, threadPool - 1))
}

export const envVars = [
  { name: 'PORT', default: '3000', description: 'TCP port the HTTP server listens on.' },
  { name: 'HOST', default: '0.0.0.0', description: 'Interface the HTTP server binds to.' },
  {
    name: 'DATABASE_URL',
    default: '',
    description: 'PostgreSQL connection string; when set it is used instead of the embedded PGlite database.',
  },
  {
    name: 'PGLITE_DIR',
    default: '.data/pglite',
    description: 'Data directory of the embedded PGlite database (`memory://` keeps it in memory only).',
  },
  {
    name: 'STATIC_DIR',
    default: 'dist/client',
    description: 'Directory of the built SPA that the server serves.',
  },
  {
    name: 'NODE_ENV',
    default: '',
    description:
      '`production` turns off the demo customer and the development outbox page (/dev/outbox, /api/dev/outbox), refuses SCRYPT_LOG_N below 17, and warns at start while site.config.ts holds the demo company.',
  },
  {
    name: 'SMTP_URL',
    default: '',
    description:
      'SMTP server for outgoing mail (`smtp://user:pass@host:587`, `smtps://...:465`); unset stores every mail in the database outbox and prints its links to the log (and /dev/outbox shows them to this machine only); set, /dev/outbox answers 404.',
  },
  { name: 'MAIL_FROM', default: DEFAULT_MAIL_FROM, description: 'Sender address of outgoing mail.' },
  {
    name: 'APP_URL',
    default: 'http://localhost:<PORT>',
    description: 'Public address of the app, the base of the links in mails (password reset).',
  },
  {
    name: 'TRUST_PROXY',
    default: '0',
    description:
      'Number of reverse proxies in front of the server; when 1 or more, the client address (rate limits) comes from X-Forwarded-For, otherwise from the socket.',
  },
  {
    name: 'DEMO_SEED',
    default: '1',
    description:
      '`0` skips creating the demo customer demo@eship.example at start (it is never created in production).',
  },
  {
    name: 'SCRYPT_LOG_N',
    default: String(DEFAULT_SCRYPT_LOG_N),
    description:
      'log2 of the scrypt cost N for new password hashes (10 to 17); lower values only to keep tests fast, refused below 17 in production.',
  },
  {
    name: 'SALES_EMAIL',
    default: DEFAULT_SALES_EMAIL,
    description: 'Address of the sales team, mailed the details of each new contact enquiry.',
  },
  {
    name: 'SALES_ANSWER_TARGET',
    default: '2h',
    description:
      'The sales desk’s service level: the Singapore working time within which a quote request should have its offer.',
  },
  {
    name: 'MAIL_GIVE_UP_AFTER',
    default: '24h',
    description:
      'How long a mail that keeps failing is retried (with exponential backoff: 15 s, 30 s, ... up to an hour between attempts) before it is given up and logged: a number with ms, s, m, h or d.',
  },
  {
    name: 'MAIL_SEND_TIMEOUT',
    default: '60s',
    description:
      'The longest one SMTP delivery may take; a mail whose process stopped mid-delivery is tried again by any process twice this long after it was claimed.',
  },
  {
    name: 'OPS_API_KEY',
    default: '',
    description:
      'The bootstrap key of the X-API-Key operations (every scope, and adding the first admin); once admins have made named integration keys at /staff/keys, unset it: only those are then accepted.',
  },
  {
    name: 'S3_BUCKET',
    default: '',
    description:
      'An S3-compatible bucket for uploaded documents (credentials from AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY or the SDK chain); unset keeps them in the database.',
  },
  {
    name: 'S3_ENDPOINT',
    default: '',
    description:
      'With S3_BUCKET: the address of an S3-compatible service (MinIO, R2, ...), path-style; unset is AWS S3.',
  },
  { name: 'S3_REGION', default: 'us-east-1', description: 'With S3_BUCKET: the region of the bucket.' },
  {
    name: 'LOGIN_FAILURES_PER_ADDRESS',
    default: '20/15m',
    description:
      'Failed logins one client address (an IPv6 /64) may make across all emails in a sliding window, as count/duration; then 429 with Retry-After.',
  },
  {
    name: 'LOGIN_FAILURES_PER_ACCOUNT',
    default: '50/1h',
    description:
      'Failed logins for one email from all addresses in a sliding window, as count/duration; then 429 for that email from everywhere, its owner is mailed once, and a password reset lifts it.',
  },
  {
    name: 'PASSWORD_HASH_CONCURRENCY',
    default: 'CPUs - 1, at most UV_THREADPOOL_SIZE - 1',
    description:
      'Password hashes (scrypt) one process computes at once; the others wait in a queue, requests from addresses with fewer failed logins first.',
  },
  {
    name: 'PASSWORD_HASH_QUEUE',
    default: String(DEFAULT_PASSWORD_HASH_QUEUE),
    description:
      'Requests that may wait for a password hash; beyond it the one from the address with the most failed logins is answered 503 with Retry-After.',
  },
  {
    name: 'SERVER_TIMING',
    default: '1, or 0 in production',
    description:
      '`1` adds Server-Timing (the server time of each API answer) for the bench and browser tools, `0` leaves it out; never sent on login, register, forgot-password and reset-password.',
  },
] as const

type Env = Record<string, string | undefined>

function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim()
  return trimmed ? trimmed : undefined
}

function parsePort(value: string | undefined): number {
  if (value === undefined) return 3000
  const port = Number(value)
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be an integer between 0 and 65535, got "${value}"`)
  }
  return port
}

function parseTrustProxy(value: string | undefined): number {
  if (value === undefined || value === 'false') return 0
  if (value === 'true') return 1
  const hops = Number(value)
  if (!Number.isInteger(hops) || hops < 0 || hops > 10) {
    throw new Error(`TRUST_PROXY must be a number of proxies between 0 and 10, got "${value}"`)
  }
  return hops
}

/** SCRYPT_LOG_N as a number; also read by server/auth/password.ts at each hash. */
export function parseScryptLogN(value: string | undefined, production = false): number {
  if (value === undefined) return DEFAULT_SCRYPT_LOG_N
  const logN = Number(value)
  if (!Number.isInteger(logN) || logN < MIN_SCRYPT_LOG_N || logN > DEFAULT_SCRYPT_LOG_N) {
    throw new Error(
      `SCRYPT_LOG_N must be an integer between ${MIN_SCRYPT_LOG_N} and ${DEFAULT_SCRYPT_LOG_N}, got "${value}"`,
    )
  }
  if (production && logN < DEFAULT_SCRYPT_LOG_N) {
    throw new Error(`SCRYPT_LOG_N below ${DEFAULT_SCRYPT_LOG_N} is for tests only, not for production`)
  }
  return logN
}

/** A plain address (`sales@example.com`), not a display name form: it is a recipient of mails. */
function parseEmail(name: string, value: string): string {
  if (!/^[^\s@<>,;"]+@[^\s@<>,;"]+\.[^\s@<>,;"]+$/.test(value)) {
    throw new Error(`${name} must be an email address, got "${value}"`)
  }
  return value
}

const durationUnits: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 }

/** A duration such as `90s`, `15m`, `24h` or `2d`, in ms. */
export function parseDuration(name: string, value: string): number {
  const match = /^(\d+(?:\.\d+)?)\s*(ms|s|m|h|d)$/.exec(value)
  const unit = match?.[2] && durationUnits[match[2]]
  const ms = match && unit ? Number(match[1]) * unit : Number.NaN
  if (!(ms > 0)) throw new Error(`${name} must be a duration such as 90s, 15m or 24h, got "${value}"`)
  return Math.round(ms)
}

/** `count/duration`, such as `20/15m`. */
export function parseFailureLimit(name: string, value: string): FailureLimit {
  const match = /^(\d+)\s*\/\s*(\S+)$/.exec(value)
  const max = Number(match?.[1])
  if (!match?.[2] || !Number.isInteger(max) || max < 1) {
    throw new Error(`${name} must be a count and a duration such as 20/15m, got "${value}"`)
  }
  return { max, windowMs: parseDuration(name, match[2]) }
}

function parseCount(name: string, value: string | undefined, fallback: number, min: number): number {
  if (value === undefined) return fallback
  const n = Number(value)
  if (!Number.isInteger(n) || n < min)
    throw new Error(`${name} must be an integer of at least ${min}, got "${value}"`)
  return n
}

function parseSwitch(name: string, value: string | undefined, fallback: boolean): boolean {
  if (value === undefined) return fallback
  if (value === '1' || value === 'true') return true
  if (value === '0' || value === 'false') return false
  throw new Error(`${name} must be 1 or 0, got "${value}"`)
}

function parseUrl(name: string, value: string): string {
  if (!URL.canParse(value)) throw new Error(`${name} must be an absolute URL, got "${value}"`)
  return value.replace(/\/+$/, '')
}

function parseS3(env: Env): Config['s3'] {
  const bucket = nonEmpty(env.S3_BUCKET)
  const endpoint = nonEmpty(env.S3_ENDPOINT)
  if (!bucket) {
    if (endpoint) throw new Error('S3_ENDPOINT is set without S3_BUCKET')
    return undefined
  }
  return {
    bucket,
    endpoint: endpoint ? parseUrl('S3_ENDPOINT', endpoint) : undefined,
    region: nonEmpty(env.S3_REGION) ?? 'us-east-1',
  }
}

export function loadConfig(env: Env = process.env): Config {
  const port = parsePort(nonEmpty(env.PORT))
  const production = nonEmpty(env.NODE_ENV) === 'production'
  const appUrl = nonEmpty(env.APP_URL)
  return {
    port,
    host: nonEmpty(env.HOST) ?? '0.0.0.0',
    databaseUrl: nonEmpty(env.DATABASE_URL),
    pgliteDir: nonEmpty(env.PGLITE_DIR) ?? '.data/pglite',
    staticDir: nonEmpty(env.STATIC_DIR) ?? 'dist/client',
    production,
    smtpUrl: nonEmpty(env.SMTP_URL),
    mailFrom: nonEmpty(env.MAIL_FROM) ?? DEFAULT_MAIL_FROM,
    appUrl: appUrl ? parseUrl('APP_URL', appUrl) : `http://localhost:${port}`,
    trustProxy: parseTrustProxy(nonEmpty(env.TRUST_PROXY)),
    demoSeed: !production && nonEmpty(env.DEMO_SEED) !== '0',
    scryptLogN: parseScryptLogN(nonEmpty(env.SCRYPT_LOG_N), production),
    salesEmail: parseEmail('SALES_EMAIL', nonEmpty(env.SALES_EMAIL) ?? DEFAULT_SALES_EMAIL),
    salesAnswerTargetMs: parseDuration('SALES_ANSWER_TARGET', nonEmpty(env.SALES_ANSWER_TARGET) ?? '2h'),
    mailGiveUpAfterMs: parseDuration('MAIL_GIVE_UP_AFTER', nonEmpty(env.MAIL_GIVE_UP_AFTER) ?? '24h'),
    mailSendTimeoutMs: parseDuration('MAIL_SEND_TIMEOUT', nonEmpty(env.MAIL_SEND_TIMEOUT) ?? '60s'),
    opsApiKey: nonEmpty(env.OPS_API_KEY),
    s3: parseS3(env),
    loginLimits: {
      perAddress: loginLimit(env, 'LOGIN_FAILURES_PER_ADDRESS', DEFAULT_LOGIN_LIMITS.perAddress),
      perAccount: loginLimit(env, 'LOGIN_FAILURES_PER_ACCOUNT', DEFAULT_LOGIN_LIMITS.perAccount),
    },
    passwordHashing: {
      concurrency: parseCount(
        'PASSWORD_HASH_CONCURRENCY',
        nonEmpty(env.PASSWORD_HASH_CONCURRENCY),
        defaultHashConcurrency(availableParallelism(), Number(nonEmpty(env.UV_THREADPOOL_SIZE)) || 4),
        1,
      ),
      queue: parseCount(
        'PASSWORD_HASH_QUEUE',
        nonEmpty(env.PASSWORD_HASH_QUEUE),
        DEFAULT_PASSWORD_HASH_QUEUE,
        0,
      ),
    },
    serverTiming: parseSwitch('SERVER_TIMING', nonEmpty(env.SERVER_TIMING), !production),
  }
}

function loginLimit(env: Env, name: string, fallback: FailureLimit): FailureLimit {
  const value = nonEmpty(env[name])
  return value === undefined ? fallback : parseFailureLimit(name, value)
}
