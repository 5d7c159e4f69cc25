import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { serve } from '@hono/node-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AppOptions, createApp } from '../../server/app'
import { isLoopback } from '../../server/auth/client-ip'
import { loadConfig } from '../../server/config'
import { insertOutboxMail } from '../../server/mail/outbox'
import { devOutboxServed } from '../../server/routes/dev-outbox'
import { openTestDatabase, type TestDatabase } from './helpers'

let database: TestDatabase
let staticDir: string

beforeAll(async () => {
  database = await openTestDatabase()
  staticDir = await mkdtemp(join(tmpdir(), 'eship-outbox-'))
  await writeFile(join(staticDir, 'index.html'), '<!doctype html><title>SPA</title>')
  const now = new Date('2025-06-02T09:00:00Z')
  await insertOutboxMail(
    database.db,
    {
      to: 'ann@example.com',
      subject: 'First <b>mail</b>',
      text: 'Open http://localhost:3000/reset-password?token=abc&x=1 now.',
      html: '<p>first</p>',
    },
    now,
  )
  await insertOutboxMail(
    database.db,
    {
      to: 'bob@example.com',
      subject: 'Second mail',
      text: 'No links here.',
      html: '<p>second</p>',
    },
    new Date(now.getTime() + 1000),
  )
}, 60_000)

afterAll(async () => {
  await database?.close()
  await rm(staticDir, { recursive: true, force: true })
})

/**
 * What @hono/node-server gives a request about its socket (getConnInfo reads the peer's address from it):
 * `app.request` has no socket, so a test says whose connection it is.
 */
const socketFrom = (remoteAddress: string) => ({ incoming: { socket: { remoteAddress } } })

/** A request to `app` over a connection from this machine. */
const local = (app: ReturnType<typeof createApp>, path: string) =>
  app.request(path, {}, socketFrom('127.0.0.1'))

interface OutboxJson {
  mails: { id: number; to: string; subject: string; text: string; created_at: string; links: string[] }[]
}

describe('development outbox (no SMTP_URL, not production)', () => {
  const app = () => createApp({ db: database.db, staticDir, logger: { error: () => {} } })

  it('lists the mails as JSON, newest first, filtered by ?to=', async () => {
    const res = await local(app(), '/api/dev/outbox')
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-store')
    const body = (await res.json()) as OutboxJson
    expect(body.mails.map((m) => m.to)).toEqual(['bob@example.com', 'ann@example.com'])
    expect(body.mails[1]).toMatchObject({
      subject: 'First <b>mail</b>',
      links: ['http://localhost:3000/reset-password?token=abc&x=1'],
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    })
    const filtered = (await (await local(app(), '/api/dev/outbox?to=ANN@example.com')).json()) as OutboxJson
    expect(filtered.mails.map((m) => m.to)).toEqual(['ann@example.com'])
  })

  it('shows them as an HTML page with clickable, escaped links', async () => {
    const res = await local(app(), '/dev/outbox')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^text\/html/)
    const html = await res.text()
    expect(html).toContain('<a href="http://localhost:3000/reset-password?token=abc&amp;x=1">')
    expect(html).toContain('First &lt;b&gt;mail&lt;/b&gt;')
    expect(html).not.toContain('<b>mail</b>')
    expect(html.indexOf('Second mail')).toBeLessThan(html.indexOf('First &lt;b&gt;'))
  })

  it("shows each mail's delivery state: waiting, retried after an error, sent, given up", async () => {
    const retryAt = new Date('2025-06-02T09:05:00Z')
    const [ann, bob] = await Promise.all(
      ['ann@example.com', 'bob@example.com'].map((to) =>
        database.db.selectFrom('outbox').select('id').where('to', '=', to).executeTakeFirstOrThrow(),
      ),
    )
    const page = async () => (await local(app(), '/dev/outbox')).text()
    const json = async () => ((await (await local(app(), '/api/dev/outbox')).json()) as OutboxJson).mails
    expect(await page()).toContain('Waiting to be sent')

    await database.db
      .updateTable('outbox')
      .set({ attempts: 2, next_attempt_at: retryAt, last_error: 'connect ECONNREFUSED 127.0.0.1:2525' })
      .where('id', '=', bob!.id)
      .execute()
    await database.db
      .updateTable('outbox')
      .set({ status: 'sent', attempts: 1, sent_at: new Date('2025-06-02T09:00:01Z') })
      .where('id', '=', ann!.id)
      .execute()
    let html = await page()
    expect(html).toContain('Waiting to be retried at <time datetime="2025-06-02T09:05:00.000Z">')
    expect(html).toContain('(2 attempts)')
    expect(html).toContain('Last error: <code>connect ECONNREFUSED 127.0.0.1:2525</code>')
    expect(html).toContain('Sent at <time datetime="2025-06-02T09:00:01.000Z">')
    expect(await json()).toMatchObject([
      { to: 'bob@example.com', status: 'pending', attempts: 2, next_attempt_at: retryAt.toISOString() },
      { to: 'ann@example.com', status: 'sent', attempts: 1, sent_at: '2025-06-02T09:00:01.000Z' },
    ])

    await database.db
      .updateTable('outbox')
      .set({ status: 'failed', failed_at: new Date('2025-06-03T09:00:00Z') })
      .where('id', '=', bob!.id)
      .execute()
    html = await page()
    expect(html).toContain('Given up at <time datetime="2025-06-03T09:00:00.000Z">')
    expect((await json())[0]).toMatchObject({ status: 'failed', next_attempt_at: null })
  })
})

/** Answers 404 with the body of any unknown path, for both pages, even with the SPA's fallback. */
async function expectNotFound(responses: Response[]) {
  for (const res of responses) {
    expect(res.status, res.url).toBe(404)
    expect(await res.json()).toEqual({ message: 'Not Found' })
  }
}

const paths = ['/dev/outbox', '/api/dev/outbox']

describe('who may read the development outbox', () => {
  const app = (options: Partial<AppOptions> = {}) =>
    createApp({ db: database.db, staticDir, logger: { error: () => {} }, ...options })

  it('answers a client on this machine over a real connection to 127.0.0.1', async () => {
    const listening = serve({ fetch: app().fetch, port: 0, hostname: '127.0.0.1' })
    try {
      await new Promise((resolve) => listening.once('listening', resolve))
      const { port } = listening.address() as AddressInfo
      const res = await fetch(`http://127.0.0.1:${port}/api/dev/outbox?to=ann@example.com`)
      expect(res.status).toBe(200)
      expect(((await res.json()) as OutboxJson).mails.map((m) => m.to)).toEqual(['ann@example.com'])
      expect((await fetch(`http://127.0.0.1:${port}/dev/outbox`)).status).toBe(200)
    } finally {
      await new Promise((resolve) => listening.close(resolve))
    }
  })

  it('answers loopback peers of every form: 127.0.0.0/8, ::1, ::ffff:127.0.0.1', async () => {
    for (const address of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1']) {
      const res = await app().request('/api/dev/outbox', {}, socketFrom(address))
      expect(res.status, address).toBe(200)
    }
  })

  it('answers any other peer with the 404 of an unknown path, not the mails', async () => {
    const outsider = app()
    const unknown = await outsider.request('/api/no-such-path', {}, socketFrom('203.0.113.7'))
    expect(unknown.status).toBe(404)
    for (const address of ['203.0.113.7', '10.0.0.5', '192.168.1.20', '::ffff:192.0.2.1', '2001:db8::1']) {
      await expectNotFound(
        await Promise.all(paths.map((path) => outsider.request(path, {}, socketFrom(address)))),
      )
    }
    // No socket and no trusted header: an address nobody knows is not this machine's.
    await expectNotFound(await Promise.all(paths.map((path) => outsider.request(path))))
    // Everything else the app serves still answers that client.
    expect((await outsider.request('/home', {}, socketFrom('203.0.113.7'))).status).toBe(200)
  })

  it('behind a trusted proxy, goes by the address the proxy saw: forwarded from elsewhere is elsewhere', async () => {
    const proxied = app({ trustProxy: 1 })
    // The proxy runs on this machine (its connection is from 127.0.0.1) and forwards an outside client.
    const forwarded = (chain: string) =>
      Promise.all(
        paths.map((path) =>
          proxied.request(path, { headers: { 'X-Forwarded-For': chain } }, socketFrom('127.0.0.1')),
        ),
      )
    await expectNotFound(await forwarded('203.0.113.7'))
    // A client that writes 127.0.0.1 into the header itself: the proxy appends the address it saw.
    await expectNotFound(await forwarded('127.0.0.1, 203.0.113.7'))
    for (const res of await forwarded('127.0.0.1')) expect(res.status).toBe(200)
    // Without the header (a request made on this machine to the server directly): the socket's peer.
    const direct = await proxied.request('/api/dev/outbox', {}, socketFrom('127.0.0.1'))
    expect(direct.status).toBe(200)
  })

  it('with TRUST_PROXY set and no proxy in front, a forged X-Forwarded-For: 127.0.0.1 from elsewhere is elsewhere', async () => {
    const proxied = app({ trustProxy: 1 })
    for (const address of ['203.0.113.7', '10.0.0.5', '::ffff:192.0.2.1']) {
      await expectNotFound(
        await Promise.all(
          paths.map((path) =>
            proxied.request(path, { headers: { 'X-Forwarded-For': '127.0.0.1' } }, socketFrom(address)),
          ),
        ),
      )
    }
    // Nor without any socket to say where the connection is from.
    await expectNotFound(
      await Promise.all(
        paths.map((path) => proxied.request(path, { headers: { 'X-Forwarded-For': '127.0.0.1' } })),
      ),
    )
  })

  it('is served only without SMTP_URL and outside production', () => {
    expect(devOutboxServed(loadConfig({}))).toBe(true)
    expect(devOutboxServed(loadConfig({ SMTP_URL: 'smtp://mail.example.com:587' }))).toBe(false)
    expect(devOutboxServed(loadConfig({ NODE_ENV: 'production', SCRYPT_LOG_N: '17' }))).toBe(false)
  })

  it('tells loopback addresses from others', () => {
    for (const address of ['127.0.0.1', '127.255.255.254', '::1', '0:0:0:0:0:0:0:1', '::ffff:127.0.0.1'])
      expect(isLoopback(address), address).toBe(true)
    for (const address of ['128.0.0.1', '::2', '::ffff:10.0.0.1', 'unknown', 'localhost', '', '127.0.0.1:80'])
      expect(isLoopback(address), address).toBe(false)
  })

  it('is not in the public OpenAPI document', async () => {
    const doc = (await (await app().request('/api/openapi.json')).json()) as {
      paths: object
      components?: { schemas?: object }
    }
    expect(Object.keys(doc.paths)).not.toContain('/api/dev/outbox')
    expect(Object.keys(doc.paths)).not.toContain('/dev/outbox')
    expect(Object.keys(doc.components?.schemas ?? {})).not.toContain('OutboxMail')
  })
})

describe('development outbox elsewhere', () => {
  for (const [name, options] of [
    ['NODE_ENV=production', { production: true }],
    ['SMTP_URL is set', { devOutbox: false }],
  ] as const) {
    it(`answers 404 when ${name}, even to this machine and with the SPA fallback`, async () => {
      const app = createApp({ db: database.db, staticDir, ...options })
      await expectNotFound(await Promise.all(paths.map((path) => local(app, path))))
      await expectNotFound(await Promise.all(paths.map((path) => app.request(path))))
      expect((await app.request('/home')).status).toBe(200)
    })
  }
})
