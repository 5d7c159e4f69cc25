/**
 * The customer's invoices and credit notes (issue 35, docs/invoices.md): their company's only (another
 * company's number answers 404, like none), read by every company role. The operations as the document
 * describes them are in invoices-openapi.ts.
 */
import type { Context } from 'hono'
import type { Kysely } from 'kysely'
import type { InvoiceDetail } from '../../contract/finance/invoice-wire'
import { documentNumberPattern, invoiceMessages } from '../../contract/finance/invoices'
import type { ErrorBody } from '../../contract/wire'
import type { LiveSessions } from '../auth/live-sessions'
import { requireSession, type SessionEnv } from '../auth/session'
import type { Database } from '../db/schema'
import { invoicePdfName } from '../finance/invoice-mail'
import { renderInvoicePdf } from '../finance/invoice-pdf'
import { documentDetail, listDocuments } from '../finance/invoice-reads'
import { createRouter } from '../openapi'
import { type SiteConfig, siteConfig } from '../site-config'
import { contentDisposition } from './documents'
import { getRoute, listRoute, pdfRoute } from './invoices-openapi'

export interface InvoiceRouteDeps {
  db: Kysely<Database>
  now: () => Date
  sessions: LiveSessions
  config?: SiteConfig
}

export const notFoundBody = { message: invoiceMessages.notFound } satisfies ErrorBody
export const badCursorBody = { message: invoiceMessages.badCursor } satisfies ErrorBody

/** A document's PDF as the answer: attachment, never cached. */
export async function pdfAnswer(c: Context, detail: InvoiceDetail, config: SiteConfig) {
  const pdf = await renderInvoicePdf(detail, config)
  c.header('Content-Type', 'application/pdf')
  c.header('Content-Disposition', contentDisposition(invoicePdfName(detail.number)))
  c.header('Content-Length', String(pdf.byteLength))
  c.header('X-Content-Type-Options', 'nosniff')
  c.header('Cache-Control', 'private, no-store')
  return c.body(pdf as Uint8Array<ArrayBuffer>, 200)
}

/** The document of `number` (only well-formed numbers are looked up). */
export const findDocument = (db: Kysely<Database>, number: string, now: Date, customerId?: number) =>
  documentNumberPattern.test(number)
    ? documentDetail(db, number, now, customerId)
    : Promise.resolve(undefined)

export function invoiceRoutes(deps: InvoiceRouteDeps) {
  const { db, now } = deps
  const config = deps.config ?? siteConfig
  const router = createRouter<SessionEnv>()
  const session = requireSession(deps.sessions, now)
  router.use('/invoices', session)
  router.use('/invoices/:number', session)
  router.use('/invoices/:number/pdf', session)

  return router
    .openapi(listRoute, async (c) => {
      const page = await listDocuments(
        db,
        { ...c.req.valid('query'), customerId: c.var.session.customerId },
        now(),
      )
      if (!page) return c.json(badCursorBody, 422)
      return c.json(page, 200)
    })
    .openapi(getRoute, async (c) => {
      const detail = await findDocument(db, c.req.valid('param').number, now(), c.var.session.customerId)
      if (!detail) return c.json(notFoundBody, 404)
      return c.json(detail, 200)
    })
    .openapi(pdfRoute, async (c) => {
      const detail = await findDocument(db, c.req.valid('param').number, now(), c.var.session.customerId)
      if (!detail) return c.json(notFoundBody, 404)
      return (await pdfAnswer(c, detail, config)) as never
    })
}
