import { availableParallelism } from 'node:os'
import { describe, expect, it } from 'vitest'
import { defaultHashConcurrency, envVars, loadConfig } from '../../server/config'

describe('loadConfig', () => {
  it('has defaults for everything', () => {
    expect(loadConfig({})).toEqual({
      port: 3000,
      host: '0.0.0.0',
      databaseUrl: undefined,
      pgliteDir: '.data/pglite',
      staticDir: 'dist/client',
      production: false,
      smtpUrl: undefined,
      mailFrom: 'eShip <no-reply@eship.local>',
      appUrl: 'http://localhost:3000',
      trustProxy: 0,
      demoSeed: true,
      scryptLogN: 17,
      salesEmail: 'sales@eship.local',
      salesAnswerTargetMs: 7_200_000,
      mailGiveUpAfterMs: 24 * 3_600_000,
      mailSendTimeoutMs: 60_000,
      opsApiKey: undefined,
      s3: undefined,
      loginLimits: {
        perAddress: { max: 20, windowMs: 15 * 60_000 },
        perAccount: { max: 50, windowMs: 3_600_000 },
      },
      passwordHashing: { concurrency: defaultHashConcurrency(availableParallelism(), 4), queue: 8 },
      serverTiming: true,
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
        NODE_ENV: 'development',
        SMTP_URL: 'smtp://user:pass@mail.example.com:587',
        MAIL_FROM: 'Ops <ops@example.com>',
        APP_URL: 'https://eship.example.com/',
        TRUST_PROXY: '2',
        DEMO_SEED: '0',
        SCRYPT_LOG_N: '12',
        SALES_EMAIL: 'enquiries@example.com',
        SALES_ANSWER_TARGET: '90m',
        MAIL_GIVE_UP_AFTER: '90m',
        MAIL_SEND_TIMEOUT: '2.5s',
        OPS_API_KEY: 'ops-secret-key',
        S3_BUCKET: 'eship-documents',
        S3_ENDPOINT: 'http://minio.local:9000/',
        S3_REGION: 'ap-southeast-1',
        LOGIN_FAILURES_PER_ADDRESS: '10/5m',
        LOGIN_FAILURES_PER_ACCOUNT: '30 / 2h',
        PASSWORD_HASH_CONCURRENCY: '3',
        PASSWORD_HASH_QUEUE: '40',
        SERVER_TIMING: '0',
      }),
    ).toEqual({
      port: 8080,
      host: '127.0.0.1',
      databaseUrl: 'postgres://u@db/app',
      pgliteDir: 'memory://',
      staticDir: '/srv/www',
      production: false,
      smtpUrl: 'smtp://user:pass@mail.example.com:587',
      mailFrom: 'Ops <ops@example.com>',
      appUrl: 'https://eship.example.com',
      trustProxy: 2,
      demoSeed: false,
      scryptLogN: 12,
      salesEmail: 'enquiries@example.com',
      salesAnswerTargetMs: 5_400_000,
      mailGiveUpAfterMs: 90 * 60_000,
      mailSendTimeoutMs: 2500,
      opsApiKey: 'ops-secret-key',
      s3: { bucket: 'eship-documents', endpoint: 'http://minio.local:9000', region: 'ap-southeast-1' },
      loginLimits: {
        perAddress: { max: 10, windowMs: 5 * 60_000 },
        perAccount: { max: 30, windowMs: 2 * 3_600_000 },
      },
      passwordHashing: { concurrency: 3, queue: 40 },
      serverTiming: false,
    })
  })

  it('treats empty values as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: ' ' })).toMatchObject({ port: 3000, databaseUrl: undefined })
  })

  it('refuses a port that is not a port', () => {
    for (const PORT of ['abc', '70000', '-1', '3.5']) expect(() => loadConfig({ PORT })).toThrow(/PORT/)
  })

  it('follows PORT for the default APP_URL', () => {
    expect(loadConfig({ PORT: '8080' }).appUrl).toBe('http://localhost:8080')
  })

  it('turns the demo customer off in production or with DEMO_SEED=0', () => {
    expect(loadConfig({ NODE_ENV: 'production' })).toMatchObject({ production: true, demoSeed: false })
    expect(loadConfig({ NODE_ENV: 'production', DEMO_SEED: '1' }).demoSeed).toBe(false)
    expect(loadConfig({ DEMO_SEED: '0' }).demoSeed).toBe(false)
    expect(loadConfig({ NODE_ENV: 'test' })).toMatchObject({ production: false, demoSeed: true })
  })

  it('refuses a low scrypt cost in production and values out of range', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', SCRYPT_LOG_N: '10' })).toThrow(/SCRYPT_LOG_N/)
    for (const SCRYPT_LOG_N of ['9', '18', 'x']) {
      expect(() => loadConfig({ SCRYPT_LOG_N })).toThrow(/SCRYPT_LOG_N/)
    }
  })

  it('reads TRUST_PROXY as a number of proxies', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1)
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(1)
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(0)
    for (const TRUST_PROXY of ['-1', 'yes', '1.5'])
      expect(() => loadConfig({ TRUST_PROXY })).toThrow(/TRUST_PROXY/)
  })

  it('refuses a SALES_EMAIL that is not a plain email address', () => {
    for (const SALES_EMAIL of ['sales', 'Sales <sales@example.com>', 'a@b.co, c@d.co']) {
      expect(() => loadConfig({ SALES_EMAIL })).toThrow(/SALES_EMAIL/)
    }
  })

  it('refuses a mail duration without a unit, or not above zero', () => {
    for (const value of ['3600', '0s', '-5m', '1 week']) {
      expect(() => loadConfig({ MAIL_GIVE_UP_AFTER: value }), value).toThrow(/MAIL_GIVE_UP_AFTER/)
    }
    expect(() => loadConfig({ MAIL_SEND_TIMEOUT: 'soon' })).toThrow(/MAIL_SEND_TIMEOUT/)
    expect(loadConfig({ MAIL_GIVE_UP_AFTER: '2d', MAIL_SEND_TIMEOUT: '500ms' })).toMatchObject({
      mailGiveUpAfterMs: 2 * 86_400_000,
      mailSendTimeoutMs: 500,
    })
  })

  it('refuses an APP_URL that is not absolute', () => {
    expect(() => loadConfig({ APP_URL: 'eship.example.com' })).toThrow(/APP_URL/)
  })

  it('keeps documents in S3 only with a bucket', () => {
    expect(loadConfig({ S3_BUCKET: 'docs' }).s3).toEqual({
      bucket: 'docs',
      endpoint: undefined,
      region: 'us-east-1',
    })
    expect(() => loadConfig({ S3_ENDPOINT: 'http://minio:9000' })).toThrow(
      /S3_ENDPOINT is set without S3_BUCKET/,
    )
    expect(() => loadConfig({ S3_BUCKET: 'docs', S3_ENDPOINT: 'minio' })).toThrow(
      /S3_ENDPOINT must be an absolute URL/,
    )
  })

  it('reads the login failure limits as a count and a duration', () => {
    for (const value of ['20', '/15m', '0/15m', '-1/15m', '20/15', '20/forever', '2.5/1h']) {
      expect(() => loadConfig({ LOGIN_FAILURES_PER_ADDRESS: value }), value).toThrow(
        /LOGIN_FAILURES_PER_ADDRESS must be a count and a duration such as 20\/15m|LOGIN_FAILURES_PER_ADDRESS must be a duration/,
      )
    }
    expect(() => loadConfig({ LOGIN_FAILURES_PER_ACCOUNT: '50' })).toThrow(/LOGIN_FAILURES_PER_ACCOUNT/)
    expect(loadConfig({ LOGIN_FAILURES_PER_ACCOUNT: '1/30s' }).loginLimits.perAccount).toEqual({
      max: 1,
      windowMs: 30_000,
    })
  })

  it('hashes on one CPU fewer than there are, always leaving one thread of the pool free', () => {
    expect(defaultHashConcurrency(2, 4)).toBe(1)
    expect(defaultHashConcurrency(4, 4)).toBe(3)
    expect(defaultHashConcurrency(16, 4)).toBe(3)
    expect(defaultHashConcurrency(16, 9)).toBe(8)
    expect(defaultHashConcurrency(1, 4)).toBe(1)
    expect(defaultHashConcurrency(8, 1)).toBe(1)
    expect(loadConfig({ UV_THREADPOOL_SIZE: '2' }).passwordHashing.concurrency).toBe(1)
    for (const PASSWORD_HASH_CONCURRENCY of ['0', 'two', '1.5']) {
      expect(() => loadConfig({ PASSWORD_HASH_CONCURRENCY })).toThrow(/PASSWORD_HASH_CONCURRENCY/)
    }
    expect(loadConfig({ PASSWORD_HASH_QUEUE: '0' }).passwordHashing.queue).toBe(0)
    expect(() => loadConfig({ PASSWORD_HASH_QUEUE: '-1' })).toThrow(/PASSWORD_HASH_QUEUE/)
  })

  it('sends Server-Timing unless in production, where only SERVER_TIMING=1 turns it on', () => {
    expect(loadConfig({}).serverTiming).toBe(true)
    expect(loadConfig({ SERVER_TIMING: '0' }).serverTiming).toBe(false)
    expect(loadConfig({ NODE_ENV: 'production' }).serverTiming).toBe(false)
    expect(loadConfig({ NODE_ENV: 'production', SERVER_TIMING: '1' }).serverTiming).toBe(true)
    expect(() => loadConfig({ SERVER_TIMING: 'yes' })).toThrow(/SERVER_TIMING/)
  })

  it('documents every variable it reads', () => {
    expect(envVars.map((v) => v.name)).toEqual([
      'PORT',
      'HOST',
      'DATABASE_URL',
      'PGLITE_DIR',
      'STATIC_DIR',
      'NODE_ENV',
      'SMTP_URL',
      'MAIL_FROM',
      'APP_URL',
      'TRUST_PROXY',
      'DEMO_SEED',
      'SCRYPT_LOG_N',
      'SALES_EMAIL',
      'SALES_ANSWER_TARGET',
      'MAIL_GIVE_UP_AFTER',
      'MAIL_SEND_TIMEOUT',
      'OPS_API_KEY',
      'S3_BUCKET',
      'S3_ENDPOINT',
      'S3_REGION',
      'LOGIN_FAILURES_PER_ADDRESS',
      'LOGIN_FAILURES_PER_ACCOUNT',
      'PASSWORD_HASH_CONCURRENCY',
      'PASSWORD_HASH_QUEUE',
      'SERVER_TIMING',
    ])
    for (const v of envVars) expect(v.description.length).toBeGreaterThan(10)
  })
})
