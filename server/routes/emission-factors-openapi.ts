/**
 * The emission factors table's operations as the OpenAPI document describes them (emission-factors.ts serves
 * them; docs/emissions.md, "Updating the factors"): the versions with the one in force, a new version's dry run
 * and its apply, for the Pricing role.
 */
import { createRoute, z } from '@hono/zod-openapi'
import {
  type EmissionFactorsHistory,
  emissionFactorMessages,
  emissionFactorsInputSchema,
  type FactorsDryRun,
  referenceShipmentIds,
} from '../../contract/emission-factors'
import { emissionFactorKeys } from '../../contract/emissions'
import {
  documents,
  errorResponse as error,
  errorResponses,
  json,
  jsonBody,
  staffSecurity,
  unauthenticatedResponse as unauthenticated,
} from '../openapi'
import { EmissionFactorsSchema } from '../schemas'

const FactorSchema = EmissionFactorsSchema.shape.factors.shape['sea-container']

const VersionSchema = z
  .object({
    table: EmissionFactorsSchema,
    note: z.string().nullable(),
    appliedAt: z
      .string()
      .nullable()
      .openapi({ format: 'date-time', description: 'When it was applied; null for the built-in defaults' }),
    appliedBy: z
      .object({ id: z.int(), name: z.string(), email: z.string() })
      .nullable()
      .openapi({ description: 'Who applied it; null for the built-in defaults (or a person since removed)' }),
    builtIn: z.boolean().openapi({ description: 'The defaults of contract/emissions.ts, never applied' }),
  })
  .openapi('EmissionFactorsVersion')

const HistorySchema = documents<EmissionFactorsHistory>()(
  z
    .object({
      inForce: VersionSchema,
      versions: z
        .array(VersionSchema)
        .openapi({ description: 'Newest first: the one in force first, the built-in defaults last' }),
    })
    .openapi('EmissionFactorsHistory'),
)

const percent = z.number().nullable().openapi({ description: 'To one decimal: 10 is +10.0 %' })
const grams = z.object({ wtwGrams: z.int(), ttwGrams: z.int() })

const DryRunSchema = documents<FactorsDryRun>()(
  z
    .object({
      current: z.object({ version: z.string(), source: z.string() }),
      proposed: EmissionFactorsSchema,
      note: z.string().nullable(),
      factors: z.array(
        z.object({
          key: z.enum(emissionFactorKeys),
          before: FactorSchema,
          after: FactorSchema,
          wtwChangePercent: percent,
          ttwChangePercent: percent,
          changed: z.boolean(),
        }),
      ),
      references: z
        .array(
          z.object({
            id: z.enum(referenceShipmentIds),
            shipment: z.string().openapi({ example: "FCL, one 40' container (20,000 kg default payload)" }),
            carriage: z.string(),
            factor: z.enum(emissionFactorKeys),
            before: grams,
            after: grams,
            wtwChangePercent: percent,
          }),
        )
        .openapi({
          description:
            'Each reference shipment (FCL one 40’ container and one 40’ reefer, LCL 2 cbm / 500 kg, Singapore to Rotterdam by sea; air 100 kg to Frankfurt and to Jakarta; a zone B door pickup) counted with both tables, grams CO2e',
        }),
      changed: z.int().openapi({ description: 'How many factors change' }),
    })
    .openapi('EmissionFactorsDryRun'),
)

const taken = {
  409: error(
    `The version’s name is used already, by a version applied or the built-in one (any case): \`${emissionFactorMessages.versionTaken}\`, also under \`errors.version\``,
  ),
}
const body = jsonBody(emissionFactorsInputSchema)
const semantics =
  'A version names each factor’s well-to-wheel and tank-to-wheel intensity (g CO2e per tonne-km, more than 0, at most 5,000, one decimal at most, TTW no more than WTW); each factor’s name and source are kept from the table in force unless given. Applying it puts it in force for quotes and bookings counted from then on; a figure already counted keeps the factors it was counted with.'

export const getRoute = createRoute({
  method: 'get',
  operationId: 'getEmissionFactors',
  path: '/staff/emission-factors',
  tags: ['Pricing'],
  summary: 'The emission factors in force and every version applied, newest first, with who applied it',
  security: staffSecurity,
  responses: {
    200: { description: 'The versions', ...json(HistorySchema) },
    ...unauthenticated,
    ...errorResponses.serverError,
  },
})

export const dryRunRoute = createRoute({
  method: 'post',
  operationId: 'dryRunEmissionFactors',
  path: '/staff/emission-factors/dry-run',
  tags: ['Pricing'],
  summary: 'What a new version of the emission factors would change, writing nothing',
  description: semantics,
  security: staffSecurity,
  request: body,
  responses: {
    200: {
      description:
        'Each factor before and after with the change in percent, and each reference shipment’s figure before and after. Nothing is written.',
      ...json(DryRunSchema),
    },
    ...taken,
    ...unauthenticated,
    ...errorResponses.validationError,
  },
})

export const applyRoute = createRoute({
  method: 'post',
  operationId: 'applyEmissionFactors',
  path: '/staff/emission-factors/apply',
  tags: ['Pricing'],
  summary: 'Put a new version of the emission factors in force, with its audit row',
  description: `${semantics} The row and its audit row (\`emission_factors.applied\`) are written in one transaction.`,
  security: staffSecurity,
  request: body,
  responses: {
    200: { description: 'Applied: the versions, the new one in force', ...json(HistorySchema) },
    ...taken,
    ...unauthenticated,
    ...errorResponses.validationError,
  },
})
