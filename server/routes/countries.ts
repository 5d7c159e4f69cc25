import { createRoute, z } from '@hono/zod-openapi'
import type { Kysely } from 'kysely'
import type { CountriesResponse, Country } from '../../contract/wire'
import type { Database } from '../db/schema'
import { listCountries } from '../locations/countries'
import { createRouter, documents, errorResponses } from '../openapi'
import { type PrecompressedBody, precompress, sendPrecompressed } from '../precompressed'

export const CountrySchema = documents<Country>()(
  z
    .object({
      mcou_rid: z.int().openapi({ description: 'Country id', example: 200 }),
      mcou_name: z.string().openapi({ example: 'Singapore' }),
      mcou_code: z.string().length(2).openapi({ description: 'ISO 3166-1 alpha-2 code', example: 'SG' }),
      mcou_country_dialing_code: z
        .string()
        .openapi({ description: 'Dialling code with its plus sign', example: '+65' }),
      eshp_mcpy: z
        .int()
        .openapi({ description: 'Id of the company (branch) serving the country', example: 1 }),
    })
    .openapi('Country'),
)

export const CountriesResponseSchema = documents<CountriesResponse>()(
  z.object({ countries: z.array(CountrySchema) }).openapi('CountriesResponse'),
)

const listCountriesRoute = createRoute({
  method: 'get',
  operationId: 'listCountries',
  path: '/countries',
  tags: ['Reference data'],
  summary: 'List every country with its dialling code and serving branch, ordered by name',
  responses: {
    200: {
      description:
        'The countries; cacheable for an hour and revalidated with ETag. Sent gzip or brotli encoded when accepted.',
      headers: z.object({
        'Cache-Control': z.string().openapi({ example: 'public, max-age=3600' }),
        ETag: z.string(),
        Vary: z.string().openapi({ example: 'Accept-Encoding' }),
      }),
      content: { 'application/json': { schema: CountriesResponseSchema } },
    },
    304: { description: 'Not modified: the If-None-Match ETag is still current' },
    ...errorResponses.serverError,
  },
})

/**
 * Countries change only with a migration, never while the server runs: the body is built once, on the first
 * request, and kept in every encoding with its ETags, so a request costs neither the database, nor JSON, nor
 * compression. A failed first read is not kept.
 */
export function countriesRoutes(db: Kysely<Database>) {
  let body: Promise<PrecompressedBody> | undefined
  const bodyNow = () => {
    if (!body) {
      const building = listCountries(db).then((countries) =>
        precompress(JSON.stringify({ countries } satisfies CountriesResponse), 'application/json'),
      )
      body = building
      building.catch(() => {
        if (body === building) body = undefined
      })
    }
    return body
  }
  return createRouter().openapi(listCountriesRoute, async (c) =>
    sendPrecompressed(c, await bodyNow(), 'public, max-age=3600'),
  )
}
