export interface Config {
  port: number
  host: string
  databaseUrl: string | undefined
  pgliteDir: string
  staticDir: string
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

export function loadConfig(env: Env = process.env): Config {
  return {
    port: parsePort(nonEmpty(env.PORT)),
    host: nonEmpty(env.HOST) ?? '0.0.0.0',
    databaseUrl: nonEmpty(env.DATABASE_URL),
    pgliteDir: nonEmpty(env.PGLITE_DIR) ?? '.data/pglite',
    staticDir: nonEmpty(env.STATIC_DIR) ?? 'dist/client',
  }
}
