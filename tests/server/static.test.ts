import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../../server/app'
import { unusedDatabase } from './helpers'

const indexHtml =
  '<!doctype html><html><head><script type="module" src="/assets/app-1a2b3c.js"></script></head></html>'
const script = `console.log(${JSON.stringify('x'.repeat(4000))})`

let dir: string
let app: ReturnType<typeof createApp>
const db = unusedDatabase()

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'eship-static-'))
  await mkdir(join(dir, 'assets'))
  await writeFile(join(dir, 'index.html'), indexHtml)
  await writeFile(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>')
  await writeFile(join(dir, 'assets', 'app-1a2b3c.js'), script)
  app = createApp({ db, staticDir: dir })
})

afterAll(async () => {
  await db.destroy()
  await rm(dir, { recursive: true, force: true })
})

describe('static SPA', () => {
  it('serves hashed assets as immutable for a year', async () => {
    const res = await app.request('/assets/app-1a2b3c.js')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/javascript/)
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(await res.text()).toBe(script)
  })

  it('compresses text assets for clients that accept gzip', async () => {
    const res = await app.request('/assets/app-1a2b3c.js', {
      headers: { 'Accept-Encoding': 'gzip, deflate, br' },
    })
    expect(res.headers.get('content-encoding')).toBe('gzip')
    const inflated = res.body?.pipeThrough(new DecompressionStream('gzip'))
    expect(await new Response(inflated).text()).toBe(script)
  })

  it('answers a missing asset with 404 rather than the page', async () => {
    const res = await app.request('/assets/gone-000000.js')
    expect(res.status).toBe(404)
  })

  it('serves other files and the root page with no-cache', async () => {
    for (const [path, type] of [
      ['/favicon.svg', /^image\/svg\+xml/],
      ['/', /^text\/html/],
      ['/index.html', /^text\/html/],
    ] as const) {
      const res = await app.request(path)
      expect(res.status, path).toBe(200)
      expect(res.headers.get('content-type'), path).toMatch(type)
      expect(res.headers.get('cache-control'), path).toBe('no-cache')
    }
  })

  it('answers client-side routes with index.html (status 200)', async () => {
    for (const path of ['/home', '/register', '/blog/some-post', '/homewe']) {
      const res = await app.request(path)
      expect(res.status, path).toBe(200)
      expect(res.headers.get('content-type')).toMatch(/^text\/html/)
      expect(res.headers.get('cache-control')).toBe('no-cache')
      expect(await res.text()).toBe(indexHtml)
    }
  })

  it('revalidates the page with its ETag', async () => {
    const first = await app.request('/register')
    const tag = first.headers.get('etag')
    expect(tag).toBeTruthy()
    const again = await app.request('/register', { headers: { 'If-None-Match': tag ?? '' } })
    expect(again.status).toBe(304)
  })

  it('keeps unknown /api paths as JSON 404', async () => {
    const res = await app.request('/api/nope')
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual({ message: 'Not Found' })
  })

  it('sends the security headers with the page', async () => {
    const res = await app.request('/home')
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'")
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN')
  })
})

describe('without a built SPA', () => {
  it('answers non-API paths with a JSON 404', async () => {
    const apiOnly = createApp({ db })
    const res = await apiOnly.request('/home')
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual({ message: 'Not Found' })
  })
})
