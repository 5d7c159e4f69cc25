/**
 * The pricing desk's operations as the OpenAPI document describes them (rate-files.ts serves them): the rate
 * sheets listed and one opened with its lines, a rate file's dry run and apply (staff and X-API-Key), the export.
 */
import { createRoute, z } from '@hono/zod-openapi'
import {
  type ChargeLine,
  chargeBases,
  chargeSides,
  containerTypes,
  modes,
  packingGroups,
} from '../../contract/pricing/types'
import {
  RATE_FILE_MAX_BYTES,
  RATE_SHEET_ID,
  type RateFileApplied,
  type RateFileRefusal,
  type RateFileReport,
  type RateSheetDetail,
  type RateSheetPage,
  rateFileMessages,
  rateFileSchema,
  rateSheetQuerySchema,
} from '../../contract/rate-files'
import {
  documents,
  errorResponse as error,
  errorResponses,
  json,
  jsonBody,
  opsKeySecurity,
  staffSecurity,
  unauthenticatedResponse as unauthenticated,
} from '../openapi'

/** The JSON body may be a little larger than the file it carries (escaped quotes and line ends). */
export const MAX_BODY = RATE_FILE_MAX_BYTES + 1024 * 1024

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

const SheetSummarySchema = z.object({
  id: z.int(),
  ...laneFields,
  currency: z.string(),
  transitDays: z.int(),
  charges: z.int(),
  status: z.enum(['current', 'upcoming', 'expired']),
  reference: ReferenceSchema,
  laneExpiring: z.boolean().openapi({ description: 'Every sheet of its lane ends within 7 days' }),
})

const RateSheetPageSchema = documents<RateSheetPage>()(
  z
    .object({
      sheets: z.array(SheetSummarySchema),
      total: z.int(),
      page: z.int(),
      pageSize: z.int(),
      today: z.string().openapi({ format: 'date', description: 'The Singapore date validity is judged on' }),
    })
    .openapi('RateSheetPage'),
)

const ChargeLineSchema = documents<ChargeLine>()(
  z
    .object({
      code: z.string().openapi({ example: 'BAS' }),
      name: z.string(),
      side: z.enum(chargeSides),
      basis: z.enum(chargeBases),
      currency: z.string().openapi({ example: 'USD' }),
      amount: z
        .int()
        .openapi({ description: 'Minor units per unit of the basis (basis points for percent)' }),
      containerType: z.enum(containerTypes).optional(),
      breaks: z
        .object({
          '-45': z.int(),
          '+45': z.int().optional(),
          '+100': z.int().optional(),
          '+300': z.int().optional(),
          '+500': z.int().optional(),
          '+1000': z.int().optional(),
        })
        .optional()
        .openapi({ description: 'Minor units per chargeable kg, by IATA weight break' }),
      minimum: z.int(),
      hazardousOnly: z.boolean().optional(),
      packingGroups: z.array(z.enum(packingGroups)).optional(),
    })
    .openapi('RateChargeLine'),
)

const RateSheetDetailSchema = documents<RateSheetDetail>()(
  z
    .object({
      sheet: SheetSummarySchema,
      schedule: z.object({
        departureDays: z.array(z.int()).openapi({ description: 'ISO weekdays, 1 Monday … 7 Sunday' }),
        cargoCutoffDays: z.int(),
        docCutoffDays: z.int(),
        freeDays: z.int().nullable(),
      }),
      refusedDgClasses: z.array(z.string()),
      charges: z.array(ChargeLineSchema).openapi({ description: 'Every charge line, in the file’s order' }),
      laneSheets: z
        .array(
          z.object({
            id: z.int(),
            validFrom: z.string().openapi({ format: 'date' }),
            validTo: z.string().openapi({ format: 'date' }),
            status: z.enum(['current', 'upcoming']),
          }),
        )
        .openapi({ description: 'The lane’s other sheets ending today or later' }),
      today: z.string().openapi({ format: 'date', description: 'The Singapore date validity is judged on' }),
    })
    .openapi('RateSheetDetail'),
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

export const listRoute = createRoute({
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

export const sheetRoute = createRoute({
  method: 'get',
  operationId: 'getRateSheet',
  path: '/staff/rate-sheets/{id}',
  tags: ['Pricing'],
  summary:
    'One rate sheet with its lines, read-only: its schedule, refused dangerous goods classes, every charge line and its lane’s other sheets',
  security: staffSecurity,
  request: {
    params: z.object({
      id: z
        .string()
        .regex(RATE_SHEET_ID, rateFileMessages.badSheetId)
        .openapi({ param: { name: 'id', in: 'path' }, example: '12' }),
    }),
  },
  responses: {
    200: { description: 'The sheet and its lines', ...json(RateSheetDetailSchema) },
    ...unauthenticated,
    404: error(`No sheet with this id: \`${rateFileMessages.sheetNotFound}\``),
    ...errorResponses.validationError,
    ...errorResponses.serverError,
  },
})

export const staffDryRunRoute = createRoute({
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

export const staffApplyRoute = createRoute({
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

export const opsDryRunRoute = createRoute({
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

export const opsApplyRoute = createRoute({
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

export const exportRoute = createRoute({
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
