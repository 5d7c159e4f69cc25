/**
 * The emissions report as the OpenAPI document describes it (docs/emissions.md "The report"): the customer's
 * company's bookings of a period of months, as JSON, CSV and PDF (emissions.ts serves them). Every company
 * role reads it (contract/team.ts).
 */
import { createRoute, z } from '@hono/zod-openapi'
import { emissionsReasons } from '../../contract/emissions'
import {
  EMISSIONS_REPORT_MAX_MONTHS,
  type EmissionsReport,
  emissionsPeriodSchema,
  emissionsReportMessages,
} from '../../contract/emissions-report'
import { modes } from '../../contract/pricing/types'
import {
  bearerSecurity,
  documents,
  errorResponse as error,
  errorResponses,
  json,
  unauthenticatedResponse as unauthenticated,
} from '../openapi'
import { EmissionFactorsSchema } from '../schemas'

const grams = (description: string) => z.int().openapi({ description: `${description}, whole grams CO2e` })
const month = (description: string) => z.string().openapi({ description, example: '2026-01' })
const day = (description: string) => z.string().openapi({ description, example: '2026-01-31' })

const sumFields = {
  bookings: z.int().openapi({ description: 'Bookings made in it (cancelled ones left out)' }),
  counted: z.int().openapi({ description: 'Of them, those with a figure' }),
  notCounted: z.int().openapi({ description: 'Of them, those without a figure (not in the sums)' }),
  wtwGrams: grams('Well-to-wheel, the exact sum of its bookings'),
  ttwGrams: grams('Tank-to-wheel, the exact sum of its bookings'),
}

const place = z.object({
  code: z.string().openapi({ example: 'SGSIN' }),
  name: z.string().openapi({ example: 'Singapore' }),
})

export const EmissionsReportSchema = documents<EmissionsReport>()(
  z
    .object({
      company: z.object({ id: z.int(), name: z.string() }),
      period: z.object({
        from: month('First month'),
        to: month('Last month'),
        firstDay: day('Its first day'),
        lastDay: day('Its last day'),
      }),
      asOf: day('The day the report was made (Singapore)'),
      totals: z.object(sumFields),
      byMode: z
        .array(z.object({ mode: z.enum(modes), ...sumFields }))
        .openapi({ description: 'FCL, LCL and AIR, each always there' }),
      byMonth: z
        .array(z.object({ month: month('The month'), ...sumFields }))
        .openapi({ description: 'Every month of the period, oldest first, zero when it had none' }),
      bookings: z
        .array(
          z.object({
            number: z.string().openapi({ example: 'ESB-2026000042' }),
            bookedOn: day("The booking's date (Singapore)"),
            mode: z.enum(modes),
            origin: place,
            destination: place,
            carrier: z.string(),
            figure: z
              .object({
                massKg: z.number().openapi({ description: 'The mass carried' }),
                massBasis: z.enum(['declared', 'default payload', 'gross weight']),
                distanceKm: z.int().openapi({ description: 'The legs’ distances summed' }),
                wtwGrams: grams('Well-to-wheel'),
                ttwGrams: grams('Tank-to-wheel'),
                factorsVersion: z.string(),
                factorsSource: z.string(),
                reason: z.enum(emissionsReasons),
                countedText: z.string().openapi({ example: 'when booked' }),
                countedAt: z.string().openapi({ description: 'When the figure in force was counted (ISO)' }),
              })
              .nullable()
              .openapi({ description: 'The figure in force; null: not counted' }),
          }),
        )
        .openapi({ description: "The period's bookings, oldest first" }),
      method: z
        .string()
        .openapi({ description: 'ISO 14083:2023 and GLEC Framework v3, WTW and TTW, in words' }),
      factors: z
        .array(EmissionFactorsSchema)
        .openapi({ description: 'Every factors version a figure used, each factor with its source' }),
      dataQuality: z.string().openapi({ description: 'Default factors, the lowest tier of ISO 14083' }),
    })
    .openapi('EmissionsReport', {
      description:
        "A company's emissions of a period's bookings: per booking, in total, by mode and by month",
    }),
)

const query = emissionsPeriodSchema
const badPeriod = {
  422: error(
    `A month that is not YYYY-MM (\`${emissionsReportMessages.monthFormat}\`), one missing, or a period that ends before it starts (\`${emissionsReportMessages.periodOrder}\`) or is longer than ${EMISSIONS_REPORT_MAX_MONTHS} months (\`${emissionsReportMessages.periodTooLong}\`)`,
  ),
}
const period = 'the bookings made from the first day of `from` to the last of `to` (Singapore dates)'
const responses = { ...unauthenticated, ...badPeriod, ...errorResponses.serverError }

export const emissionsReportRoute = createRoute({
  method: 'get',
  operationId: 'getEmissionsReport',
  path: '/emissions',
  tags: ['Bookings'],
  summary: `The company's emissions report (ISO 14083, GLEC v3): ${period}, per booking, in total, by mode and by month, with the method, factors and data quality`,
  security: bearerSecurity,
  request: { query },
  responses: { 200: { description: 'The report', ...json(EmissionsReportSchema) }, ...responses },
})

export const emissionsCsvRoute = createRoute({
  method: 'get',
  operationId: 'downloadEmissionsCsv',
  path: '/emissions.csv',
  tags: ['Bookings'],
  summary: `The company's emissions report as CSV: a header row, one row per booking of ${period}, then the totals by mode, by month and of the period`,
  security: bearerSecurity,
  request: { query },
  responses: {
    200: {
      description: "The CSV, with Content-Disposition: attachment; filename*=UTF-8''Emissions-….csv",
      content: { 'text/csv': { schema: z.string() } },
    },
    ...responses,
  },
})

export const emissionsPdfRoute = createRoute({
  method: 'get',
  operationId: 'downloadEmissionsPdf',
  path: '/emissions.pdf',
  tags: ['Bookings'],
  summary: "The company's emissions report as a PDF, with the method, every factor used and its source",
  security: bearerSecurity,
  request: { query },
  responses: {
    200: {
      description: "The PDF, with Content-Disposition: attachment; filename*=UTF-8''Emissions-….pdf",
      content: { 'application/pdf': { schema: z.string().openapi({ type: 'string', format: 'binary' }) } },
    },
    ...responses,
  },
})
