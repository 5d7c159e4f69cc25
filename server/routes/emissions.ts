/**
 * The emissions report (issue 38 part 4, docs/emissions.md "The report"): the customer's company's bookings of
 * a period of months as JSON, CSV and PDF, for every company role (contract/team.ts). The operations as the
 * document describes them are in emissions-openapi.ts; the report is server/emissions/report.ts's.
 */
import type { Context } from 'hono'
import type { Kysely } from 'kysely'
import { type EmissionsPeriod, emissionsFileName } from '../../contract/emissions-report'
import type { LiveSessions } from '../auth/live-sessions'
import { requireSession, type SessionEnv } from '../auth/session'
import type { Database } from '../db/schema'
import { companyEmissionsReport, emissionsCsv } from '../emissions/report'
import { renderEmissionsPdf } from '../emissions/report-pdf'
import { createRouter } from '../openapi'
import { type SiteConfig, siteConfig } from '../site-config'
import { contentDisposition } from './documents'
import { emissionsCsvRoute, emissionsPdfRoute, emissionsReportRoute } from './emissions-openapi'

interface EmissionsDeps {
  db: Kysely<Database>
  now: () => Date
  sessions: LiveSessions
  config?: SiteConfig
}

/** A file of the report: an attachment, never cached. */
function file(c: Context, body: string | Uint8Array, type: string, name: string) {
  c.header('Content-Type', type)
  c.header('Content-Disposition', contentDisposition(name))
  c.header('X-Content-Type-Options', 'nosniff')
  c.header('Cache-Control', 'private, no-store')
  return c.body(body as string | Uint8Array<ArrayBuffer>, 200)
}

export function emissionsRoutes(deps: EmissionsDeps) {
  const router = createRouter<SessionEnv>()
  const session = requireSession(deps.sessions, deps.now)
  router.use('/emissions', session)
  router.use('/emissions.csv', session)
  router.use('/emissions.pdf', session)
  const reportOf = (c: Context<SessionEnv>, period: EmissionsPeriod) =>
    companyEmissionsReport(deps.db, c.var.session.customerId, period, deps.now())
  return router
    .openapi(emissionsReportRoute, async (c) => c.json(await reportOf(c, c.req.valid('query')), 200))
    .openapi(emissionsCsvRoute, async (c) => {
      const report = await reportOf(c, c.req.valid('query'))
      const name = emissionsFileName(report.company.name, report.period, 'csv')
      return file(c, emissionsCsv(report), 'text/csv; charset=utf-8', name) as never
    })
    .openapi(emissionsPdfRoute, async (c) => {
      const report = await reportOf(c, c.req.valid('query'))
      const bytes = await renderEmissionsPdf(report, deps.config ?? siteConfig)
      c.header('Content-Length', String(bytes.byteLength))
      const name = emissionsFileName(report.company.name, report.period, 'pdf')
      return file(c, bytes, 'application/pdf', name) as never
    })
}
