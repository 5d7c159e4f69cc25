/**
 * The statement of account (issue 36, docs/payments.md, "Statement of account"): the customer's of their own
 * company (every company role: contract/team.ts), finance's of any company (contract/permissions.ts; other
 * staff roles 403), each as JSON and as a PDF. The operations as the document describes them are in
 * statement-openapi.ts; the figures are server/finance/statement.ts's.
 */
import type { Context } from 'hono'
import type { Kysely } from 'kysely'
import type { StatementQuery } from '../../contract/finance/statement-wire'
import { statementPdfName } from '../../contract/finance/statement-wire'
import type { LiveSessions } from '../auth/live-sessions'
import { requireSession, type SessionEnv } from '../auth/session'
import type { Database } from '../db/schema'
import { statementOfAccount } from '../finance/statement'
import { renderStatementPdf } from '../finance/statement-pdf'
import { createRouter } from '../openapi'
import { type SiteConfig, siteConfig } from '../site-config'
import { requireStaff, type StaffEnv } from '../staff/gate'
import type { StaffSessions } from '../staff/sessions'
import { contentDisposition } from './documents'
import {
  staffStatementPdfRoute,
  staffStatementRoute,
  statementPdfRoute,
  statementRoute,
} from './statement-openapi'

interface StatementDeps {
  db: Kysely<Database>
  now: () => Date
  config?: SiteConfig
}

/** The statement of `customerId` as JSON or as its PDF (attachment, never cached), or the refusal. */
async function answer(
  c: Context,
  deps: StatementDeps,
  customerId: number | undefined,
  query: StatementQuery,
  pdf: boolean,
) {
  const config = deps.config ?? siteConfig
  const outcome =
    customerId === undefined
      ? ({ ok: false, status: 404, message: 'No such company.' } as const)
      : await statementOfAccount(deps.db, customerId, query, deps.now(), config)
  if (!outcome.ok) return c.json({ message: outcome.message }, outcome.status)
  const { statement } = outcome
  if (!pdf) return c.json(statement, 200)
  const bytes = await renderStatementPdf(statement, config)
  c.header('Content-Type', 'application/pdf')
  c.header(
    'Content-Disposition',
    contentDisposition(statementPdfName(statement.company.name, statement.asOf)),
  )
  c.header('Content-Length', String(bytes.byteLength))
  c.header('X-Content-Type-Options', 'nosniff')
  c.header('Cache-Control', 'private, no-store')
  return c.body(bytes as Uint8Array<ArrayBuffer>, 200)
}

/** A path's company id, when it is one a row can have. */
const idOf = (id: string) => {
  const n = Number(id)
  return Number.isSafeInteger(n) && n <= 2_147_483_647 ? n : undefined
}

/** The customer's: their company's statement. */
export function statementRoutes(deps: StatementDeps & { sessions: LiveSessions }) {
  const router = createRouter<SessionEnv>()
  const session = requireSession(deps.sessions, deps.now)
  router.use('/statement', session)
  router.use('/statement/pdf', session)
  return router
    .openapi(
      statementRoute,
      async (c) => (await answer(c, deps, c.var.session.customerId, c.req.valid('query'), false)) as never,
    )
    .openapi(
      statementPdfRoute,
      async (c) => (await answer(c, deps, c.var.session.customerId, c.req.valid('query'), true)) as never,
    )
}

/** Finance's: any company's statement. */
export function staffStatementRoutes(deps: StatementDeps & { staffSessions: StaffSessions }) {
  const staff = requireStaff(deps.staffSessions, deps.now)
  return createRouter<StaffEnv>()
    .openapi(
      { ...staffStatementRoute, middleware: [staff] as const },
      async (c) =>
        (await answer(c, deps, idOf(c.req.valid('param').id), c.req.valid('query'), false)) as never,
    )
    .openapi(
      { ...staffStatementPdfRoute, middleware: [staff] as const },
      async (c) =>
        (await answer(c, deps, idOf(c.req.valid('param').id), c.req.valid('query'), true)) as never,
    )
}
