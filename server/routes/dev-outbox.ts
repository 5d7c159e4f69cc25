import { createRoute, z } from '@hono/zod-openapi'
import { createMiddleware } from 'hono/factory'
import type { Kysely } from 'kysely'
import { listOutbox } from '../db/outbox'
import type { Database, OutboxRow } from '../db/schema'
import { mailLinks } from '../mail/index'
import { escapeHtml } from '../mail/templates'
import { createRouter, errorResponses } from '../openapi'

/** Development only: the mails the embedded outbox kept (SMTP_URL unset, NODE_ENV not production). */

const OutboxMailSchema = z
  .object({
    id: z.int(),
    to: z.string(),
    subject: z.string(),
    text: z.string(),
    html: z.string(),
    created_at: z.iso.datetime(),
    links: z.array(z.string()).openapi({ description: 'The links of the text, in order' }),
  })
  .openapi('OutboxMail')

const OutboxQuerySchema = z.object({
  to: z.string().optional().openapi({ description: 'Only mails to this address (case-insensitive)' }),
})

const outboxJsonRoute = createRoute({
  method: 'get',
  operationId: 'listDevOutbox',
  path: '/api/dev/outbox',
  tags: ['Development'],
  summary:
    'Mails kept in the embedded outbox, newest first (development only: 404 with SMTP or in production)',
  request: { query: OutboxQuerySchema },
  responses: {
    200: {
      description: 'The newest 200 mails',
      content: { 'application/json': { schema: z.object({ mails: z.array(OutboxMailSchema) }) } },
    },
    ...errorResponses.validationError,
    ...errorResponses.serverError,
  },
})

const outboxPageRoute = createRoute({
  method: 'get',
  operationId: 'showDevOutbox',
  path: '/dev/outbox',
  tags: ['Development'],
  summary: 'The embedded outbox as an HTML page with clickable links (development only)',
  request: { query: OutboxQuerySchema },
  responses: {
    200: {
      description: 'HTML list of the mails, newest first',
      content: { 'text/html': { schema: z.string() } },
    },
    ...errorResponses.validationError,
    ...errorResponses.serverError,
  },
})

function toJson(row: OutboxRow) {
  return { ...row, created_at: row.created_at.toISOString(), links: mailLinks(row.text) }
}

function renderMail(row: OutboxRow): string {
  const links = mailLinks(row.text)
    .map((link) => `<li><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></li>`)
    .join('')
  return [
    '<article>',
    `<h2>${escapeHtml(row.subject)}</h2>`,
    `<p>To <strong>${escapeHtml(row.to)}</strong>, <time datetime="${row.created_at.toISOString()}">${escapeHtml(row.created_at.toISOString())}</time></p>`,
    links ? `<ul>${links}</ul>` : '',
    `<pre>${escapeHtml(row.text)}</pre>`,
    '</article><hr>',
  ].join('')
}

function renderPage(rows: OutboxRow[], to: string | undefined): string {
  const heading = to ? `Outbox: mails to ${escapeHtml(to)}` : 'Outbox'
  const body = rows.length > 0 ? rows.map(renderMail).join('') : '<p>No mails yet.</p>'
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Outbox (development)</title></head><body><h1>${heading}</h1><p>Development only: without SMTP_URL every mail is kept here, newest first. JSON: <a href="/api/dev/outbox">/api/dev/outbox</a>.</p>${body}</body></html>`
}

export function devOutboxRoutes(db: Kysely<Database>) {
  const router = createRouter()
  const noStore = createMiddleware(async (c, next) => {
    await next()
    c.header('Cache-Control', 'no-store')
  })
  router.use(outboxJsonRoute.path, noStore)
  router.use(outboxPageRoute.path, noStore)
  return router
    .openapi(outboxJsonRoute, async (c) => {
      const rows = await listOutbox(db, { to: c.req.valid('query').to })
      return c.json({ mails: rows.map(toJson) }, 200)
    })
    .openapi(outboxPageRoute, async (c) => {
      const { to } = c.req.valid('query')
      return c.html(renderPage(await listOutbox(db, { to }), to), 200)
    })
}
