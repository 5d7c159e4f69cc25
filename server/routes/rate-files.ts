/**
 * The pricing desk's API (issue 23; docs/pricing.md, "The pricing desk"): the rate sheets listed, and a rate
 * file's dry run and apply, for the Pricing role in the console and for integrations with a `rates:write` key
 * (and `npm run rates`), all through server/rates/rate-files.ts.
 */
import { createRoute, z } from '@hono/zod-openapi'
import type { Context, MiddlewareHandler } from 'hono'
import type { Kysely } from 'kysely'
import { modes } from '../../contract/pricing/types'
import {
  RATE_FILE_MAX_BYTES,
  type RateFileApplied,
  type RateFileRefusal,
  type RateFileReport,
  type RateSheetPage,
  rateFileMessages,
  rateFileSchema,
  rateSheetQuerySchema,
  refusedRowText,
} from '../../contract/rate-files'
import { type AuditContext, staffAudit } from '../audit/audit'
import type { Database } from '../db/schema'
import type { KeyEnv } from '../keys/require-key'
import { keyAudit } from '../keys/require-key'
import {
  createRouter,
  documents,
  errorResponse as error,
  errorResponses,
  json,
  jsonBody,
  limitJsonBody,
  opsKeySecurity,
  staffSecurity,
  unauthenticatedResponse as unauthenticated,
} from '../openapi'
import { exportRates } from '../rates/import'
import { applyRateFile, dryRunRateFile } from '../rates/rate-files'
import { listRateSheets } from '../rates/rate-sheet-list'
import { requireStaff, type StaffEnv } from '../staff/gate'
import type { StaffSessions } from '../staff/sessions'

export interface RateFileDeps {
  db: Kysely<Database>
  now: () => Date
  staffSessions: StaffSessions
  /** The X-API-Key check of the /ops routes (server/keys/require-key.ts): a key with `rates:write`. */
  requireKey: (operationId: 'opsDryRunRateFile' | 'opsApplyRateFile' | 'exportRateFile') => MiddlewareHandler
  clientIp: (c: Context) => string
}

/** The JSON body may be a little larger than the file it carries (escaped quotes and line ends). */
const MAX_BODY = RATE_FILE_MAX_BYTES + 1024 * 1024

const keyRefusals = {
  401: error('No key, or one unknown or revoked: `A valid X-API-Key is required.`'),
  403: error('A named key without the `rates:write` scope: `This key lacks the rates:write scope.`'),
}
const tooLarge = { 413: error(`The body is larger than ${MAX_BODY / 1024 / 1024} MB: \`Payload Too Large\``) }

const laneFields = {
  mode: z.enum(modes),
  origin: z.string(),
  destination: z.string(),
  carrier: z.string(),
  service: z.string(),
  validFrom: z.string().openapi({ format: 'date' }),
  validTo: z.string().openapi({ format: 'date' }),
}
const ReferenceSchema = z
  .object({
    label: z.string().openapi({ example: '1 × 40GP' }),
    totalUsd: z.int().openapi({ description: 'USD cents' }),
  })
  .nullable()
  .openapi('ReferencePrice', {
    description:
      'The sheet priced for its mode’s reference shipment (FCL one 40’ container, LCL 2 cbm / 500 kg, AIR 100 kg chargeable) as instant quotes price, in USD cents; null when the sheet cannot price it',
  })

const RateSheetPageSchema = documents<RateSheetPage>()(
  z
    .object({
      sheets: z.array(
        z.object({
          id: z.int(),
          ...laneFields,
          currency: z.string(),
          transitDays: z.int(),
          charges: z.int(),
          status: z.enum(['current', 'upcoming', 'expired']),
          reference: ReferenceSchema,
          laneExpiring: z.boolean().openapi({ description: 'Every sheet of its lane ends within 7 days' }),
        }),
      ),
      total: z.int(),
      page: z.int(),
      pageSize: z.int(),
      today: z.string().openapi({ format: 'date', description: 'The Singapore date validity is judged on' }),
    })
    .openapi('RateSheetPage'),
)

const RefusedRowSchema = z.object({
  row: z.int().openapi({ description: 'The line of the file, the header being line 1' }),
  reason: z.string(),
})

const RateFileReportSchema = documents<RateFileReport>()(
  z
    .object({
      file: z.object({
        name: z.string(),
        bytes: z.int(),
        sha256: z
          .string()
          .openapi({ example: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855' }),
      }),
      today: z.string().openapi({ format: 'date' }),
      tariffs: z.array(z.object({ mode: z.enum(modes), carrier: z.string() })),
      refused: z.array(RefusedRowSchema),
      added: z.array(z.object({ ...laneFields, reference: ReferenceSchema })),
      changed: z.array(
        z.object({
          ...laneFields,
          previousValidTo: z.string().openapi({ format: 'date' }),
          referenceLabel: z.string(),
          beforeUsd: z.int().nullable(),
          afterUsd: z.int().nullable(),
          changePercent: z.number().nullable().openapi({ description: 'To one decimal: 10 is +10.0 %' }),
        }),
      ),
      removed: z.array(
        z.object({
          ...laneFields,
          outcome: z.enum(['ended', 'deleted']),
          endsOn: z.string().nullable().openapi({ format: 'date' }),
          reference: ReferenceSchema,
        }),
      ),
      unchanged: z.int(),
      sheets: z.int(),
      charges: z.int(),
    })
    .openapi('RateFileReport'),
)

const AppliedSchema = documents<RateFileApplied>()(
  z.object({ report: RateFileReportSchema, applied: z.literal(true) }).openapi('RateFileApplied'),
)

const RefusalSchema = documents<RateFileRefusal>()(
  z
    .object({
      message: z.string(),
      errors: z.record(z.string(), z.array(z.string())).optional(),
      refused: z.array(RefusedRowSchema).optional(),
    })
    .openapi('RateFileRefusal'),
)

const fileBody = jsonBody(rateFileSchema)
const semantics =
  'For each (mode, carrier) the file names: the sheets it lists are added, or replace the sheet of the same lane and valid-from; the sheets in force or upcoming it does not list are removed (one in force since before today ends yesterday, Singapore date; one not begun, or begun today, is deleted). Other carriers’ and modes’ sheets are untouched; quotes keep their prices.'

const dryRunAnswer = {
  200: {
    description:
      'What the file would change: refused rows (line and reason), sheets added, changed (with the reference shipment’s old and new totals and the change in percent), removed, and how many are unchanged. Nothing is written.',
    ...json(RateFileReportSchema),
  },
}
const applyAnswers = {
  200: {
    description: 'Applied, all in one transaction, with one audit row (`rates.applied`)',
    ...json(AppliedSchema),
  },
  422: {
    description:
      'A row is refused (`Nothing applied: N rows refused.`, each as `Row 7: …` under `errors.csv` and in `refused`): nothing is applied',
    ...json(RefusalSchema),
  },
}

const listRoute = createRoute({
  method: 'get',
  operationId: 'listRateSheets',
  path: '/staff/rate-sheets',
  tags: ['Pricing'],
  summary:
    'The rate sheets in force or upcoming, filtered, 50 a page, each priced for its mode’s reference shipment',
  security: staffSecurity,
  request: { query: rateSheetQuerySchema },
  responses: {
    200: { description: 'A page of sheets', ...json(RateSheetPageSchema) },
    ...unauthenticated,
    ...errorResponses.validationError,
    ...errorResponses.serverError,
  },
})

const staffDryRunRoute = createRoute({
  method: 'post',
  operationId: 'dryRunRateFile',
  path: '/staff/rate-files/dry-run',
  tags: ['Pricing'],
  summary: 'Compare a rate file with the sheets stored, writing nothing',
  description: semantics,
  security: staffSecurity,
  request: fileBody,
  responses: {
    ...dryRunAnswer,
    ...unauthenticated,
    ...tooLarge,
    ...errorResponses.validationError,
  },
})

const staffApplyRoute = createRoute({
  method: 'post',
  operationId: 'applyRateFile',
  path: '/staff/rate-files/apply',
  tags: ['Pricing'],
  summary: 'Apply a rate file: all of it in one transaction, or nothing when a row is refused',
  description: `${semantics} Every server process takes the new sheets when it commits.`,
  security: staffSecurity,
  request: fileBody,
  responses: { ...applyAnswers, ...unauthenticated, ...tooLarge },
})

const opsDryRunRoute = createRoute({
  method: 'post',
  operationId: 'opsDryRunRateFile',
  path: '/ops/rate-files/dry-run',
  tags: ['Pricing'],
  summary: 'Compare a rate file with the sheets stored, writing nothing (a key with rates:write)',
  description: semantics,
  security: opsKeySecurity,
  request: fileBody,
  responses: { ...dryRunAnswer, ...keyRefusals, ...tooLarge, ...errorResponses.validationError },
})

const opsApplyRoute = createRoute({
  method: 'post',
  operationId: 'opsApplyRateFile',
  path: '/ops/rate-files/apply',
  tags: ['Pricing'],
  summary: 'Apply a rate file, all or nothing (a key with rates:write)',
  description: `${semantics} Every server process takes the new sheets when it commits.`,
  security: opsKeySecurity,
  request: fileBody,
  responses: { ...applyAnswers, ...keyRefusals, ...tooLarge },
})

const exportRoute = createRoute({
  method: 'get',
  operationId: 'exportRateFile',
  path: '/ops/rate-files/export',
  tags: ['Pricing'],
  summary:
    'Every rate sheet stored, in the rate file format: applying it changes nothing (a key with rates:write)',
  security: opsKeySecurity,
  responses: {
    200: {
      description: 'The CSV, with Content-Disposition: attachment; filename="rates-YYYY-MM-DD.csv"',
      content: { 'text/csv': { schema: z.string() } },
    },
    ...keyRefusals,
    ...errorResponses.serverError,
  },
})

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
