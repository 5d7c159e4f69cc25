/**
 * The pricing desk's API (issue 23; docs/pricing.md, "The pricing desk"): the rate sheets listed, one opened
 * with its lines (issue 34), and a rate file's dry run and apply, for the Pricing role in the console and for
 * integrations with a `rates:write` key (and `npm run rates`), all through server/rates/. The OpenAPI shapes
 * and routes are rate-files-openapi.ts.
 */
import type { Context, MiddlewareHandler } from 'hono'
import type { Kysely } from 'kysely'
import {
  type RateFileApplied,
  type RateFileRefusal,
  rateFileMessages,
  refusedRowText,
} from '../../contract/rate-files'
import { type AuditContext, staffAudit } from '../audit/audit'
import type { Database } from '../db/schema'
import type { KeyEnv } from '../keys/require-key'
import { keyAudit } from '../keys/require-key'
import { createRouter, limitJsonBody } from '../openapi'
import { exportRates } from '../rates/import'
import { applyRateFile, dryRunRateFile } from '../rates/rate-files'
import { listRateSheets, rateSheetDetail } from '../rates/rate-sheet-list'
import { requireStaff, type StaffEnv } from '../staff/gate'
import type { StaffSessions } from '../staff/sessions'
import {
  exportRoute,
  listRoute,
  MAX_BODY,
  opsApplyRoute,
  opsDryRunRoute,
  sheetRoute,
  staffApplyRoute,
  staffDryRunRoute,
} from './rate-files-openapi'

export interface RateFileDeps {
  db: Kysely<Database>
  now: () => Date
  staffSessions: StaffSessions
  /** The X-API-Key check of the /ops routes (server/keys/require-key.ts): a key with `rates:write`. */
  requireKey: (operationId: 'opsDryRunRateFile' | 'opsApplyRateFile' | 'exportRateFile') => MiddlewareHandler
  clientIp: (c: Context) => string
}

export function rateFileRoutes({ db, now, staffSessions, requireKey, clientIp }: RateFileDeps) {
  const router = createRouter<StaffEnv & KeyEnv>()
  const bodyLimit = limitJsonBody(MAX_BODY)
  const staff = requireStaff(staffSessions, now)

  const apply = async (c: Context, audit: AuditContext) => {
    const file = (c.req as unknown as { valid(target: 'json'): { name: string; csv: string } }).valid('json')
    const outcome = await applyRateFile(db, file, audit, now())
    if (!outcome.ok) {
      const { refused } = outcome.report
      return c.json(
        {
          message: rateFileMessages.refused(refused.length),
          errors: { csv: refused.map(refusedRowText) },
          refused,
        } satisfies RateFileRefusal,
        422,
      )
    }
    return c.json({ report: outcome.report, applied: true } satisfies RateFileApplied, 200)
  }

  return router
    .openapi({ ...listRoute, middleware: [staff] as const }, async (c) => {
      return c.json(await listRateSheets(db, c.req.valid('query'), now()), 200)
    })
    .openapi({ ...sheetRoute, middleware: [staff] as const }, async (c) => {
      const detail = await rateSheetDetail(db, Number(c.req.valid('param').id), now())
      if (!detail) return c.json({ message: rateFileMessages.sheetNotFound }, 404)
      return c.json(detail, 200)
    })
    .openapi(
      {
        ...staffDryRunRoute,
        middleware: [staff, bodyLimit] as const,
      },
      async (c) => c.json(await dryRunRateFile(db, c.req.valid('json'), now()), 200),
    )
    .openapi(
      {
        ...staffApplyRoute,
        middleware: [staff, bodyLimit] as const,
      },
      async (c) => apply(c, staffAudit(c.var.staff, c.var.role, clientIp(c))) as never,
    )
    .openapi(
      { ...opsDryRunRoute, middleware: [requireKey('opsDryRunRateFile'), bodyLimit] as const },
      async (c) => c.json(await dryRunRateFile(db, c.req.valid('json'), now()), 200),
    )
    .openapi(
      { ...opsApplyRoute, middleware: [requireKey('opsApplyRateFile'), bodyLimit] as const },
      async (c) => apply(c, keyAudit(c)) as never,
    )
    .openapi({ ...exportRoute, middleware: [requireKey('exportRateFile')] as const }, async (c) => {
      const csv = await exportRates(db)
      const day = now().toISOString().slice(0, 10)
      c.header('Content-Type', 'text/csv; charset=utf-8')
      c.header('Content-Disposition', `attachment; filename="rates-${day}.csv"`)
      c.header('Cache-Control', 'no-store')
      return c.body(csv, 200) as never
    })
}
