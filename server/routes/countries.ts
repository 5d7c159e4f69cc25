import { createRoute, z } from '@hono/zod-openapi'
import { etag } from 'hono/etag'
import type { Kysely } from 'kysely'
import type { CountriesResponse, Country } from '../../contract/wire'
import { listCountries } from '../db/countries'
import type { Database } from '../db/schema'
import { createRouter, errorResponses } from '../openapi'

export const CountrySchema = z
  .object({
    mcou_rid: z.int().openapi({ description: 'Country id', example: 200 }),
    mcou_name: z.string().openapi({ example: 'Singapore' }),
    mcou_code: z.string().length(2).openapi({ description: 'ISO 3166-1 alpha-2 code', example: 'SG' }),
    mcou_country_dialing_code: z
      .string()
      .openapi({ description: 'Dialling code with its plus sign', example: '+65' }),
    eshp_mcpy: z.int().openapi({ description: 'Id of the company (branch) serving the country', example: 1 }),
  })
  .openapi('Country') satisfies z.ZodType<Country>

export const CountriesResponseSchema = z
  .object({ countries: z.array(CountrySchema) })
  .openapi('CountriesResponse') satisfies z.ZodType<CountriesResponse>

const listCountriesRoute = createRoute({
  method: 'get',
  operationId: 'listCountries',
  path: '/countries',
  tags: ['Reference data'],
  summary: 'List every country with its dialling code and serving branch, ordered by name',
  middleware: [etag()] as const,
  responses: {
    200: {
      description: 'The countries; cacheable for an hour and revalidated with ETag',
      headers: z.object({
        'Cache-Control': z.string().openapi({ example: 'public, max-age=3600' }),
        ETag: z.string(),
      }),
      content: { 'application/json': { schema: CountriesResponseSchema } },
    },
    304: { description: 'Not modified: the If-None-Match ETag is still current' },
    ...errorResponses.serverError,
  },
})

/** Reference data changes only with a migration; a short cache keeps the database off the hot path. */
const CACHE_MS = 5 * 60 * 1000

export function countriesRoutes(db: Kysely<Database>) {
  let cached: { at: number; list: Promise<Country[]> } | undefined
  const countriesNow = () => {
    if (!cached || Date.now() - cached.at > CACHE_MS) {
      const list = listCountries(db)
      cached = { at: Date.now(), list }
      list.catch(() => {
        if (cached?.list === list) cached = undefined
      })
    }
    return cached.list
  }
  return createRouter().openapi(listCountriesRoute, async (c) => {
    const countries = await countriesNow()
    c.header('Cache-Control', 'public, max-age=3600')
    return c.json({ countries }, 200)
  })
}
