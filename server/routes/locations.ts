import { createRoute, z } from '@hono/zod-openapi'
import { singaporeDateOf } from '../../contract/dates'
import { modes } from '../../contract/pricing/types'
import type { PlacesResponse } from '../../contract/wire'
import type { LiveSessions } from '../auth/live-sessions'
import { requireSession } from '../auth/session'
import type { PlaceIndex } from '../locations/locations'
import {
  bearerSecurity,
  createRouter,
  documents,
  errorResponses,
  staffSecurity,
  unauthenticatedResponse,
} from '../openapi'
import type { RateSheets } from '../rates/rate-sheets'
import { PlaceSchema } from '../schemas'
import { requireStaff } from '../staff/gate'
import type { StaffSessions } from '../staff/sessions'

const PlacesQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .min(1, 'Type a code, port, airport, city or country.')
    .max(80, 'At most 80 characters.')
    .openapi({ description: 'Code, name, city or country (accents and case ignored)', example: 'nhava' }),
  mode: z.enum(modes).openapi({ description: 'FCL and LCL search ports, AIR airports' }),
})

const searchResponses = {
  200: {
    description:
      'At most 10 places, best match first: exact code, code prefix, name or city prefix, places with rates',
    content: {
      'application/json': {
        schema: documents<PlacesResponse>()(
          z
            .object({
              locations: z.array(
                PlaceSchema.extend({
                  instant: z.boolean().openapi({
                    description: 'A rate sheet of the mode searched serves the place today: instant quotes',
                  }),
                }),
              ),
            })
            .openapi('PlacesResponse'),
        ),
      },
    },
  },
  ...unauthenticatedResponse,
  ...errorResponses.validationError,
  ...errorResponses.serverError,
}

const searchRoute = createRoute({
  method: 'get',
  operationId: 'searchLocations',
  path: '/locations',
  tags: ['Quotes'],
  summary: 'Type-ahead for the quote form: ports (FCL, LCL) or airports (AIR) by code, name, city or country',
  security: bearerSecurity,
  request: { query: PlacesQuerySchema },
  responses: searchResponses,
})

const staffSearchRoute = createRoute({
  method: 'get',
  operationId: 'searchStaffLocations',
  path: '/staff/locations',
  tags: ['Staff'],
  summary: "The same type-ahead for the staff console (a milestone's place, a transshipment port)",
  security: staffSecurity,
  request: { query: PlacesQuerySchema },
  responses: searchResponses,
})

/** The places matching a search, each marked when a rate sheet of the mode serves it today. */
async function searchPlaces(
  places: PlaceIndex,
  rateSheets: Pick<RateSheets, 'ends'>,
  now: () => Date,
  { q, mode }: z.infer<typeof PlacesQuerySchema>,
): Promise<PlacesResponse> {
  const [found, served] = await Promise.all([
    places.search({ query: q, kind: mode === 'AIR' ? 'airport' : 'port' }),
    rateSheets.ends(mode, singaporeDateOf(now())),
  ])
  return { locations: found.map((place) => ({ ...place, instant: served.has(place.code) })) }
}

export function locationRoutes(
  sessions: LiveSessions,
  now: () => Date,
  places: PlaceIndex,
  rateSheets: Pick<RateSheets, 'ends'>,
) {
  const router = createRouter()
  router.use(searchRoute.path, requireSession(sessions, now))
  return router.openapi(searchRoute, async (c) =>
    c.json(await searchPlaces(places, rateSheets, now, c.req.valid('query')), 200),
  )
}

/** The type-ahead for every signed-in staff member. */
export function staffLocationRoutes(
  staffSessions: StaffSessions,
  now: () => Date,
  places: PlaceIndex,
  rateSheets: Pick<RateSheets, 'ends'>,
) {
  const router = createRouter()
  router.use(staffSearchRoute.path, requireStaff(staffSessions, now))
  return router.openapi(staffSearchRoute, async (c) =>
    c.json(await searchPlaces(places, rateSheets, now, c.req.valid('query')), 200),
  )
}
