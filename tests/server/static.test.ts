import { createHash } from 'node:crypto'
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { precompressDir } from '../../scripts/precompress'
import { createApp } from '../../server/app'
import { unusedDatabase } from './helpers'

const indexHtml =
  '<!doctype html><html><head><script type="module" src="/assets/app-1a2b3c.js"></script></head></html>'
const script = `console.log(${JSON.stringify('x'.repeat(4000))})`
const homeHtml = `<!doctype html><html><body><h1>Home</h1>${'<p>Ocean freight</p>'.repeat(200)}</body></html>`
const bigIndexHtml = `${indexHtml}<!--${'padding '.repeat(300)}-->`

/** The staff console's own page (staff.html): its own code and routes. */
const staffHtml =
  '<!doctype html><html><head><title>eShip staff</title></head><body><div id="root"></div></body></html>'

let dir: string
let app: ReturnType<typeof createApp>
const db = unusedDatabase()

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'eship-static-'))
  await mkdir(join(dir, 'assets'))
  await writeFile(join(dir, 'index.html'), indexHtml)
  await writeFile(join(dir, 'staff.html'), staffHtml)
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

  it('compresses nothing per request: a file without a precompressed twin is sent as it is', async () => {
    const res = await app.request('/assets/app-1a2b3c.js', {
      headers: { 'Accept-Encoding': 'gzip, deflate, br' },
    })
    expect(res.headers.get('content-encoding')).toBeNull()
    expect(await res.text()).toBe(script)
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

  it('answers every /staff address with the console’s own page, never the site’s', async () => {
    for (const path of [
      '/staff',
      '/staff/login',
      '/staff/quotes/ESQ-2026000001',
      '/staff/set-password?token=x',
    ]) {
      const res = await app.request(path)
      expect(res.status, path).toBe(200)
      expect(res.headers.get('cache-control')).toBe('no-cache')
      expect(await res.text(), path).toBe(staffHtml)
    }
    // Not a prefix match: /staffing is a client-side route of the site.
    expect(await (await app.request('/staffing')).text()).toBe(indexHtml)
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
    expect(res.headers.get('x-frame-options')).toBe('DENY')
  })

  it("allows exactly the build's inline scripts, by their hash", async () => {
    const inline = await mkdtemp(join(tmpdir(), 'eship-inline-'))
    try {
      await writeFile(
        join(inline, 'index.html'),
        '<!doctype html><html><head><script>window.early=1</script></head></html>',
      )
      const res = await createApp({ db, staticDir: inline }).request('/home')
      const scriptSrc = /script-src ([^;]*)/.exec(res.headers.get('content-security-policy') ?? '')?.[1]
      // sha256 of "window.early=1", base64.
      const hash = createHash('sha256').update('window.early=1').digest('base64')
      expect(scriptSrc).toBe(`'self' 'sha256-${hash}'`)
      expect(
        /script-src ([^;]*)/.exec(
          (await app.request('/home')).headers.get('content-security-policy') ?? '',
        )?.[1],
      ).toBe("'self'")
    } finally {
      await rm(inline, { recursive: true, force: true })
    }
  })
})

describe('precompressed at build (scripts/precompress.ts)', () => {
  let built: string
  let site: ReturnType<typeof createApp>

  beforeAll(async () => {
    built = await mkdtemp(join(tmpdir(), 'eship-precompressed-'))
    await mkdir(join(built, 'assets'))
    await mkdir(join(built, 'home'))
    await writeFile(join(built, 'index.html'), bigIndexHtml)
    await writeFile(join(built, 'home', 'index.html'), homeHtml)
    await writeFile(join(built, 'assets', 'app-1a2b3c.js'), script)
    await writeFile(join(built, 'assets', 'tiny-000000.js'), 'console.log(1)')
    await writeFile(join(built, 'assets', 'map-000000.png'), Buffer.alloc(4096))
    const done = await precompressDir(built)
    expect(done).toEqual({ files: 3, written: 6 })
    site = createApp({ db, staticDir: built })
  })

  afterAll(async () => {
    await rm(built, { recursive: true, force: true })
  })

  it('writes .br and .gz beside compressible files above 1 KB only', async () => {
    const names = (await readdir(join(built, 'assets'))).sort()
    expect(names).toEqual([
      'app-1a2b3c.js',
      'app-1a2b3c.js.br',
      'app-1a2b3c.js.gz',
      'map-000000.png',
      'tiny-000000.js',
    ])
    expect(brotliDecompressSync(await readFile(join(built, 'assets/app-1a2b3c.js.br'))).toString()).toBe(
      script,
    )
    expect(gunzipSync(await readFile(join(built, 'assets/app-1a2b3c.js.gz'))).toString()).toBe(script)
  })

  for (const [path, body] of [
    ['/assets/app-1a2b3c.js', script],
    ['/home', homeHtml],
    ['/home/', homeHtml],
    ['/', bigIndexHtml],
    ['/register', bigIndexHtml],
  ] as const) {
    it(`sends ${path} as brotli, gzip or identity by Accept-Encoding, always with Vary`, async () => {
      const br = await site.request(path, { headers: { 'Accept-Encoding': 'gzip, deflate, br, zstd' } })
      expect(br.status).toBe(200)
      expect(br.headers.get('content-encoding')).toBe('br')
      expect(br.headers.get('vary')).toMatch(/accept-encoding/i)
      expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(body)

      const gz = await site.request(path, { headers: { 'Accept-Encoding': 'gzip, deflate' } })
      expect(gz.headers.get('content-encoding')).toBe('gzip')
      expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(body)

      for (const accept of [undefined, 'identity', 'deflate']) {
        const plain = await site.request(path, accept ? { headers: { 'Accept-Encoding': accept } } : {})
        expect(plain.headers.get('content-encoding'), accept).toBeNull()
        expect(plain.headers.get('vary'), accept).toMatch(/accept-encoding/i)
        expect(await plain.text()).toBe(body)
      }
    })
  }

  it('revalidates a precompressed page with the ETag of its encoding', async () => {
    const headers = { 'Accept-Encoding': 'br' }
    const first = await site.request('/home', { headers })
    const tag = first.headers.get('etag') ?? ''
    expect(tag).toBeTruthy()
    const again = await site.request('/home', { headers: { ...headers, 'If-None-Match': tag } })
    expect(again.status).toBe(304)
    const plain = await site.request('/home')
    expect(plain.headers.get('etag')).not.toBe(tag)
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
