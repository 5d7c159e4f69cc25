import { describe, expect, it } from 'vitest'
import { envVars, loadConfig } from '../../server/config'

describe('loadConfig', () => {
  it('has defaults for everything', () => {
    expect(loadConfig({})).toEqual({
      port: 3000,
      host: '0.0.0.0',
      databaseUrl: undefined,
      pgliteDir: '.data/pglite',
      staticDir: 'dist/client',
    })
  })

  it('reads every variable', () => {
    expect(
      loadConfig({
        PORT: '8080',
        HOST: '127.0.0.1',
        DATABASE_URL: 'postgres://u@db/app',
        PGLITE_DIR: 'memory://',
        STATIC_DIR: '/srv/www',
      }),
    ).toEqual({
      port: 8080,
      host: '127.0.0.1',
      databaseUrl: 'postgres://u@db/app',
      pgliteDir: 'memory://',
      staticDir: '/srv/www',
    })
  })

  it('treats empty values as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: ' ' })).toMatchObject({ port: 3000, databaseUrl: undefined })
  })

  it('refuses a port that is not a port', () => {
    for (const PORT of ['abc', '70000', '-1', '3.5']) expect(() => loadConfig({ PORT })).toThrow(/PORT/)
  })

  it('documents every variable it reads', () => {
    expect(envVars.map((v) => v.name)).toEqual(['PORT', 'HOST', 'DATABASE_URL', 'PGLITE_DIR', 'STATIC_DIR'])
    for (const v of envVars) expect(v.description.length).toBeGreaterThan(10)
  })
})
