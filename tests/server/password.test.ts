import { afterEach, describe, expect, it } from 'vitest'
import {
  currentParams,
  dummyHash,
  hashPassword,
  needsRehash,
  verifyOrDummy,
  verifyPassword,
} from '../../server/auth/password'
import { hashToken, newToken } from '../../server/auth/tokens'
import './helpers'

const savedEnv = { SCRYPT_LOG_N: process.env.SCRYPT_LOG_N, NODE_ENV: process.env.NODE_ENV }

afterEach(() => {
  for (const [name, value] of Object.entries(savedEnv)) {
    if (value === undefined) delete process.env[name]
    else process.env[name] = value
  }
})

/** Base64 of 16 and of 64 bytes. */
const salt16 = '[A-Za-z0-9+/]{22}=='
const key64 = '[A-Za-z0-9+/]{86}=='

describe('hashPassword', () => {
  it('writes a self-describing scrypt hash with a 16-byte salt and a 64-byte key', async () => {
    const hash = await hashPassword('Secret#123')
    expect(hash).toMatch(new RegExp(`^scrypt\\$10\\$8\\$1\\$${salt16}\\$${key64}$`))
    const [, , , , salt, key] = hash.split('$')
    expect(Buffer.from(salt ?? '', 'base64')).toHaveLength(16)
    expect(Buffer.from(key ?? '', 'base64')).toHaveLength(64)
  })

  it('salts every hash differently', async () => {
    expect(await hashPassword('Secret#123')).not.toBe(await hashPassword('Secret#123'))
  })

  it('verifies the right password only', async () => {
    const hash = await hashPassword('Secret#123')
    expect(await verifyPassword('Secret#123', hash)).toBe(true)
    expect(await verifyPassword('secret#123', hash)).toBe(false)
    expect(await verifyPassword('Secret#1234', hash)).toBe(false)
    expect(await verifyPassword('', hash)).toBe(false)
  })

  it('treats canonically equal Unicode spellings as the same password', async () => {
    const hash = await hashPassword('Caf\u00e9#2025')
    expect(await verifyPassword('Cafe\u0301#2025', hash)).toBe(true)
  })

  it('never matches a malformed hash', async () => {
    const good = await hashPassword('Secret#123')
    const [, , , , salt, key] = good.split('$')
    for (const bad of [
      '',
      'plain',
      `bcrypt$10$8$1$${salt}$${key}`,
      `scrypt$10$8$1$${salt}`,
      `scrypt$10$8$1$${salt}$${key}$extra`,
      `scrypt$x$8$1$${salt}$${key}`,
      `scrypt$30$8$1$${salt}$${key}`,
      `scrypt$10$8$1$${salt}$AAAA`,
    ]) {
      expect(await verifyPassword('Secret#123', bad), bad).toBe(false)
    }
  })

  it('reads its cost from the hash, so hashes of another cost still verify', async () => {
    const hash = await hashPassword('Secret#123', { logN: 11, r: 8, p: 1 })
    expect(hash.startsWith('scrypt$11$8$1$')).toBe(true)
    expect(await verifyPassword('Secret#123', hash)).toBe(true)
    expect(needsRehash(hash)).toBe(true)
    expect(needsRehash(await hashPassword('Secret#123'))).toBe(false)
    expect(needsRehash('garbage')).toBe(true)
  })

  it('checks an unknown account against the dummy hash, always failing', async () => {
    expect(await dummyHash()).toMatch(/^scrypt\$10\$/)
    expect(await verifyOrDummy('Secret#123', undefined)).toBe(false)
    const hash = await hashPassword('Secret#123')
    expect(await verifyOrDummy('Secret#123', hash)).toBe(true)
  })
})

describe('SCRYPT_LOG_N', () => {
  it('defaults to OWASP cost 17 and accepts 10 to 17', () => {
    delete process.env.SCRYPT_LOG_N
    expect(currentParams()).toEqual({ logN: 17, r: 8, p: 1 })
    process.env.SCRYPT_LOG_N = '12'
    expect(currentParams().logN).toBe(12)
    for (const value of ['9', '18', 'abc', '12.5']) {
      process.env.SCRYPT_LOG_N = value
      expect(() => currentParams(), value).toThrow(/SCRYPT_LOG_N/)
    }
  })

  it('is refused below 17 in production', () => {
    process.env.NODE_ENV = 'production'
    process.env.SCRYPT_LOG_N = '10'
    expect(() => currentParams()).toThrow(/production/)
    process.env.SCRYPT_LOG_N = '17'
    expect(currentParams().logN).toBe(17)
  })
})

describe('at the real cost (N = 2^17, r = 8, p = 1)', () => {
  it('hashes and verifies without blocking the event loop', async () => {
    const params = { logN: 17, r: 8, p: 1 }
    let ticks = 0
    const timer = setInterval(() => {
      ticks += 1
    }, 5)
    const started = performance.now()
    const hash = await hashPassword('Demo#2025ship', params)
    const hashMs = performance.now() - started
    const verifyStarted = performance.now()
    expect(await verifyPassword('Demo#2025ship', hash)).toBe(true)
    const verifyMs = performance.now() - verifyStarted
    clearInterval(timer)
    expect(hash.startsWith('scrypt$17$8$1$')).toBe(true)
    expect(await verifyPassword('Demo#2025shiq', hash)).toBe(false)
    // 128 MiB of memory-hard work: well above a few milliseconds, and the loop kept turning meanwhile.
    expect(hashMs).toBeGreaterThan(20)
    expect(ticks).toBeGreaterThan(1)
    console.info(`scrypt N=2^17 r=8 p=1: hash ${hashMs.toFixed(0)} ms, verify ${verifyMs.toFixed(0)} ms`)
  }, 60_000)
})

describe('tokens', () => {
  it('are 32 random bytes in base64url, stored as their SHA-256 hex', () => {
    const token = newToken()
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(Buffer.from(token, 'base64url')).toHaveLength(32)
    expect(newToken()).not.toBe(token)
    expect(hashToken(token)).toMatch(/^[0-9a-f]{64}$/)
    expect(hashToken(token)).toBe(hashToken(token))
  })
})
