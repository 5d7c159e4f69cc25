import { createRoute, z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import type { Kysely } from 'kysely'
import { isLoopback, peerAddress } from '../auth/client-ip'
import type { Config } from '../config'
import type { Database, OutboxRow } from '../db/schema'
import { escapeHtml } from '../mail/compose'
import { mailLinks } from '../mail/index'
import { listOutbox } from '../mail/outbox'
import { createRouter, errorResponses } from '../openapi'

/**
 * The development mailbox: every mail of the outbox with its delivery state, live password-reset and
 * activation links included. So it is served only where mails go nowhere else (no SMTP_URL) outside
 * production (devOutboxServed), and then only to a client on this machine: both the client's address as
 * TRUST_PROXY defines it (a request a proxy forwards from elsewhere is from elsewhere) and the connection's
 * own peer must be loopback addresses (with TRUST_PROXY set and no proxy in front, anyone may write
 * `X-Forwarded-For: 127.0.0.1`; only a proxy on this machine, or a client on it, connects from loopback).
 * Everyone else gets the 404 of an unknown path. Left out of the public OpenAPI document.
 */

/** Whether this configuration serves the development outbox at all (to loopback clients). */
export const devOutboxServed = (config: Pick<Config, 'production' | 'smtpUrl'>): boolean =>
  !config.production && !config.smtpUrl

const OutboxMailSchema = z
  .object({
    id: z.int(),
    to: z.string(),
    subject: z.string(),
    text: z.string(),
    html: z.string(),
    created_at: z.iso.datetime(),
    links: z.array(z.string()).openapi({ description: 'The links of the text, in order' }),
    status: z.enum(['pending', 'sending', 'sent', 'failed']).openapi({
      description:
        'pending: waits for its next attempt; sending: a worker is delivering it; sent: delivered (to SMTP, or to the log without SMTP_URL); failed: given up',
    }),
    attempts: z.int().openapi({ description: 'Delivery attempts started' }),
    next_attempt_at: z.iso
      .datetime()
      .nullable()
      .openapi({ description: 'While pending: when it is tried next' }),
    last_error: z.string().nullable().openapi({ description: 'Why the last attempt failed' }),
    sent_at: z.iso.datetime().nullable(),
    failed_at: z.iso.datetime().nullable(),
  })
  .openapi('OutboxMail')

const OutboxQuerySchema = z.object({
  to: z.string().optional().openapi({ description: 'Only mails to this address (case-insensitive)' }),
})

const outboxJsonRoute = createRoute({
  method: 'get',
  operationId: 'listDevOutbox',
  path: '/api/dev/outbox',
  hide: true,
  tags: ['Development'],
  summary: 'Every mail of the outbox with its delivery state, newest first (development, loopback only)',
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
  hide: true,
  tags: ['Development'],
  summary: 'The outbox as an HTML page: each mail, its delivery state and clickable links (development only)',
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

const iso = (date: Date | null) => date?.toISOString() ?? null

function toJson(row: OutboxRow) {
  return {
    id: row.id,
    to: row.to,
    subject: row.subject,
    text: row.text,
    html: row.html,
    created_at: row.created_at.toISOString(),
    links: mailLinks(row.text),
    status: row.status,
    attempts: row.attempts,
    next_attempt_at: row.status === 'pending' ? row.next_attempt_at.toISOString() : null,
    last_error: row.last_error,
    sent_at: iso(row.sent_at),
    failed_at: iso(row.failed_at),
  }
}

const time = (date: Date) =>
  `<time datetime="${date.toISOString()}">${escapeHtml(date.toISOString().replace('T', ' ').slice(0, 19))} UTC</time>`

/** The delivery state in words. */
function describeState(row: OutboxRow): string {
  const tries = `${row.attempts} attempt${row.attempts === 1 ? '' : 's'}`
  switch (row.status) {
    case 'pending':
      return row.attempts === 0
        ? 'Waiting to be sent'
        : `Waiting to be retried at ${time(row.next_attempt_at)} (${tries})`
    case 'sending':
      return `Being sent (${tries})`
    case 'sent':
      return `Sent${row.sent_at ? ` at ${time(row.sent_at)}` : ''} (${tries})`
    case 'failed':
      return `Given up${row.failed_at ? ` at ${time(row.failed_at)}` : ''} (${tries})`
  }
}

function renderMail(row: OutboxRow): string {
  const links = mailLinks(row.text)
    .map((link) => `<li><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></li>`)
    .join('')
  return [
    `<article data-status="${row.status}">`,
    `<h2>${escapeHtml(row.subject)}</h2>`,
    `<p>To <strong>${escapeHtml(row.to)}</strong>, written ${time(row.created_at)}</p>`,
    `<p><strong>${describeState(row)}</strong></p>`,
    row.last_error ? `<p>Last error: <code>${escapeHtml(row.last_error)}</code></p>` : '',
    links ? `<ul>${links}</ul>` : '',
    `<pre>${escapeHtml(row.text)}</pre>`,
    '</article><hr>',
  ].join('')
}

function renderPage(rows: OutboxRow[], to: string | undefined): string {
  const heading = to ? `Outbox: mails to ${escapeHtml(to)}` : 'Outbox'
  const body = rows.length > 0 ? rows.map(renderMail).join('') : '<p>No mails yet.</p>'
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Outbox (development)</title></head><body><h1>${heading}</h1><p>Development only, shown to this machine alone: every mail the server wrote, newest first, with its delivery state (without SMTP_URL a mail is delivered to the log only). JSON: <a href="/api/dev/outbox">/api/dev/outbox</a>.</p>${body}</body></html>`
}

/**
 * The outbox's two pages, each answered only when `served` (devOutboxServed) and both the client's address
 * (`clientAddress`: clientIp under TRUST_PROXY) and the connection's peer are loopback ones; otherwise the
 * app's 404.
 */
export function devOutboxRoutes(
  db: Kysely<Database>,
  { served, clientAddress }: { served: boolean; clientAddress: (c: Context) => string },
) {
  const router = createRouter()
  const localOnly = createMiddleware(async (c, next) => {
    if (!served || !isLoopback(clientAddress(c)) || !isLoopback(peerAddress(c))) return c.notFound()
    await next()
    c.header('Cache-Control', 'no-store')
  })
  router.use(outboxJsonRoute.path, localOnly)
  router.use(outboxPageRoute.path, localOnly)
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
