import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../../server/app'
import { insertOutboxMail } from '../../server/db/outbox'
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

interface OutboxJson {
  mails: { id: number; to: string; subject: string; text: string; created_at: string; links: string[] }[]
}

describe('development outbox (no SMTP_URL, not production)', () => {
  const app = () => createApp({ db: database.db, staticDir, logger: { error: () => {} } })

  it('lists the mails as JSON, newest first, filtered by ?to=', async () => {
    const res = await app().request('/api/dev/outbox')
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-store')
    const body = (await res.json()) as OutboxJson
    expect(body.mails.map((m) => m.to)).toEqual(['bob@example.com', 'ann@example.com'])
    expect(body.mails[1]).toMatchObject({
      subject: 'First <b>mail</b>',
      links: ['http://localhost:3000/reset-password?token=abc&x=1'],
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    })
    const filtered = (await (await app().request('/api/dev/outbox?to=ANN@example.com')).json()) as OutboxJson
    expect(filtered.mails.map((m) => m.to)).toEqual(['ann@example.com'])
  })

  it('shows them as an HTML page with clickable, escaped links', async () => {
    const res = await app().request('/dev/outbox')
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
    const page = async () => (await app().request('/dev/outbox')).text()
    const json = async () => ((await (await app().request('/api/dev/outbox')).json()) as OutboxJson).mails
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

describe('development outbox elsewhere', () => {
  for (const [name, options] of [['NODE_ENV=production', { production: true }]] as const) {
    it(`answers 404 when ${name}, even with the SPA fallback`, async () => {
      const app = createApp({ db: database.db, staticDir, ...options })
      for (const path of ['/dev/outbox', '/api/dev/outbox']) {
        const res = await app.request(path)
        expect(res.status, path).toBe(404)
        expect(await res.json()).toEqual({ message: 'Not Found' })
      }
      const doc = (await (await app.request('/api/openapi.json')).json()) as { paths: object }
      expect(Object.keys(doc.paths)).not.toContain('/api/dev/outbox')
      expect((await app.request('/home')).status).toBe(200)
    })
  }
})
